// Decisions in Cursor's hook output (docs only: Cursor is not on npm, so none of this has been seen in a run;
// ../shared/reference/agent-protocols.md §7, and peers' reports cited in docs/agents.md). snake_case keys:
// `permission` (allow|deny|ask), `user_message` (the user), `agent_message` (the model); beforeSubmitPrompt
// answers `continue`; stop's `followup_message` is sent as the next prompt.
//
// The traps, and what hookwarden does:
//  - Cursor fails open (a hook that crashes or times out lets the tool run) unless the entry says
//    `failClosed: true`; install writes it on the guard events. With it, a guard hook that prints nothing is a
//    failure too (it blocks), so every guard answer is JSON: no opinion is `{"permission":"allow"}`, which does
//    not skip Cursor's own approvals (its allow-list and MCP prompts still apply: "hooks can only deny").
//  - Only `deny` is honoured everywhere: an `ask` on an allow-listed command runs it. So Cursor cannot ask
//    (adapter: askFallback decides), and an ask that still reaches here (askFallback: ask) is a deny.
//  - A rewrite (`updated_input`) is reported as silently dropped for some tools; running the original call
//    (`tail -f`) would hang the agent, so a rewrite is a deny that tells the model what to run instead.
//  - beforeSubmitPrompt cannot add context: the read-only cue is kept in the session (later writes are judged
//    under it), but the model is not told up front.

import type { FinalDecision } from '../../engine/types.js';
import type { SupportedEvent } from '../claude-code/schema.js';
import { clip, context, message, withHints, type HookOutput } from '../text.js';

const out = (json: Record<string, unknown> | null, stderr = ''): HookOutput => ({ exitCode: 0, stdout: json ? JSON.stringify(json) : '', stderr });

/** What the model is told to run instead of a call hookwarden rewrote. */
function instead(updated: Record<string, unknown>): string {
  const command = typeof updated.command === 'string' ? updated.command : JSON.stringify(updated);
  return ` Cursor cannot change a tool call, so it was not run: run this instead: ${command}`;
}

function preToolUse(d: FinalDecision): HookOutput {
  if (d.action === 'block' || d.action === 'ask') return out({ permission: 'deny', user_message: withHints(d) || 'blocked by hookwarden', agent_message: withHints(d) || 'blocked by hookwarden' });
  if (d.updatedInput) return out({ permission: 'deny', user_message: message(d), agent_message: clip(withHints(d) + instead(d.updatedInput)) });
  if (d.action === 'warn') return out({ permission: 'allow', user_message: message(d), agent_message: context(d) ?? withHints(d) });
  return out({ permission: 'allow' });
}

export function renderCursor(event: SupportedEvent, d: FinalDecision): HookOutput {
  switch (event) {
    case 'PreToolUse':
      return preToolUse(d);
    case 'UserPromptSubmit':
      if (d.action === 'block') return out({ continue: false, user_message: withHints(d) || 'blocked by hookwarden' });
      return out({ continue: true, ...(d.action === 'warn' || d.action === 'ask' ? { user_message: message(d) } : {}) });
    case 'PostToolUse':
    case 'PostToolUseFailure': {
      const text = context(d) ?? (d.action === 'block' || d.action === 'warn' || d.action === 'ask' ? withHints(d) : undefined);
      return out(text ? { additional_context: text } : null);
    }
    case 'Stop':
      // A follow-up is sent as the next prompt (Cursor caps them with loop_limit); a reminder goes to stderr.
      if (d.action === 'block') return out({ followup_message: withHints(d) });
      return d.action === 'warn' ? out(null, `hookwarden: ${withHints(d)}\n`) : out(null);
    case 'SessionStart': {
      const ctx = context(d);
      return out(ctx ? { additional_context: ctx } : null);
    }
  }
}

export function renderCursorSessionStart(notice: string | undefined, ctx: string | undefined): HookOutput {
  if (!notice && !ctx) return out(null);
  return out({ ...(ctx ? { additional_context: clip(ctx) } : {}), ...(notice ? { user_message: clip(notice) } : {}) });
}
