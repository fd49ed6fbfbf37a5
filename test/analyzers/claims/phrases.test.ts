// The claim detector's phrase checks (lib/analyzers/claims/phrases.ts) must mean what they meant as regular
// expressions: each list one case-insensitive alternation of `\b<phrase>\b`, a space matching \s+ and ' also ’.
// The regexes below are that specification (they cost ~20 ms to compile per Stop call, which is why the detector no
// longer uses them); random clauses built from the lists' own words, near misses and separators must get the same
// answer from both, whole clause checks (isAssertion) included.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADVICE_OPENERS,
  IMPERATIVES,
  isAssertion,
  MODALS,
  NEGATED_CONTRACTIONS,
  NEGATIONS,
  POSITIVE_PHRASES,
  REPORT_VERBS,
  REPORTERS,
} from '../../../lib/analyzers/claims/detect.js';
import { hasPhrase, phraseSet, tokens } from '../../../lib/analyzers/claims/phrases.js';

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
function phrases(list: readonly string[], anchor = ''): RegExp {
  const alts = list.map((p) => `\\b${escape(p).replace(/'/g, "['’]").replace(/\s+/g, '\\s+')}\\b`);
  return new RegExp(`${anchor}(?:${alts.join('|')})`, 'iu');
}
const NEGATION_RE = phrases([...NEGATIONS, ...NEGATED_CONTRACTIONS]);
const MODAL_RE = phrases(MODALS);
const IMPERATIVE_RE = new RegExp(
  `${phrases(IMPERATIVES, '^').source}(?!\\s*:|\\s+(?:succeeded|succeeds|completed|complete|worked|works|went|was|is|has|had|finished|done|ok)\\b)`,
  'iu',
);
const ADVICE_RE = phrases(ADVICE_OPENERS, '^');
const REPORT_RE = new RegExp(
  `(?:${phrases(REPORTERS).source}\\s+(?:(?:also|just|already|explicitly|originally)\\s+)?${phrases(REPORT_VERBS).source}|\\baccording\\s+to\\s+${phrases(REPORTERS).source})`,
  'iu',
);
const REQUEST_ECHO = /\b(?:as|like)\s+(?:you\s+|the\s+user\s+)?(?:asked|requested|suggested)\b/gu;
const LEADING_SYMBOLS = /^[^\p{L}\p{N}`"“]+/u;
const removeAll = (s: string, res: readonly RegExp[]): string => res.reduce((acc, re) => acc.replace(re, ' '), s);

/** The assertion check as it was written with regexes, on a clause without inline code or quotations. */
function referenceIsAssertion(clause: string): boolean {
  if (/\?["'”’)\]]*\s*$/u.test(clause)) return false;
  const check = clause.toLowerCase();
  const opener = check.replace(LEADING_SYMBOLS, '');
  if (IMPERATIVE_RE.test(opener) || ADVICE_RE.test(opener)) return false;
  if (NEGATION_RE.test(removeAll(check, POSITIVE_PHRASES))) return false;
  if (MODAL_RE.test(check)) return false;
  if (REPORT_RE.test(removeAll(check, [REQUEST_ECHO]))) return false;
  return true;
}

const LISTS = { NEGATIONS, NEGATED_CONTRACTIONS, MODALS, IMPERATIVES, ADVICE_OPENERS, REPORTERS, REPORT_VERBS };
/** Whole phrases and words of every list, their near misses, positive phrases and other prose. */
const WORDS = [
  ...new Set([
    ...Object.values(LISTS).flatMap((l) => [...l, ...l.flatMap((p) => p.split(/[\s']+/))]),
    ...['0 errors', 'no failures', 'without any warnings', 'the failing test', '--no-verify', 'as expected', 'as you asked', 'explicitly', 'originally', 'already'],
    ...['all', 'tests', 'pass', 'passed', 'errors', 'failures', 'zero', '0', 'with', 'fixed', 'the', 'previously', 'i', 'ran', 'npm', 'test'],
    ...['nothing', 'knot', 'note', 'cannon', 'tryst', 'nextjs', 'yet', 'to', 'succeeded', 'ok', 'done', 'also', 'just', 'according', 'as', 'like', 'asked'],
    ...['Not', 'NO', 'Should', 'Run', 'CI', 'The', 'ſhould', 'é', 'noé', 'don', 't', 'll', 're', 'run', 'check', 'double'],
  ]),
];
const SEPARATORS = [' ', ' ', ' ', '  ', '\t', '\n', '\u00a0', "'", '’', ':', ' : ', '-', '.', ',', ';', '?', '!', '(', ')', '"', '_', ''];

const word = fc.constantFrom(...WORDS);
const sep = fc.constantFrom(...SEPARATORS);
const from = (list: readonly string[]): fc.Arbitrary<string> => fc.constantFrom(...list);
/** Shapes the checks look for, with every slot free to miss: reports, imperatives with what may follow them, and
 * a positive phrase taken out between two halves of a negation ("yet … to"). */
const shaped = fc.oneof(
  fc.tuple(from(REPORTERS), sep, fc.constantFrom('', 'also ', 'just ', 'already ', 'explicitly ', 'originally ', 'really '), from(REPORT_VERBS)).map((p) => p.join('')),
  fc.tuple(fc.constantFrom('according to ', 'according ', 'accordingly to '), from(REPORTERS)).map((p) => p.join('')),
  fc.tuple(from(IMPERATIVES), fc.constantFrom(':', ' :', ' ', '  ', ''), fc.constantFrom('succeeded', 'ok', 'okay', 'done', 'npm test', 'is', 'isnt')).map((p) => p.join('')),
  fc.tuple(fc.constantFrom('yet', 'no', 'not'), fc.constantFrom(' 0 errors ', ' no failures ', ' ', ' the '), fc.constantFrom('to', 'longer', 'done')).map((p) => p.join('')),
);
const clause = fc
  .array(fc.tuple(fc.oneof({ weight: 3, arbitrary: word }, { weight: 1, arbitrary: shaped }), sep), { minLength: 1, maxLength: 9 })
  .chain((parts) => fc.tuple(fc.constantFrom('', ' ', '- ', '✅ ', '**'), fc.constant(parts.map(([w, s]) => w + s).join(''))))
  .map(([lead, body]) => lead + body);

describe('phrase lists without regexes', () => {
  it('find a phrase exactly where the list as a case-insensitive regex over lower-cased text does', () => {
    for (const [name, list] of Object.entries(LISTS)) {
      const set = phraseSet(list);
      const re = phrases(list);
      fc.assert(
        fc.property(clause, (c) => {
          // Long s (ſ) is the one letter JavaScript's lower-casing and /iu folding disagree on; no list has an s
          // word it could stand for in real text, and the matcher reads it as itself.
          const text = c.toLowerCase();
          if (text.includes('ſ')) return;
          expect(hasPhrase(set, tokens(text)), `${name}: ${JSON.stringify(text)}`).toBe(re.test(text));
        }),
        { numRuns: 2000 },
      );
    }
  });

  it('every phrase of every list is found in itself, in a sentence, and after its apostrophe turns typographic', () => {
    for (const list of Object.values(LISTS)) {
      const set = phraseSet(list);
      for (const p of list) {
        expect(hasPhrase(set, tokens(p)), p).toBe(true);
        expect(hasPhrase(set, tokens(`so, ${p.replace(/ /g, '\n ')}.`)), p).toBe(true);
        expect(hasPhrase(set, tokens(p.replace(/'/g, '’'))), p).toBe(true);
      }
    }
  });

  it('refuses a phrase that could not sit on word boundaries or is not lower case', () => {
    expect(() => phraseSet(["'tis"])).toThrow(/must be lower case and start and end with a word character/);
    expect(() => phraseSet(['Never'])).toThrow(/must be lower case/);
  });
});

describe('isAssertion', () => {
  it('judges every clause as the regex rules did (imperatives, advice, negations after positive phrases, modals, reports)', () => {
    fc.assert(
      fc.property(clause, (c) => {
        if (c.toLowerCase().includes('ſ') || /[`"“]/.test(c)) return; // quoted matter is blanked before the check
        expect(isAssertion(c, c), JSON.stringify(c)).toBe(referenceIsAssertion(c));
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps the cases the lists are for', () => {
    const cases: Array<[string, boolean]> = [
      ['All tests pass.', true],
      ['All tests pass with no failures.', true],
      ['No tests failed.', true],
      ['Tests did not pass.', false],
      ["I couldn’t push the branch.", false],
      ['Run npm test to check.', false],
      ['Push succeeded.', true],
      ['Run: npm test passed', true],
      ['To verify, run the suite.', false],
      ['Once CI is green, it is merged.', false],
      ['The user said all tests pass.', false],
      ['CI already reported the build green.', false],
      ['According to the README, tests pass.', false],
      ['As you asked, I pushed the branch.', true],
      ['The build is yet 0 errors to finish.', false],
    ];
    for (const [text, want] of cases) {
      expect(isAssertion(text, text), text).toBe(want);
      expect(referenceIsAssertion(text), `reference: ${text}`).toBe(want);
    }
  });
});
