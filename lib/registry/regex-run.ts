// A second thing every match of some regexes must contain, read off the source: a run of n characters of one
// class, where the regex's top level (no top-level `|`) holds a class repeated at least n times, as the secret
// patterns do (`[A-Za-z0-9/+]{40}` for an AWS secret key, `[A-Za-z0-9]{36}` for an npm token). Their literals
// ("secret", "npm_") are in every message that names such a rule (`secrets/aws-secret-access-key`), so the literal
// check (regex-literal.ts) lets them through, and compiling the AWS key's regex is ~0.3-0.5 ms of a process that
// runs it once. A short text with no such run cannot match: the regex is skipped without compiling it.
//
// Read: only a class of plain ASCII characters, ranges and \d \w (no negation, no other escape) quantified at least
// MIN_RUN times at the top level; anything else gives nothing, which only means the regex is always run. Under i
// both cases of a letter count; i with u (where ſ and the Kelvin sign fold to ASCII letters) and v give nothing.
// test/registry/regex-run.test.ts checks the property on every shipped secret regex's examples and generated
// matches.

import { alternatives, quantifier, skipClass, skipEscape, skipGroup } from './regex-literal.js';
import type { RegexSource } from './types.js';

/** Shorter runs are common in prose and paths: not worth a scan. */
const MIN_RUN = 16;
/** A longer text is not scanned (a character at a time in the interpreter): its regex runs as before. */
export const MAX_RUN_SCAN = 2048;

export interface RequiredRun {
  /** How many characters in a row. */
  length: number;
  /** Per ASCII code, 1 when the class holds it. */
  table: Uint8Array;
}

/** The ASCII characters of a class body (between `[` and `]`), or null when it holds anything else. */
function classTable(body: string, fold: boolean): Uint8Array | null {
  if (body.startsWith('^') || body === '') return null;
  const t = new Uint8Array(128);
  const add = (lo: number, hi: number): void => {
    for (let c = lo; c <= hi; c++) {
      t[c] = 1;
      if (fold && c >= 65 && c <= 90) t[c + 32] = 1;
      if (fold && c >= 97 && c <= 122) t[c - 32] = 1;
    }
  };
  let i = 0;
  const one = (): number | 'd' | 'w' | null => {
    const c = body.charCodeAt(i);
    if (c >= 128) return null;
    if (body[i] !== '\\') {
      i++;
      return c;
    }
    const e = body[i + 1];
    i += 2;
    if (e === 'd') return 'd';
    if (e === 'w') return 'w';
    // An escaped punctuation character is itself; any other escape (\s, \b, \x41, \u…) is not read.
    return e !== undefined && /^[!-/:-@[-`{-~]$/.test(e) ? e.charCodeAt(0) : null;
  };
  while (i < body.length) {
    const a = one();
    if (a === null) return null;
    if (a === 'd' || a === 'w') {
      add(48, 57);
      if (a === 'w') add(65, 90), add(97, 122), add(95, 95);
      continue;
    }
    if (body[i] === '-' && i + 1 < body.length) {
      i++;
      const b = one();
      if (b === null || b === 'd' || b === 'w' || b < a) return null;
      add(a, b);
    } else add(a, a);
  }
  return t;
}

/** The longest class run every match holds (see the top), or undefined. */
export function requiredRun(source: string, flags: string): RequiredRun | undefined {
  if (flags.includes('v') || (flags.includes('i') && flags.includes('u'))) return undefined;
  const alts = alternatives(source);
  if (!alts || alts.length !== 1) return undefined;
  let best: RequiredRun | undefined;
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    let next: number;
    if (c === '\\') next = skipEscape(source, i);
    else if (c === '(') next = skipGroup(source, i);
    else if (c === '[') {
      next = skipClass(source, i);
      const q = next < 0 ? undefined : quantifier(source, next);
      if (q && q.min >= MIN_RUN && (!best || q.min > best.length)) {
        const table = classTable(source.slice(i + 1, next - 1), flags.includes('i'));
        if (table) best = { length: q.min, table };
      }
    } else next = i + 1;
    if (next < 0) return undefined;
    const q = quantifier(source, next);
    if (q === null) return undefined;
    i = q ? next + q.length : next;
  }
  return best;
}

const runs = new WeakMap<RegexSource, RequiredRun | null>();

/** False when `text` (at most MAX_RUN_SCAN long) lacks the run every match of `src` holds: the regex cannot match. */
export function mayHoldRun(src: RegexSource, text: string): boolean {
  if (text.length > MAX_RUN_SCAN) return true;
  let run = runs.get(src);
  if (run === undefined) runs.set(src, (run = requiredRun(src.source, src.flags) ?? null));
  if (run === null) return true;
  const { length, table } = run;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && table[c] === 1) {
      if (++n >= length) return true;
    } else n = 0;
  }
  return false;
}
