// routeUserPrompt: intents → advisory routing to agents/skills; credentials in a prompt → the prompt is not sent.

import { matchIntents } from '../analyzers/intents/match.js';
import { matchSecrets } from '../analyzers/secrets/match.js';
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

export function routeUserPrompt(prompt: string, ctx: CallContext, deps: EngineDeps): Promise<UnifiedRoutingDecision> {
  const view = viewOf(deps.registry);
  const content = excerpt(redactSecrets(prompt, view.secrets).text, 500);
  return runRoute('user_prompt', 'user_prompt', content, ctx, deps, () => {
    const intents = matchIntents(prompt, view.intents);
    const secrets = matchSecrets(prompt, view.secrets, 'prompt', 'prompt');
    return { matches: [...secrets, ...intents], suggestions: suggestionsFor(intents, deps) };
  });
}
