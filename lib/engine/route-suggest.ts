// The router inside the engine: a prompt → which of the session's own agents, skills and commands to suggest
// (lib/analyzers/routing does the scoring). The
// catalogue's index, the lexicon and the session's MCP servers come in through deps.routing (lib/hook/router-io.ts);
// without them (other bundles, what-if tools without a project) nothing is suggested. The re-route after a failed
// subagent is lib/engine/reroute.ts: it needs the stored ranking only, not the router.

import { routePrompt } from '../analyzers/routing/decide.js';
import { wordsByStem } from '../analyzers/routing/tokens.js';
import type { CandidateScore, RouteContext, RoutingTrace } from '../analyzers/routing/types.js';
import { routerSettings } from '../config/router-settings.js';
import { capabilityOf, UNKNOWN_TOOL_ID } from '../analyzers/session/capability.js';
import { viewOf } from '../registry/select.js';
import { routeCandidate, type CompiledRegistry } from '../registry/types.js';
import { RANKED_KEPT } from '../session/routing-state.js';
import type { SessionEffect } from '../session/state.js';
import type { EngineDeps } from './deps.js';
import type { Match, Suggestion } from '../vocab/match.js';

/** Declared tools judged as read-only sessions judge them: by the registry's capability patterns (memoised). */
export function toolAccessFor(registry: CompiledRegistry): NonNullable<RouteContext['toolAccess']> {
  const caps = viewOf(registry).capabilities;
  const seen = new Map<string, { known: boolean; writes: boolean }>();
  return (tool) => {
    let a = seen.get(tool);
    if (!a) {
      const c = capabilityOf(tool, caps);
      seen.set(tool, (a = { known: c.id !== UNKNOWN_TOOL_ID, writes: c.access !== 'read' }));
    }
    return a;
  };
}

/** "slow", "query" — the prompt's own words behind the best-matching stems, for the model and the user. */
function because(s: CandidateScore, prompt: string): string {
  if (s.intents.length) return `hint "${s.intents[0]}"`;
  if (s.overrides.length) return `intent ${s.overrides[0]}`;
  const byStem = wordsByStem(prompt);
  const shown = s.terms.map((t) => byStem.get(t.stem)).filter((w): w is string => !!w).slice(0, 3);
  return `score ${s.score}${shown.length ? `: ${shown.map((w) => `"${w}"`).join(', ')}` : ''}`;
}

export interface PromptRouting {
  trace?: RoutingTrace;
  suggestions: Suggestion[];
}

/** The router's answer for a prompt. `readOnly`: the turn (after this prompt's own cue) is read-only. */
export function suggestForPrompt(prompt: string, intents: readonly Match[], readOnly: boolean, deps: EngineDeps): PromptRouting {
  const r = deps.routing;
  if (!r) return { suggestions: [] };
  const known = new Set(r.index.candidates.map((c) => c.id));
  // Intent overrides count only for candidates that exist: a route naming a missing one is never injected.
  const overrides = intents.flatMap((m) =>
    deps.registry.routes.filter((x) => x.intent === m.id).map((x) => ({ id: routeCandidate(x) ?? '', intent: m.id })).filter((o) => known.has(o.id)),
  );
  const trace = routePrompt(prompt, r.index, r.lexicon, routerSettings(deps.config), {
    readOnly,
    excluded: deps.session?.routing?.failed ?? [],
    overrides,
    ...(r.mcpServers ? { mcpServers: r.mcpServers } : {}),
    toolAccess: toolAccessFor(deps.registry),
    // What-if runs (explain, eval, replay) describe every candidate; a hook call only the best few.
    ...(deps.session ? {} : { detail: Number.POSITIVE_INFINITY }),
  });
  const byId = new Map(trace.ranked.map((s) => [s.id, s]));
  const suggestions = trace.selected.map((id): Suggestion => {
    const s = byId.get(id);
    const c = r.index.candidates.find((x) => x.id === id)!;
    return { id, kind: c.kind, name: c.name, score: s?.score ?? 0, why: s ? because(s, prompt) : 'the configured fallback' };
  });
  return { trace, suggestions };
}

/** The session effect that remembers a prompt's routing (for a later re-route). */
export function routedEffect(trace: RoutingTrace, decisionId: string): SessionEffect {
  return {
    type: 'routed',
    decisionId,
    selected: trace.selected,
    ranked: trace.ranked.slice(0, RANKED_KEPT).map((s) => ({ id: s.id, score: s.score })),
    tau: trace.tau,
    margin: trace.margin,
  };
}
