// Words and their Porter stems: the text primitive the router scores with and the registry compiles its routing
// lexicon with, so both sides agree. Lowercase, identifiers split (camelCase, kebab-case, snake_case,
// "plugin:name"); stems by lib/text/porter.ts, which gives the `stemmer` package's stems (tested against it) without
// its regular expressions, whose compiling was most of a prompt's stemming cost.

import { porterStem } from './porter.js';

/** Words of a text: lowercase, identifiers split, anything but letters and digits a separator. Pure numbers and
 * one-letter words are dropped ("3000", "a"); mixed ones stay ("i18n", "a11y", "n+1" → "n", "1" dropped). */
export function words(text: string): string[] {
  const split = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return split.filter((w) => w.length > 1 && !/^\d+$/.test(w));
}

const memo = new Map<string, string>();

/** The Porter stem of one lowercase word, memoised for the process (prompts repeat words; the daemon lives long). */
export function stem(word: string): string {
  let s = memo.get(word);
  if (s === undefined) {
    s = porterStem(word);
    if (memo.size > 50_000) memo.clear();
    memo.set(word, s);
  }
  return s;
}
