// Memory requests in the user's prompt: "remember that…" / "forget that…" and answers to pending memory items
// ("approve m-3fa2c9b1d0"). The registry (patterns/memory-requests.json) says what each cue looks like and where
// its fact or item id sits (named groups `fact` / `id`); this file owns what counts as a request. A request is the
// user's consent, so a false positive stores something the user never asked to store, while a false negative only
// loses a convenience: every rule below leans towards "not a request" when in doubt. Pure: no I/O.
//
// Rules, in the order they apply:
//  1. Bound: only the first MAX_CHARS (20,000) characters are read. When the prompt is cut, the sentence the cut
//     falls in is not read (its fact would be cut short).
//  2. Private: `<private>…</private>` is replaced by [PRIVATE] (text.ts) before anything else, so private text is
//     never a cue and never a fact; a fact that contained private text keeps the marker, and a fact that is only
//     the marker is no request.
//  3. Quoted matter is data, never searched for cues: fenced code blocks (``` or ~~~, closed by the same fence
//     character at least as long; an unclosed fence runs to the end), block-quote lines (first non-blank
//     character `>`), inline code spans and text in double quotes ("…" or “…”, on one line). They are masked
//     (same length, so positions hold) for the cue search only: a fact is cut from the unmasked text and may hold
//     inline code ("remember that tests run with `npm test`": the cue is outside the code). One exception: a code
//     span or quotation holding nothing but an item id (`m-3fa2c9b1d0`) is read as the bare id.
//  4. Sentences: the masked text is cut after . ! or ? (plus closing brackets) followed by whitespace or the end,
//     never after "e.g." / "i.e." / "vs." / "cf." / "approx." / "incl.", and at every newline. Cue regexes run on
//     one sentence at a time (without its end mark), so `^` and `$` anchor to the sentence.
//  5. The keyword gate: a cue's regexes run only when the lower-cased prompt, and then the lower-cased sentence,
//     contains one of its keywords (compiling a cue costs far more than a substring test, and most prompts hold
//     no memory cue). Approve/reject cues also need an item id of the exact form somewhere in the prompt.
//  6. Who is asking (remember and forget cues): the text of the sentence before the cue (its lead, list and
//     heading marks dropped) may only hold OPENERS (please, also, and, ok, btw, hey Claude, from now on, for this
//     repo, in all my projects …) and separators, optionally ending in a POLITE frame ("can you", "could you
//     please", "I want you to", "I'd like you to"). Anything else means the cue is reported, hypothetical,
//     negated or asked about, not requested: "I remember that…", "you said to remember…", "do you remember
//     that…", "don't remember that…" (as a remember cue: it is the forget cue's job), "when you refactor,
//     remember that…", "make sure you remember that…" (task advice), "I tried it and remember that it failed",
//     "<private>…</private> remember that…" (hidden text: who asks is unknown) — none of them is a request.
//  7. Questions: a cue in a sentence ending with "?" counts only when a POLITE frame asks it ("Could you
//     remember that the API is frozen?"); "Do you remember…?", "Remember that bug?" are questions. Which verbs
//     and complements make a cue at all is pattern data: "remember when we…", "what do you remember about…",
//     "did you note that…" and "I forgot…" match no cue.
//  8. Infinitives: a remember cue whose match ends in "to" ("remember to X", "don't forget to X") is an
//     instruction for the task at hand, not a memory request, unless its sentence holds a DURABLE marker
//     ("always", "never", "every time", "whenever", "from now on", "going forward", "in future", "before every"
//     …); then the fact is X ("remember to always run lint" → "always run lint").
//  9. Notes: a bare "Note that X" is task context, not a request (prompts say "Note that the API returns 404…"
//     about the task constantly); "please note that", "make a note that", "take note that", "note down that",
//     "note for later: X" ask for a note and are requests (pattern data).
// 10. Forget: "forget that X", "forget m-…", "don't/do not/never remember X", "stop remembering X", "remove X
//     from your/the memory", "delete the memory about X", "forget everything you know about X", "you can forget
//     X". "forget about X" is task talk ("forget about the tests for now") and counts only with an item id;
//     "forget it", "forget about it", "never mind", "forget that." (a pronoun, rule 13), "I forgot…" and "don't
//     forget to…" are not forget requests. A negated remember cue is nothing by itself (rule 6); "don't remember
//     X" is a forget cue in its own right, and "don't remember that" with no fact after it is nothing.
// 11. Several cues in one sentence, in text order: a cue inside the fact of an accepted one replaces it when only
//     OPENERS lie between them ("From now on, remember that we use pnpm" → "we use pnpm"; "Going forward, don't
//     remember my address" → a forget); otherwise it starts a new request when the text from some "," ";" ":"
//     "and" "also" "then" "plus" inside the earlier fact up to it holds only OPENERS, and the earlier fact ends
//     there ("Remember that we use pnpm, and forget that I prefer tabs" → two requests; only the last
//     MAX_SPLIT_LEAD (200) characters before the cue are tried); otherwise it is part of the earlier fact. Two
//     cues with the same fact start are one request (the first in registry order).
// 12. The fact runs from the start of the cue's `fact` group to the end of its sentence — unless the cue matched
//     text after the group ("remove X from your memory"), then the group is the fact. It is cut from the
//     unmasked text, then: user-scope phrases are removed (rule 14); trailing TRAILING_ANY words ("please",
//     "thanks", "for me", "for the future", "for later", "from now on", "going forward" …) and, after a comma,
//     "ok" / "in (the) future" / "if possible", and a leading "please" are dropped (a forget fact also loses a
//     leading "I said" / "I told you": "forget that I said we use yarn" → "we use yarn"); the rest is normalised
//     (text.ts: one line, list marks, wrapping quotes and trailing punctuation off); trailing emoji and an
//     unbalanced ")" go.
// 13. No request when the fact is then: shorter than 2 characters, only a pronoun ("it", "this", "that",
//     "everything", "the above" …), only [PRIVATE], without a letter or digit, temporary ("… for now", "for the
//     moment", "just this once": not a memory), or holding a run of 64 spaces and . , ; : (not writing; it would
//     also cost the normaliser a quadratic scan). A remember fact that starts with an item id is no request
//     (approving an item is the approve cue's job); an id in the wrong case is neither an id nor a fact.
// 14. Scope: 'user' when the lead, the cue or the fact says the fact holds in every project: "in/for/across all
//     (my) projects/repos", "in every project", "regardless of the project" anywhere; "globally" / "everywhere"
//     in the lead or cue, or at the start or end of the fact ("I prefer tabs everywhere") but not after a
//     technical word ("installed globally", "imported everywhere"). The phrase is removed from the fact.
// 15. Forget by id: a forget fact that starts with an item id is that id; further ids listed right after it
//     ("forget m-… and m-…") are forget requests of their own. Ids are `m-` + exactly 10 lowercase hex digits,
//     not part of a longer word.
// 16. Consent answers: an approve/reject cue names the id (its `id` group; pattern data puts the verb a few
//     words before the id — "approve m-…", "yes, remember m-…", "no, don't store m-…"; a weak word alone, "ok
//     m-…" / "no m-…", only when the id ends the clause — or an answer right after it — "m-… is fine", "m-…:
//     reject"). Ids listed right after a verb-first answer ("approve m-…, m-… and m-…") get the same answer. It
//     does not count when the sentence before it holds a negation, hedge, condition or question word
//     (ANSWER_BLOCK: "don't approve m-…" is no approval; the reject cue reads "don't store m-…"), when its
//     sentence is a question without a POLITE frame ("Should I approve m-…?"), when what follows defers it
//     ("approve m-… later", "keep m-… pending", "… if …"), or when its clause (from the last "," ";" ":" or the
//     previous answer, a joining "and"/"but" dropped) starts with anything but OPENERS and a POLITE frame —
//     except "I"/"we" before a performative verb ("I approve m-…", "we reject m-…"); "I remember m-… from
//     yesterday" is a report. An id without a cue near it is not an answer. Each id is answered once, at its
//     first answer's place in the text; reject wins when both appear for the same id.
// 17. Result: requests in text order, duplicates (same op, scope and factKey) dropped; answers in text order.

