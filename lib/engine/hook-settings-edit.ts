// An Edit of an agent's settings file is blocked only when it can reach the hooks (`guard-self/hook-settings`,
// docs/policy.md "The guard protects itself"). The settings file also holds the user's permissions, model, status
// line…; an Edit of those keeps the ask of `paths-sensitive/agent-settings`. What the Edit changes is all the hook
// sees (old_string → new_string, never the whole file), so the test is on that text: an edit whose old or new
// text names a hook, a hook event, a hook entry's keys, the environment hooks run with, or a JSON/TOML escape
// that could spell any of them, touches the hooks. A Write replaces the whole file (it can drop the hooks it does
// not repeat) and a write through Bash is not seen at all: both stay blocked.

import type { Match } from '../vocab/match.js';

export const HOOK_SETTINGS_ID = 'guard-self/hook-settings';

/**
 * Words that put an edit within reach of the hooks, in any agent host's settings (Claude Code, Gemini CLI, Qwen
 * Code, Droid: `hooks`, `disableAllHooks`, `allowManagedHooksOnly`; Codex's config.toml: `[hooks.state]` and the
 * project's `trust_level`, without which its hooks are skipped silently):
 *  - `hook` in any case: hooks, disableAllHooks, hookwarden, HOOKWARDEN_HOME, dist/hooks/;
 *  - hook events (Claude Code's and Gemini's names) and a hook entry's keys: matcher, command, type, timeout;
 *  - the `env` key and the variables that change where hookwarden looks or what a hook runs and loads (HOME,
 *    PATH, NODE_OPTIONS, LD_PRELOAD, CLAUDE_*), quoted as JSON keys: `.env` in a permission rule is not one;
 *  - `trust` (Codex), and `\u`/`\x` escapes, which could spell any of these in a JSON or TOML string.
 */
const HOOK_CUES =
  /hook|PreToolUse|PostToolUse|UserPromptSubmit|SessionStart|SessionEnd|SubagentStop|PreCompact|Notification|"Stop"|BeforeTool|AfterTool|BeforeAgent|AfterAgent|BeforeModel|AfterModel|BeforeToolSelection|"matcher"|"command"|"type"|"timeout"|"(?:env|PATH|HOME|NODE_OPTIONS|NODE_PATH|LD_PRELOAD|LD_LIBRARY_PATH|DYLD_\w*|CLAUDE_\w*)"|trust|\\u|\\x/i;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The old and new texts of an Edit or MultiEdit (every edit), or null for any other tool. */
function editTexts(toolName: string, input: Record<string, unknown>): string[] | null {
  if (toolName === 'Edit') return [str(input.old_string), str(input.new_string)];
  if (toolName === 'MultiEdit') {
    const edits = Array.isArray(input.edits) ? input.edits : [];
    return edits.flatMap((e) => {
      const o = e && typeof e === 'object' ? (e as Record<string, unknown>) : {};
      return [str(o.old_string), str(o.new_string)];
    });
  }
  return null;
}

/** Whether a file tool's change leaves the hooks alone: an Edit or MultiEdit none of whose texts names one. A Write
 * (the whole file) or an edit with no text to judge never does. */
export function leavesHooksAlone(toolName: string, input: Record<string, unknown>): boolean {
  const texts = editTexts(toolName, input);
  return texts !== null && texts.some((t) => t.length > 0) && !texts.some((t) => HOOK_CUES.test(t));
}

/** The file tool's path matches without `guard-self/hook-settings` when the change leaves the hooks alone. */
export function withoutSparedHookSettings(matches: Match[], toolName: string, input: Record<string, unknown>): Match[] {
  if (!matches.some((m) => m.id === HOOK_SETTINGS_ID) || !leavesHooksAlone(toolName, input)) return matches;
  return matches.filter((m) => m.id !== HOOK_SETTINGS_ID);
}
