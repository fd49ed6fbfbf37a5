// install/uninstall for the hosts that have no HostProfile path in install.ts (Cursor, OpenCode), and
// install --agent all / uninstall --agent all: every host found on this machine (its folder in HOME or its program
// on PATH: table.ts detect), one line per host, idempotent. A host that fails (a link refused, a file that is not
// JSON) is reported on its line and the others still go; the exit code is then 1. Uninstall looks at every host's
// file whether or not the host is still found, so nothing of ours is left behind by a host removed since.

import { HookwardenError } from '../../errors.js';
import type { CliIO } from '../io.js';
import { placeFor } from './place.js';
import { detect, hostFile, hostNotes, HOSTS, installFor, uninstallFor, type HostName, type Outcome, type Scope } from './table.js';

/** One line per entry an install replaced: what an earlier install (or version) wrote → what is there now. */
export const changeLines = (o: Pick<Outcome, 'changes'>, indent: string): string =>
  (o.changes ?? []).filter((c) => c.from !== null && c.from !== c.to).map((c) => `${indent}${c.event}: ${c.from} → ${c.to}\n`).join('');

/** Installs for one host: the place its commands name (project scope: never this machine's path), then the file. */
function install(host: HostName, file: string, scope: Scope, root: string, io: CliIO, node: string, explicit: boolean): Outcome {
  const where = placeFor(host, scope, root, io.env.CLAUDE_PROJECT_DIR ?? io.cwd, io.env, explicit);
  if ('refused' in where) throw new Error(where.refused);
  return installFor(host, file, root, String(io.now()), node, where.place);
}

const describe = (o: Outcome, file: string): string => {
  const backup = o.backup ? ` (backup: ${o.backup})` : '';
  if (file.endsWith('.js')) return `${o.status === 'installed' ? 'installed the plugin' : o.status === 'removed' ? 'removed the plugin' : o.status === 'already' ? 'already installed' : 'no plugin of hookwarden\'s'} ${o.status === 'removed' ? 'from' : 'in'} ${file}${backup}`;
  switch (o.status) {
    case 'installed':
      return `installed ${o.changed} ${o.changed === 1 ? 'entry' : 'entries'} in ${file}${backup}`;
    case 'already':
      return `already installed${o.http ? ' (http: the daemon\'s hooks are kept)' : ''} in ${file}`;
    case 'removed':
      return `removed ${o.changed} ${o.changed === 1 ? 'entry' : 'entries'} from ${file}${backup}`;
    case 'none':
      return `nothing of hookwarden's in ${file}`;
  }
};

const problem = (err: unknown): string =>
  err instanceof HookwardenError && err.code === 'E_UNSAFE_PATH' ? `${err.message}; nothing changed` : (err as Error).message;

/** One host, one file (install --agent cursor|opencode): the outcome, then what the user must know. */
export function runOne(action: 'install' | 'uninstall', host: HostName, file: string, scope: Scope, root: string, io: CliIO, node: string, explicit = false): number {
  try {
    const o = action === 'install' ? install(host, file, scope, root, io, node, explicit) : uninstallFor(host, file, String(io.now()));
    const notes = o.status === 'installed' ? hostNotes(host, scope).map((n) => `  ${n}\n`).join('') : '';
    const nothing = o.status === 'already' || o.status === 'none' ? '; nothing changed' : '';
    io.out(`${host}: ${describe(o, file)}${nothing}\n${changeLines(o, '  ')}${notes}`);
    return 0;
  } catch (err) {
    io.err(`hookwarden ${action}: ${host}: ${problem(err)}\n`);
    return 1;
  }
}

export function runAll(action: 'install' | 'uninstall', scope: Scope, root: string, io: CliIO, node: string): number {
  let failed = 0;
  const width = Math.max(...HOSTS.map((h) => h.length)) + 1;
  const line = (host: HostName, text: string): void => io.out(`${`${host}:`.padEnd(width)} ${text}\n`);
  for (const host of HOSTS) {
    const file = hostFile(host, scope, io.env, io.cwd);
    const seen = detect(host, io.env);
    if (action === 'install' && !seen.found) {
      line(host, `skipped (${seen.why})`);
      continue;
    }
    try {
      const o = action === 'install' ? install(host, file, scope, root, io, node, false) : uninstallFor(host, file, String(io.now()));
      line(host, describe(o, file));
      io.out(changeLines(o, ' '.repeat(width + 3)));
      if (o.status === 'installed') for (const n of hostNotes(host, scope)) io.out(`${' '.repeat(width + 3)}${n}\n`);
    } catch (err) {
      failed++;
      line(host, `failed: ${problem(err)}`);
    }
  }
  return failed ? 1 : 0;
}
