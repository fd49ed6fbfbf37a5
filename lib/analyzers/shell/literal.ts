// Values the shell computes from literals, recovered so that what runs is judged, not how it was spelled:
// `$(echo rm)`, `"$(which rm)"`, `rm -rf $(echo /)`, the words `echo … |` feeds to `sh` or `xargs`, and
// the items a `for x in …` loop binds.

import { parse } from 'shell-quote';
import { ownEntry } from './tables.js';
import type { Segment } from './types.js';

const PRIVATE = /[\uE000-\uF8FF]/;
const ECHO = /^\s*(?:echo|printf)(?:\s+-[neE]+)*\s+(.*?)\s*$/s;
const LOOKUP = /^\s*(?:which|command\s+-v|type\s+-P|whereis\s+-b)\s+([A-Za-z0-9_.+-]+)\s*$/;

/** What `$(inner)` prints when inner only echoes literals or looks up a program; undefined otherwise. */
export function literalOutput(inner: string): string | undefined {
  // Anything that expands, nests or chains is not a literal.
  if (PRIVATE.test(inner) || /[$`;&|<>()]/.test(inner)) return undefined;
  const lookup = LOOKUP.exec(inner);
  if (lookup) return lookup[1];
  const echo = ECHO.exec(inner);
  if (!echo) return undefined;
  const words = parse(echo[1] as string);
  if (!words.every((w): w is string => typeof w === 'string')) return undefined;
  // `printf %s X` prints X (the format is not part of the output).
  if (/^\s*printf\b/.test(inner) && (words[0] === '%s' || words[0] === '%s\\n') && words.length > 1) return words.slice(1).join(' ');
  return words.join(' ');
}

/** find tests that narrow what is found; without one, the start path itself is among the results. */
const FIND_FILTERS: ReadonlySet<string> = new Set([
  '-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-newer', '-mtime', '-mmin',
  '-atime', '-amin', '-ctime', '-cmin', '-size', '-empty', '-user', '-group', '-perm', '-inum', '-samefile', '-links', '-mindepth',
]);

/** find's start paths (`.` when none is given). */
export function findStarts(argv: readonly string[]): string[] {
  let end = 1;
  while (end < argv.length && !/^[-(!]/.test(argv[end] as string)) end++;
  return end > 1 ? argv.slice(1, end) : ['.'];
}

/** Name tests whose pattern says what a found entry is called, and how to read it. */
const NAME_TESTS: Readonly<Record<string, { whole: boolean; regex: boolean; fold: boolean }>> = {
  '-name': { whole: false, regex: false, fold: false },
  '-iname': { whole: false, regex: false, fold: true },
  '-path': { whole: true, regex: false, fold: false },
  '-ipath': { whole: true, regex: false, fold: true },
  '-wholename': { whole: true, regex: false, fold: false },
  '-iwholename': { whole: true, regex: false, fold: true },
  '-regex': { whole: true, regex: true, fold: false },
  '-iregex': { whole: true, regex: true, fold: true },
};
const MAX_FOUND_NAMES = 4;
const MAX_PATTERN = 256;

/**
 * Stand-ins for what find yields below `start`, from its (not negated) name tests: `-name '*.pem'` →
 * `start/*.pem`, `-regex '.*id_rsa.*'` → `start/*id_rsa*`. Empty when no test names the entries.
 */
export function namedFindResults(argv: readonly string[], start: string): string[] {
  const dir = start.replace(/\/+$/, '');
  const out: string[] = [];
  for (let i = 1; i + 1 < argv.length && out.length < MAX_FOUND_NAMES; i++) {
    const test = ownEntry(NAME_TESTS, argv[i] as string);
    if (!test || argv[i - 1] === '!' || argv[i - 1] === '-not') continue;
    let pattern = argv[i + 1] as string;
    // A pattern only known at run time names nothing.
    if (pattern === '' || pattern.length > MAX_PATTERN || /\$[\w{(]|`/.test(pattern) || PRIVATE.test(pattern)) continue;
    if (test.fold) pattern = pattern.toLowerCase();
    const globs = test.regex ? regexGlobs(pattern) : [pattern];
    for (const glob of globs) {
      // -name sees the last component; -path/-regex the whole path, which begins with the start path.
      const found = !test.whole ? (glob.includes('/') ? undefined : `${dir}/${glob}`)
        : glob.startsWith(`${dir}/`) ? glob
        : glob.startsWith('*') ? `${dir}/${glob}` : undefined;
      if (found !== undefined && !out.includes(found)) out.push(found);
    }
  }
  return out.slice(0, MAX_FOUND_NAMES);
}

/**
 * What `find P… [tests]` yields, as paths to judge: each start path itself when nothing filters the
 * results (find / yields / first); else what its name tests say the entries are called (a glob, e.g.
 * `./*.pem`), else a stand-in entry below it.
 */
export function findResults(argv: readonly string[]): string[] {
  const starts = findStarts(argv);
  if (!argv.some((a) => FIND_FILTERS.has(a))) return starts;
  return starts.flatMap((p) => {
    const named = namedFindResults(argv, p);
    return named.length > 0 ? named : [`${p.replace(/\/+$/, '')}/entry`];
  });
}

/**
 * A find regex (emacs or extended syntax) as globs over the same names: `.*` → `*`, `.` → `?`, `\.` → `.`,
 * `[…]` kept, `(a|b)` → `{a,b}`, `x?` → `{x,}`, top-level alternatives → one glob each. Empty when the
 * regex uses anything else (back-references, counted repeats, classes like `\w`).
 */
export function regexGlobs(regex: string): string[] {
  const out: string[] = [];
  for (const alt of splitAlternatives(regex)) {
    const glob = regexGlob(alt.replace(/^\^/, '').replace(/(?<!\\)\$$/, ''));
    if (glob === undefined) return [];
    out.push(glob);
  }
  return out;
}

/** Top-level `|` / `\|` alternatives of a regex. */
function splitAlternatives(regex: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < regex.length; i++) {
    const c = regex[i] as string;
    const escaped = c === '\\';
    const d = escaped ? (regex[i + 1] ?? '') : c;
    if (d === '(') depth++;
    else if (d === ')') depth--;
    else if (d === '|' && depth === 0) {
      parts.push(regex.slice(start, i));
      start = i + (escaped ? 2 : 1);
    } else if (c === '[') {
      const close = regex.indexOf(']', i + (regex[i + 1] === ']' ? 2 : 1));
      if (close > 0) i = close;
      continue;
    }
    if (escaped) i++;
  }
  parts.push(regex.slice(start));
  return parts;
}

const GLOB_SPECIAL = /[*?[\]{},\\]/;

function regexGlob(regex: string): string | undefined {
  let out = '';
  let i = 0;
  // The glob of the last atom, so that a following `?`/`*`/`+` can apply to it.
  let atom = '';
  while (i < regex.length) {
    const c = regex[i] as string;
    let next = i + 1;
    if (c === '.') atom = '?';
    else if (c === '\\') {
      const e = regex[i + 1];
      next = i + 2;
      if (e === undefined || /[A-Za-z0-9]/.test(e)) return undefined;
      if (e === '(') {
        const close = groupEnd(regex, i + 2, true);
        if (close < 0) return undefined;
        const inner = groupGlob(regex.slice(i + 2, close), true);
        if (inner === undefined) return undefined;
        atom = inner;
        next = close + 2;
      } else if (e === ')' || e === '|') return undefined;
      else atom = GLOB_SPECIAL.test(e) ? `\\${e}` : e;
    } else if (c === '[') {
      const close = regex.indexOf(']', i + (regex[i + 1] === '^' ? 2 : 1) + 1);
      if (close < 0) return undefined;
      const body = regex.slice(i + 1, close);
      atom = `[${body.startsWith('^') ? `!${body.slice(1)}` : body}]`;
      next = close + 1;
    } else if (c === '(') {
      const close = groupEnd(regex, i + 1, false);
      if (close < 0) return undefined;
      const inner = groupGlob(regex.slice(i + 1, close), false);
      if (inner === undefined) return undefined;
      atom = inner;
      next = close + 1;
    } else if ('*+?{}|)^$'.includes(c)) return undefined;
    else atom = GLOB_SPECIAL.test(c) ? `\\${c}` : c;
    const quant = regex[next];
    if (quant === '*') {
      out += '*';
      next++;
    } else if (quant === '+') {
      out += atom === '?' ? '?*' : `${atom}*`;
      next++;
    } else if (quant === '?') {
      if (atom === '?' || atom.startsWith('{')) return undefined;
      out += `{${atom},}`;
      next++;
    } else out += atom;
    i = next;
  }
  return out;
}

/** Index of the `)` (or `\)`) closing a group whose body starts at `from`; -1 when unbalanced. */
function groupEnd(regex: string, from: number, escapedParens: boolean): number {
  let depth = 0;
  for (let i = from; i < regex.length; i++) {
    const c = regex[i] as string;
    if (escapedParens ? c === '\\' && regex[i + 1] === '(' : c === '(') depth++;
    else if (escapedParens ? c === '\\' && regex[i + 1] === ')' : c === ')') {
      if (depth === 0) return i;
      depth--;
    }
    if (c === '\\') i++;
  }
  return -1;
}

/** A group of literal alternatives (`pem|key`) as a brace glob; nested groups are not supported. */
function groupGlob(body: string, escapedParens: boolean): string | undefined {
  const alts = escapedParens ? body.split('\\|') : body.split('|');
  const globs = alts.map((a) => (/[()]/.test(a.replace(/\\./g, '')) ? undefined : regexGlob(a)));
  if (globs.some((g) => g === undefined || g.includes('{'))) return undefined;
  return globs.length === 1 ? globs[0] : `{${globs.join(',')}}`;
}

/** Words that a pipeline stage writes for the next one to read, when they are literal. */
export function fedWords(feeder: Segment | undefined): string[] | undefined {
  if (!feeder) return undefined;
  if (feeder.program === 'find' && !feeder.argv.some((a) => /^-(?:exec|execdir|ok|okdir|delete)$/.test(a))) return findResults(feeder.argv);
  const args = feeder.argv.slice(1);
  const printed = feeder.program === 'echo' ? echoArgs(args) : feeder.program === 'printf' ? args.slice(args[0]?.includes('%') ? 1 : 0) : undefined;
  return printed?.flatMap((a) => a.split(/\s+/)).filter(Boolean);
}

/** The script an `echo … | sh` pipeline runs. */
export function fedScript(feeder: Segment | undefined): string | undefined {
  if (!feeder) return undefined;
  const args = feeder.argv.slice(1);
  if (feeder.program === 'echo') return echoArgs(args).join(' ');
  return feeder.program === 'printf' ? args[0]?.replace(/\\n/g, '\n') : undefined;
}

/** echo's arguments without its leading -n/-e/-E option. */
function echoArgs(args: readonly string[]): string[] {
  return args.filter((a, i) => !(i === 0 && /^-[neE]+$/.test(a)));
}

/** The segment of the previous stage of the same pipeline, if it was analysed. */
export function previousStage(segments: readonly Segment[], pipeline: number, stage: number): Segment | undefined {
  if (stage === 0) return undefined;
  for (let i = segments.length - 1; i >= 0; i--) {
    const s = segments[i] as Segment;
    if (s.pipeline === pipeline && s.stage === stage - 1) return s;
  }
  return undefined;
}

/** Put input items into a command: in place of a replace token where one appears, else appended. */
export function fillArgs(cmd: readonly string[], items: readonly string[], token: string | undefined): string[] {
  if (token && cmd.some((w) => w.includes(token))) {
    // With a replace token the whole input line is one argument (xargs -I, parallel {}).
    const line = items.join(' ');
    return cmd.map((w) => w.split(token).join(line));
  }
  return [...cmd, ...items];
}

/** Options of xargs whose value is the next word (GNU and BSD). */
const XARGS_VALUED = /^(?:-[EdIJLnPs]|--(?:delimiter|max-args|max-procs|max-chars|process-slot-var|arg-file|replace))$/;

/** xargs's own options, walked once: its replace token (-I X, -IX, -i, --replace[=X], BSD -J X) and the file it
 * reads its items from (-a F, -aF, --arg-file[=F]). The walk stops at the command xargs runs. */
function xargsOptions(words: readonly string[]): { token?: string; file?: string } {
  const at = words.findIndex((w) => w === 'xargs' || w.endsWith('/xargs'));
  const out: { token?: string; file?: string } = {};
  if (at < 0) return out;
  for (let i = at + 1; i < words.length; i++) {
    const w = words[i] as string;
    if (!w.startsWith('-') || w === '--') break;
    const next = words[i + 1] || undefined;
    if (w === '-I' || w === '-J') out.token ??= next;
    else if (/^-[IJ]./.test(w)) out.token ??= w.slice(2);
    else if (w === '-i' || w === '--replace' || w === '--replace=') out.token ??= '{}';
    else if (w.startsWith('--replace=')) out.token ??= w.slice(10);
    else if (w.startsWith('-i')) out.token ??= w.slice(2);
    else if (w === '-a' || w === '--arg-file') out.file ??= next;
    else if (w.startsWith('--arg-file=')) out.file ??= w.slice(11) || undefined;
    else if (/^-a./.test(w)) out.file ??= w.slice(2);
    if (XARGS_VALUED.test(w) && w !== '--replace') i++;
  }
  return out;
}

/** The replace token of an xargs invocation, if any. */
export const xargsToken = (words: readonly string[]): string | undefined => xargsOptions(words).token;

/** The file an xargs invocation reads its items from, if any. */
export const xargsFile = (words: readonly string[]): string | undefined => xargsOptions(words).file;

/** The file a pipeline stage prints whole, for the next stage to read: `cat F` with one operand and no option. */
export function catFile(feeder: Segment | undefined): string | undefined {
  if (!feeder || feeder.program !== 'cat' || feeder.argv.length !== 2) return undefined;
  const f = feeder.argv[1] as string;
  return f.startsWith('-') ? undefined : f;
}
