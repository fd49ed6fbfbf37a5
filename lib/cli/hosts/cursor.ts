// Cursor's hooks.json: `{"version": 1, "hooks": {"<event>": [{"command", "timeout", "failClosed"}]}}`, a flat list
// per event (no groups, no matcher: every tool reaches preToolUse), so it has its own writer rather than
// installHooks. Ours are the entries running this install's bundles with `--agent cursor`, whatever node runs them.
//  - failClosed: true on the guard events. Cursor fails open without it (a hook that crashes, times out or is
//    missing lets the tool run, and the prompt go); with it a guard that prints nothing blocks too, so the
//    Cursor renderer always answers (lib/protocol/cursor/render.ts).
//  - The command names node by its absolute path: Cursor is usually started from a desktop launcher whose PATH
//    may not hold the node a shell finds (nvm, Homebrew), and project commands are run from the project root.
//  - preToolUse covers Shell, Read, Write, StrReplace, Delete and MCP tools, so beforeShellExecution,
//    beforeReadFile and beforeMCPExecution are not also installed: every shell command would be judged twice. The
//    adapter still reads them (an older Cursor without preToolUse, wired by hand).
//  - timeout in seconds (Cursor's docs and peers' files; one third-party write-up says milliseconds).

import { HOOK_TIMEOUT_SECONDS, type EntryChange } from '../settings.js';
import { HOOK_BIN, hookEntryPath, NODE_FLAGS_TEXT, quote, isOurCommand, relativeBundle, type HookPlace } from '../hook-command.js';

export const CURSOR_EVENTS = [
  { event: 'preToolUse', hook: 'pre-tool-use', guard: true },
  { event: 'beforeSubmitPrompt', hook: 'user-prompt', guard: true },
  { event: 'postToolUse', hook: 'post-tool-use', guard: false },
  { event: 'stop', hook: 'stop', guard: false },
  { event: 'sessionStart', hook: 'session-start', guard: false },
] as const;

interface Entry {
  command?: unknown;
  [k: string]: unknown;
}
export type CursorHooksFile = { version?: unknown; hooks?: Record<string, Entry[]>; [k: string]: unknown };

/** This machine's node and bundle by absolute path (user scope); in a committed project file, `node` from PATH and
 * the bundle relative to the project root, where Cursor runs project hooks, or the hook bin on PATH. */
export function cursorCommand(place: HookPlace, hook: string, node: string): string {
  if (typeof place === 'string') return `${quote(node)} ${NODE_FLAGS_TEXT} ${quote(hookEntryPath(place, hook))} --agent cursor`;
  if ('bin' in place) return `${HOOK_BIN} ${hook} --agent cursor`;
  return `node ${NODE_FLAGS_TEXT} "${relativeBundle('', place.project, hook)}" --agent cursor`;
}

/** An entry any version of install wrote (any node, any install root). */
const isOurs = (e: Entry): boolean => typeof e?.command === 'string' && isOurCommand(e.command);

/** Each event brought to exactly one entry of ours (left alone when it already is the wanted one). */
export function installCursorHooks(file: CursorHooksFile, root: HookPlace, node: string): { file: CursorHooksFile; changed: number; changes: EntryChange[] } {
  const hooks: Record<string, Entry[]> = { ...(file.hooks ?? {}) };
  const changes: EntryChange[] = [];
  let changed = 0;
  for (const h of CURSOR_EVENTS) {
    const want: Entry = { command: cursorCommand(root, h.hook, node), timeout: HOOK_TIMEOUT_SECONDS, ...(h.guard ? { failClosed: true } : {}) };
    const entries = Array.isArray(hooks[h.event]) ? [...(hooks[h.event] as Entry[])] : [];
    const ours = entries.map((e, i) => ({ e, i })).filter((o) => isOurs(o.e));
    const only = ours.length === 1 ? ours[0] : undefined;
    if (only && only.e.command === want.command && (only.e.failClosed === true) === h.guard) continue;
    const at = ours[0]?.i ?? entries.length;
    const kept = entries.filter((e) => !isOurs(e));
    // A user's own keys on our entry (a longer timeout) are kept.
    const { command: _c, failClosed: _f, ...own } = only?.e ?? {};
    kept.splice(Math.min(at, kept.length), 0, { ...own, ...want, ...(own.timeout !== undefined ? { timeout: own.timeout } : {}) });
    hooks[h.event] = kept;
    changes.push({ event: h.event, from: ours[0] ? String(ours[0].e.command) : null, to: String(want.command) });
    changed++;
  }
  return { file: { version: file.version ?? 1, ...file, hooks }, changed, changes };
}

/** Removes every entry of ours; events left empty go, and `hooks` if nothing is left. */
export function removeCursorHooks(file: CursorHooksFile, _root?: string): { file: CursorHooksFile; changed: number } {
  if (!file.hooks) return { file, changed: 0 };
  const hooks: Record<string, Entry[]> = {};
  let changed = 0;
  for (const [event, entries] of Object.entries(file.hooks)) {
    if (!Array.isArray(entries)) {
      hooks[event] = entries;
      continue;
    }
    const kept = entries.filter((e) => !isOurs(e));
    changed += entries.length - kept.length;
    if (kept.length || !entries.length) hooks[event] = kept;
  }
  const next: CursorHooksFile = { ...file, hooks };
  if (!Object.keys(hooks).length) delete next.hooks;
  return { file: next, changed };
}
