// Claude Code settings.json editing for install/uninstall: add exactly our handlers, remove exactly them,
// keep everything else byte-for-byte in meaning, back up before changing, write atomically.
//
// Two kinds of entries are ours: command hooks running this install's `dist/hooks/<hook>.js`, and http hooks
// posting to the daemon (`http://127.0.0.1:<port>/hooks/<hook>`). An install in one mode replaces the other
// mode's entries, so one event is never judged twice; uninstall removes both.

import { lstatSync, mkdirSync, readdirSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { HookwardenError } from '../errors.js';
import { errCode, unsafePath } from '../fs/checks.js';
import { readProblem, readRegularFile } from '../fs/read.js';
import { assertReplaceable, createExclusive, writeFileAtomic } from '../fs/write.js';
import { agentCommand, hookCommand, isOurCommand, type HookPlace } from './hook-command.js';

/** Claude Code settings files are small; a bigger one is not one. */
const MAX_SETTINGS_BYTES = 4 * 1024 * 1024;

const TOOL_MATCHER = '^(?:Bash|Write|Edit|MultiEdit|NotebookEdit|Read|Glob|Grep|mcp__.+)$';

export const HOOK_EVENTS = [
  { event: 'UserPromptSubmit', hook: 'user-prompt', guard: true },
  { event: 'PreToolUse', hook: 'pre-tool-use', matcher: TOOL_MATCHER, guard: true },
  { event: 'PostToolUse', hook: 'post-tool-use', matcher: TOOL_MATCHER, guard: false },
  // A tool that started and failed (a Bash command exiting non-zero): the same hook, so failed checks and approvals count.
  { event: 'PostToolUseFailure', hook: 'post-tool-use', matcher: TOOL_MATCHER, guard: false },
  { event: 'Stop', hook: 'stop', guard: false },
  // Claude Code runs only command (and mcp_tool) hooks at SessionStart: an http entry there never fires
  // (anthropics/claude-code#30170), so http mode keeps this one a command hook.
  { event: 'SessionStart', hook: 'session-start', guard: false, commandOnly: true },
] as const;

export const HOOK_TIMEOUT_SECONDS = 10;

/** The env var the http entries read the token from (when the token is not written into the file). */
export const TOKEN_ENV = 'HOOKWARDEN_TOKEN';

/** The variable Claude Code names its entry point in (`sdk-cli` for `claude -p`), sent to the daemon as a header. */
export const ENTRYPOINT_ENV = 'CLAUDE_CODE_ENTRYPOINT';

interface Handler {
  type: string;
  command?: string;
  url?: string;
  [k: string]: unknown;
}
interface Group {
  matcher?: string;
  hooks: Handler[];
  [k: string]: unknown;
}
type Settings = { hooks?: Record<string, Group[]>; [k: string]: unknown };

/** One agent host's settings: which events get which hook, and the command that runs it. Claude Code's is below;
 * Gemini CLI reads the same `hooks` shape from .gemini/settings.json (timeouts in milliseconds, every hook told
 * `--agent gemini`: no environment variable tells hosts apart). */
export interface HostProfile {
  name: 'claude-code' | 'gemini' | 'codex' | 'qwen' | 'copilot' | 'droid';
  events: ReadonlyArray<{ event: string; hook: string; matcher?: string; guard: boolean; commandOnly?: boolean }>;
  command(place: HookPlace, hook: string): string;
  timeout: number;
}

export const CLAUDE_CODE: HostProfile = { name: 'claude-code', events: HOOK_EVENTS, command: hookCommand, timeout: HOOK_TIMEOUT_SECONDS };

export const GEMINI: HostProfile = {
  name: 'gemini',
  events: [
    { event: 'BeforeAgent', hook: 'user-prompt', guard: true },
    // Gemini's matcher is an unanchored regular expression over the tool name: every tool, MCP tools included.
    { event: 'BeforeTool', hook: 'pre-tool-use', matcher: '.*', guard: true },
    { event: 'AfterTool', hook: 'post-tool-use', matcher: '.*', guard: false },
    { event: 'AfterAgent', hook: 'stop', guard: false },
    { event: 'SessionStart', hook: 'session-start', guard: false },
  ],
  command: agentCommand('gemini'),
  timeout: HOOK_TIMEOUT_SECONDS * 1000,
};

/** Codex reads Claude's shape from hooks.json (whose root takes only `description` and `hooks`), seconds. */
export const CODEX: HostProfile = {
  name: 'codex',
  events: [
    { event: 'UserPromptSubmit', hook: 'user-prompt', guard: true },
    { event: 'PreToolUse', hook: 'pre-tool-use', matcher: '.*', guard: true },
    { event: 'PostToolUse', hook: 'post-tool-use', matcher: '.*', guard: false },
    { event: 'Stop', hook: 'stop', guard: false },
    { event: 'SessionStart', hook: 'session-start', guard: false },
  ],
  command: agentCommand('codex'),
  timeout: HOOK_TIMEOUT_SECONDS,
};

/** Qwen Code reads Claude's shape and event names from .qwen/settings.json (timeouts in seconds). */
export const QWEN: HostProfile = {
  name: 'qwen',
  events: [
    { event: 'UserPromptSubmit', hook: 'user-prompt', guard: true },
    { event: 'PreToolUse', hook: 'pre-tool-use', matcher: '.*', guard: true },
    { event: 'PostToolUse', hook: 'post-tool-use', matcher: '.*', guard: false },
    { event: 'PostToolUseFailure', hook: 'post-tool-use', matcher: '.*', guard: false },
    { event: 'Stop', hook: 'stop', guard: false },
    { event: 'SessionStart', hook: 'session-start', guard: false },
  ],
  command: agentCommand('qwen'),
  timeout: HOOK_TIMEOUT_SECONDS,
};

/** Copilot CLI takes Claude-style groups with PascalCase event names (then it sends the snake_case payload) from
 * a file of its own under ~/.copilot/hooks/ (or .github/hooks/ in a trusted repository); `timeout` in seconds. */
export const COPILOT: HostProfile = { ...QWEN, name: 'copilot', command: agentCommand('copilot') };

/** The daemon URL of one hook. */
export function hookUrl(port: number, hook: string): string {
  return `http://127.0.0.1:${port}/hooks/${hook}`;
}

/** Any http entry of ours, whatever the port (a re-install on another port replaces it). */
const OUR_URL = /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+\/hooks\/(?:user-prompt|pre-tool-use|post-tool-use|stop|session-start)$/;

export interface HttpOptions {
  port: number;
  /** The literal token (written into the file) or null: the header reads `${HOOKWARDEN_TOKEN}` instead. */
  literalToken: string | null;
  /** 'closed' adds onFailure: "block" to the guard hooks (a daemon that is down blocks them). */
  onDaemonDown: 'open' | 'closed';
}

export type InstallMode = { mode: 'command' } | ({ mode: 'http' } & HttpOptions);

/** The handler install wants for one event in this mode. */
export function desiredHandler(h: HostProfile['events'][number], root: HookPlace, m: InstallMode, host: HostProfile = CLAUDE_CODE): Handler {
  if (m.mode === 'command' || h.commandOnly) return { type: 'command', command: host.command(root, h.hook), timeout: host.timeout };
  return {
    type: 'http',
    url: hookUrl(m.port, h.hook),
    headers: {
      Authorization: `Bearer ${m.literalToken ?? `\${${TOKEN_ENV}}`}`,
      // `claude -p` says sdk-cli here: an ask nobody can answer (lib/engine/headless.ts). Claude Code interpolates
      // only its own process's variables: ${CLAUDE_PROJECT_DIR} stays empty, so the daemon finds the project from
      // the call's transcript_path instead (lib/hook/locations.ts).
      'X-Hookwarden-Entrypoint': '${CLAUDE_CODE_ENTRYPOINT}',
    },
    allowedEnvVars: m.literalToken ? [ENTRYPOINT_ENV] : [TOKEN_ENV, ENTRYPOINT_ENV],
    timeout: HOOK_TIMEOUT_SECONDS,
    ...(m.onDaemonDown === 'closed' && h.guard ? { onFailure: 'block' } : {}),
  };
}

/** An entry of ours, written by any version: a command form install writes (isOurCommand), or the daemon's url. */
function isOurs(x: Handler): boolean {
  if (x?.type === 'command') return typeof x.command === 'string' && isOurCommand(x.command);
  if (x?.type === 'http') return typeof x.url === 'string' && OUR_URL.test(x.url);
  return false;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Whether an existing handler already is the wanted one. A command entry's other fields (a timeout the user
 * raised) are left alone; an http entry must match in everything that decides where and how it calls. */
function satisfies(x: Handler, want: Handler): boolean {
  if (want.type === 'command') return x.type === 'command' && x.command === want.command;
  return (
    x.type === 'http' &&
    x.url === want.url &&
    same(x.headers, want.headers) &&
    same(x.allowedEnvVars, want.allowedEnvVars) &&
    (x.onFailure ?? null) === (want.onFailure ?? null)
  );
}

export function readSettings(file: string): Settings {
  const r = readRegularFile(file, { maxBytes: MAX_SETTINGS_BYTES });
  if (r.status === 'missing') return {};
  if (r.status !== 'ok') throw new Error(readProblem(r));
  const text = r.bytes.toString('utf8');
  if (!text.trim()) return {};
  const json = JSON.parse(text) as unknown;
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error(`${file} is not a JSON object`);
  return json as Settings;
}

/** Refuses a settings folder that is a link: a cloned repository's `.claude -> ~/somewhere` would otherwise carry
 * the write (and the backup) out of the project. A link the user made on purpose is named with --settings. */
export function assertRealFolder(dir: string): void {
  try {
    if (lstatSync(dir).isSymbolicLink()) throw unsafePath(dir, 'is a symbolic link');
  } catch (err) {
    if (errCode(err) !== 'ENOENT') throw err;
  }
}

/** The first free name of `base`, `base.1`, `base.2`…, created exclusively: an earlier backup of the same second
 * is kept, and a planted link at the name is skipped, never written through. */
export function createBackup(base: string, bytes: Buffer, mode: number): string {
  for (let i = 0; ; i++) {
    const name = i === 0 ? base : `${base}.${i}`;
    try {
      createExclusive(name, bytes, mode);
      return name;
    } catch (err) {
      if (i >= 99 || !(err instanceof HookwardenError) || err.code !== 'E_UNSAFE_PATH') throw err;
    }
  }
}

/** Removes the earlier backups of `file` (`<file>.hookwarden-backup-<time>[.<n>]`, plain files only) but `keep`:
 * each install or uninstall leaves the one backup of what it changed, not one more per run. */
export function pruneBackups(file: string, keep: string): void {
  const dir = dirname(file);
  const prefix = `${basename(file)}.hookwarden-backup-`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(dir, name);
    if (!name.startsWith(prefix) || path === keep || !/^\d+(?:\.\d+)?$/.test(name.slice(prefix.length))) continue;
    try {
      if (lstatSync(path).isFile()) unlinkSync(path);
    } catch {
      // Gone already, or not ours to remove: left as it is.
    }
  }
}

