// Text helpers of the lexers: backslash escapes, balanced interpolations, heredoc dedent, word lists, and the
// bracket pairs of quote-like delimiters.

import { isHex } from './chars.js';
import { MAX_ITEMS } from './limits.js';

export const OPENERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/** Decode the backslash escape at src[j]: [text, length]. Python and PHP keep unknown escapes. */
export function unescape(src: string, j: number, mode: 'python' | 'php' | 'other'): [string, number] {
  const e = src[j + 1];
  if (e === undefined) return ['\\', 1];
  switch (e) {
    case 'n':
      return ['\n', 2];
    case 't':
      return ['\t', 2];
    case 'r':
      return ['\r', 2];
    case '0':
      return ['\0', 2];
    case '\n':
      return ['', 2];
    case '\\':
    case "'":
    case '"':
      return [e, 2];
    case 'x':
      if (isHex(src[j + 2]) && isHex(src[j + 3])) return [String.fromCharCode(parseInt(src.slice(j + 2, j + 4), 16)), 4];
      break;
    case 'u':
      if (isHex(src[j + 2]) && isHex(src[j + 3]) && isHex(src[j + 4]) && isHex(src[j + 5])) {
        return [String.fromCharCode(parseInt(src.slice(j + 2, j + 6), 16)), 6];
      }
      break;
  }
  if (mode === 'other' || (mode === 'php' && (e === '$' || e === '`'))) return [e, 2];
  return [`\\${e}`, 2];
}

/** Index of the `}` closing an interpolation opened before `from` (skipping nested brackets and quotes). */
export function skipBalanced(src: string, from: number, limit: number): number {
  let depth = 0;
  for (let j = from; j < limit; j++) {
    const ch = src[j];
    if (ch === '\\') {
      j++;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') {
      j++;
      while (j < limit && src[j] !== ch) j += src[j] === '\\' ? 2 : 1;
      continue;
    }
    if (ch === '{' || ch === '(' || ch === '[') depth++;
    else if (ch === '}' || ch === ')' || ch === ']') {
      if (depth > 0) depth--;
      else if (ch === '}') return j;
    }
  }
  return limit;
}

/** Remove the indentation common to the non-blank lines. */
export function dedent(s: string): string {
  const lines = s.split('\n');
  let min = Infinity;
  for (const line of lines) {
    let k = 0;
    while (k < line.length && (line[k] === ' ' || line[k] === '\t')) k++;
    if (k < line.length) min = Math.min(min, k);
  }
  return min === Infinity || min === 0 ? s : lines.map((line) => line.slice(Math.min(min, line.length))).join('\n');
}

export function splitWords(s: string): string[] {
  return s.split(/\s+/).filter((w) => w !== '').slice(0, MAX_ITEMS);
}