import { toRegExp } from '../../registry/regex.js';
import type { CompiledMemoryCue } from '../../registry/types.js';
import { factKey, normaliseFact, PRIVATE_MARK, stripPrivate } from './text.js';
import { dataSpans } from '../quoted.js';

export interface MemoryRequest {
  op: 'remember' | 'forget';
  /** remember: the fact to store; forget: what to forget (words to match against stored facts, or an item id "m-…"). */
  fact: string;
  /** Id of the registry pattern whose cue matched. */
  cue: string;
  /** 'user' when the request says it holds in every project ("in all my projects", "globally", "everywhere",
   * "across projects"); that phrase is removed from the fact. */
  scope: 'project' | 'user';
}

export interface ConsentAnswer {
  op: 'approve' | 'reject';
  id: string;
  cue: string;
}

export interface FindOptions {
  /** false: run every cue on every sentence, without the keyword gates and the item-id precheck (tests only: the
   * result must be the same). Default true. */
  gates?: boolean;
}

/** Only this many leading characters of a prompt are read. */
export const MAX_CHARS = 20_000;

/** An item id of the exact form. */
export const ITEM_ID = /^m-[0-9a-f]{10}$/;
const ITEM_ID_ANYWHERE = /(?<![\p{L}\p{N}_-])m-[0-9a-f]{10}(?![\p{L}\p{N}_-])/u;
const ID_AT_START_ANY_CASE = /^m-[0-9a-f]{10}(?![\p{L}\p{N}_-])/iu;

