// Text → stems for the router: the same words on both sides (prompt and candidate), so "containerizing" meets
// "containerize" and "queries" meets "query" (words and Porter stems: lib/text/words.ts), stopwords dropped and
// synonyms joined by the registry's lexicon. Prompts are stemmed per call and candidates once per catalogue (the
// index is cached: lib/hook/router-io.ts).

import type { RouterLexiconSource } from '../../registry/types.js';
import { stem, words } from '../../text/words.js';

export { stem, words };

/** The router's vocabulary data (patterns/routing.json `lexicon`), stemmed once. */
export interface Lexicon {
  stopwords: ReadonlySet<string>;
  /** stem → the other stems of its synonym groups. */
  synonyms: ReadonlyMap<string, readonly string[]>;
}

/** The lexicon as patterns/routing.json declares it (lib/registry/types.ts). */
export type LexiconSource = RouterLexiconSource;

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
