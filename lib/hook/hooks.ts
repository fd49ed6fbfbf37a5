// The five hooks, the Claude Code events each answers, and which of them guard (fail closed).

import type { SupportedEvent } from '../protocol/claude-code/schema.js';
import type { CompiledPattern } from '../registry/types.js';

/** Each hook's main event (the one a rejected input is audited under, and the one that can be blocked). */
export const HOOKS = {
  'user-prompt': 'UserPromptSubmit',
  'pre-tool-use': 'PreToolUse',
  'post-tool-use': 'PostToolUse',
  stop: 'Stop',
  'session-start': 'SessionStart',
} as const satisfies Record<string, SupportedEvent>;

export type HookName = keyof typeof HOOKS;

/** Every event each hook answers: post-tool-use also takes PostToolUseFailure (a tool that started and failed), so
 * one bundle sees every tool that ran. Claude Code settings carry one entry per event (lib/cli/settings.ts). */
export const HOOK_EVENTS_OF: Record<HookName, readonly SupportedEvent[]> = {
  'user-prompt': ['UserPromptSubmit'],
  'pre-tool-use': ['PreToolUse'],
  'post-tool-use': ['PostToolUse', 'PostToolUseFailure'],
  stop: ['Stop'],
  'session-start': ['SessionStart'],
};

/** Does `hook` answer `event`? */
export const hookTakes = (hook: HookName, event: string): event is SupportedEvent => (HOOK_EVENTS_OF[hook] as readonly string[]).includes(event);

/** Guard hooks fail closed (exit 2) on input they cannot judge; observers report and let the agent go on. */
export const GUARD_HOOKS: ReadonlySet<string> = new Set<HookName>(['pre-tool-use', 'user-prompt']);

export function hookForEvent(event: string): HookName | undefined {
  return (Object.keys(HOOKS) as HookName[]).find((h) => hookTakes(h, event));
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
