// Word-phrase lists matched without regular expressions. The claim detector asks "does this lower-cased clause
// contain one of these ~150 phrases on word boundaries?" (negations, modals, imperatives, reporters). As regexes
// (one alternation per list, flags "iu") the answer cost ~20 ms per Stop call, almost all of it V8 compiling the
// four alternations on first use (docs/performance.md); a token comparison costs microseconds and no compile.
//
// The semantics are the regex ones the lists had, `\b<phrase>\b` with each space matching \s+ and ' matching ’:
//  - text is cut into tokens: runs of \w ([A-Za-z0-9_]) and single other non-space characters, each token
//    remembering whether whitespace came before it; ’ reads as ';
//  - a phrase is the same token list, with whitespace before a token exactly where the phrase has a space.
// A run of \w is a whole token, so a phrase that starts and ends with a word character (all of them do; phrase()
// refuses others) sits on word boundaries exactly when it matches whole tokens. Case is the caller's: the text is
// lower-cased before it gets here, as the phrases are.

export interface Tokens {
  /** The tokens in order. */
  text: string[];
  /** Whether whitespace came before each token. */
  spaced: boolean[];
  /** Where each token starts in the text. */
  at: number[];
}

interface Phrase {
  text: string[];
  spaced: boolean[];
}

/** A phrase list, indexed by first token. */
export type PhraseSet = ReadonlyMap<string, readonly Phrase[]>;

const TOKEN = /\w+|[^\w\s]/g;

export function tokens(text: string): Tokens {
  const out: Tokens = { text: [], spaced: [], at: [] };
  const t = text.replace(/\u2019/g, "'");
  let end = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(t); m; m = TOKEN.exec(t)) {
    out.text.push(m[0]);
    out.spaced.push(m.index > end);
    out.at.push(m.index);
    end = m.index + m[0].length;
  }
  return out;
}

export function phraseSet(list: readonly string[]): PhraseSet {
  const set = new Map<string, Phrase[]>();
  for (const p of list) {
    if (!/^\w/.test(p) || !/\w$/.test(p) || p !== p.toLowerCase()) throw new Error(`phrase "${p}" must be lower case and start and end with a word character`);
    const tk = tokens(p);
    const phrase = { text: tk.text, spaced: tk.spaced };
    const first = tk.text[0]!;
    set.set(first, [...(set.get(first) ?? []), phrase]);
  }
  return set;
}

/** Where phrases of `set` starting at token `i` end (the index after their last token). */
export function endsAt(set: PhraseSet, tk: Tokens, i: number): number[] {
  const out: number[] = [];
  for (const p of set.get(tk.text[i] ?? '') ?? []) {
    let k = 1;
    while (k < p.text.length && tk.text[i + k] === p.text[k] && tk.spaced[i + k] === p.spaced[k]) k++;
    if (k === p.text.length) out.push(i + k);
  }
  return out;
}

/** Does some phrase of `set` occur in the tokens? */
export function hasPhrase(set: PhraseSet, tk: Tokens): boolean {
  for (let i = 0; i < tk.text.length; i++) if (endsAt(set, tk, i).length > 0) return true;
  return false;
}

/** The first token of each phrase that has whitespace inside it: the only phrases that taking text out of a
 * clause (and leaving a space) can bring together. */
export function gapFirsts(set: PhraseSet): Set<string> {
  const out = new Set<string>();
  for (const [first, list] of set) if (list.some((p) => p.spaced.slice(1).some(Boolean))) out.add(first);
  return out;
}
