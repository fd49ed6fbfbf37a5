// An ask where nobody can answer it: a host with no way to ask (Codex rejects `ask` and would run the tool), or
// Claude Code run headless (`claude -p`, no permission host) turns a hook's
// `ask` into a deny whose only text is our reason, in every permission mode (seen with 2.1.332). The model is then
// told "approve?" by nobody. `askFallback` says what hookwarden answers instead, and names the rule it applied:
//  - deny (default): a deny that says why nobody was asked and what the model can do;
//  - allow: no opinion, so Claude Code's own permission rules (and its permission mode) decide;
//  - ask: the ask is passed on unchanged (a `claude -p --permission-prompt-tool …` host can answer it).
// With a permission host (the Agent SDK's canUseTool) Claude Code says `sdk-ts`/`sdk-py`, not `sdk-cli`, and the
// ask reaches the host with hookwarden's reason, so only `sdk-cli` counts as headless.

import { askFallbackFor } from '../config/types.js';
import type { CallContext, EngineDeps } from './deps.js';
import type { UnifiedRoutingDecision } from './types.js';

export const HEADLESS_ASK_DENIED = 'HEADLESS_ASK_DENIED';
export const HEADLESS_ASK_ALLOWED = 'HEADLESS_ASK_ALLOWED';

/** The entry point Claude Code names in a hook's environment (`CLAUDE_CODE_ENTRYPOINT`) for `claude -p`. */
export const isHeadlessEntrypoint = (entrypoint: string | undefined): boolean => entrypoint === 'sdk-cli';

const DENY_HINT =
  'Nobody can answer an approval prompt here (a headless run, or an agent that cannot ask), so it was not run. Tell ' +
  'the user what you wanted to run and why: they can run it themselves, or approve it for this session with ' +
  '`hookwarden grant <rule id above> --for 30m` and ask you to retry. (askFallback: deny; "allow" or "ask" in the ' +
  "user's ~/.hookwarden/config.json changes this, for every agent or for one: agents.<name>.askFallback.)";

/** Applies `askFallback` to a PreToolUse decision of a headless session; other decisions are returned as they are. */
export function headlessAsk(d: UnifiedRoutingDecision, ctx: CallContext, deps: EngineDeps): UnifiedRoutingDecision {
  const mode = askFallbackFor(deps.config, ctx.agent);
  if (!ctx.headless || d.decision.action !== 'ask' || mode === 'ask') return d;
  if (mode === 'allow') {
    d.audit.decisionRules.push(HEADLESS_ASK_ALLOWED);
    d.decision = { ...d.decision, action: 'silent', shouldProceed: true };
    delete d.decision.updatedInput;
    delete d.decision.explicitAllow;
    return d;
  }
  d.audit.decisionRules.push(HEADLESS_ASK_DENIED);
  const message = d.decision.message.replace(/^hookwarden ask:/, 'hookwarden block (nobody to ask):');
  d.decision = { ...d.decision, action: 'block', shouldProceed: false, message, hints: [...d.decision.hints, DENY_HINT] };
  delete d.decision.updatedInput;
  return d;
}
