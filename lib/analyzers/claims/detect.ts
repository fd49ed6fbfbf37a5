// Phantom claims, text side: which claims of actions or results ("all tests pass", "I pushed the branch") the
// agent's final message asserts. The registry (patterns/claims.json) says what each claim looks like; this file
// owns what counts as an assertion. Whether a matching tool call backs the claim is decided elsewhere (session
// state); a hit here blocks the turn's end, so every rule below leans towards "not a claim" when in doubt.
//
// Rules, in the order they apply:
//  1. Bound: only the last MAX_CHARS (20,000) characters are read (claims sit at the end of a message). When the
//     text is cut, the partial first line is dropped too; a cut inside a fenced block is not detected.
//  2. Quoted matter is data, not prose: fenced code blocks (``` or ~~~, closed by the same fence character at
//     least as long; an unclosed fence runs to the end) and Markdown block-quote lines (first non-blank character
//     `>`) are skipped. Indented code blocks are NOT recognised (list continuations are indented too).
//  3. Markdown is reduced to prose per line: heading marks, list bullets (- * + • 1. 1)), task boxes ([x]), bold
//     and underline marks, link targets and status marks (✅ ✔ ✓) are dropped; ~~struck-through~~ text is dropped
//     entirely; a table row "| Tests | 42 passed |" reads as "Tests: 42 passed".
//  4. Sentences: a line is split after . ! or ? (plus closing quotes/brackets) followed by a space or the end, and
//     on inline bullets ( • ); never inside inline code or a quotation, never after "e.g." / "i.e." / "vs." /
//     "cf." / "etc."; "1.2.3" and "index.ts" have no space after the dot and so never split. Each line is its
//     own sentence group: newlines always split (hard-wrapped prose may lose a claim: a false negative).
//  5. Clauses: a sentence is split further on ";" and on "but" (", but" / " but "), outside code and quotes, and
//     each clause is judged on its own ("I couldn't push, but I committed the changes" claims a commit).
//  6. A clause does not count when:
//     - its sentence is a question (ends with "?"): every clause of it, "I committed, but should I push?" included;
//     - it is negated: a NEGATIONS word or NEGATED_CONTRACTIONS form (not, no, never, none, nothing, without,
//       unable, cannot, fail/failed/fails/failing/failure(s), didn't, couldn't, haven't …), after POSITIVE_PHRASES
//       are taken out: "all tests pass with no failures", "No tests failed", "0 failed", "without errors", "no type
//       errors", past failures ("fixed the failing test", "the test that was failing") and flags ("--no-verify")
//       are not negations. The check is per clause, not per verb: "I ran the tests and 3 failed" loses its run
//       claim (a false negative, accepted: a hit blocks);
//     - it is conditional, future, hedged, purposive or advice: a MODALS word or phrase (if, once, when, unless,
//       should, will, would, could, might, may, must, need to, please, make sure, you can, let me, I'll, going to,
//       try, to make, so that …);
//     - it starts with an imperative (IMPERATIVES: "Run `npm test` …", "Make sure …", "Push when ready"), unless a
//       ":" or a result verb follows, which makes the word a noun ("Push succeeded.", "Run: …"); or it starts
//       with one of the ADVICE_OPENERS ("To verify, …", "Next steps …");
//     - it reports someone else: a REPORTERS subject with a REPORT_VERBS verb ("the user said", "you mentioned",
//       "CI reported", "the README says") or "according to" one of them. CI's and other people's reports are
//       deliberately not the agent's claims: the agent cites a source it did not produce. "The logs show" and
//       "according to the output" are NOT reports (they claim tool output the agent saw) and still count, and
//       "as you asked, I pushed" echoes a request and still claims the push.
//     The checks above read the clause lower-cased, with inline code and quotations blanked out ("I ran
//     `npm test -- --if-present`" is not conditional).
//  7. Cues (registry regexes, flags "iu") are matched against the clause with inline code kept ("I ran `npm test`"
//     is a claim), after leading symbols (emoji, bullets, bold marks) are stripped, so a cue may anchor with `^`.
//     A match lying entirely inside inline code or a quotation does not count. Cues are tried first and the
//     assertion checks only run on a clause some cue matched.
//  8. Result: one hit per claim id, in registry order, naming the first sentence (in text order) that made it,
//     whitespace-collapsed and cut to MAX_SENTENCE (160) characters with "…".

