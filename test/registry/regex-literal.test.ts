// requiredLiterals lets the matchers skip a regex when a text holds none of the strings every match holds: it must
// never name strings some match lacks. Checked on hand-made sources and, for every shipped regex the matchers
// pre-check, on matches fast-check generates from the regex itself.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POSITIVE_PHRASES } from '../../lib/analyzers/claims/detect.js';
import { foldFor, mightMatch, requiredLiterals } from '../../lib/registry/regex-literal.js';
import { viewOf } from '../../lib/registry/select.js';
import type { RegexSource } from '../../lib/registry/types.js';
import { shippedRegistry } from '../helpers/registry.js';

describe('requiredLiterals', () => {
  it('reads runs of plain characters, alternatives and the groups every match goes through; gives up when unsure', () => {
    const cases: Array<[string, string, string[] | undefined]> = [
      ['\\bnpm_[A-Za-z0-9]{36}\\b', '', ['npm_']],
      ['^git(?:\\s+-\\S+)*\\s+checkout\\s(?:.*\\s)?--', '', ['checkout']],
      ['-----BEGIN (?:RSA |EC )?PRIVATE KEY-----', '', ['PRIVATE KEY-----']], // the longest run
      ['abcd?e', '', ['abc']], // d is optional: the run stops before it
      ['abc+de', '', ['abc']], // c repeats: "abc" then "de"
      ['abc{0}defg', '', ['defg']],
      ['abc{2}', '', ['abc']],
      ['abc{,2}', '', undefined], // not a quantifier outside u mode: not read
      ['abc|defg', '', ['abc', 'defg']],
      ['abc|de', '', ['abc', 'de']],
      ['abc|d', '', ['abc', 'd']],
      ['abc|\\d', '', undefined], // an alternative without a plain character
      ['(?:abc|xyz)', '', ['abc', 'xyz']],
      ['^(?:(?:^|\\/)\\.ssh\\/id_rsa)$', '', ['.ssh/id_rsa']], // inside the group every match goes through
      ['(?:abcd)?xyz', '', ['xyz']], // an optional group holds nothing required
      ['(?=abcd)\\d', '', undefined], // nor does a lookahead
      ['(?<n>abcd)', '', ['abcd']],
      ['\\u0041BCD', '', ['BCD']],
      ['\\x41BCD', '', ['BCD']],
      ['\\p{L}abc', 'u', ['abc']],
      ['ABCdef', 'i', ['abcdef']], // compared folded
      ['caf\\u00e9|Stra\u00dfe', 'i', undefined], // a non-ASCII literal under i
      ['a', '', ['a']],
      ['\\d+', '', undefined],
      ['[abc]def[^g]hij', '', ['def']],
      ['abc\\.def', '', ['abc.def']], // an escaped punctuation character is itself
      ['ab\\.?cdef', '', ['cdef']],
      ['abc\\sdef', '', ['abc']], // \s is a class
      ['abc', 'g', ['abc']], // g and y say where a match starts, not what it holds
      ['abc', 'v', undefined],
    ];
    for (const [source, flags, want] of cases) expect(requiredLiterals(source, flags), `${source} /${flags}`).toEqual(want);
  });

  it('folds the text under i, ſ included (the one non-ASCII character /s/iu matches)', () => {
    const src: RegexSource = { source: 'resume', flags: 'iu' };
    expect(new RegExp(src.source, src.flags).test('re\u017fume')).toBe(true);
    expect(mightMatch(src, 're\u017fume')).toBe(true);
    expect(mightMatch(src, 'RESUME please')).toBe(true);
    expect(mightMatch(src, 'nothing here')).toBe(false);
    expect(foldFor('', 'ABC')).toBe('ABC');
    // An i added at match time (toRegExp's extra flags: a case-insensitive file system) folds both sides.
    const glob: RegexSource = { source: '^(?:\\/home\\/\\.ssh\\/id_rsa)$', flags: '' };
    expect(mightMatch(glob, '/HOME/.SSH/ID_RSA')).toBe(false);
    expect(mightMatch(glob, '/HOME/.SSH/ID_RSA', 'i')).toBe(true);
    expect(new RegExp(glob.source, 'i').test('/HOME/.SSH/ID_RSA')).toBe(true);
  });

  it('every generated match of every shipped pre-checked regex holds one of its literals', async () => {
    const view = viewOf(await shippedRegistry());
    const sources: RegexSource[] = [
      ...view.secrets.map((p) => p.regex),
      ...view.paths.flatMap((p) => [...p.include, ...p.exclude]),
      ...view.modes.map((p) => p.cues),
      ...view.intents.map((p) => p.cues),
      ...POSITIVE_PHRASES.map((re) => ({ source: re.source, flags: re.flags })),
      ...[...view.shell, ...view.actions]
        .flatMap((p) => ('command' in p.match ? [p.match.command] : 'pipe' in p.match ? [p.match.pipe.from, p.match.pipe.to] : []))
        .flatMap((c) => (c.text ? [c.text] : [])),
    ];
    // Read once by the compiler, not in every hook call: each pre-checked registry regex carries its literals.
    const fromRegistry = sources.length - POSITIVE_PHRASES.length;
    expect(sources.filter((s) => s.literals === undefined).length).toBe(POSITIVE_PHRASES.length);
    expect(fromRegistry).toBeGreaterThan(100);
    let checked = 0;
    for (const src of sources) {
      const lits = requiredLiterals(src.source, src.flags);
      expect(src.literals === undefined || JSON.stringify(src.literals) === JSON.stringify(lits ?? null), src.source).toBe(true);
      if (lits === undefined) continue;
      let arb: fc.Arbitrary<string>;
      try {
        arb = fc.stringMatching(new RegExp(src.source, src.flags.replace(/[igy]/g, '')));
      } catch {
        continue; // a construct fast-check cannot generate from (lookarounds): the hand-made cases cover the reading
      }
      checked++;
      fc.assert(
        fc.property(arb, fc.boolean(), (s, upper) => {
          const text = upper && src.flags.includes('i') ? s.toUpperCase() : s;
          return lits.some((l) => foldFor(src.flags, text).includes(l));
        }),
        { numRuns: 200 },
      );
    }
    expect(checked).toBeGreaterThan(20);
  });
});
