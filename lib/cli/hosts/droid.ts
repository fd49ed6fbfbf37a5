// Factory Droid's install profile. Droid documents `~/.factory/hooks.json` / `.factory/hooks.json`, read "if
// present", else the `hooks` key of the matching settings.json; but Droid 0.225.2 ignores hooks.json files
// altogether (seen: a PreToolUse hook in either hooks.json never ran, the same hook under `hooks` in
// ~/.factory/settings.json or .factory/settings.json ran; Factory-AI/factory#3 reports the same of 0.186). So
// install writes the `hooks` key of settings.json, which fires whether or not a hooks.json exists. Claude Code's
// shape and event names; timeouts in seconds; no PostToolUseFailure event.

import { CODEX, type HostProfile } from '../settings.js';
import { agentCommand } from '../hook-command.js';

/** Codex's events (Claude Code's, without PostToolUseFailure), in settings.json. */
export const DROID: HostProfile = { ...CODEX, name: 'droid', command: agentCommand('droid') };