/**
 * Backs up the current file (the earlier backups removed: at most one is kept), then writes atomically. `wanted` (0o600 when the file holds the daemon token) is
 * applied to the new file and to the backup; otherwise both keep the current file's mode (new files 0644). Never
 * writes through a link (docs/security.md): a settings file or folder that is a link, or a special file, is refused
 * (E_UNSAFE_PATH, nothing changed); the backup and the tmp file are created exclusively.
 */
export function writeSettings(file: string, settings: Settings, backupSuffix: string, wanted?: number): string | null {
  assertRealFolder(dirname(file));
  assertReplaceable(file);
  mkdirSync(dirname(file), { recursive: true });
  assertRealFolder(dirname(file));
  const current = readRegularFile(file, { maxBytes: MAX_SETTINGS_BYTES });
  if (current.status !== 'ok' && current.status !== 'missing') throw new Error(`cannot read ${file}: ${current.reason}`);
  let backup: string | null = null;
  // Without a wanted mode the file keeps its own (a settings file the user made private stays private).
  const mode = wanted ?? (current.status === 'ok' ? lstatSync(file).mode & 0o777 : 0o644);
  if (current.status === 'ok') backup = createBackup(`${file}.hookwarden-backup-${backupSuffix}`, current.bytes, mode);
  if (backup) pruneBackups(file, backup);
  writeFileAtomic(file, `${JSON.stringify(settings, null, 2)}\n`, mode);
  return backup;
}