/** Replaces quoted matter for the cue search: not whitespace, not a word character, not a sentence mark. */
const MASK = '\uE000';

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Phrases as regex alternatives, longest first; spaces match any whitespace, ' also matches ’. */
const alternation = (list: readonly string[]): string =>
  [...list]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .map((p) => escape(p).replace(/'/g, "['’]").replace(/\s+/g, '\\s+'))
    .join('|');

/** User-scope phrases that may stand anywhere in the lead, the cue or the fact. */
const USER_SCOPE_PHRASE =
  '(?:(?:in|for|on|across)\\s+(?:all|every|each)\\s+(?:(?:of\\s+)?(?:my|our|your)\\s+)?(?:other\\s+|future\\s+)?(?:projects?|repos?|repositories|repository|codebases?|workspaces?)' +
  '|across\\s+(?:(?:all\\s+)?(?:of\\s+)?(?:my|our|your)\\s+|all\\s+)?(?:projects|repos|repositories|codebases|workspaces)' +
  '|regardless\\s+of\\s+(?:the\\s+)?(?:project|repo|repository|codebase)' +
  '|no\\s+matter\\s+(?:which|what)\\s+(?:project|repo|repository|codebase))';

/** Words a lead may hold (rule 6). No entry is a sequence of others ("and also" is "and" + "also"): an ambiguous
 * list would make the lead regex backtrack exponentially on a long lead that fails. */
export const OPENERS = [
  'please', 'pls', 'plz', 'kindly', 'also', 'and', 'plus', 'oh', 'ok', 'okay', 'alright', 'all right', 'actually',
  'no', 'wait', 'right', 'so', 'now', 'then', 'just', 'btw', 'by the way', 'hey', 'hi', 'hello', 'claude',
  'one more thing', 'one last thing', 'another thing', 'finally', 'lastly', 'important', 'fyi', 'ps', 'p.s.',
  'heads up', 'quick note', 'for the record', 'thanks', 'thank you', 'great', 'perfect', 'cool', 'nice', 'awesome',
  'good', 'sure', 'yes', 'yeah', 'yep', 'got it', 'always', 'from now on', 'from here on', 'from here on out',
  'going forward', 'moving forward', 'in future', 'in the future', 'henceforth', 'for future reference',
  'for later', 'for the future', 'for this project', 'for this repo', 'for this repository', 'for this codebase',
  'in this project', 'in this repo', 'in this repository', 'in this codebase', 'for the project', 'for our project',
  'here', 'globally', 'everywhere',
] as const;

/** Frames that ask politely (rules 6, 7, 16). */
export const POLITE = [
  'can you', 'could you', 'would you', 'will you', 'i want you to', "i'd like you to", 'i would like you to',
  'i need you to',
] as const;

const SEP = '[\\s,;:!.–—-]';
const LEAD_OK = new RegExp(
  `^${SEP}*(?:(?:${alternation(OPENERS)}|${USER_SCOPE_PHRASE})(?=${SEP}|$)${SEP}*)*` +
    `(?:(?:${alternation(POLITE)})(?:\\s+(?:please|also|always|just))*\\s*)?$`,
  'iu',
);
const POLITE_ANY = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternation(POLITE)})(?![\\p{L}\\p{N}_])`, 'iu');
/** Layout before the first word of a line: list and heading marks, task boxes, bold marks, emoji. */
const LEAD_LAYOUT = /^(?:\s|[-*+•>#]|\d{1,3}[.)](?=\s)|\[[ xX]\]|_{2}|\p{Extended_Pictographic}|\uFE0F)+/u;

/** Durable markers that make "remember to X" a memory request (rule 8). */
export const DURABLE = [
  'always', 'never', 'every time', 'each time', 'whenever', 'from now on', 'from here on', 'going forward',
  'moving forward', 'in future', 'in the future', 'henceforth', 'before every', 'after every', 'on every',
  'for every', 'in every', 'for all future',
] as const;
const DURABLE_RE = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternation(DURABLE)})(?![\\p{L}\\p{N}_])`, 'iu');

