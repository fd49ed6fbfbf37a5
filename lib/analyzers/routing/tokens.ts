// Text → stems for the router: the same words on both sides (prompt and candidate), so "containerizing" meets
// "containerize" and "queries" meets "query". Lowercase, identifiers split (camelCase, kebab-case, snake_case,
// "plugin:name"), stopwords dropped, Porter stems (the `stemmer` package: a small, well-kept implementation of the
// published algorithm; a hand-written one would only be a worse copy). Stemming costs ~3 µs a word, so prompts are
// stemmed per call and candidates once per catalogue (the index is cached: lib/hook/router-io.ts).

import { stemmer } from 'stemmer';
import type { RouterLexiconSource } from '../../registry/types.js';

/** The router's vocabulary data (patterns/routing.json `lexicon`), stemmed once. */
export interface Lexicon {
  stopwords: ReadonlySet<string>;
  /** stem → the other stems of its synonym groups. */
  synonyms: ReadonlyMap<string, readonly string[]>;
}

/** The lexicon as patterns/routing.json declares it (lib/registry/types.ts). */
export type LexiconSource = RouterLexiconSource;

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
    s = stemmer(word);
    if (memo.size > 50_000) memo.clear();
    memo.set(word, s);
  }
  return s;
}

/** The stems of a text's words that are not stopwords, in order (repeats kept: term frequency counts). */
export function stems(text: string, lex: Pick<Lexicon, 'stopwords'>): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (lex.stopwords.has(w)) continue;
    out.push(stem(w));
  }
  return out;
}

/** Each stem of a text → the text's first word with that stem ("queri" → "queries"): a matched stem shown in the
 * writer's own words. Stopwords are kept (a paraphrase slot may be one). */
export function wordsByStem(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const w of words(text)) {
    const s = stem(w);
    if (!out.has(s)) out.set(s, w);
  }
  return out;
}

export function compileLexicon(src: LexiconSource): Lexicon {
  const stopwords = new Set(src.stopwords.map((w) => w.toLowerCase()));
  const synonyms = new Map<string, Set<string>>();
  for (const group of src.synonyms) {
    const ss = [...new Set(group.flatMap((w) => stems(w, { stopwords: new Set() })))];
    for (const s of ss) {
      let set = synonyms.get(s);
      if (!set) synonyms.set(s, (set = new Set()));
      for (const t of ss) if (t !== s) set.add(t);
    }
  }
  return { stopwords, synonyms: new Map([...synonyms].map(([k, v]) => [k, [...v].sort()])) };
}