/** What one entry runs, as a change line shows it: its command, or its url. */
const shown = (x: Handler): string => (x.type === 'http' ? String(x.url) : String(x.command));

/** One event's entry changed by install: what was there (null: nothing of ours) and what is there now. */
export interface EntryChange {
  event: string;
  from: string | null;
  to: string;
}

/**
 * Brings each of our events (HOOK_EVENTS) to exactly one handler of ours, the one this mode wants: left alone when it is
 * already there (and its group has the right matcher), else every handler of ours for that event (either mode, any
 * version's form, any install root: an upgrade in place) is removed and the wanted one put where the first of them
 * was (or appended). `changed` counts events touched; `changes` says what each was and became.
 */
export function installHooks(settings: Settings, root: HookPlace, m: InstallMode = { mode: 'command' }, host: HostProfile = CLAUDE_CODE): { settings: Settings; changed: number; changes: EntryChange[] } {
  const hooks: Record<string, Group[]> = { ...(settings.hooks ?? {}) };
  const changes: EntryChange[] = [];
  let changed = 0;
  for (const h of host.events) {
    const want = desiredHandler(h, root, m, host);
    const matcher = h.matcher;
    const groups = [...(hooks[h.event] ?? [])];
    const ours = groups.flatMap((g, gi) => (g.hooks ?? []).map((x, xi) => ({ g, gi, x, xi }))).filter((o) => isOurs(o.x));
    const only = ours.length === 1 ? ours[0] : undefined;
    if (only && satisfies(only.x, want)) {
      // An earlier install's group (ours alone) with an older matcher is brought up to date (e.g. MCP tools added).
      if (matcher !== undefined && only.g.hooks.length === 1 && only.g.matcher !== matcher) {
        changes.push({ event: h.event, from: `matcher ${only.g.matcher ?? '(none)'}`, to: `matcher ${matcher}` });
        groups[only.gi] = { ...only.g, matcher };
        hooks[h.event] = groups;
        changed++;
      }
      continue;
    }
    const fresh = (g?: Group): Group => {
      const { matcher: _old, hooks: _h, ...rest } = g ?? { hooks: [] };
      return { ...rest, ...(matcher !== undefined ? { matcher } : {}), hooks: [want] };
    };
    let next: Group[];
    if (!ours.length) next = [...groups, fresh()];
    else {
      const first = ours[0]!;
      next = [];
      groups.forEach((g, gi) => {
        const kept = (g.hooks ?? []).filter((x) => !isOurs(x));
        // Our handler alone in its group: the group is replaced in place (its other keys kept).
        if (gi === first.gi && !kept.length) next.push(fresh(g));
        else {
          if (kept.length || !(g.hooks ?? []).length) next.push(kept.length === (g.hooks ?? []).length ? g : { ...g, hooks: kept });
          if (gi === first.gi) next.push(fresh());
        }
      });
    }
    hooks[h.event] = next;
    changes.push({ event: h.event, from: ours[0] ? shown(ours[0].x) : null, to: shown(want) });
    changed++;
  }
  return { settings: { ...settings, hooks }, changed, changes };
}