/** Where a later cue may split an earlier fact (rule 11). */
const SPLIT_AT = /^(?:[,;:–—]|\s+(?:and|also|then|plus)(?![\p{L}\p{N}_]))/iu;

/** Words that make the clause before a consent cue not an answer (rule 16). */
const ANSWER_BLOCK =
  /(?<![\p{L}\p{N}_])(?:not|never|no\s+need|should|shall|would|might|may|maybe|perhaps|if|whether|when|why|how|what|which|later|will|wait|before|after|unless|until|did|going\s+to|i['’]ll|we['’]ll)(?![\p{L}\p{N}_])|n['’]t(?![\p{L}\p{N}_])/iu;
/** Words after an answer that defer or condition it ("approve m-… later", "keep m-… pending", "… if it is mine"). */
const ANSWER_DEFERRED =
  /^\s*,?\s*(?:pending|for\s+now|for\s+later|later|tomorrow|open|undecided|on\s+hold|until|once|when|if|after|unless|\?)(?![\p{L}\p{N}_])/iu;
/** A joining word at the start of an answer's clause ("keep m-… but discard m-…"). */
const ANSWER_JOIN = /^\s*(?:but|and|then|also)(?![\p{L}\p{N}_])/iu;
/** "I approve m-…": a first-person subject before a performative verb is the answer itself. */
const FIRST_PERSON = /^\s*(?:i|we)(?:\s+(?:hereby|also|do))?\s*$/iu;
const PERFORMATIVE = /^(?:approve|accept|confirm|reject|decline|discard|deny|refuse)(?![\p{L}\p{N}_])/iu;
/** Ids listed right after an answered id. */
const LIST_NEXT = /(?:[^\S\n]*,[^\S\n]*(?:and[^\S\n]+)?|[^\S\n]+(?:and|&|\+)[^\S\n]+|[^\S\n]*\/[^\S\n]*|[^\S\n]+)(m-[0-9a-f]{10})(?![\p{L}\p{N}_-])/uy;

/** Trailing words dropped from a fact (rule 12). */
export const TRAILING_ANY = [
  'please', 'pls', 'plz', 'thanks', 'thank you', 'thx', 'ty', 'cheers', 'for me', 'for the future', 'for later',
  'for future reference', 'for next time', 'from now on', 'from here on', 'from here on out', 'going forward',
  'moving forward', 'henceforth',
] as const;
// Separator runs are entered only at their start (the lookbehinds): a long run of commas or spaces must not be
// re-scanned from every position in it.
const TRAIL_ANY = new RegExp(`(?:^|(?<![\\s,;:!–—-])[\\s,;:!–—-]+)(?:${alternation(TRAILING_ANY)})[\\s!.,;:]*$`, 'iu');
const TRAIL_COMMA = /(?<![\s,;–—])\s*[,;–—]\s*(?:ok|okay|in\s+(?:the\s+)?future|if\s+possible|if\s+you\s+can)[\s!.,;:]*$/iu;
const LEAD_PLEASE = /^(?:please|pls|plz|kindly)(?![\p{L}\p{N}_])[\s,]*/iu;
/** "forget that I said we use yarn": what to forget is what was said. */
const LEAD_REPORT = /^(?:i|we)\s+(?:said|told\s+you|mentioned|wrote)\s+(?:that\s+)?(?=\S)/iu;
const TEMPORARY =
  /(?<![\p{L}\p{N}_])(?:for\s+now|for\s+the\s+moment|for\s+a\s+(?:moment|bit|sec(?:ond)?|while)|temporarily|just\s+this\s+(?:once|time)|for\s+this\s+(?:session|task|turn|conversation|chat|pr))[\s!.,;:)]*$/iu;
