// Strip command wrappers (sudo, env, timeout, xargs, …), shell keywords and leading assignments from a
// segment's words so the judged program is the one that really runs. Options of each wrapper are
// skipped, including those that take a value (sudo -u root, timeout -s KILL 5, nice -n 10).

import { posix } from 'node:path';
import { parse } from 'shell-quote';
import { hasSub } from './markers.js';
import { stripRunner } from './runners.js';
import { type Lazy, lazyEntry } from './tables.js';

export interface Stripped {
  argv: string[];
  wrappers: string[];
  /** Loop/case headers (`for x in …`) carry no command. */
  drop?: boolean;
  /** Set when stripping gave up; the caller reports it as a parse error. */
  error?: string;
  /** `NAME=value` words put in the command's environment (leading, or given to env), in order. */
  assignments?: string[];
}

const MAX_WRAPPER_STEPS = 10_000;

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;
const LEADING_KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'do', 'while', 'until', '!', 'done', 'fi', 'esac', 'coproc']);
const HEADER_KEYWORDS = new Set(['for', 'select', 'case', 'in', ';;']);

export function isAssignment(word: string): boolean {
  return ASSIGNMENT.test(word);
}

export function baseName(word: string): string {
  if (hasSub(word) || !word.includes('/') || word.endsWith('/')) return word;
  return posix.basename(word);
}

export interface OptionWord {
  /** Option names in the word: `-czf` → -c, -z, -f; `--out=x` → --out. */
  names: string[];
  /** Value of the last name, attached (`-m5`, `--out=x`) or the next word (`-f x`, `--out x`). */
  value?: string;
  /** Index of the word after the option and its value. */
  next: number;
}

/**
 * Read the option word at `i` (getopt style). `valueShort`: short options that take the rest of their
 * cluster or, when last in it, the next word as value; `valueLong`: long options taking the next word when
 * written without `=`; `attachedShort`: short options whose optional value can only be attached (sed -i.bak).
 */
export function readOption(args: readonly string[], i: number, valueShort: string, valueLong: readonly string[] = [], attachedShort = ''): OptionWord {
  const a = args[i] as string;
  if (a.startsWith('--')) {
    const eq = a.indexOf('=');
    if (eq > 2) return { names: [a.slice(0, eq)], value: a.slice(eq + 1), next: i + 1 };
    return valueLong.includes(a) ? { names: [a], value: args[i + 1], next: i + 2 } : { names: [a], next: i + 1 };
  }
  const names: string[] = [];
  for (let k = 1; k < a.length; k++) {
    const ch = a[k] as string;
    names.push(`-${ch}`);
    if (valueShort.includes(ch)) {
      return k === a.length - 1 ? { names, value: args[i + 1], next: i + 2 } : { names, value: a.slice(k + 1), next: i + 1 };
    }
    if (attachedShort.includes(ch)) return { names, value: a.slice(k + 1), next: i + 1 };
  }
  return { names, next: i + 1 };
}

/**
 * Index of the first non-option word from `start`. `valueShort`: short options that take the next word as
 * value when last in their cluster; `valueLong`: long options taking a value when written without `=`.
 */
export function skipOptions(args: readonly string[], start: number, valueShort: string, valueLong: readonly string[] = []): number {
  let i = start;
  while (i < args.length) {
    const a = args[i] as string;
    if (a === '--') return i + 1;
    if (!a.startsWith('-') || a === '-') return i;
    i = readOption(args, i, valueShort, valueLong).next;
  }
  return i;
}

interface WrapperSpec {
  short: string;
  long?: string[];
  /** Extra positional words before the command (timeout's duration). */
  positionals?: number;
  /** Options after which there is no command to judge (command -v). */
  stopIf?: string[];
}