/** Command-mode install (kept for callers of the earlier API). */
export function addHooks(settings: Settings, root: string): { settings: Settings; changed: number } {
  return installHooks(settings, root, { mode: 'command' });
}

/** What every entry of ours in a settings file runs (commands and urls), for telling two files apart. */
export function oursIn(settings: Settings): string[] {
  return Object.values(settings.hooks ?? {}).flatMap((groups) => (Array.isArray(groups) ? groups : []).flatMap((g) => (Array.isArray(g?.hooks) ? g.hooks : []).filter(isOurs).map(shown)));
}

/** Removes every handler of ours, both kinds, written by any version for any install root; groups left empty go,
 * events left empty go. (`root` and `host` are kept for callers of the earlier API: what is ours is the form.) */
export function removeHooks(settings: Settings, _root?: string, _host?: HostProfile): { settings: Settings; changed: number } {
  if (!settings.hooks) return { settings, changed: 0 };
  const hooks: Record<string, Group[]> = {};
  let removed = 0;
  for (const [event, groups] of Object.entries(settings.hooks)) {
    const kept: Group[] = [];
    for (const g of groups) {
      const handlers = (g.hooks ?? []).filter((x) => !isOurs(x));
      removed += (g.hooks ?? []).length - handlers.length;
      if (handlers.length) kept.push(handlers.length === (g.hooks ?? []).length ? g : { ...g, hooks: handlers });
      else if (!(g.hooks ?? []).length) kept.push(g);
    }
    if (kept.length) hooks[event] = kept;
  }
  const next: Settings = { ...settings, hooks };
  if (!Object.keys(hooks).length) delete next.hooks;
  return { settings: next, changed: removed };
}
