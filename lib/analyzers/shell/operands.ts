// Operand and flag normalisation shared by the analyzer and the matcher.

import { posix } from 'node:path';
import type { ShellContext } from './types.js';

/** `$HOME` at the start of any path component (`/$HOME` is `//home/dev`, the home directory). */
const HOME_VAR = /(^|\/)(?:\$HOME|\$\{HOME\})(?=\/|$)/g;

/** Replace `$HOME`/`${HOME}` at the start of any path component by `home` (or `~` when home is unknown). */
export function expandHomeVar(word: string, home: string): string {
  if (!word.includes('$')) return word;
  return word.replace(HOME_VAR, (m, pre: string) => (home ? `${pre}${home}` : pre ? m : '~'));
}

/**
 * Normalise a path-like operand: `$HOME`/`${HOME}`/absolute paths under ctx.home become `~`-relative,
 * `.`/`..` segments and duplicate slashes collapse, trailing slashes go (except `/`), `./x` → `x`.
 * Globs stay literal. Words that are not paths (flags, URLs, `k=v`) come back unchanged in effect.
 */
export function normaliseOperand(word: string, ctx: ShellContext): string {
  if (word === '' || word.includes('://')) return word;
  const home = ctx.home?.startsWith('/') ? posix.normalize(ctx.home).replace(/\/+$/, '') : '';
  let w = expandHomeVar(word, home);
  // Expand ~ so that `~/..` resolves; it is folded back below.
  if (home && (w === '~' || w.startsWith('~/'))) w = `${home}${w.slice(1)}`;
  if (w.startsWith('/')) {
    w = posix.normalize(w);
    if (home && (w === home || w.startsWith(`${home}/`))) w = `~${w.slice(home.length)}`;
  } else if (w === '~' || w.startsWith('~/')) {
    const rest = posix.normalize(w.slice(1) || '/');
    w = rest === '/' ? '~' : `~${rest}`;
  } else if (w.includes('/') || w === '.' || w === '..') {
    w = posix.normalize(w);
  }
  if (w.length > 1 && w.endsWith('/')) w = w.replace(/\/+$/, '') || '/';
  return w;
}

export interface NormalisedArgs {
  /** Flags as written plus their expansions (-rf → -rf, -r, -f; --a=b → --a=b, --a). */
  flags: Set<string>;
  /** Positional words in order (option values included; git global options skipped). */
  operands: string[];
}

/** Programs whose single-dash words are whole options (find -delete, java -jar). */
const LONG_SINGLE_DASH = new Set(['find', 'java', 'javac', 'gcc', 'clang', 'ffmpeg', 'xcodebuild']);
const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
const GIT_VALUE_GLOBALS = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--exec-path', '--super-prefix']);

/** Split argv (argv[0] = program) into flags and positional operands. */
export function normaliseArgs(argv: readonly string[]): NormalisedArgs {
  const program = argv[0] ?? '';
  const flags = new Set<string>();
  const operands: string[] = [];
  const wholeSingle = LONG_SINGLE_DASH.has(program);
  let i = 1;
  if (program === 'git') {
    // Global options before the subcommand: -C dir, -c k=v, --git-dir=…, --no-pager, …
    while (i < argv.length) {
      const a = argv[i] as string;
      if (!a.startsWith('-') || a === '-' || a === '--') break;
      i += GIT_VALUE_GLOBALS.has(a) ? 2 : 1;
    }
  }
  let endOfOptions = false;
  for (; i < argv.length; i++) {
    const a = argv[i] as string;
    if (endOfOptions || a === '-' || !a.startsWith('-')) {
      operands.push(a);
      continue;
    }
    if (a === '--') {
      endOfOptions = true;
      continue;
    }
    flags.add(a);
    if (wholeSingle) {
      if (program === 'find' && FIND_EXEC.has(a)) {
        // Skip the executed command; the analyzer gives it its own segment.
        while (i + 1 < argv.length && argv[i + 1] !== ';' && argv[i + 1] !== '+') i++;
        i++;
      }
      continue;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 2) flags.add(a.slice(0, eq));
      continue;
    }
    const body = a.slice(1);
    if (/^\d+$/.test(body)) continue;
    for (const ch of body) {
      if (ch === '=') break;
      flags.add(`-${ch}`);
    }
  }
  return { flags, operands };
}