const PRONOUN_ONLY =
  /^(?:it|this|that|these|those|them|this one|that one|everything|anything|all|all of (?:it|this|that|them)|all that|all this|the above|above|so|what i said|what you said|this stuff|that stuff|me)$/iu;
const TRAILING_EMOJI = /(?<![\s\p{Extended_Pictographic}\uFE0F\u200D])[\s\p{Extended_Pictographic}\uFE0F\u200D]+$/u;
/** A run this long of spaces and . , ; : is not writing (and would cost normaliseFact a quadratic scan). */
const PUNCTUATION_RUN = /[\s.,;:]{64}/u;

const USER_ANYWHERE = new RegExp(`(?<![\\p{L}\\p{N}_])${USER_SCOPE_PHRASE}(?![\\p{L}\\p{N}_])`, 'iu');
const USER_ANYWHERE_G = new RegExp(`(?:(?<![\\s,;–—-])[\\s,;–—-]+)?(?<![\\p{L}\\p{N}_])${USER_SCOPE_PHRASE}(?![\\p{L}\\p{N}_])`, 'giu');
const GLOBAL_WORD = /(?<![\p{L}\p{N}_-])(?:globally|everywhere)(?![\p{L}\p{N}_-])/iu;
/** Words after which "globally" / "everywhere" is technical, not a scope ("installed globally"). */
const TECHNICAL_BEFORE_GLOBAL =
  'install(?:ed|s)?|available|defined|declared|registered|exposed|linked|scoped|unique|imported|used|referenced|called|applied|enabled|set|visible|accessible|shared|cached|mounted|exported|replaced|changed|updated|renamed';
const GLOBAL_AT_START = /^(?:globally|everywhere)\s*[,:–—-]?\s+/iu;
const GLOBAL_AT_END = new RegExp(`(?<![\\s,;–—-])(?<!\\b(?:${TECHNICAL_BEFORE_GLOBAL}))[\\s,;–—-]+(?:globally|everywhere)[\\s!.,;:]*$`, 'iu');

const FENCE = /^\s*(`{3,}|~{3,})/u;
const QUOTED_ID = /^([`"“”\s]*)(m-[0-9a-f]{10})([`"“”\s]*)$/u;

/** Rule 3: the text with quoted matter masked, same length. */
function maskQuoted(text: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length && !line.slice(f[0].length).trim()) fence = undefined;
      out.push(' '.repeat(line.length));
      continue;
    }
    if (f && !(f[1]![0] === '`' && line.slice(f[0].length).includes('`'))) {
      fence = f[1];
      out.push(' '.repeat(line.length));
      continue;
    }
    if (/^\s*>/.test(line)) {
      out.push(' '.repeat(line.length));
      continue;
    }
    if (!line.includes('`') && !line.includes('"') && !line.includes('“')) {
      out.push(line);
      continue;
    }
    let masked = '';
    let at = 0;
    for (const [a, b] of dataSpans(line)) {
      const inner = line.slice(a, b);
      const id = QUOTED_ID.exec(inner);
      masked += line.slice(at, a) + (id ? ' '.repeat(id[1]!.length) + id[2]! + ' '.repeat(id[3]!.length) : MASK.repeat(b - a));
      at = b;
    }
    out.push(masked + line.slice(at));
  }
  return out.join('\n');
}

interface Sentence {
  start: number;
  /** Exclusive, before the end mark. */
  end: number;
  question: boolean;
}

