// shell-quote wrapper: scanned text → words and operators. Variables are kept as sentinels (resolved
// later, in order, so `x=rm; $x` works); globs become plain words; a comment ends the stream.

import { type ParseEntry, parse } from 'shell-quote';
import { VAR_CLOSE, VAR_OPEN } from './markers.js';

export type Token = { t: 'word'; v: string } | { t: 'op'; v: string };

export interface Tokenized {
  tokens: Token[];
  error?: string;
}

// An env object (not a function) keeps shell-quote on its fast path; the proxy answers every name.
const env = new Proxy({} as Record<string, string | undefined>, {
  get: (_t, key) => (typeof key !== 'string' ? undefined : key === '' ? '$' : `${VAR_OPEN}${key}${VAR_CLOSE}`),
});

export function tokenize(text: string): Tokenized {
  let entries: ParseEntry[];
  try {
    entries = parse(text, env);
  } catch (e) {
    // shell-quote throws on `${}` and the like: fall back to whitespace words so something is judged.
    const tokens: Token[] = text
      .split(/\s+/)
      .filter(Boolean)
      .map((v) => (/^(?:;|&&|\|\||\||&)$/.test(v) ? { t: 'op', v } : { t: 'word', v }));
    return { tokens, error: `unparseable: ${e instanceof Error ? e.message.slice(0, 60) : 'shell syntax'}` };
  }
  const tokens: Token[] = [];
  for (const entry of entries) {
    if (typeof entry === 'string') tokens.push({ t: 'word', v: entry });
    else if ('comment' in entry) break;
    else if ('pattern' in entry) tokens.push({ t: 'word', v: entry.pattern });
    else tokens.push({ t: 'op', v: entry.op as string });
  }
  return { tokens };
}
