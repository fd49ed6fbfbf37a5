// Factory Droid's install profile. Droid documents `~/.factory/hooks.json` / `.factory/hooks.json`, read "if
// present", else the `hooks` key of the matching settings.json; but Droid 0.225.2 ignores hooks.json files
// altogether (seen: a PreToolUse hook in either hooks.json never ran, the same hook under `hooks` in
// ~/.factory/settings.json or .factory/settings.json ran; Factory-AI/factory#3 reports the same of 0.186). So
// install writes the `hooks` key of settings.json, which fires whether or not a hooks.json exists. Claude Code's
// shape and event names; timeouts in seconds; no PostToolUseFailure event.

import { hookCommand, HOOK_TIMEOUT_SECONDS, type HostProfile } from '../settings.js';

export const DROID: HostProfile = {
  name: 'droid',
  events: [
    { event: 'UserPromptSubmit', hook: 'user-prompt', guard: true },
    { event: 'PreToolUse', hook: 'pre-tool-use', matcher: '.*', guard: true },
    { event: 'PostToolUse', hook: 'post-tool-use', matcher: '.*', guard: false },
    { event: 'Stop', hook: 'stop', guard: false },
    { event: 'SessionStart', hook: 'session-start', guard: false },
  ],
  command: (root, hook) => `${hookCommand(root, hook)} --agent droid`,
  timeout: HOOK_TIMEOUT_SECONDS,
};
