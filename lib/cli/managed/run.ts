// install --managed / uninstall --managed: hookwarden's hook entries in each agent's managed location (targets.ts)
// under --root (default /), one line per agent. The entries run this install's bundles by absolute path
// (`node "<root>/dist/hooks/<hook>.js" [--agent <host>]`; Cursor names node by its absolute path too): a managed
// entry runs for every user of the machine, so it names neither npx nor a checkout in someone's home folder (refused
// with one line unless --allow-home-path). Idempotent, one backup of a file it changes, and uninstall removes exactly
// what install added (an admin's own file comes back byte for byte).

import { readFileSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { HookwardenError } from '../../errors.js';
import { currentUid } from '../../fs/checks.js';
import type { CliIO } from '../io.js';
import { missingBundle, PROFILES } from '../hosts/table.js';
import { CURSOR_EVENTS } from '../hosts/cursor.js';
import { installEdit, sameContent, uninstallEdit } from './edit.js';
import { managedAgent, managedFile, MANAGED_AGENTS, TARGETS, type ManagedAgent, type ManagedTarget } from './targets.js';
import { backupsOf, keepOriginal, original, readManaged, writeManaged } from './write.js';

export interface ManagedOptions {
  agent: string;
  /** --root as given (undefined: the real system root, /). */
  root?: string;
  only: boolean;
  allowHome: boolean;
}

const real = (p: string): string => {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
};

/** The home folder `path` lies under, or null: $HOME, the running user's, and the usual parents of homes. */
export function homeOf(path: string, env: NodeJS.ProcessEnv): string | null {
  const p = real(path);
  const homes = [env.HOME, homedir(), '/home', '/root', '/Users'].filter((h): h is string => !!h && h !== '/').map(real);
  return homes.find((h) => p === h || p.startsWith(h + sep)) ?? null;
}

const problem = (err: unknown): string => (err instanceof HookwardenError && err.code === 'E_UNSAFE_PATH' ? `${err.message}; nothing changed` : (err as Error).message);

/** The agents an --agent value names, or null. */
function agentsOf(name: string): ManagedAgent[] | null {
  if (name === 'all') return [...MANAGED_AGENTS];
  const one = managedAgent(name);
  return one ? [one] : null;
}

/** What the admin must know after installing for one agent. */
function notes(t: ManagedTarget, only: boolean, file: string, scratch: boolean): string[] {
  const out: string[] = [];
  if (only && 'none' in t.onlySwitch) out.push(`--managed-only: ${t.onlySwitch.none}`);
  if (t.agent === 'copilot') {
    const st = statSync(file);
    if (st.uid !== 0) out.push(`${file} is owned by uid ${st.uid}: Copilot CLI ignores a policy file not owned by root (chown root ${scratch ? 'it when you copy it into place' : 'it'})`);
  }
  if (t.agent === 'codex') out.push('Codex runs managed hooks without asking anyone to trust them in /hooks');
  if (t.agent === 'cursor') out.push('Cursor reads hooks.json when it starts: restart it on every machine; the guard entries say failClosed');
  return out;
}

/** Why the real system root may not be written by this user (the agents' files under /etc are root's), or null. */
export function rootProblem(action: 'install' | 'uninstall', scratch: boolean, uid: number | null): string | null {
  if (scratch || uid === null || uid === 0) return null;
  return `hookwarden ${action} --managed: the agents' managed files under /etc belong to root: run it as root (sudo), or stage them under a folder with --root <dir>`;
}

export function runManaged(action: 'install' | 'uninstall', o: ManagedOptions, installRoot: string, io: CliIO, node: string): number {
  const agents = agentsOf(o.agent);
  if (!agents) {
    io.err(`hookwarden ${action} --managed: unknown agent ${o.agent}; --agent is one of ${MANAGED_AGENTS.join(', ')}, all\n`);
    return 2;
  }
  const scratch = o.root !== undefined;
  const root = resolve(io.cwd, o.root ?? '/');
  const notRoot = rootProblem(action, scratch, currentUid());
  if (notRoot) {
    io.err(`${notRoot}\n`);
    return 1;
  }
  const place = real(installRoot);
  if (action === 'install') {
    const home = [place, node].map((p) => homeOf(p, io.env)).find((h) => h !== null);
    if (home && !o.allowHome) {
      io.err(`hookwarden install --managed: this hookwarden (${place}, node ${node}) is under the home folder ${home}: a managed entry runs for every user, who may not be able to read it and must not be able to change it; install hookwarden globally (npm i -g hookwarden) and run that one's install --managed, or pass --allow-home-path\n`);
      return 1;
    }
    const hooks = [...new Set(agents.flatMap((a) => (TARGETS[a].format === 'cursor' ? CURSOR_EVENTS.map((e) => e.hook) : (PROFILES[TARGETS[a].host]?.events ?? []).map((e) => e.hook))))];
    const missing = missingBundle(place, hooks);
    if (missing) {
      io.err(`hookwarden install --managed: ${missing}\n`);
      return 1;
    }
  }
  const width = Math.max(...agents.map((a) => a.length)) + 1;
  let failed = 0;
  for (const agent of agents) {
    const t = TARGETS[agent];
    const file = managedFile(t, root);
    const line = (text: string): void => io.out(`${`${agent}:`.padEnd(width)} ${text}\n`);
    try {
      const text = readManaged(file);
      if (action === 'install') {
        const edit = installEdit(t, file, text, place, node, o.only);
        if ('refused' in edit) {
          failed++;
          line(`refused: ${edit.refused}; nothing changed`);
          continue;
        }
        if (!edit.changed) {
          line(`already installed in ${file}; nothing changed`);
          continue;
        }
        // An admin's JSON file that holds nothing of ours yet is kept as it is, for uninstall to put back byte for byte.
        if (text !== null && !t.own && t.format !== 'toml' && !uninstallEdit(t, file, text).changed) keepOriginal(file, text);
        const backup = writeManaged(file, edit.text, String(io.now()));
        line(`installed ${edit.changed} ${edit.changed === 1 ? 'entry' : 'entries'} in ${file}${backup ? ` (backup: ${backup})` : ''}`);
        for (const n of notes(t, o.only, file, scratch)) io.out(`${' '.repeat(width + 3)}${n}\n`);
      } else {
        const edit = uninstallEdit(t, file, text);
        if (!edit.changed) {
          line(`nothing of hookwarden's in ${file}`);
          continue;
        }
        // The admin's file as it was before install, when what is left is what its backup holds.
        const left = edit.left ?? '';
        const kept = original(file);
        const restored = [...(kept !== null ? [kept] : []), ...backupsOf(file).reverse()].find((b) => sameContent(t, b, left));
        const backup = writeManaged(file, restored ?? edit.text, String(io.now()));
        original(file, true);
        const gone = restored === undefined && edit.text === null;
        line(`removed ${edit.changed} ${edit.changed === 1 ? 'entry' : 'entries'} from ${file}${gone ? ' (nothing else was in it: the file is gone)' : ''}${backup ? ` (backup: ${backup})` : ''}`);
      }
    } catch (err) {
      failed++;
      line(`failed: ${problem(err)}`);
    }
  }
  if (action === 'install' && failed < agents.length) io.out(`every entry runs ${pinned(place)}: it is what every user's agent runs until you install another one there and re-run install --managed\n`);
  return failed ? 1 : 0;
}

/** The install the entries name, with its version (package.json), for the admin to pin. */
function pinned(place: string): string {
  try {
    const version = (JSON.parse(readFileSync(join(place, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return `hookwarden ${typeof version === 'string' ? version : '(no version)'} at ${place}`;
  } catch {
    return `the hookwarden at ${place}`;
  }
}