import { regexFor } from '../../registry/ascii-twin.js';
import type { CompiledClaim, RegexSource } from '../../registry/types.js';
import { excerpt } from '../truncate.js';
import { codeSpans, dataSpans, inside, type Span } from '../quoted.js';
import { endsAt, gapFirsts, hasPhrase, phraseSet, tokens, type PhraseSet, type Tokens } from './phrases.js';
import { stripLeadingSymbols } from './leading.js';
import { hasLetterOrNumber } from '../../text/letters.js';

export interface ClaimHit {
  id: string;
  /** The sentence that made the claim, whitespace-collapsed, at most MAX_SENTENCE characters (cut with "…"). */
  sentence: string;
}

/** Only this many trailing characters of a message are read. */
export const MAX_CHARS = 20_000;
/** Longest sentence reported in a hit. */
export const MAX_SENTENCE = 160;

/** Words and phrases that negate a clause (matched on word boundaries, ' also matches ’). */
export const NEGATIONS = [
  'not', 'no', 'never', 'none', 'nothing', 'nobody', 'neither', 'nor', 'no longer', 'without', 'unable', 'cannot',
  'yet to', 'fail', 'fails', 'failed', 'failing', 'failure', 'failures', 'unsuccessful', 'unsuccessfully',
] as const;

/** Negated auxiliaries ("didn't", "couldn't", "haven't" …). */
export const NEGATED_CONTRACTIONS = [
  "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't", "weren't", "haven't", "hasn't", "hadn't", "can't",
  "couldn't", "won't", "wouldn't", "shouldn't", "mustn't", "needn't", "ain't",
] as const;

/** Phrases taken out of a clause before the negation check: they contain a negation word but assert success. */
export const POSITIVE_PHRASES: readonly RegExp[] = [
  // "with no failures", "0 errors", "no type errors", "no new lint warnings"
  /\b(?:with\s+)?(?:no|zero|0)\s+(?:new\s+|more\s+|remaining\s+|other\s+)?(?:test\s+|type\s+|typescript\s+|ts\s+|lint(?:ing)?\s+|eslint\s+|linter\s+|compiler?\s+|compilation\s+|build\s+|merge\s+)?(?:errors?|failures?|warnings?|issues?|problems?|regressions?|conflicts?|downtime|complaints?|violations?)\b/gu,
  // "without errors", "without any warnings", "without downtime"
  /\bwithout\s+(?:any\s+)?(?:new\s+)?(?:errors?|failures?|warnings?|issues?|problems?|regressions?|downtime|conflicts?|complaints?)\b/gu,
  // "No tests failed", "none of the tests failed", "0 failed", "nothing failed"
  /\b(?:no|none|zero|0|nothing)\s+(?:of\s+(?:the\s+|them\s*)?)?(?:(?:unit\s+|e2e\s+|integration\s+)?(?:tests?|specs?|checks?)\s+)?(?:failed|fail|fails|failing|broke)\b/gu,
  // "fixed the failing test", "resolved both failures"
  /\b(?:fix(?:ed|es)?|resolv(?:ed|es)|repair(?:ed)?|address(?:ed)?|debugg?(?:ed)?)\s+(?:the\s+|all\s+(?:the\s+)?|both\s+|two\s+|three\s+|\d+\s+|that\s+|those\s+)?(?:previously\s+)?(?:fail(?:ing|ed|ures?)|flaky)\b/gu,
  // "the failing test now passes", "the previously failing spec"
  /\b(?:the|that|those|these|previously|formerly|originally)\s+(?:previously\s+)?failing\b/gu,
  // "the test that was failing", "used to fail"
  /\b(?:was|were|had\s+been|have\s+been|has\s+been|used\s+to)\s+(?:previously\s+)?fail(?:ing)?\b/gu,
  // "no longer fails", "no longer flaky"
  /\bno\s+longer\s+(?:fails?|failing|flaky|flakes|broken|errors?|crash(?:es)?)\b/gu,
  // command-line flags: "--no-verify", "--no-cache"
  /(?:^|\s)--?no-[\w-]+/gu,
  /\bno-op\b/gu,
  /\bas\s+expected\b/gu,
];

/** Words and phrases that make a clause conditional, future, hedged, purposive or advice (word boundaries). */
export const MODALS = [
  'if', 'unless', 'once', 'when', 'whenever', 'until', 'whether', 'should', 'shall', 'will', 'would', 'could',
  'might', 'may', 'must', 'ought to', 'need to', 'needs to', 'have to', 'has to', 'please', 'make sure', 'let me',
  "let's", "i'll", "i'd", "we'll", "we'd", "you'll", "you'd", "it'll", "that'll", 'you can', 'you could', 'we can',
  'we could', 'can you', 'going to', 'gonna', 'about to', 'plan to', 'planning to', 'want to', 'wants to', 'try',
  'tries', 'tried', 'trying', 'attempt', 'attempted', 'expect to', 'expected to', 'supposed to', 'ready to',
  'hopefully', 'ideally', 'assuming', 'to make', 'to get', 'in order to', 'so that', 'in case', 'only after',
  'as soon as',
] as const;

