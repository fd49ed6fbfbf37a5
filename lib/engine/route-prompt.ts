// routeUserPrompt: intents → advisory routing to agents/skills; credentials in a prompt → the prompt is not sent;
// a new session turn, read-only when the prompt asks for no changes.

import { matchIntents } from '../analyzers/intents/match.js';
import { matchSecrets } from '../analyzers/secrets/match.js';
import { scanExternal } from './external-secrets.js';
import { redactSecrets } from '../analyzers/secrets/detect.js';
import { excerpt } from '../analyzers/truncate.js';
import { viewOf } from '../registry/select.js';
import type { CallContext, EngineDeps } from './deps.js';
import { runRoute } from './route.js';
import type { UnifiedRoutingDecision } from './types.js';
import { routedEffect, suggestForPrompt, type PromptRouting } from './route-suggest.js';
import { matchModeCue } from '../analyzers/session/mode-cues.js';
import { applyEffects, readOnlyStatus, type SessionEffect } from '../session/state.js';
import { liftHint } from './session-gate.js';
import { promptMemory } from './memory-prompt.js';
import { stripPrivate } from '../analyzers/memory/text.js';

export const PROMPT_NOT_SENT = 'this prompt was not sent to the model';
export const ROTATE_HINT =
  'Send the prompt again without the credential (refer to it by name, e.g. an environment variable); if it was real, rotate it.';

/** A blocked prompt is erased by Claude Code: the reason must tell the user that, and what to do next. */
function notSent(d: UnifiedRoutingDecision): UnifiedRoutingDecision {
  if (d.decision.action !== 'block' || !d.local.matches.some((m) => m.kind === 'secret' && m.action === 'block')) return d;
  const message = d.decision.message.replace(/^hookwarden block: /, `hookwarden block: ${PROMPT_NOT_SENT}. It holds `);
  return { ...d, decision: { ...d.decision, message, hints: [...d.decision.hints, ROTATE_HINT] } };
}

/** The mode a prompt asks for: a prefix switches the whole session, a cue ("just investigate") this turn. */
export function promptMode(prompt: string, deps: EngineDeps): Extract<SessionEffect, { type: 'prompt' }>['mode'] {
  const cfg = deps.config.session;
  const head = prompt.trimStart().toLowerCase();
  if (head.startsWith(cfg.readOnlyPrefix.toLowerCase())) return { mode: 'readonly', scope: 'session', cue: `prefix "${cfg.readOnlyPrefix}"`, id: 'session/read-only-prefix' };
  if (head.startsWith(cfg.readWritePrefix.toLowerCase())) return { mode: 'normal', scope: 'session', cue: `prefix "${cfg.readWritePrefix}"`, id: 'session/read-write-prefix' };
  if (!cfg.readOnlyCues) return undefined;
  const cue = matchModeCue(prompt, viewOf(deps.registry).modes);
  if (!cue) return undefined;
  return { mode: cue.mode, scope: cue.mode === 'readonly' ? 'turn' : 'session', cue: cue.cue, id: cue.id };
}

/** The prompt's new turn: its session effect and the read-only status it leaves (once per prompt: routing needs it
 * before the verdict, the session after). */
interface Turn {
  effect: SessionEffect;
  readOnly: ReturnType<typeof readOnlyStatus>;
}

function nextTurn(prompt: string, deps: EngineDeps): Turn | undefined {
  if (!deps.session) return undefined;
  const mode = promptMode(prompt, deps);
  const effect: SessionEffect = { type: 'prompt', ...(mode ? { mode } : {}) };
  const after = applyEffects(deps.session, [effect], { now: deps.now(), config: deps.config.session }).state;
  return { effect, readOnly: readOnlyStatus(after) };
}

/** A new turn for the session, and the model told when it runs read-only. */
function sessionTurn(d: UnifiedRoutingDecision, turn: Turn | undefined, deps: EngineDeps): UnifiedRoutingDecision {
  if (!turn || d.decision.action === 'block') return d;
  d.effects = [turn.effect];
  const ro = turn.readOnly;
  if (ro) {
    d.audit.session = { ...d.audit.session, readOnly: `${ro.scope}: ${ro.why}` };
    d.decision.injections.push(`hookwarden: read-only ${ro.scope === 'turn' ? 'for this turn' : 'session'} — ${ro.why}. File writes and commands that change files will be denied. ${liftHint(ro, deps.config)}`);
  }
  return d;
}

export async function routeUserPrompt(prompt: string, ctx: CallContext, deps: EngineDeps): Promise<UnifiedRoutingDecision> {
  const view = viewOf(deps.registry);
  const ext = await scanExternal(deps, prompt);
  // Private blocks are judged (a credential in one still blocks) but never recorded.
  const content = excerpt(redactSecrets(stripPrivate(prompt), view.secrets, ext.known).text, 500);
  let routing: PromptRouting = { suggestions: [] };
  const next = nextTurn(prompt, deps);
  const d = await runRoute('user_prompt', 'user_prompt', content, ctx, deps, () => {
    const intents = matchIntents(prompt, view.intents);
    const secrets = matchSecrets(prompt, view.secrets, 'prompt', 'prompt', ext.findings);
    routing = suggestForPrompt(prompt, intents, !!next?.readOnly, deps);
    return { matches: [...secrets, ...intents], suggestions: routing.suggestions };
  });
  if (routing.trace) d.routing = routing.trace;
  const turn = sessionTurn(notSent(d), next, deps);
  if (routing.trace && turn.effects && turn.decision.action !== 'block') turn.effects.push(routedEffect(routing.trace, turn.audit.decisionId));
  promptMemory(prompt, turn, ctx, deps, ext.known);
  return turn;
}
