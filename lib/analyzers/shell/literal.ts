// Values the shell computes from literals, recovered so that what runs is judged, not how it was spelled:
// `$(echo rm)`, `"$(which rm)"`, `rm -rf $(echo /)`, the words `echo … |` feeds to `sh` or `xargs`, and
// the items a `for x in …` loop binds.

import { parse } from 'shell-quote';
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
  return words.join(' ');
}

/** find tests that narrow what is found; without one, the start path itself is among the results. */
const FIND_FILTERS: ReadonlySet<string> = new Set([
  '-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-newer', '-mtime', '-mmin',
  '-atime', '-amin', '-ctime', '-cmin', '-size', '-empty', '-user', '-group', '-perm', '-inum', '-samefile', '-links', '-mindepth',
]);

/**
 * What `find P… [tests]` yields, as paths to judge: each start path itself when nothing filters the
 * results (find / yields / first), else a stand-in entry below it.
 */
export function findResults(argv: readonly string[]): string[] {
  let end = 1;
  while (end < argv.length && !/^[-(!]/.test(argv[end] as string)) end++;
  const starts = end > 1 ? argv.slice(1, end) : ['.'];
  const filtered = argv.some((a) => FIND_FILTERS.has(a));
  return starts.map((p) => (filtered ? `${p.replace(/\/+$/, '')}/entry` : p));
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

/** The replace token of an xargs invocation (-I X, -IX, -i, --replace[=X], BSD -J X), if any. */
export function xargsToken(words: readonly string[]): string | undefined {
  const at = words.findIndex((w) => w === 'xargs' || w.endsWith('/xargs'));
  if (at < 0) return undefined;
  for (let i = at + 1; i < words.length; i++) {
    const w = words[i] as string;
    if (!w.startsWith('-') || w === '--') return undefined;
    if (w === '-I' || w === '-J') return words[i + 1] || undefined;
    if (/^-[IJ]./.test(w)) return w.slice(2);
    if (w === '-i' || w === '--replace' || w === '--replace=') return '{}';
    if (w.startsWith('--replace=')) return w.slice(10);
    if (w.startsWith('-i')) return w.slice(2);
  }
  return undefined;
}
