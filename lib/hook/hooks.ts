// The five hooks, the Claude Code event each answers, and which of them guard (fail closed).

import type { SupportedEvent } from '../protocol/claude-code/schema.js';

export const HOOKS = {
  'user-prompt': 'UserPromptSubmit',
  'pre-tool-use': 'PreToolUse',
  'post-tool-use': 'PostToolUse',
  stop: 'Stop',
  'session-start': 'SessionStart',
} as const satisfies Record<string, SupportedEvent>;

export type HookName = keyof typeof HOOKS;

/** Guard hooks fail closed (exit 2) on input they cannot judge; observers report and let the agent go on. */
export const GUARD_HOOKS: ReadonlySet<string> = new Set<HookName>(['pre-tool-use', 'user-prompt']);

export function hookForEvent(event: string): HookName | undefined {
  return (Object.keys(HOOKS) as HookName[]).find((h) => HOOKS[h] === event);
}
