// Expansions live in unquoted, double-quoted and heredoc text alike: $(…), $((…)), `…` and ${…}.
// Substitutions become placeholders in the SubTable; ${…} is copied through for shell-quote.

import { findArithClose, findBacktick, findBrace, findClose, unescapeBacktick } from './scan-helpers.js';
import type { SubTable } from './subs.js';

interface Taken {
  out: string;
  end: number;
  error?: string;
}

/**
 * A substitution or `${…}` starting at `i` (valid in unquoted, double-quoted and heredoc text), or
 * undefined when none starts there.
 */
export function takeExpansion(src: string, i: number, table: SubTable): Taken | undefined {
  const c = src[i];
  const n = src.length;
  if (c === '$' && src[i + 1] === '(') {
    if (src[i + 2] === '(') {
      const end = findArithClose(src, i + 3);
      if (end >= 0) return { out: table.placeholder(table.add('$(())', src.slice(i + 3, end - 1))), end: end + 1 };
    }
    const end = findClose(src, i + 2);
    const inner = end < 0 ? src.slice(i + 2) : src.slice(i + 2, end);
    const out = table.placeholder(table.add('$()', inner));
    return end < 0 ? { out, end: n, error: 'unterminated $(' } : { out, end: end + 1 };
  }
  if (c === '`') {
    const end = findBacktick(src, i + 1);
    const inner = unescapeBacktick(end < 0 ? src.slice(i + 1) : src.slice(i + 1, end));
    const out = table.placeholder(table.add('``', inner));
    return end < 0 ? { out, end: n, error: 'unterminated backtick' } : { out, end: end + 1 };
  }
  if (c === '$' && src[i + 1] === '{') {
    const end = findBrace(src, i + 2);
    return end < 0 ? { out: src.slice(i), end: n, error: 'unterminated ${' } : { out: src.slice(i, end + 1), end: end + 1 };
  }
  return undefined;
}

/** Unquoted heredoc body: only expansions are live; quotes and newlines are literal. */
export function scanHeredocBody(body: string, table: SubTable): string {
  const out: string[] = [];
  let i = 0;
  while (i < body.length) {
    const c = body[i] as string;
    if (c === '\\' && i + 1 < body.length) {
      out.push(c, body[i + 1] as string);
      i += 2;
      continue;
    }
    const t = takeExpansion(body, i, table);
    if (t) {
      out.push(t.out);
      i = t.end;
      continue;
    }
    out.push(c);
    i++;
  }
  return out.join('');
}