const ABBREVIATION_BEFORE_DOT = /(?:^|[\s(])(?:e\.g|i\.e|vs|cf|approx|incl|a\.k\.a)$/iu;

/** Rule 4: sentences of the masked text, trimmed, empty ones left out. */
function sentencesOf(masked: string, truncated: boolean): Sentence[] {
  const out: Sentence[] = [];
  let from = 0;
  const push = (end: number, question: boolean, next: number): void => {
    let s = from;
    let e = end;
    while (s < e && /\s/u.test(masked[s]!)) s++;
    while (e > s && /\s/u.test(masked[e - 1]!)) e--;
    if (e > s) out.push({ start: s, end: e, question });
    from = next;
  };
  const re = /(?<![.!?])[.!?]+[)\]]*(?=\s|$)|\r\n|\n|\r/gu;
  for (let m = re.exec(masked); m; m = re.exec(masked)) {
    if (m[0][0] === '\n' || m[0][0] === '\r') {
      push(m.index, false, m.index + m[0].length);
      continue;
    }
    if (m[0][0] === '.' && m[0].length === 1) {
      const before = masked.slice(Math.max(0, m.index - 12), m.index);
      if (ABBREVIATION_BEFORE_DOT.test(before)) continue;
    }
    // A mark at the cut is no sentence end: the prompt went on ("config." of "config.ts").
    if (truncated && m.index + m[0].length === masked.length) return out;
    push(m.index, m[0].includes('?'), m.index + m[0].length);
  }
  if (truncated) return out;
  push(masked.length, false, masked.length);
  return out;
}

interface Candidate {
  cue: CompiledMemoryCue;
  order: number;
  start: number;
  end: number;
  /** The `fact` / `id` group. */
  gStart: number;
  gEnd: number;
}

/** Every match of the active cues in one sentence (rule 5). */
function candidatesIn(masked: string, s: Sentence, cues: readonly CompiledMemoryCue[], gates: boolean): Candidate[] {
  const text = masked.slice(s.start, s.end);
  const lower = gates ? text.toLowerCase() : '';
  const out: Candidate[] = [];
  cues.forEach((cue, i) => {
    if (gates && !cue.keywords.some((k) => lower.includes(k))) return;
    const group = cue.op === 'approve' || cue.op === 'reject' ? 'id' : 'fact';
    cue.cues.forEach((src, j) => {
      const re = toRegExp(src, 'dg');
      for (let m = re.exec(text); m; m = re.exec(text)) {
        if (m[0].length === 0) {
          re.lastIndex++;
          continue;
        }
        const g = m.indices?.groups?.[group];
        if (!g || g[1] <= g[0]) continue;
        out.push({ cue, order: i * 1000 + j, start: s.start + m.index, end: s.start + m.index + m[0].length, gStart: s.start + g[0], gEnd: s.start + g[1] });
      }
    });
  });
  return out.sort((a, b) => a.start - b.start || a.order - b.order);
}

const leadOk = (lead: string): boolean => LEAD_OK.test(lead);

/** The lead of a cue: the text from `from` to the cue, without line layout when it starts the sentence. */
function leadText(masked: string, from: number, to: number, atSentenceStart: boolean): string {
  const t = masked.slice(from, to);
  return atSentenceStart ? t.replace(LEAD_LAYOUT, '') : t;
}

interface Accepted {
  cand: Candidate;
  leadStart: number;
  factEnd: number;
}

/** Rules 7–8: may this cue, with this lead, make a request in this sentence? */
function admissible(c: Candidate, masked: string, leadStart: number, s: Sentence): boolean {
  if (s.question && !POLITE_ANY.test(masked.slice(leadStart, c.gStart))) return false;
  if (c.cue.op === 'remember' && /(?<![\p{L}\p{N}_])to\s*$/iu.test(masked.slice(c.start, c.gStart))) {
    if (!DURABLE_RE.test(masked.slice(s.start, s.end))) return false;
  }
  return true;
}

/** A lead of OPENERS longer than this is not looked for when a cue splits an earlier fact. */
const MAX_SPLIT_LEAD = 200;

/** Rule 11: the leftmost point in [from, to) where a later cue may split an earlier fact. */
function splitPoint(masked: string, from: number, to: number): number | undefined {
  for (let p = Math.max(from + 1, to - MAX_SPLIT_LEAD); p < to; p++) {
    const ch = masked[p]!;
    if (!/[\s,;:–—]/u.test(ch)) continue;
    if (!SPLIT_AT.test(masked.slice(p, Math.min(to, p + 8)))) continue;
    if (leadOk(masked.slice(p, to))) return p;
  }
  return undefined;
}

