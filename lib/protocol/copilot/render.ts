// Decisions in GitHub Copilot CLI's (1.0.102) output shape: preToolUse wants a top-level `permissionDecision`
// (a Claude-shaped hookSpecificOutput is ignored, and the tool runs), a reason for every deny, `modifiedArgs` for a
// rewrite and `additionalContext` for the model. Copilot shows an ask as a prompt; `copilot -p` (and autopilot)
// denies it instead, telling the model "Denied by preToolUse hook (unable to ask user for confirmation): <reason>"
// (seen in 1.0.102), and nothing in a hook's stdin or environment says which it is: an ask's reason also says how
// the user approves. Read from ../shared/reference/agent-protocols.md §3; test/clients/copilot.test.ts shows it.

import type { FinalDecision } from '../../engine/types.js';
import type { SupportedEvent } from '../claude-code/schema.js';
import { clip, context, withHints, type HookOutput } from '../text.js';

const out = (json: Record<string, unknown> | null): HookOutput => ({ exitCode: 0, stdout: json ? JSON.stringify(json) : '', stderr: '' });
const ctx = (text: string | undefined): HookOutput => (text ? out({ additionalContext: clip(text) }) : out(null));

export const COPILOT_HEADLESS_ASK =
  'Copilot CLI asks the user about this call when it runs interactively; run headless (copilot -p) or in autopilot it ' +
  'refuses the call instead. If it was refused, tell the user what you wanted to run and why: they can run it ' +
  'themselves, or approve it for this session with `hookwarden grant <rule id above> --for 30m` and ask you to retry.';

function preToolUse(d: FinalDecision): HookOutput {
  if (d.action === 'block') return out({ permissionDecision: 'deny', permissionDecisionReason: withHints(d) });
  if (d.action === 'ask') return out({ permissionDecision: 'ask', permissionDecisionReason: withHints({ ...d, hints: [...d.hints, COPILOT_HEADLESS_ASK] }), ...(d.updatedInput ? { modifiedArgs: d.updatedInput, additionalContext: withHints(d) } : {}) });
  if (d.updatedInput) return out({ permissionDecision: 'allow', permissionDecisionReason: withHints(d), modifiedArgs: d.updatedInput, additionalContext: withHints(d) });
  if (d.explicitAllow) return out({ permissionDecision: 'allow', permissionDecisionReason: withHints(d) });
  if (d.action === 'warn') return ctx(context(d) ?? withHints(d));
  return out(null);
}

export function renderCopilot(event: SupportedEvent, d: FinalDecision): HookOutput {
  switch (event) {
    case 'PreToolUse':
      return preToolUse(d);
    case 'UserPromptSubmit':
      if (d.action === 'block') return out({ decision: 'block', reason: withHints(d) });
      return ctx([context(d), d.action === 'ask' || d.action === 'warn' ? withHints(d) : undefined].filter(Boolean).join('\n'));
    case 'PostToolUse':
    case 'PostToolUseFailure':
      return ctx(context(d) ?? (d.action === 'block' || d.action === 'warn' || d.action === 'ask' ? withHints(d) : undefined));
    case 'Stop':
      // agentStop block: another turn with the reason as its prompt (Copilot caps 8 in a row).
      return d.action === 'block' ? out({ decision: 'block', reason: withHints(d) }) : out(null);
    case 'SessionStart':
      return ctx(context(d));
  }
}

export function renderCopilotSessionStart(notice: string | undefined, context: string | undefined): HookOutput {
  return { ...ctx(context), stderr: notice ? `hookwarden: ${notice}\n` : '' };
}