/** Imperative verbs: a clause that starts with one is advice ("Run `npm test` to check"), unless a ":" or a result
 * verb follows (then it is a noun: "Push succeeded.", "Run: npm test"). */
export const IMPERATIVES = [
  'run', 'rerun', 're-run', 'execute', 'try', 'make', 'ensure', 'check', 'double-check', 'verify', 'confirm', 'use',
  'push', 'commit', 'deploy', 'install', 'invoke', 'start', 'consider', 'remember', 'go ahead', 'feel free', 'review',
  'open',
] as const;

/** Clause openers that introduce advice or a plan ("To verify, …", "Next steps"). */
export const ADVICE_OPENERS = [
  'to verify', 'to confirm', 'to check', 'to test', 'to see', 'to ensure', 'next', 'todo', 'to do', 'remaining',
  'suggested', 'recommended',
] as const;

/** Someone other than the agent, whose report is not the agent's claim. */
export const REPORTERS = [
  'you', 'the user', 'user', 'they', 'he', 'she', 'someone', 'the issue', 'the ticket', 'the task', 'the docs',
  'the documentation', 'the readme', 'readme', 'the reviewer', 'the pr description', 'the bug report',
  'the changelog', 'your message', 'ci', 'the ci', 'the ci run', 'the pipeline', 'github actions',
] as const;

/** What a REPORTERS subject does when it reports ("the user said", "CI reported"). */
export const REPORT_VERBS = [
  'said', 'says', 'say', 'mentioned', 'mentions', 'asked', 'asks', 'wrote', 'writes', 'claimed', 'claims', 'reported',
  'reports', 'noted', 'notes', 'stated', 'states', 'told', 'suggested', 'suggests', 'indicated', 'indicates',
  'requested',
] as const;

/** "as you asked, I pushed" reports the request, not the result: taken out before the report check. */
const REQUEST_ECHO = /\b(?:as|like)\s+(?:you\s+|the\s+user\s+)?(?:asked|requested|suggested)\b/gu;

