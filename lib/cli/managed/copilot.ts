// Copilot CLI's policy document (/etc/github-copilot/policy.d/*.json): `{"version": 1, "hooks": {"<Event>":
// [{"type": "command", "bash": "…", "timeoutSec": n}]}}`, flat lists of native hook specs. Copilot 1.0.102 skips a
// document without `version` and fails closed on a Claude-style group (`{matcher, hooks: […]}`: "Invalid native hook
// spec: missing field `type`"), both seen in the real CLI, so the user-level file's groups (lib/cli/settings.ts) are
// not used here. The event names stay PascalCase, as in the user-level install: Copilot then sends the snake_case
// payload hookwarden's Copilot adapter reads (lib/protocol/copilot/parse.ts).

import { COPILOT, HOOK_TIMEOUT_SECONDS } from '../settings.js';
import { isOurCommand, type HookPlace } from '../hook-command.js';

type Json = Record<string, unknown>;
interface Spec {
  type?: unknown;
  bash?: unknown;
  command?: unknown;
  [k: string]: unknown;
}

const ours = (s: Spec): boolean => [s?.bash, s?.command].some((c) => typeof c === 'string' && isOurCommand(c));
const hooksOf = (json: Json): Record<string, unknown> => (json.hooks && typeof json.hooks === 'object' && !Array.isArray(json.hooks) ? (json.hooks as Record<string, unknown>) : {});

/** Each event brought to exactly one spec of ours, left alone when it already is the wanted one. */
export function installCopilotPolicy(json: Json, place: HookPlace): { json: Json; changed: number } {
  const hooks = { ...hooksOf(json) };
  let changed = 0;
  for (const e of COPILOT.events) {
    const want: Spec = { type: 'command', bash: COPILOT.command(place, e.hook), timeoutSec: HOOK_TIMEOUT_SECONDS };
    const list = Array.isArray(hooks[e.event]) ? (hooks[e.event] as Spec[]) : [];
    const mine = list.filter(ours);
    if (mine.length === 1 && mine[0]!.bash === want.bash) continue;
    // Several events share a bundle (PostToolUse, PostToolUseFailure): each event's own list is what is compared.
    hooks[e.event] = [...list.filter((s) => !ours(s)), want];
    changed++;
  }
  return { json: { version: 1, ...json, hooks }, changed };
}

/** Every spec of ours removed; events left empty go, and `hooks` when nothing is left. */
export function removeCopilotPolicy(json: Json): { json: Json; changed: number } {
  const hooks: Record<string, unknown> = {};
  let changed = 0;
  for (const [event, list] of Object.entries(hooksOf(json))) {
    if (!Array.isArray(list)) {
      hooks[event] = list;
      continue;
    }
    const kept = (list as Spec[]).filter((s) => !ours(s));
    changed += list.length - kept.length;
    if (kept.length || !list.length) hooks[event] = kept;
  }
  const { hooks: _old, ...rest } = json;
  return { json: Object.keys(hooks).length ? { ...rest, hooks } : rest, changed };
}
