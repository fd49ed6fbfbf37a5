// The five hooks, the Claude Code event each answers, and which of them guard (fail closed).

import type { SupportedEvent } from '../protocol/claude-code/schema.js';
import type { CompiledPattern } from '../registry/types.js';

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

/** The registry pattern kinds each hook's route reads: its bundle embeds only these (a smaller registry to parse
 * at every start). Reading another kind throws (lib/registry/select.ts), so a missing entry fails tests loudly. */
export const HOOK_KINDS: Record<HookName, ReadonlyArray<CompiledPattern['kind']>> = {
  'pre-tool-use': ['shell', 'path', 'secret', 'capability', 'action', 'memory-target', 'sensitive', 'convention'],
  'post-tool-use': ['secret', 'action'],
  'user-prompt': ['intent', 'secret', 'mode', 'memory-cue', 'memory-target', 'sensitive', 'convention', 'capability'],
  stop: ['secret', 'claim'],
  'session-start': ['secret'],
};