/** Abbreviations whose dot does not end a sentence. */
const ABBREVIATION_BEFORE_DOT = /[\s(](?:e\.g|i\.e|vs|cf|etc|approx|incl|viz|a\.k\.a)$/iu;

/** The phrase lists as matchers (phrases.ts: the semantics of `\b<phrase>\b`, a space matching \s+ and ' also ’),
 * built on the first clause a cue matched: most Stop calls never need them. */
let lists:
  | { negation: PhraseSet; negationGapFirsts: Set<string>; modal: PhraseSet; imperative: PhraseSet; advice: PhraseSet; reporter: PhraseSet; reportVerb: PhraseSet; accordingTo: PhraseSet }
  | undefined;
function phraseLists(): NonNullable<typeof lists> {
  if (!lists) {
    const negation = phraseSet([...NEGATIONS, ...NEGATED_CONTRACTIONS]);
    lists = {
      negation,
      negationGapFirsts: gapFirsts(negation),
      modal: phraseSet(MODALS),
      imperative: phraseSet(IMPERATIVES),
      advice: phraseSet(ADVICE_OPENERS),
      reporter: phraseSet(REPORTERS),
      reportVerb: phraseSet(REPORT_VERBS),
      accordingTo: phraseSet(['according to']),
    };
  }
  return lists;
}
/** After an imperative verb these make it a noun ("Push succeeded."). */
const RESULT_WORDS = new Set(['succeeded', 'succeeds', 'completed', 'complete', 'worked', 'works', 'went', 'was', 'is', 'has', 'had', 'finished', 'done', 'ok']);
const REPORT_ADVERBS = new Set(['also', 'just', 'already', 'explicitly', 'originally']);

/** Does the clause open with an imperative verb that is not a noun (no ":" or result verb after it)? */
function opensImperative(tk: Tokens): boolean {
  if (tk.at[0] !== 0) return false;
  return endsAt(phraseLists().imperative, tk, 0).some((e) => tk.text[e] !== ':' && !(tk.spaced[e] && RESULT_WORDS.has(tk.text[e]!)));
}

/** "the user said", "CI already reported", "according to the README". */
function reportsOthers(tk: Tokens): boolean {
  const { reporter, reportVerb, accordingTo } = phraseLists();
  const verbAt = (i: number): boolean => tk.spaced[i] === true && endsAt(reportVerb, tk, i).length > 0;
  for (let i = 0; i < tk.text.length; i++) {
    for (const e of endsAt(reporter, tk, i)) {
      if (verbAt(e) || (tk.spaced[e] && REPORT_ADVERBS.has(tk.text[e]!) && verbAt(e + 1))) return true;
    }
    if (endsAt(accordingTo, tk, i).some((e) => tk.spaced[e] && endsAt(reporter, tk, e).length > 0)) return true;
  }
  return false;
}

/** Negated once the POSITIVE_PHRASES are taken out? Taking text out never makes a word that was not there, so
 * when no negation phrase can start in the clause as it is, the phrases (regexes worth ~1-7 ms each to compile)
 * are not run at all. */
function negated(check: string, tk: Tokens): boolean {
  const { negation, negationGapFirsts } = phraseLists();
  if (!hasPhrase(negation, tk) && !tk.text.some((t) => negationGapFirsts.has(t))) return false;
  return hasPhrase(negation, tokens(removeAll(check, POSITIVE_PHRASES)));
}

const QUESTION_END = /\?["'”’)\]]*\s*$/u;

/** Status marks in prose ("✅ Tests pass", "| Lint | ✔ clean |"): dropped so that a cue reads the words. */
const STATUS_MARKS = /[\u2705\u2714\u2713\u2611\u{1F7E2}]\uFE0F?\s*/gu;

/** A Markdown table row "| Tests | 42 passed |" read as "Tests: 42 passed" (separator rows hold no words). */
function tableRow(line: string): string {
  if (!/^\s*\|.*\|\s*$/.test(line)) return line;
  return line
    .trim()
    .slice(1, -1)
    .split('|')
    .map((c) => c.trim())
    .filter(Boolean)
    .join(': ');
}

/** Non-code text of a line with Markdown inline marks removed; code spans are copied unchanged. */
function stripInlineMarkdown(line: string): string {
  const code = codeSpans(line);
  let out = '';
  let at = 0;
  const prose = (t: string): string =>
    t
      .replace(/~~[^~]*~~/g, '')
      .replace(/!?\[([^\]]*)\]\([^)\s]*\)/g, '$1')
      .replace(/\*\*|__/g, '')
      .replace(STATUS_MARKS, '');
  for (const [s, e] of code) {
    out += prose(line.slice(at, s)) + line.slice(s, e);
    at = e;
  }
  return out + prose(line.slice(at));
}

