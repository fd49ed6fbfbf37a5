// The longest run of plain characters every match of a regular expression must contain, when one can be read off
// its source: `^git(?:…)*\s+checkout\s…` needs "checkout", `\bnpm_[A-Za-z0-9]{36}\b` needs "npm_". A text without
// it cannot match, so the matcher skips the regex without compiling it: V8 compiles a pattern's regex on its first
// run, and a hook process runs each once (the git text patterns and the secret patterns were ~3 ms of a call).
//
// Only the top level of the source is read, and the groups every match goes through (picomatch wraps each glob in
// one): groups, classes and escapes (but an escaped punctuation character, which is that character) end a run, and
// anything the reading is
// unsure of (a top-level `|`, a `{` that is not a quantifier, the i, g, y or v flags) gives no literal, which only
// means the regex is always run. test/registry/regex-literal.test.ts checks the property on generated matches.

import type { RegexSource } from './types.js';

const MIN_LITERAL = 3;

/** Index just past the escape at `i` (a backslash). */
function skipEscape(s: string, i: number): number {
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

/** Index just past the character class opening at `i`. */
function skipClass(s: string, i: number): number {
  let j = i + 1;
  while (j < s.length) {
    if (s[j] === '\\') j = skipEscape(s, j);
    else if (s[j] === ']') return j + 1;
    else j++;
  }
  return -1;
}

/** Index just past the group opening at `i`, or -1. */
function skipGroup(s: string, i: number): number {
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

/** The quantifier at `i` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy): its least count and length. */
function quantifier(s: string, i: number): { min: number; length: number } | null | undefined {
  const c = s[i];
  let min: number;
  let length: number;
  if (c === '*' || c === '?') [min, length] = [0, 1];
  else if (c === '+') [min, length] = [1, 1];
  else if (c === '{') {
    const m = /^\{(\d+)(?:,(\d*))?\}/.exec(s.slice(i));
    if (!m) return null; // a `{` that is not a quantifier: not read
    [min, length] = [Number(m[1]), m[0].length];
  } else return undefined;
  if (s[i + length] === '?') length++;
  return { min, length };
}

export function requiredLiteral(source: string, flags: string): string | undefined {
  if (/[giyv]/.test(flags)) return undefined;
  let best = '';
  let run = '';
  const flush = () => {
    if (run.length > best.length) best = run;
    run = '';
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    let next: number;
    let literal = false;
    if (c === '\\') {
      next = skipEscape(source, i);
      // An escaped punctuation character (`\/`, `\.`, `\-`) is that character.
      const e = source[i + 1];
      if (next === i + 2 && e !== undefined && !/[A-Za-z0-9]/.test(e)) {
        const q = quantifier(source, next);
        if (q === null) return undefined;
        if (!q || q.min >= 1) run += e;
        if (q) flush();
        i = q ? next + q.length : next;
        continue;
      }
    } else if (c === '[') next = skipClass(source, i);
    else if (c === '(') {
      next = skipGroup(source, i);
      // A group every match goes through (not a lookaround, not optional) holds a required run of its own.
      const q = next < 0 ? undefined : quantifier(source, next);
      const open = /^\((?:\?:|\?<(?![=!])[^>]*>|(?!\?))/.exec(source.slice(i, i + 64))?.[0];
      if (next > 0 && q !== null && (!q || q.min >= 1) && open) {
        const inner = requiredLiteral(source.slice(i + open.length, next - 1), flags);
        if (inner && inner.length > best.length) best = inner;
      }
    } else if (c === '|' || c === ')' || c === ']' || c === '}') return undefined;
    else if (c === '^' || c === '$' || c === '.') next = i + 1;
    else if (c === '*' || c === '+' || c === '?' || c === '{') return undefined; // a quantifier with no atom
    else {
      next = i + 1;
      literal = true;
    }
    if (next < 0) return undefined;
    const q = quantifier(source, next);
    if (q === null) return undefined;
    if (literal && (!q || q.min >= 1)) run += c;
    // Whatever is not a plain, unquantified character ends the run (a repeated one ends it after itself).
    if (!literal || q) flush();
    i = q ? next + q.length : next;
  }
  flush();
  return best.length >= MIN_LITERAL ? best : undefined;
}

const literals = new WeakMap<RegexSource, string | null>();

/** requiredLiteral of a compiled-registry regex: the compiler's (compile.ts), else read once per process. */
export function literalOf(src: RegexSource): string | undefined {
  if (src.literal !== undefined) return src.literal ?? undefined;
  let lit = literals.get(src);
  if (lit === undefined) {
    lit = requiredLiteral(src.source, src.flags) ?? null;
    literals.set(src, lit);
  }
  return lit ?? undefined;
}

/** False when `text` cannot match `src` (it lacks the literal every match holds); true when it might. */
export const mightMatch = (src: RegexSource, text: string): boolean => {
  const lit = literalOf(src);
  return lit === undefined || text.includes(lit);
};
