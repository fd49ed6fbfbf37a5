// A git segment's argv split the way git reads it: global options (`-C dir` moves the directory), the
// subcommand, its arguments. Pure.

import { posix } from 'node:path';

export interface GitCall {
  /** Absolute directory git runs in, after every `-C`. */
  dir: string;
  sub: string;
  rest: string[];
}

/** Global options that take the next word as their value. */
const VALUE_GLOBALS: ReadonlySet<string> = new Set(['-c', '--config-env', '--exec-path']);
/** Global options that point git at another repository or worktree: the probe does not follow them. */
const ELSEWHERE: ReadonlySet<string> = new Set(['--git-dir', '--work-tree', '--namespace', '--super-prefix']);

/** undefined: git is pointed somewhere the probe cannot follow (`--git-dir`, `--work-tree`), or no subcommand. */
export function readGitCall(argv: readonly string[], cwd: string): GitCall | undefined {
  let dir = cwd;
  let i = 1;
  while (i < argv.length) {
    const a = argv[i] as string;
    if (a === '-C') {
      const to = argv[i + 1];
      if (to === undefined) return undefined;
      if (to !== '') dir = posix.resolve(dir, to);
      i += 2;
      continue;
    }
    if (!a.startsWith('-')) break;
    const name = a.split('=')[0] as string;
    if (ELSEWHERE.has(name)) return undefined;
    i += VALUE_GLOBALS.has(a) ? 2 : 1;
  }
  const sub = argv[i];
  return sub === undefined ? undefined : { dir, sub, rest: argv.slice(i + 1) };
}

