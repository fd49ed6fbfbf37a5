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

interface SettingsEdit {
  name: string;
  summary: string;
  /** Returns the edited settings and how many handlers changed, or an error message. */
  edit: (settings: Settings, root: string) => { settings: Settings; changed: number } | string;
  done: string;
  unchanged: string;
}

/** install and uninstall: parse arguments, read settings, apply one edit, back up and write atomically. */
function settingsCommand(spec: SettingsEdit): Command {
  const usage = `hookwarden ${spec.name} [--scope project|user] [--settings FILE]\n${USAGE_TAIL}`;
  return {
    name: spec.name,
    summary: spec.summary,
    usage,
    async run(args, io) {
      const a = parseArgs(args, { options: ['scope', 'settings'] });
      const file = settingsFile(a, io);
      if (a.unknown.length || a.positionals.length || !file) {
        io.err(`hookwarden ${spec.name}: bad arguments\n${usage}\n`);
        return 2;
      }
      let settings: Settings;
      try {
        settings = readSettings(file);
      } catch (err) {
        io.err(`hookwarden ${spec.name}: cannot read ${file}: ${(err as Error).message}; nothing changed\n`);
        return 1;
      }
      const result = spec.edit(settings, installRoot(io.env));
      if (typeof result === 'string') {
        io.err(`hookwarden ${spec.name}: ${result}\n`);
        return 1;
      }
      if (!result.changed) {
        io.out(`${spec.unchanged} ${file}; nothing changed\n`);
        return 0;
      }
      const backup = writeSettings(file, result.settings, String(io.now()));
      io.out(`${spec.done.replace('{n}', String(result.changed))} ${file}${backup ? ` (backup: ${backup})` : ''}\n`);
      return 0;
    },
  };
}

export const installCommand = settingsCommand({
  name: 'install',
  summary: 'add the hookwarden hooks to Claude Code settings (idempotent, with a backup)',
  edit: (settings, root) => {
    const missing = HOOK_EVENTS.map((h) => join(root, 'dist', 'hooks', `${h.hook}.js`)).filter((f) => !existsSync(f));
    if (missing.length) return `${missing[0]} does not exist; run \`npm run build\` in ${root} first`;
    return addHooks(settings, root);
  },
  done: 'installed {n} hook entries in',
  unchanged: 'hookwarden is already installed in',
});

export const uninstallCommand = settingsCommand({
  name: 'uninstall',
  summary: 'remove exactly the hook entries install added',
  edit: removeHooks,
  done: 'removed {n} hook entries from',
  unchanged: 'no hookwarden hook entries in',
});
