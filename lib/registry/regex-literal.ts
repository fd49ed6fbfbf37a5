// What every match of a regular expression must contain, when it can be read off the source: one of a few plain
// strings. `^git(?:…)*\s+checkout\s…` needs "checkout", `\bnpm_[A-Za-z0-9]{36}\b` needs "npm_", a picomatch glob
// `^(?:(?:^|\/)\.ssh\/id_rsa)$` needs ".ssh/id_rsa", a cue list `(?<!…)(?:without\s+making…|go\s+ahead…)` needs
// "without" or "ahead" or …. A text holding none of them cannot match, so the matchers skip the regex without
// compiling it: V8 compiles a regex on its first run, and a hook process runs each once (the git text patterns,
// the secret and path patterns, the prompt cues were most of a call's route).
//
// Read: runs of plain characters (an escaped punctuation character is itself) at the top level and inside groups
// every match goes through; a top-level `|` gives one literal per alternative. Anything the reading is unsure of
// (an alternative with no plain character at all, a `{` that is not a quantifier, the v flag, a
// non-ASCII literal under i) gives nothing, which only means the regex is always run. Under i the check folds the
// text to lower case (and ſ to s, the one other character /s/iu matches). test/registry/regex-literal.test.ts
// checks the property on matches generated from every shipped regex.

import { isAscii } from '../text/letters.js';
import type { RegexSource } from './types.js';

const MIN_LITERAL = 1;

/** Index just past the escape at `i` (a backslash). */
export function skipEscape(s: string, i: number): number {
  const c = s[i + 1];
  if (c === undefined) return i + 1;
  if (c === 'u') {
    if (s[i + 2] === '{') {
      const end = s.indexOf('}', i + 3);
      return end < 0 ? s.length : end + 1;
    }
    return i + 6;
  }
  if (c === 'x') return i + 4;
  if (c === 'c') return i + 3;
  if ((c === 'p' || c === 'P') && s[i + 2] === '{') {
    const end = s.indexOf('}', i + 3);
    return end < 0 ? s.length : end + 1;
  }
  if (c === 'k' && s[i + 2] === '<') {
    const end = s.indexOf('>', i + 3);
    return end < 0 ? s.length : end + 1;
  }
  if (c >= '0' && c <= '9') {
    let j = i + 1;
    while (j < s.length && (s[j] as string) >= '0' && (s[j] as string) <= '9') j++;
    return j;
  }
  return i + 2;
}

/** Index just past the character class opening at `i`, or -1. */
export function skipClass(s: string, i: number): number {
  let j = i + 1;
  while (j < s.length) {
    if (s[j] === '\\') j = skipEscape(s, j);
    else if (s[j] === ']') return j + 1;
    else j++;
  }
  return -1;
}

/** Index just past the group opening at `i`, or -1. */
export function skipGroup(s: string, i: number): number {
  let depth = 0;
  let j = i;
  while (j < s.length) {
    const c = s[j];
    if (c === '\\') j = skipEscape(s, j);
    else if (c === '[') {
      j = skipClass(s, j);
      if (j < 0) return -1;
    } else {
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return j + 1;
      j++;
    }
  }
  return -1;
}

/** The quantifier at `i` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy), null for a `{` that is not one. */
export function quantifier(s: string, i: number): { min: number; length: number } | null | undefined {
  const c = s[i];
  let min: number;
  let length: number;
  if (c === '*' || c === '?') [min, length] = [0, 1];
  else if (c === '+') [min, length] = [1, 1];
  else if (c === '{') {
    const m = /^\{(\d+)(?:,(\d*))?\}/.exec(s.slice(i, i + 24));
    if (!m) return null;
    [min, length] = [Number(m[1]), m[0].length];
  } else return undefined;
  if (s[i + length] === '?') length++;
  return { min, length };
}

/** The top-level alternatives of a source, or null when it is not well formed as far as this reading goes. */
export function alternatives(s: string): string[] | null {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '\\') i = skipEscape(s, i);
    else if (c === '[' || c === '(') {
      i = c === '[' ? skipClass(s, i) : skipGroup(s, i);
      if (i < 0) return null;
    } else if (c === '|') {
      out.push(s.slice(start, i));
      start = ++i;
    } else i++;
  }
  out.push(s.slice(start));
  return out;
}