/** Rules 6, 11: the cues of one sentence that make requests. */
function acceptRequests(masked: string, s: Sentence, cands: readonly Candidate[]): Accepted[] {
  const accepted: Accepted[] = [];
  for (const c of cands) {
    const factEnd = c.gEnd < c.end ? c.gEnd : s.end;
    const prev = accepted[accepted.length - 1];
    if (prev && c.start < prev.factEnd) {
      if (c.start < prev.cand.gStart || c.gStart === prev.cand.gStart) continue;
      if (leadOk(masked.slice(prev.cand.gStart, c.start))) {
        if (admissible(c, masked, prev.leadStart, s)) accepted[accepted.length - 1] = { cand: c, leadStart: prev.leadStart, factEnd };
        continue;
      }
      const p = splitPoint(masked, prev.cand.gStart, c.start);
      if (p === undefined || !admissible(c, masked, p, s)) continue;
      prev.factEnd = p;
      accepted.push({ cand: c, leadStart: p, factEnd });
      continue;
    }
    if (prev && c.start < prev.cand.end) continue;
    const leadStart = prev ? Math.max(prev.cand.end, prev.factEnd) : s.start;
    if (!leadOk(leadText(masked, leadStart, c.start, !prev))) continue;
    if (!admissible(c, masked, leadStart, s)) continue;
    accepted.push({ cand: c, leadStart, factEnd });
  }
  return accepted;
}

/** Rule 14 on the fact: the phrases removed, and whether one was there. */
function takeScope(fact: string): { fact: string; user: boolean } {
  let user = false;
  let f = fact;
  if (USER_ANYWHERE.test(f)) {
    user = true;
    f = f.replace(USER_ANYWHERE_G, '');
  }
  if (GLOBAL_AT_START.test(f)) {
    user = true;
    f = f.replace(GLOBAL_AT_START, '');
  }
  if (GLOBAL_AT_END.test(f)) {
    user = true;
    f = f.replace(GLOBAL_AT_END, '');
  }
  f = f.replace(/^[\s,;:–—-]+/u, '');
  return { fact: f, user };
}

/** Rules 12–13, 15: the facts of one accepted cue (more than one only for a list of item ids). */
function factsOf(raw: string, op: 'remember' | 'forget', leadAndCue: string): { facts: string[]; scope: MemoryRequest['scope'] } | undefined {
  const oneLine = raw.replace(/\s+/gu, ' ');
  if (PUNCTUATION_RUN.test(oneLine)) return undefined;
  const scoped = takeScope(oneLine);
  const user = scoped.user || USER_ANYWHERE.test(leadAndCue) || GLOBAL_WORD.test(leadAndCue);
  let f = scoped.fact;
  for (let prev = ''; prev !== f; ) {
    prev = f;
    f = f.replace(TRAIL_ANY, '').replace(TRAIL_COMMA, '').replace(LEAD_PLEASE, '').replace(TRAILING_EMOJI, '');
    if (op === 'forget') f = f.replace(LEAD_REPORT, '');
  }
  if (TEMPORARY.test(f)) return undefined;
  f = normaliseFact(f);
  if (f.endsWith(')') && !f.includes('(')) f = normaliseFact(f.slice(0, -1));
  const scope = user ? 'user' : 'project';
  if (ID_AT_START_ANY_CASE.test(f)) {
    if (op === 'remember' || !ITEM_ID.test(f.slice(0, 12))) return undefined;
    const ids = [f.slice(0, 12)];
    LIST_NEXT.lastIndex = 12;
    for (let m = LIST_NEXT.exec(f); m; m = LIST_NEXT.exec(f)) ids.push(m[1]!);
    return { facts: [...new Set(ids)], scope };
  }
  if (f.length < 2 || PRONOUN_ONLY.test(f) || !/[\p{L}\p{N}]/u.test(f.split(PRIVATE_MARK).join(''))) return undefined;
  return { facts: [f], scope };
}

/** Is [start, end) of the masked text an item id of the exact form, not part of a longer word? */
function exactId(masked: string, start: number, end: number): boolean {
  if (!ITEM_ID.test(masked.slice(start, end))) return false;
  const before = masked[start - 1];
  const after = masked[end];
  return !(before && /[\p{L}\p{N}_-]/u.test(before)) && !(after && /[\p{L}\p{N}_-]/u.test(after));
}

