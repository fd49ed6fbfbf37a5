// hookwarden install / uninstall: wire the built hooks into Claude Code settings, idempotently.

import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { shippedPatternsDir } from '../../hook/locations.js';
import { parseArgs, type CliIO, type Command } from '../io.js';
import { addHooks, HOOK_EVENTS, readSettings, removeHooks, writeSettings } from '../settings.js';

function settingsFile(a: ReturnType<typeof parseArgs>, io: CliIO): string | null {
  const explicit = a.options.get('settings');
  if (explicit) return resolve(io.cwd, explicit);
  const scope = a.options.get('scope') ?? 'project';
  if (scope === 'project') return join(io.env.CLAUDE_PROJECT_DIR ?? io.cwd, '.claude', 'settings.json');
  if (scope === 'user') return join(io.env.HOME ?? '', '.claude', 'settings.json');
  return null;
}

/** The hookwarden checkout or package the running CLI belongs to (patterns/ sits at its root). */
export const installRoot = (env: NodeJS.ProcessEnv): string => dirname(shippedPatternsDir(env));

const USAGE_TAIL =
  '  --scope project (default: ./.claude/settings.json) | user (~/.claude/settings.json); --settings FILE overrides both.';

type Settings = ReturnType<typeof readSettings>;

/** Shared by install and uninstall: parse arguments, read settings, apply one edit, back up and write. */
async function editSettings(
  cmd: Command,
  args: string[],
  io: CliIO,
  edit: (settings: Settings, root: string) => { settings: Settings; changed: number } | string,
  report: (changed: number, file: string, backup: string | null) => string,
  unchanged: (file: string) => string,
): Promise<number> {
  const a = parseArgs(args, { options: ['scope', 'settings'] });
  const file = settingsFile(a, io);
  if (a.unknown.length || a.positionals.length || !file) {
    io.err(`hookwarden ${cmd.name}: bad arguments\n${cmd.usage}\n`);
    return 2;
  }
  let settings: Settings;
  try {
    settings = readSettings(file);
  } catch (err) {
    io.err(`hookwarden ${cmd.name}: cannot read ${file}: ${(err as Error).message}; nothing changed\n`);
    return 1;
  }
  const result = edit(settings, installRoot(io.env));
  if (typeof result === 'string') {
    io.err(`hookwarden ${cmd.name}: ${result}\n`);
    return 1;
  }
  if (!result.changed) {
    io.out(unchanged(file));
    return 0;
  }
  const backup = writeSettings(file, result.settings, String(io.now()));
  io.out(report(result.changed, file, backup));
  return 0;
}

const backupNote = (backup: string | null): string => (backup ? ` (backup: ${backup})` : '');

export const installCommand: Command = {
  name: 'install',
  summary: 'add the hookwarden hooks to Claude Code settings (idempotent, with a backup)',
  usage: `hookwarden install [--scope project|user] [--settings FILE]\n${USAGE_TAIL}`,
  run(args, io) {
    return editSettings(
      this,
      args,
      io,
      (settings, root) => {
        const missing = HOOK_EVENTS.map((h) => join(root, 'dist', 'hooks', `${h.hook}.js`)).filter((f) => !existsSync(f));
        if (missing.length) return `${missing[0]} does not exist; run \`npm run build\` in ${root} first`;
        const r = addHooks(settings, root);
        return { settings: r.settings, changed: r.added };
      },
      (n, file, backup) => `installed ${n} hook entries in ${file}${backupNote(backup)}\n`,
      (file) => `hookwarden is already installed in ${file}; nothing changed\n`,
    );
  },
};

export const uninstallCommand: Command = {
  name: 'uninstall',
  summary: 'remove exactly the hook entries install added',
  usage: `hookwarden uninstall [--scope project|user] [--settings FILE]\n${USAGE_TAIL}`,
  run(args, io) {
    return editSettings(
      this,
      args,
      io,
      (settings, root) => {
        const r = removeHooks(settings, root);
        return { settings: r.settings, changed: r.removed };
      },
      (n, file, backup) => `removed ${n} hook entries from ${file}${backupNote(backup)}\n`,
      (file) => `no hookwarden hook entries in ${file}; nothing changed\n`,
    );
  },
};
