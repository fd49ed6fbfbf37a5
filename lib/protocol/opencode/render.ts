// Answers to hookwarden's OpenCode plugin (plugins/opencode/hookwarden.js), which turns them into what OpenCode
// takes from a plugin: a thrown Error is the only way to stop a tool (its message becomes the tool's error result,
// which the model reads); returning is an allow. So the plugin throws on `decision: "deny"` with `reason`, assigns
// `args` over the call's arguments on a rewrite, and appends `context` to the tool's output (or the prompt).
// OpenCode has no hook-level ask (its typed `permission.ask` hook is never called in 1.18.33): asks are decided by
// askFallback, and one that still reaches here (askFallback: ask) is a deny. Read from agent-protocols.md §4.
//
// What OpenCode cannot express, and what hookwarden does instead:
//  - context before a tool runs: a warning is appended to that tool's output (`warning`, kept by the plugin);
//  - Stop and SessionStart: the plugin sends neither (no reminders at the end of a turn, no memory at start).

import type { FinalDecision } from '../../engine/types.js';
import type { SupportedEvent } from '../claude-code/schema.js';
import { clip, context, withHints, type HookOutput } from '../text.js';
import { openCodeArgs } from './parse.js';

const out = (json: Record<string, unknown> | null): HookOutput => ({ exitCode: 0, stdout: json ? JSON.stringify(json) : '', stderr: '' });

function beforeTool(d: FinalDecision): HookOutput {
  if (d.action === 'block' || d.action === 'ask') return out({ decision: 'deny', reason: withHints(d) || 'blocked by hookwarden' });
  if (d.updatedInput) return out({ decision: 'allow', args: openCodeArgs(d.updatedInput), context: withHints(d) });
  if (d.action === 'warn') return out({ warning: context(d) ?? withHints(d) });
  return out(d.explicitAllow ? { decision: 'allow' } : null);
}

export function renderOpenCode(event: SupportedEvent, d: FinalDecision): HookOutput {
  switch (event) {
    case 'PreToolUse':
      return beforeTool(d);
    case 'UserPromptSubmit': {
      if (d.action === 'block') return out({ decision: 'block', reason: withHints(d) || 'blocked by hookwarden' });
      const text = [context(d), d.action === 'ask' || d.action === 'warn' ? withHints(d) : undefined].filter(Boolean).join('\n');
      return out(text ? { context: clip(text) } : null);
    }
    case 'PostToolUse':
    case 'PostToolUseFailure': {
      const text = context(d) ?? (d.action === 'block' || d.action === 'warn' || d.action === 'ask' ? withHints(d) : undefined);
      return out(text ? { context: text } : null);
    }
    case 'Stop':
    case 'SessionStart':
      return out(null);
  }
}

export function renderOpenCodeSessionStart(_notice: string | undefined, ctx: string | undefined): HookOutput {
  return out(ctx ? { context: clip(ctx) } : null);
}
