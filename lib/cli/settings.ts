// Claude Code settings.json editing for install/uninstall: add exactly our handlers, remove exactly them,
// keep everything else byte-for-byte in meaning, back up before changing, write atomically.

import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const HOOK_EVENTS = [
  { event: 'UserPromptSubmit', hook: 'user-prompt' },
  { event: 'PreToolUse', hook: 'pre-tool-use', matcher: '^(?:Bash|Write|Edit|MultiEdit|NotebookEdit|Read|Glob|Grep|mcp__.+)$' },
  { event: 'PostToolUse', hook: 'post-tool-use', matcher: '^(?:Bash|Write|Edit|MultiEdit|NotebookEdit|Read|Glob|Grep|mcp__.+)$' },
  { event: 'Stop', hook: 'stop' },
  { event: 'SessionStart', hook: 'session-start' },
] as const;

export const HOOK_TIMEOUT_SECONDS = 10;

interface Handler {
  type: string;
  command?: string;
  [k: string]: unknown;
}
interface Group {
  matcher?: string;
  hooks: Handler[];
  [k: string]: unknown;
}
type Settings = { hooks?: Record<string, Group[]>; [k: string]: unknown };

const quote = (p: string): string => `"${p.replace(/(["\\$`])/g, '\\$1')}"`;

/** The exact command install writes: node with an absolute bundle path, never npx. */
export function hookCommand(root: string, hook: string): string {
  return `node ${quote(join(root, 'dist', 'hooks', `${hook}.js`))}`;
}

export function readSettings(file: string): Settings {
  if (!existsSync(file)) return {};
  const text = readFileSync(file, 'utf8');
  if (!text.trim()) return {};
  const json = JSON.parse(text) as unknown;
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error(`${file} is not a JSON object`);
  return json as Settings;
}

export function writeSettings(file: string, settings: Settings, backupSuffix: string): string | null {
  mkdirSync(dirname(file), { recursive: true });
  let backup: string | null = null;
  if (existsSync(file)) {
    backup = `${file}.hookwarden-backup-${backupSuffix}`;
    copyFileSync(file, backup);
  }
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(settings, null, 2)}\n`);
  renameSync(tmp, file);
  return backup;
}

export function addHooks(settings: Settings, root: string): { settings: Settings; changed: number } {
  const hooks: Record<string, Group[]> = { ...(settings.hooks ?? {}) };
  let added = 0;
  for (const h of HOOK_EVENTS) {
    const command = hookCommand(root, h.hook);
    const groups = [...(hooks[h.event] ?? [])];
    const at = groups.findIndex((g) => g.hooks?.some((x) => x.type === 'command' && x.command === command));
    const own = groups[at];
    // An earlier install's group (ours alone) with an older matcher is brought up to date (e.g. MCP tools added).
    if (own && 'matcher' in h && own.hooks.length === 1 && own.matcher !== h.matcher) {
      groups[at] = { ...own, matcher: h.matcher };
      added++;
    }
    if (!own) {
      groups.push({
        ...('matcher' in h ? { matcher: h.matcher } : {}),
        hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS }],
      });
      added++;
    }
    hooks[h.event] = groups;
  }
  return { settings: { ...settings, hooks }, changed: added };
}

export function removeHooks(settings: Settings, root: string): { settings: Settings; changed: number } {
  if (!settings.hooks) return { settings, changed: 0 };
  const commands = new Set(HOOK_EVENTS.map((h) => hookCommand(root, h.hook)));
  const hooks: Record<string, Group[]> = {};
  let removed = 0;
  for (const [event, groups] of Object.entries(settings.hooks)) {
    const kept: Group[] = [];
    for (const g of groups) {
      const handlers = (g.hooks ?? []).filter((x) => !(x.type === 'command' && x.command && commands.has(x.command)));
      removed += (g.hooks ?? []).length - handlers.length;
      if (handlers.length) kept.push({ ...g, hooks: handlers });
      else if (!(g.hooks ?? []).length) kept.push(g);
    }
    if (kept.length) hooks[event] = kept;
  }
  const next: Settings = { ...settings, hooks };
  if (!Object.keys(hooks).length) delete next.hooks;
  return { settings: next, changed: removed };
}
