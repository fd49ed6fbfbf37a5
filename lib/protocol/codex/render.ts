// Decisions in Codex CLI's (0.169) output shape. Its output schemas are closed: an unknown key, `ask`, an allow
// without updatedInput, a deny with an empty reason or systemMessage on PreToolUse make the hook "Failed", and a
// failed hook lets the tool run. So only the keys Codex takes are sent, a deny always carries its reason, and no
// ask is ever rendered: the engine has already turned it into a deny or no opinion (askFallback: Codex cannot
// ask). Read from ../shared/reference/agent-protocols.md §1.
//
// What Codex cannot express, and what hookwarden does instead:
//  - an ask: a deny saying who must approve and how (lib/engine/headless.ts), or no opinion (askFallback: allow);
//  - hookwarden's own allow (autoAllowReadOnly) without a rewrite: no opinion, Codex's own approval flow decides;
//  - a reminder to the user at Stop: one stderr line.

import type { FinalDecision } from '../../engine/types.js';
import type { SupportedEvent } from '../claude-code/schema.js';
import { clip, context, withHints, type HookOutput } from '../text.js';

const out = (json: Record<string, unknown> | null, stderr = ''): HookOutput => ({ exitCode: 0, stdout: json ? JSON.stringify(json) : '', stderr });
const ctx = (hookEventName: string, text: string | undefined): HookOutput => (text ? out({ hookSpecificOutput: { hookEventName, additionalContext: clip(text) } }) : out(null));

function preToolUse(d: FinalDecision): HookOutput {
  // An ask here means askFallback is "ask": Codex would fail the hook and run the tool, so it is a deny.
  if (d.action === 'block' || d.action === 'ask') {
    // Codex shows the model `Command blocked by PreToolUse hook: <reason>. Command: <command>`: a reason ending in
    // its own full stop would read "…created.. Command:" (seen with 0.169). Never empty: Codex would run the tool.
    const reason = withHints(d).replace(/[.\s]+$/, '') || 'blocked by hookwarden';
    return out({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
  }
  if (d.updatedInput) {
    return out({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: d.updatedInput, additionalContext: withHints(d) } });
  }
  if (d.action === 'warn') return ctx('PreToolUse', context(d) ?? withHints(d));
  return out(null);
}

export function renderCodex(event: SupportedEvent, d: FinalDecision): HookOutput {
  switch (event) {
    case 'PreToolUse':
      return preToolUse(d);
    case 'UserPromptSubmit':
      if (d.action === 'block') return out({ decision: 'block', reason: withHints(d) || 'blocked by hookwarden' });
      return ctx('UserPromptSubmit', [context(d), d.action === 'ask' || d.action === 'warn' ? withHints(d) : undefined].filter(Boolean).join('\n'));
    case 'PostToolUse':
    case 'PostToolUseFailure':
      if (d.action === 'block') return out({ decision: 'block', reason: withHints(d) || 'blocked by hookwarden' });
      return ctx('PostToolUse', context(d) ?? (d.action === 'warn' || d.action === 'ask' ? withHints(d) : undefined));
    case 'Stop':
      // block continues the turn with the reason.
      if (d.action === 'block') return out({ decision: 'block', reason: withHints(d) || 'blocked by hookwarden' });
      return d.action === 'warn' ? out(null, `hookwarden: ${withHints(d)}\n`) : out(null);
    case 'SessionStart':
      return ctx('SessionStart', context(d));
  }
}

export function renderCodexSessionStart(notice: string | undefined, context: string | undefined): HookOutput {
  return out(context ? { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: clip(context) } } : null, notice ? `hookwarden: ${notice}\n` : '');
}
