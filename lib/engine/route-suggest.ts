// The router inside the engine: a prompt → which of the session's own agents, skills and commands to suggest
// (lib/analyzers/routing does the scoring), and after a suggested subagent failed, the next one (re-route). The
// catalogue's index, the lexicon and the session's MCP servers come in through deps.routing (lib/hook/router-io.ts);
// without them (other bundles, what-if tools without a project) nothing is suggested.

import { routePrompt } from '../analyzers/routing/decide.js';
import { stem, words } from '../analyzers/routing/tokens.js';
import type { CandidateScore, RouterSettings, RoutingTrace } from '../analyzers/routing/types.js';
import type { HookwardenConfig } from '../config/types.js';
import { routeCandidate } from '../registry/types.js';
import { RANKED_KEPT, rerouteFrom } from '../session/routing-state.js';
import type { SessionEffect, SessionState } from '../session/state.js';
import type { EngineDeps } from './deps.js';
import type { Match, RoutingRecord, Suggestion } from './types.js';

export function routerSettings(config: Pick<HookwardenConfig, 'router' | 'suggestAgents' | 'maxSuggestions'>): RouterSettings {
  return { ...config.router, enabled: config.suggestAgents && config.router.enabled && config.maxSuggestions > 0, maxSuggestions: config.maxSuggestions };
}

/** "slow", "query" — the prompt's own words behind the best-matching stems, for the model and the user. */
function because(s: CandidateScore, prompt: string): string {
  if (s.intents.length) return `hint "${s.intents[0]}"`;
  if (s.overrides.length) return `intent ${s.overrides[0]}`;
  const byStem = new Map<string, string>();
  for (const w of words(prompt)) if (!byStem.has(stem(w))) byStem.set(stem(w), w);
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

/** A subagent call that failed: if the session's last routing suggested it, the next fit (or none), the effect that
 * records the failure, and the re-route record for the audit. Undefined when routing had nothing to do with it. */
export function rerouteAfterFailure(
  agentName: string,
  session: SessionState | undefined,
): { suggestion?: Suggestion; effect: SessionEffect; record: RoutingRecord } | undefined {
  const last = session?.routing?.last;
  const failed = `agent:${agentName}`;
  if (!last || !last.selected.includes(failed)) return undefined;
  const excluded = [...new Set([...(session?.routing?.failed ?? []), failed])];
  const next = rerouteFrom(last, excluded);
  const entry = next[0] ? last.ranked.find((x) => x.id === next[0]) : undefined;
  const [kind, ...rest] = (next[0] ?? '').split(':');
  const suggestion: Suggestion | undefined = entry
    ? { id: entry.id, kind: kind as Suggestion['kind'], name: rest.join(':'), score: entry.score, why: `score ${entry.score} for the same request`, after: `\`${agentName}\`` }
    : undefined;
  const reason = entry ? `${failed} failed; next in the ranking: ${entry.id} ${entry.score}` : `${failed} failed; nothing else in the ranking reaches τ ${last.tau} with the margin`;
  return {
    ...(suggestion ? { suggestion } : {}),
    effect: { type: 'routeFailed', candidate: failed, selected: next },
    record: { iteration: last.iteration + 1, of: last.decisionId, failed, excluded, selected: next, reason },
  };
}