/** One of these strings is in every match of `alt` (a source without a top-level `|`), or null. */
function ofAlternative(alt: string): string[] | null {
  let best = '';
  let group: string[] | null = null;
  let run = '';
  const flush = () => {
    if (run.length > best.length) best = run;
    run = '';
  };
  let i = 0;
  while (i < alt.length) {
    const c = alt[i] as string;
    let next: number;
    let char: string | undefined;
    if (c === '\\') {
      next = skipEscape(alt, i);
      const e = alt[i + 1];
      // An escaped punctuation character (`\/`, `\.`, `\-`) is that character.
      if (next === i + 2 && e !== undefined && !/[A-Za-z0-9]/.test(e)) char = e;
    } else if (c === '[') next = skipClass(alt, i);
    else if (c === '(') {
      next = skipGroup(alt, i);
      // A group every match goes through (not a lookaround, not optional) holds a required set of its own.
      const q = next < 0 ? undefined : quantifier(alt, next);
      const open = /^\((?:\?:|\?<(?![=!])[^>]*>|(?!\?))/.exec(alt.slice(i, i + 64))?.[0];
      if (next > 0 && q !== null && (!q || q.min >= 1) && open) {
        const inner = anyOf(alt.slice(i + open.length, next - 1));
        if (inner && (!group || Math.min(...inner.map((x) => x.length)) > Math.min(...group.map((x) => x.length)))) group = inner;
      }
    } else if (c === '|' || c === ')' || c === ']' || c === '}' || c === '*' || c === '+' || c === '?' || c === '{') return null;
    else if (c === '^' || c === '$' || c === '.') next = i + 1;
    else {
      next = i + 1;
      char = c;
    }
    if (next < 0) return null;
    const q = quantifier(alt, next);
    if (q === null) return null;
    if (char !== undefined && (!q || q.min >= 1)) run += char;
    // Whatever is not a plain, unquantified character ends the run (a repeated one ends it after itself).
    if (char === undefined || q) flush();
    i = q ? next + q.length : next;
  }
  flush();
  // The more telling of the two: a set whose every member is longer than the best single string beats it (a glob's
  // `{/etc,/private/etc}/{sudoers,hosts}` needs one of "sudoers", "hosts", not merely "/", which every absolute path
  // holds); otherwise one string beats a set, and a string of MIN_LITERAL or more beats nothing.
  if (group && Math.min(...group.map((x) => x.length)) > best.length) return group;
  if (best.length >= MIN_LITERAL) return [best];
  return group;
}

function anyOf(source: string): string[] | null {
  const alts = alternatives(source);
  if (!alts) return null;
  const out: string[] = [];
  for (const a of alts) {
    const lits = ofAlternative(a);
    if (!lits) return null;
    out.push(...lits);
  }
  return [...new Set(out)];
}

/** Strings one of which is in every match of the regex, or undefined when none can be read (see the top). */
export function requiredLiterals(source: string, flags: string): string[] | undefined {
  // g and y change where a match may start, not what it holds; v changes the syntax of classes.
  if (flags.includes('v')) return undefined;
  const lits = anyOf(source);
  if (!lits?.length) return undefined;
  if (flags.includes('i')) {
    // Folding compares ASCII lower case: a non-ASCII literal would need Unicode case folding.
    if (!lits.every(isAscii)) return undefined;
    return [...new Set(lits.map((l) => l.toLowerCase()))];
  }
  return lits;
}

const read = new WeakMap<RegexSource, string[] | null>();

/** requiredLiterals of a compiled-registry regex: the compiler's (compile.ts), else read once per process. */
export function literalsOf(src: RegexSource): string[] | undefined {
  if (src.literals !== undefined) return src.literals ?? undefined;
  let lits = read.get(src);
  if (lits === undefined) {
    lits = requiredLiterals(src.source, src.flags) ?? null;
    read.set(src, lits);
  }
  return lits ?? undefined;
}

/** `text` as the literals of a regex with these flags are compared with it. */
export const foldFor = (flags: string, text: string): string => (flags.includes('i') ? text.toLowerCase().replace(/\u017f/g, 's') : text);

/** The literals of a regex, lowercased, for a case-insensitive comparison the regex itself does not ask for; null
 * when one holds a non-ASCII letter (its case folds are not plain lowercase: no pre-check). Once per regex. */
const loweredLits = new WeakMap<RegexSource, string[] | null>();

function lowered(src: RegexSource, lits: string[]): string[] | null {
  let low = loweredLits.get(src);
  if (low === undefined) {
    low = lits.every(isAscii) ? lits.map((l) => l.toLowerCase()) : null;
    loweredLits.set(src, low);
  }
  return low;
}

/** False when `text` cannot match `src` (it holds none of the literals every match holds); true when it might.
 * `extraFlags` as toRegExp takes them: an added i (a case-insensitive file system's paths) folds both sides.
 * Called per pattern and text, hundreds of times in one hook call: it allocates nothing once a regex's literals
 * are known (docs/performance.md). */
export function mightMatch(src: RegexSource, text: string, extraFlags = ''): boolean {
  let lits = literalsOf(src);
  if (lits === undefined) return true;
  const folded = extraFlags !== '' && extraFlags.includes('i') && !src.flags.includes('i');
  if (folded) {
    const low = lowered(src, lits);
    if (low === null) return true;
    lits = low;
  }
  const t = foldFor(folded ? 'i' : src.flags, text);
  for (let i = 0; i < lits.length; i++) if (t.includes(lits[i] as string)) return true;
  return false;
}
