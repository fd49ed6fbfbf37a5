// routeUserPrompt: intents → advisory routing to agents/skills; credentials in a prompt → the prompt is not sent.

import { matchIntents } from '../analyzers/intents/match.js';
import { matchSecrets } from '../analyzers/secrets/match.js';
import { scanExternal } from './external-secrets.js';
import { redactSecrets } from '../analyzers/secrets/detect.js';
import { excerpt } from '../analyzers/truncate.js';
import { viewOf } from '../registry/select.js';
import type { CallContext, EngineDeps } from './deps.js';
import { runRoute } from './route.js';
import type { Match, Suggestion, UnifiedRoutingDecision } from './types.js';

function suggestionsFor(matches: Match[], deps: EngineDeps): Suggestion[] {
  if (!deps.config.suggestAgents) return [];
  const out: Suggestion[] = [];
  for (const m of matches) {
    if (m.kind !== 'intent') continue;
    for (const r of deps.registry.routes.filter((x) => x.intent === m.id)) {
      out.push({
        intent: m.id,
        ...(r.agent ? { agent: r.agent } : {}),
        ...(r.skill ? { skill: r.skill } : {}),
        why: `${m.message} (cue "${m.matched}")`,
      });
    }
  }
  return out;
}

export const PROMPT_NOT_SENT = 'this prompt was not sent to the model';
export const ROTATE_HINT =
  'Send the prompt again without the credential (refer to it by name, e.g. an environment variable); if it was real, rotate it.';

/** A blocked prompt is erased by Claude Code: the reason must tell the user that, and what to do next. */
function notSent(d: UnifiedRoutingDecision): UnifiedRoutingDecision {
  if (d.decision.action !== 'block' || !d.local.matches.some((m) => m.kind === 'secret' && m.action === 'block')) return d;
  const message = d.decision.message.replace(/^hookwarden block: /, `hookwarden block: ${PROMPT_NOT_SENT}. It holds `);
  return { ...d, decision: { ...d.decision, message, hints: [...d.decision.hints, ROTATE_HINT] } };
}

export async function routeUserPrompt(prompt: string, ctx: CallContext, deps: EngineDeps): Promise<UnifiedRoutingDecision> {
  const view = viewOf(deps.registry);
  const ext = await scanExternal(deps, prompt);
  const content = excerpt(redactSecrets(prompt, view.secrets, ext.known).text, 500);
  const d = await runRoute('user_prompt', 'user_prompt', content, ctx, deps, () => {
    const intents = matchIntents(prompt, view.intents);
    const secrets = matchSecrets(prompt, view.secrets, 'prompt', 'prompt', ext.findings);
    return { matches: [...secrets, ...intents], suggestions: suggestionsFor(intents, deps) };
  });
  return notSent(d);
}