/** Each entry is built the first time a command runs its wrapper (lazyEntry). */
const WRAPPERS: Readonly<Record<string, Lazy<WrapperSpec>>> = {
  sudo: () => ({
    short: 'ughpCrtUTDR',
    long: ['--user', '--group', '--host', '--prompt', '--close-from', '--role', '--type', '--other-user', '--chdir', '--chroot', '--command-timeout'],
  }),
  doas: () => ({ short: 'uC' }),
  command: () => ({ short: '', stopIf: ['-v', '-V'] }),
  builtin: () => ({ short: '' }),
  exec: () => ({ short: 'a' }),
  nohup: () => ({ short: '' }),
  setsid: () => ({ short: '' }),
  nice: () => ({ short: 'n', long: ['--adjustment'] }),
  ionice: () => ({ short: 'cnPpu', long: ['--class', '--classdata', '--pid', '--pgid', '--uid'], stopIf: ['-p', '-P', '-u', '--pid', '--pgid', '--uid'] }),
  time: () => ({ short: 'fo', long: ['--format', '--output'] }),
  timeout: () => ({ short: 'sk', long: ['--signal', '--kill-after'], positionals: 1 }),
  xargs: () => ({
    short: 'aEdIJLnPs',
    long: ['--arg-file', '--delimiter', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'],
  }),
  stdbuf: () => ({ short: 'ioe', long: ['--input', '--output', '--error'] }),
  pkexec: () => ({ short: '', long: ['--user'] }),
  sem: () => ({ short: 'j', long: ['--id', '--jobs', '--semaphorename', '--timeout'] }),
  chroot: () => ({ short: '', long: ['--userspec', '--groups'], positionals: 1 }),
  busybox: () => ({ short: '' }),
  unbuffer: () => ({ short: '' }),
  caffeinate: () => ({ short: 'tw' }),
  flock: () => ({ short: 'wEc', long: ['--timeout', '--conflict-exit-code', '--command'], positionals: 1, stopIf: ['-c', '--command'] }),
  strace: () => ({ short: 'oeEpPsSuIbaXO', long: ['--output', '--trace', '--attach', '--user'] }),
  ltrace: () => ({ short: 'oeEpsSuAnl', long: ['--output'] }),
};

/** env: options, assignments, -u NAME, -C dir, -S "split string". Returns the rewritten argv tail. */
function stripEnv(args: string[], assignments: string[]): string[] | undefined {
  let i = 1;
  while (i < args.length) {
    const a = args[i] as string;
    if (a === '--') {
      i++;
      continue;
    }
    if (a === '-u' || a === '-C' || a === '-P' || a === '--unset' || a === '--chdir') {
      i += 2;
      continue;
    }
    const split = a === '-S' || a === '--split-string' ? args[i + 1] : a.startsWith('--split-string=') ? a.slice(15) : a.startsWith('-S') ? a.slice(2) : undefined;
    if (split !== undefined) {
      const words = parse(split).filter((w): w is string => typeof w === 'string');
      return [...words, ...args.slice(a === '-S' || a === '--split-string' ? i + 2 : i + 1)];
    }
    if (isAssignment(a) || (a.startsWith('-') && a.length > 1) || a === '-') {
      if (isAssignment(a)) assignments.push(a);
      i++;
      continue;
    }
    break;
  }
  return i < args.length ? args.slice(i) : undefined;
}

/** Remove wrappers, keywords and assignments; keeps a wrapper in place when nothing would follow it. */
export function stripWrappers(words: readonly string[]): Stripped {
  let argv = [...words];
  const wrappers: string[] = [];
  const assignments: string[] = [];
  // Every step drops at least one word (or, for env -S, characters), so this ends; the cap is a backstop.
  for (let guard = 0; argv.length > 0; guard++) {
    if (guard >= MAX_WRAPPER_STEPS) return { argv, wrappers, error: 'too many wrappers' };
    const first = argv[0] as string;
    if (HEADER_KEYWORDS.has(first)) return { argv: [], wrappers, drop: true };
    if (LEADING_KEYWORDS.has(first)) {
      argv = argv.slice(1);
      continue;
    }
    if (isAssignment(first)) {
      assignments.push(first);
      wrappers.push(`${first.slice(0, first.indexOf('='))}=`);
      argv = argv.slice(1);
      continue;
    }
    const name = baseName(first);
    let rest: string[] | undefined;
    if (name === 'env') rest = stripEnv(argv, assignments);
    else {
      const spec = lazyEntry(WRAPPERS, name);
      if (!spec) {
        const runner = stripRunner(argv);
        if (!runner) break;
        wrappers.push(runner.name);
        argv = runner.rest;
        continue;
      }
      if (spec.stopIf?.some((o) => argv.slice(1).includes(o))) break;
      const at = skipOptions(argv, 1, spec.short, spec.long) + (spec.positionals ?? 0);
      rest = at < argv.length ? argv.slice(at) : undefined;
    }
    if (!rest || rest.length === 0) break;
    wrappers.push(name);
    argv = rest;
  }
  return assignments.length > 0 ? { argv, wrappers, assignments } : { argv, wrappers };
}
