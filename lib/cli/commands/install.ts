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

export const installCommand: Command = {
  name: 'install',
  summary: 'add the hookwarden hooks to Claude Code settings (idempotent, with a backup)',
  usage: `hookwarden install [--scope project|user] [--settings FILE]\n${USAGE_TAIL}`,
  async run(args, io) {
    const a = parseArgs(args, { options: ['scope', 'settings'] });
    const file = settingsFile(a, io);
    if (a.unknown.length || a.positionals.length || !file) {
      io.err(`hookwarden install: bad arguments\n${this.usage}\n`);
      return 2;
    }
    const root = installRoot(io.env);
    const missing = HOOK_EVENTS.map((h) => join(root, 'dist', 'hooks', `${h.hook}.js`)).filter((f) => !existsSync(f));
    if (missing.length) {
      io.err(`hookwarden install: ${missing[0]} does not exist; run \`npm run build\` in ${root} first\n`);
      return 1;
    }
    let settings;
    try {
      settings = readSettings(file);
    } catch (err) {
      io.err(`hookwarden install: cannot read ${file}: ${(err as Error).message}; nothing changed\n`);
      return 1;
    }
    const { settings: next, added } = addHooks(settings, root);
    if (!added) {
      io.out(`hookwarden is already installed in ${file}; nothing changed\n`);
      return 0;
    }
    const backup = writeSettings(file, next, String(io.now()));
    io.out(`installed ${added} hook entries in ${file}${backup ? ` (backup: ${backup})` : ''}\n`);
    return 0;
  },
};

export const uninstallCommand: Command = {
  name: 'uninstall',
  summary: 'remove exactly the hook entries install added',
  usage: `hookwarden uninstall [--scope project|user] [--settings FILE]\n${USAGE_TAIL}`,
  async run(args, io) {
    const a = parseArgs(args, { options: ['scope', 'settings'] });
    const file = settingsFile(a, io);
    if (a.unknown.length || a.positionals.length || !file) {
      io.err(`hookwarden uninstall: bad arguments\n${this.usage}\n`);
      return 2;
    }
    let settings;
    try {
      settings = readSettings(file);
    } catch (err) {
      io.err(`hookwarden uninstall: cannot read ${file}: ${(err as Error).message}; nothing changed\n`);
      return 1;
    }
    const { settings: next, removed } = removeHooks(settings, installRoot(io.env));
    if (!removed) {
      io.out(`no hookwarden hook entries in ${file}; nothing changed\n`);
      return 0;
    }
    const backup = writeSettings(file, next, String(io.now()));
    io.out(`removed ${removed} hook entries from ${file}${backup ? ` (backup: ${backup})` : ''}\n`);
    return 0;
  },
};
