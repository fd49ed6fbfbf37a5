// Decisions in Gemini CLI's (0.61) output shape. Gemini reads only a top-level `decision` (allow|deny|block|ask):
// Claude Code's hookSpecificOutput.permissionDecision is ignored there and the tool runs, so every verdict
// that stops something says `decision` at the top. Always exit 0 with JSON: a non-JSON answer is read by
// exit code, and exit 1 is an allow. Read from ../shared/reference/agent-protocols.md §2.
//
// What Gemini cannot express, and what hookwarden does instead:
//  - context for the model before a tool runs (BeforeTool has no additionalContext): a warning goes to the user
//    (systemMessage); the model learns nothing until the tool ran;
//  - a rewrite's reason: Gemini tells the model "Tool input parameters (command) were modified by a hook", and
//    hookwarden's reason goes to the user (systemMessage).

import type { FinalDecision } from '../../engine/types.js';
import type { SupportedEvent } from '../claude-code/schema.js';
import { STOP_REASON_MARK } from './parse.js';
import { clip, context, message, withHints, type HookOutput } from '../text.js';

type GeminiOutput = {
  decision?: 'allow' | 'deny' | 'block' | 'ask';
  reason?: string;
  systemMessage?: string;
  hookSpecificOutput?: { tool_input?: Record<string, unknown>; additionalContext?: string };
};

const out = (json: GeminiOutput | null): HookOutput => ({ exitCode: 0, stdout: json ? JSON.stringify(json) : '', stderr: '' });

function beforeTool(d: FinalDecision): HookOutput {
  if (d.action === 'block') return out({ decision: 'deny', reason: withHints(d) });
  if (d.action === 'ask') return out({ decision: 'ask', reason: withHints(d), ...(d.updatedInput ? { hookSpecificOutput: { tool_input: d.updatedInput } } : {}) });
  if (d.updatedInput) return out({ systemMessage: message(d), hookSpecificOutput: { tool_input: d.updatedInput } });
  if (d.action === 'warn') return out({ systemMessage: message(d) });
  return out(null);
}

function withContext(d: FinalDecision): HookOutput {
  const ctx = context(d);
  const notify = d.action === 'ask' || d.action === 'warn';
  const text = [ctx, notify && !ctx ? withHints(d) : undefined].filter(Boolean).join('\n');
  if (!text) return out(null);
  return out({ ...(notify ? { systemMessage: message(d) } : {}), hookSpecificOutput: { additionalContext: clip(text) } });
}

export function renderGemini(event: SupportedEvent, d: FinalDecision): HookOutput {
  switch (event) {
    case 'PreToolUse':
      return beforeTool(d);
    case 'UserPromptSubmit':
      // deny: the prompt is not sent.
      return d.action === 'block' ? out({ decision: 'deny', reason: withHints(d) }) : withContext(d);
    case 'PostToolUse':
    case 'PostToolUseFailure':
      // deny replaces the tool's result with "Tool result blocked: <reason>": a credential in the output never
      // reaches the model, which Claude Code cannot do.
      return d.action === 'block' ? out({ decision: 'deny', reason: withHints(d) }) : withContext(d);
    case 'Stop':
      // AfterAgent block: the reason is sent as a new prompt (marked, so its BeforeAgent is known for ours:
      // parse.ts), and the next AfterAgent has stop_hook_active.
      if (d.action === 'block') return out({ decision: 'block', reason: `${STOP_REASON_MARK}${withHints(d)}` });
      return d.action === 'warn' ? out({ systemMessage: withHints(d) }) : out(null);
    case 'SessionStart': {
      const ctx = context(d);
      return ctx ? out({ hookSpecificOutput: { additionalContext: ctx } }) : out(null);
    }
  }
}

export function renderGeminiSessionStart(notice: string | undefined, ctx: string | undefined): HookOutput {
  if (!notice && !ctx) return out(null);
  return out({ ...(notice ? { systemMessage: clip(notice) } : {}), ...(ctx ? { hookSpecificOutput: { additionalContext: clip(ctx) } } : {}) });
}
