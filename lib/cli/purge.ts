// uninstall --purge: say what $HOOKWARDEN_HOME holds (audit lines, sessions, memory facts, config), then, confirmed
// (--yes, or "y" typed at a terminal), remove hookwarden's own entries in it and the folder once empty. Never a link
// (refused), never the home directory or a folder holding it (HOOKWARDEN_HOME=~ is allowed, and its audit/ or
// cache/ may be the user's own), and a file in it that hookwarden does not make is left, and named.

import { closeSync, existsSync, lstatSync, openSync, readdirSync, readFileSync, readSync, rmdirSync, rmSync } from 'node:fs';
import { isatty } from 'node:tty';
import { join, relative, resolve } from 'node:path';
import { hookwardenHome } from '../audit/paths.js';
import { oneLine } from '../errors.js';
import { homeDir } from '../fs/home-dir.js';
import type { CliIO } from './io.js';

/** What hookwarden makes in its home: folders, then files. */
const OURS = ['audit', 'state', 'memory', 'cache', 'heartbeat', 'config.json', 'patterns.json'];

const list = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

function countLines(file: string): number {
  let n = 0;
  const buf = Buffer.alloc(64 * 1024);
  const fd = openSync(file, 'r');
  try {
    for (let got = readSync(fd, buf); got > 0; got = readSync(fd, buf)) for (let i = 0; i < got; i++) if (buf[i] === 10) n++;
  } finally {
    closeSync(fd);
  }
  return n;
}

function facts(file: string): number {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { facts?: unknown };
    return Array.isArray(json.facts) ? json.facts.length : 0;
  } catch {
    return 0;
  }
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** One line: what the home holds. */
export function homeSummary(home: string): string {
  const auditFiles = list(join(home, 'audit')).filter((f) => f.endsWith('.jsonl'));
  const lines = auditFiles.reduce((n, f) => n + countLines(join(home, 'audit', f)), 0);
  const sessions = list(join(home, 'state', 'sessions')).filter((f) => f.endsWith('.json')).length;
  const stores = [join(home, 'memory', 'user.json'), ...list(join(home, 'memory', 'projects')).filter((f) => f.endsWith('.json')).map((f) => join(home, 'memory', 'projects', f))];
  const found = stores.filter((f) => existsSync(f));
  const factCount = found.reduce((n, f) => n + facts(f), 0);
  const config = ['config.json', 'patterns.json'].filter((f) => list(home).includes(f));
  return `${plural(lines, 'audit line')} (${plural(auditFiles.length, 'file')}), ${plural(sessions, 'session')}, ${plural(factCount, 'memory fact')} (${plural(found.length, 'store')}), config: ${config.length ? config.join(', ') : 'none'}`;
}

/** Why this home may not be purged, or undefined. */
function unsafe(home: string, env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  const holds = (dir: string): boolean => {
    const rel = relative(home, resolve(dir));
    return rel === '' || !rel.startsWith('..');
  };
  if (holds(env.HOME || homeDir())) return `it is your home directory or holds it; remove hookwarden's folders in it by hand (${OURS.join(', ')})`;
  if (holds(env.CLAUDE_PROJECT_DIR ?? cwd)) return `it holds this project; remove hookwarden's folders in it by hand (${OURS.join(', ')})`;
  try {
    if (lstatSync(home).isSymbolicLink()) return 'it is a symbolic link; remove it and what it points to by hand';
  } catch {
    return undefined;
  }
  return undefined;
}

/** The confirmation: --yes, or "y"/"yes" typed at a terminal (only the process's own IO can ask). */
function confirmed(io: CliIO, yes: boolean, home: string): boolean {
  if (yes) return true;
  io.err(`remove ${home} and everything above? [y/N] `);
  const buf = Buffer.alloc(64);
  let got = 0;
  try {
    got = readSync(0, buf, 0, buf.length, null);
  } catch {
    return false;
  }
  return /^\s*y(es)?\s*$/i.test(buf.subarray(0, got).toString('utf8'));
}

/** Whether uninstall may ask for the confirmation here: a terminal on stdin, and the process's own IO. */
export const canAsk = (io: CliIO): boolean => io.env === process.env && isatty(0);

/** Says what the home holds and, confirmed, removes it; returns the exit code. */
export function purgeHome(io: CliIO, yes: boolean): number {
  const home = hookwardenHome(io.env, () => io.env.HOME || homeDir());
  const why = unsafe(home, io.env, io.cwd);
  if (why) {
    io.err(`hookwarden uninstall --purge: not removing ${home}: ${why}\n`);
    return 1;
  }
  if (!existsSync(home)) {
    io.out(`${home} does not exist; nothing to purge\n`);
    return 0;
  }
  io.out(`${home} holds ${homeSummary(home)}\n`);
  if (!confirmed(io, yes, home)) {
    io.err('hookwarden uninstall --purge: not confirmed; nothing removed\n');
    return 1;
  }
  try {
    for (const name of OURS) rmSync(join(home, name), { recursive: true, force: true });
  } catch (err) {
    io.err(`hookwarden uninstall --purge: ${oneLine(err)}\n`);
    return 1;
  }
  const left = list(home);
  if (left.length) {
    io.out(`removed hookwarden's files from ${home}; left it, with what hookwarden did not make: ${left.slice(0, 5).join(', ')}${left.length > 5 ? '…' : ''}\n`);
    return 0;
  }
  rmdirSync(home);
  io.out(`removed ${home}\n`);
  return 0;
}
