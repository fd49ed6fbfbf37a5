// Tokens of the read text for the name heuristic (rule 4): shape, punctuation, possessives, inline code, sentence
// starts; and whether a line is Title Case.

import { lazy } from '../../../vocab/lazy.js';
import { ABBREVIATIONS, CUE_WORDS, NOT_NAMES, SMALL_WORDS } from './name-words.js';

/** A capital and then lower-case letters; Mc/Mac/O' prefixes and hyphenated parts allowed. Nothing else. */
const NAME_SHAPE = lazy(() => /^(?:Mc\p{Lu}|Mac\p{Lu}|O['’]\p{Lu}|\p{Lu})\p{Ll}+(?:-\p{Lu}?\p{Ll}+)*$/u);
const LEAD = /^[([{"'“‘«*_~<]+/u;
const TRAIL = /[)\]}"'”’»*_~>,.;:!?]+$/u;
const POSSESSIVE_END = /['’]s$/u;
const SENTENCE_END = /[.!?:;]/u;
const BOUNDARY_TOKEN = /^(?:[-–—|•·]+|\/\/)$/u;
const OPENS_SENTENCE = /[([{"“‘«]/u;
export const RELATION_WORD = lazy(() => /^(?:\p{Ll}[\p{Ll}\p{N}]*(?:[_-][\p{Ll}\p{N}]+)*|\p{Ll}+(?:\p{Lu}\p{Ll}+)+)$/u);

export interface Token {
  start: number;
  end: number;
  /** Token without leading/trailing punctuation and possessive ending. */
  core: string;
  lower: string;
  lead: string;
  trail: string;
  possessive: boolean;
  /** Inside inline code. */
  code: boolean;
  initial: boolean;
  /** Name-shaped, outside code, neither in NOT_NAMES nor a cue word (rule 4). */
  candidate: boolean;
  known: boolean;
  /** Written in lower case (a cue must be, unless it opens a sentence). */
  lowerCase: boolean;
}

/** Inline code spans (a backtick run up to the next run of the same length; an unmatched run is literal). */
function codeSpans(s: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const re = /`+/gu;
  let open: { at: number; len: number } | undefined;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    if (!open) open = { at: m.index, len: m[0].length };
    else if (m[0].length === open.len) {
      spans.push([open.at, m.index + m[0].length]);
      open = undefined;
    }
  }
  return spans;
}

export function tokenize(text: string, known: ReadonlySet<string>): Token[] {
  const code = codeSpans(text);
  const tokens: Token[] = [];
  let ci = 0;
  let sentenceOpen = true;
  const re = /\S+/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    while (ci < code.length && code[ci]![1] <= start) ci++;
    const inCode = ci < code.length && code[ci]![0] < end;
    let raw = m[0];
    const lead = LEAD.exec(raw)?.[0] ?? '';
    raw = raw.slice(lead.length);
    let trail = TRAIL.exec(raw)?.[0] ?? '';
    let core = raw.slice(0, raw.length - trail.length);
    let possessive = false;
    if (POSSESSIVE_END.test(core) && core.length > 2) {
      possessive = true;
      core = core.slice(0, -2);
    } else if (/^['’]/u.test(trail) && /s$/u.test(core) && !/['‘]/u.test(lead)) {
      possessive = true; // "James' laptop"
      trail = trail.slice(1);
    }
    const lower = core.toLowerCase();
    const hasLetter = /\p{L}/u.test(core);
    const initial = sentenceOpen || OPENS_SENTENCE.test(lead);
    const shaped = !inCode && NAME_SHAPE().test(core.normalize('NFC'));
    tokens.push({
      start,
      end,
      core,
      lower,
      lead,
      trail,
      possessive,
      code: inCode,
      initial: hasLetter && initial,
      candidate: shaped && !NOT_NAMES.has(lower) && !CUE_WORDS.has(lower),
      known: known.has(lower),
      lowerCase: core === lower || lower === 'i' || lower === "i'm" || lower === 'i’m',
    });
    if (BOUNDARY_TOKEN.test(m[0])) sentenceOpen = true;
    else if (hasLetter || /\p{N}/u.test(core)) {
      sentenceOpen = SENTENCE_END.test(trail) && !(trail.startsWith('.') && ABBREVIATIONS.has(lower));
    }
  }
  return tokens;
}

/** Rule 4: at least two significant words, all capitalised. */
export function isTitleCase(tokens: readonly Token[]): boolean {
  let significant = 0;
  for (const t of tokens) {
    if (t.code || !/^\p{L}/u.test(t.core) || SMALL_WORDS.has(t.lower)) continue;
    if (!/^\p{Lu}/u.test(t.core)) return false;
    significant++;
  }
  return significant >= 2;
}