/** Rule 16: the answers of one sentence, recorded into `answers` (first place kept, reject wins). */
function collectAnswers(masked: string, s: Sentence, cands: readonly Candidate[], answers: Map<string, ConsentAnswer & { at: number }>): void {
  let clauseFloor = s.start;
  for (const c of cands) {
    if (c.start < clauseFloor || !exactId(masked, c.gStart, c.gEnd)) continue;
    const before = masked.slice(s.start, c.start);
    if (ANSWER_BLOCK.test(before)) continue;
    if (s.question && !POLITE_ANY.test(before)) continue;
    const from = Math.max(clauseFloor, s.start + Math.max(before.lastIndexOf(','), before.lastIndexOf(';'), before.lastIndexOf(':')) + 1);
    const lead = leadText(masked, from, c.start, from === s.start).replace(ANSWER_JOIN, '');
    if (!leadOk(lead) && !(FIRST_PERSON.test(lead) && PERFORMATIVE.test(masked.slice(c.start, c.end)))) continue;
    const op = c.cue.op as ConsentAnswer['op'];
    const ids: Array<[string, number]> = [[masked.slice(c.gStart, c.gEnd), c.gStart]];
    let end = c.end;
    if (c.gEnd === c.end) {
      LIST_NEXT.lastIndex = end;
      for (let m = LIST_NEXT.exec(masked); m && m.index + m[0].length <= s.end; m = LIST_NEXT.exec(masked)) {
        end = m.index + m[0].length;
        ids.push([m[1]!, end - m[1]!.length]);
      }
    }
    if (ANSWER_DEFERRED.test(masked.slice(end, s.end))) continue;
    clauseFloor = end;
    for (const [id, at] of ids) {
      const had = answers.get(id);
      if (!had) answers.set(id, { op, id, cue: c.cue.id, at });
      else if (had.op === 'approve' && op === 'reject') answers.set(id, { op, id, cue: c.cue.id, at: had.at });
    }
  }
}

/** The memory requests and consent answers a prompt makes (rules above). */
export function findMemoryRequests(
  prompt: string,
  cues: readonly CompiledMemoryCue[],
  options: FindOptions = {},
): { requests: MemoryRequest[]; answers: ConsentAnswer[] } {
  const none = { requests: [], answers: [] };
  if (!prompt || cues.length === 0) return none;
  const gates = options.gates ?? true;
  const truncated = prompt.length > MAX_CHARS;
  const bounded = truncated ? prompt.slice(0, MAX_CHARS) : prompt;
  // The gate first: most prompts hold no cue, and a cue regex costs far more to compile than a substring test.
  let active: CompiledMemoryCue[] = [...cues];
  if (gates) {
    const lower = bounded.toLowerCase();
    const hasId = ITEM_ID_ANYWHERE.test(bounded);
    active = cues.filter((c) => (c.op === 'approve' || c.op === 'reject' ? hasId : true) && c.keywords.some((k) => lower.includes(k)));
    if (active.length === 0) return none;
  }
  const text = stripPrivate(bounded);
  const masked = maskQuoted(text);
  const requests: MemoryRequest[] = [];
  const seen = new Set<string>();
  const answers = new Map<string, ConsentAnswer & { at: number }>();
  for (const s of sentencesOf(masked, truncated)) {
    const cands = candidatesIn(masked, s, active, gates);
    if (cands.length === 0) continue;
    const asks = cands.filter((c) => c.cue.op === 'remember' || c.cue.op === 'forget');
    for (const a of acceptRequests(masked, s, asks)) {
      const op = a.cand.cue.op as MemoryRequest['op'];
      const found = factsOf(text.slice(a.cand.gStart, a.factEnd), op, masked.slice(a.leadStart, a.cand.gStart));
      if (!found) continue;
      for (const fact of found.facts) {
        const key = `${op}\u0000${found.scope}\u0000${factKey(fact)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        requests.push({ op, fact, cue: a.cand.cue.id, scope: found.scope });
      }
    }
    const replies = cands.filter((c) => c.cue.op === 'approve' || c.cue.op === 'reject');
    if (replies.length) collectAnswers(masked, s, replies, answers);
  }
  const ordered = [...answers.values()].sort((a, b) => a.at - b.at).map(({ op, id, cue }) => ({ op, id, cue }));
  return { requests, answers: ordered };
}
