// Decisions rendered in Claude Code's exact output shapes (checked against the SDK's SyncHookJSONOutput).
// One compact JSON object or nothing on stdout; blocks also exit 2 with the reason on stderr.

import type { SyncHookJSONOutput } from '@anthropic-ai/claude-agent-sdk';
import type { FinalDecision } from '../../engine/types.js';
import type { SupportedEvent } from './schema.js';
import { clip, context, message, withHints, type HookOutput } from '../text.js';

export type { HookOutput } from '../text.js';

const line = (text: string): string => `${text.replace(/\s*\n\s*/g, ' ').trim()}\n`;

function out(json: SyncHookJSONOutput | null, exitCode = 0, stderr = ''): HookOutput {
  return { exitCode, stdout: json ? JSON.stringify(json) : '', stderr };
}


function renderPreToolUse(d: FinalDecision): HookOutput {
  const reason = withHints(d);
  if (d.action === 'block') {
    return out(
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } },
      2,
      line(reason),
    );
  }
  if (d.action === 'ask') {
    // With updatedInput the user is asked about the rewritten call.
    return out({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'ask',
        permissionDecisionReason: reason,
        ...(d.updatedInput ? { updatedInput: d.updatedInput, additionalContext: withHints(d) } : {}),
      },
    });
  }
  const ctx = context(d);
  if (d.action === 'warn') {
    return out({
      systemMessage: message(d),
      hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: ctx ?? reason },
    });
  }
  if (d.updatedInput || d.explicitAllow) {
    return out({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        permissionDecisionReason: reason,
        // The reason on an allow never reaches the model (seen in Claude Code 2.1.332), and its history still
        // shows the command it asked for: additionalContext tells it what ran instead, and why.
        ...(d.updatedInput ? { updatedInput: d.updatedInput, additionalContext: withHints(d) } : {}),
      },
    });
  }
  // silent/allow: no opinion, Claude Code's own permission flow continues.
  return out(null);
}

function renderUserPrompt(d: FinalDecision): HookOutput {
  if (d.action === 'block') {
    const reason = withHints(d);
    return out({ decision: 'block', reason }, 2, line(reason));
  }
  const ctx = context(d);
  // A prompt cannot be "asked" about: ask and warn both advise the model and tell the user.
  const notify = d.action === 'ask' || d.action === 'warn';
  const extra = notify && !d.injections.some((i) => i.includes(d.message)) ? [withHints(d)] : [];
  const text = [ctx, ...extra].filter(Boolean).join('\n');
  if (!text) return out(null);
  return out({
    ...(notify ? { systemMessage: message(d) } : {}),
    hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: clip(text) },
  });
}

function renderPostToolUse(d: FinalDecision): HookOutput {
  // The tool already ran, so a "block" can only tell the model. `decision: "block"` would reach it as an error line
  // quoting the hook's command (install path included); additionalContext reaches it once, as the reason alone.
  if (d.action === 'block') return out({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: withHints(d) } });
  if (d.action === 'ask' || d.action === 'warn') {
    return out({
      systemMessage: message(d),
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: context(d) ?? withHints(d) },
    });
  }
  // Advice with no verdict (a re-route after a suggested subagent failed) reaches the model as context.
  const ctx = context(d);
  return out(ctx ? { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: ctx } } : null);
}

/** A tool that started and failed: nothing is left to block (its error already reached the model), so every finding
 * is context, never `decision: "block"`: a credential in the error text, a re-route after a suggested subagent failed. */
function renderPostToolUseFailure(d: FinalDecision): HookOutput {
  const ctx = context(d);
  if (d.action === 'block') return out({ hookSpecificOutput: { hookEventName: 'PostToolUseFailure', additionalContext: withHints(d) } });
  if (d.action === 'ask' || d.action === 'warn') {
    return out({ systemMessage: message(d), hookSpecificOutput: { hookEventName: 'PostToolUseFailure', additionalContext: ctx ?? withHints(d) } });
  }
  return out(ctx ? { hookSpecificOutput: { hookEventName: 'PostToolUseFailure', additionalContext: ctx } } : null);
}

// Stop, as Claude Code 2.1.332 handles each form (test/clients/claude-code.test.ts shows it on the real CLI):
//  - `decision: "block"` reaches the model twice, once as feedback and once as an error line quoting the hook's
//    command with its absolute path; exit 2 with stderr reaches it once but prefixed with that command;
//  - `hookSpecificOutput.additionalContext` reaches it once, as the text alone, and the conversation continues (the
//    next Stop carries stop_hook_active: true, as after a block). So a block is rendered that way.
//  - a reminder goes to the user (systemMessage): anything the model reads at Stop makes it continue.
function renderStop(d: FinalDecision): HookOutput {
  if (d.action === 'block') return out({ hookSpecificOutput: { hookEventName: 'Stop', additionalContext: withHints(d) } });
  if (d.action === 'warn') return out({ systemMessage: withHints(d) });
  return out(null);
}

export function renderDecision(event: SupportedEvent, d: FinalDecision): HookOutput {
  switch (event) {
    case 'PreToolUse':
      return renderPreToolUse(d);
    case 'UserPromptSubmit':
      return renderUserPrompt(d);
    case 'PostToolUse':
      return renderPostToolUse(d);
    case 'PostToolUseFailure':
      return renderPostToolUseFailure(d);
    case 'Stop':
      return renderStop(d);
    case 'SessionStart': {
      const ctx = context(d);
      return ctx ? out({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: ctx } }) : out(null);
    }
  }
}

/** For SessionStart: a note to the user (config or registry problems) and context for the model (memory). */
export function renderSessionStart(notice: string | undefined, context: string | undefined): HookOutput {
  if (!notice && !context) return out(null);
  return out({
    ...(notice ? { systemMessage: clip(notice) } : {}),
    ...(context ? { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: clip(context) } } : {}),
  });
}