const BLOCK_PREFIX = /^\s*(?:#{1,6}\s+|[-*+•]\s+|\d{1,3}[.)]\s+|\[[ xX]\]\s+)/u;
const FENCE = /^\s*(`{3,}|~{3,})/u;

/** Prose lines of `text`: fenced blocks and block quotes removed. */
function proseLines(text: string): string[] {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of text.split(/\r\n|\r|\n/)) {
    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length && !line.slice(f[0].length).trim()) fence = undefined;
      continue;
    }
    if (f && !(f[1]![0] === '`' && line.slice(f[0].length).includes('`'))) {
      fence = f[1];
      continue;
    }
    if (/^\s*>/.test(line)) continue;
    out.push(line);
  }
  return out;
}

/** A line cut into sentences (rule 4), never inside inline code or a quotation. */
function sentences(line: string): string[] {
  const spans = dataSpans(line);
  const out: string[] = [];
  let from = 0;
  const cut = (to: number, next: number): void => {
    const s = line.slice(from, to).trim();
    if (s) out.push(s);
    from = next;
  };
  const re = /[.!?]+["'”’)\]]*(?=\s|$)|\s[•·]\s/gu;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    if (inside(spans, m.index)) continue;
    if (/^\s/.test(m[0])) {
      cut(m.index, m.index + m[0].length);
      continue;
    }
    const before = m.index >= 12 ? line.slice(m.index - 12, m.index) : ` ${line.slice(0, m.index)}`;
    if (m[0] === '.' && ABBREVIATION_BEFORE_DOT.test(before)) continue;
    cut(m.index + m[0].length, m.index + m[0].length);
  }
  cut(line.length, line.length);
  return out;
}

/** A sentence cut on ";" and "but" outside data spans. */
function clauses(sentence: string): string[] {
  const spans = dataSpans(sentence);
  const out: string[] = [];
  let from = 0;
  const re = /;|,?\s+but\s+/giu;
  for (let m = re.exec(sentence); m; m = re.exec(sentence)) {
    if (inside(spans, m.index, m.index + m[0].length)) continue;
    out.push(sentence.slice(from, m.index));
    from = m.index + m[0].length;
  }
  out.push(sentence.slice(from));
  return out.map((c) => stripLeadingSymbols(c).trim()).filter(Boolean);
}

/** The clause with data spans blanked, lower-cased: what the assertion checks read. */
function checkText(clause: string): string {
  let out = '';
  let at = 0;
  for (const [a, b] of dataSpans(clause)) {
    out += clause.slice(at, a) + ' '.repeat(b - a);
    at = b;
  }
  return (out + clause.slice(at)).toLowerCase();
}

function removeAll(s: string, res: readonly RegExp[]): string {
  return res.reduce((acc, re) => acc.replace(re, ' '), s);
}

/** Rule 6: does this clause assert something? (Exported for its test against the rules written as regexes.) */
export function isAssertion(clause: string, sentence: string): boolean {
  if (QUESTION_END.test(sentence)) return false;
  const check = checkText(clause);
  const opener = tokens(stripLeadingSymbols(check));
  if (opensImperative(opener) || (opener.at[0] === 0 && endsAt(phraseLists().advice, opener, 0).length > 0)) return false;
  const tk = tokens(check);
  if (negated(check, tk)) return false;
  if (hasPhrase(phraseLists().modal, tk)) return false;
  if (reportsOthers(tokens(removeAll(check, [REQUEST_ECHO])))) return false;
  return true;
}

interface Unit {
  clause: string;
  sentence: string;
  spans: Span[];
}

/** Every clause of `text` in text order (rules 1–5); whether each asserts is judged lazily (rule 6). */
function* clausesOf(text: string): Generator<Unit> {
  let tail = text;
  if (tail.length > MAX_CHARS) {
    const cutAt = tail.length - MAX_CHARS;
    tail = tail.slice(cutAt);
    if (text[cutAt - 1] !== '\n') {
      const nl = tail.indexOf('\n');
      if (nl >= 0) tail = tail.slice(nl + 1);
    }
  }
  for (const raw of proseLines(tail)) {
    let line = raw;
    for (let prev = ''; prev !== line; ) {
      prev = line;
      line = line.replace(BLOCK_PREFIX, '');
    }
    if (!hasLetterOrNumber(line)) continue;
    for (const sentence of sentences(stripInlineMarkdown(tableRow(line)))) {
      for (const clause of clauses(sentence)) yield { clause, sentence, spans: dataSpans(clause) };
    }
  }
}

/** Does one of the cues match the clause somewhere other than entirely inside inline code or a quotation? (An
 * ASCII clause runs each cue's cheaper twin: lib/registry/ascii-twin.ts.) */
function cueMatches(cues: readonly RegexSource[], unit: Unit): boolean {
  for (const cue of cues) {
    const { re, text } = regexFor(cue, unit.clause, 'g');
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      if (!inside(unit.spans, m.index, m.index + m[0].length)) return true;
    }
  }
  return false;
}

/** Claims the text makes, one hit per claim id (first sentence that matches), in registry order. */
export function findClaims(text: string, claims: readonly CompiledClaim[]): ClaimHit[] {
  if (!text || claims.length === 0) return [];
  // A claim's cues become regexes when its keywords first show up (flags "iu": ~0.1-1 ms each to build).
  const cuesOf = (i: number): readonly RegexSource[] => claims[i]!.cues;
  const first: Array<string | undefined> = claims.map(() => undefined);
  let open = claims.length;
  for (const unit of clausesOf(text)) {
    let asserts: boolean | undefined;
    const lower = unit.clause.toLowerCase();
    for (let i = 0; i < claims.length; i++) {
      // The keyword gate first: a cue regex costs ~1 ms to compile on first use, and most clauses claim nothing.
      if (first[i] !== undefined || !claims[i]!.keywords.some((k) => lower.includes(k)) || !cueMatches(cuesOf(i), unit)) continue;
      asserts ??= isAssertion(unit.clause, unit.sentence);
      if (!asserts) break;
      first[i] = unit.sentence;
      open--;
    }
    if (open === 0) break;
  }
  const hits: ClaimHit[] = [];
  claims.forEach((c, i) => {
    const sentence = first[i];
    if (sentence !== undefined) hits.push({ id: c.id, sentence: excerpt(sentence, MAX_SENTENCE) });
  });
  return hits;
}
