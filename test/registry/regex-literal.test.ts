// requiredLiteral lets the matchers skip a regex whose literal a text lacks: it must never name a literal some
// match lacks. Checked on hand-made sources and, for every shipped secret and shell text regex, on matches
// fast-check generates from the regex itself.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requiredLiteral } from '../../lib/registry/regex-literal.js';
import { viewOf } from '../../lib/registry/select.js';
import type { RegexSource } from '../../lib/registry/types.js';
import { shippedRegistry } from '../helpers/registry.js';

describe('requiredLiteral', () => {
  it('reads the top-level run of plain characters, and gives up where it cannot be sure', () => {
    const cases: Array<[string, string, string | undefined]> = [
      ['\\bnpm_[A-Za-z0-9]{36}\\b', '', 'npm_'],
      ['^git(?:\\s+-\\S+)*\\s+checkout\\s(?:.*\\s)?--', '', 'checkout'],
      ['-----BEGIN (?:RSA |EC )?PRIVATE KEY-----', '', 'PRIVATE KEY-----'], // the longest run
      ['abcd?e', '', 'abc'], // d is optional: the run stops before it
      ['abc+de', '', 'abc'], // c repeats: "abc" then "de"
      ['abc{0}defg', '', 'defg'],
      ['abc{2}', '', 'abc'],
      ['abc{,2}', '', undefined], // not a quantifier outside u mode: not read
      ['abc|defg', '', undefined],
      ['(?:abc|xyz)', '', undefined],
      ['^(?:(?:^|\\/)\\.ssh\\/id_rsa)$', '', '.ssh/id_rsa'], // inside the group every match goes through
      ['(?:abcd)?xyz', '', 'xyz'], // an optional group holds nothing required
      ['(?=abcd)xy', '', undefined], // nor does a lookahead
      ['(?<n>abcd)', '', 'abcd'],
      ['\\u0041BCD', '', 'BCD'],
      ['\\x41BCD', '', 'BCD'],
      ['\\p{L}abc', 'u', 'abc'],
      ['abcdef', 'i', undefined],
      ['ab', '', undefined], // too short to be worth it
      ['[abc]def[^g]hij', '', 'def'],
      ['abc\\.def', '', 'abc.def'], // an escaped punctuation character is itself
      ['ab\\.?cdef', '', 'cdef'],
      ['\\/etc\\/', '', '/etc/'],
      ['abc\\sdef', '', 'abc'], // \s is a class
    ];
    for (const [source, flags, want] of cases) expect(requiredLiteral(source, flags), `${source} /${flags}`).toBe(want);
  });

  it('every generated match of every shipped secret and shell text regex holds its literal', async () => {
    const view = viewOf(await shippedRegistry());
    const sources: RegexSource[] = [
      ...view.secrets.map((p) => p.regex),
      ...view.paths.flatMap((p) => [...p.include, ...p.exclude]),
      ...view.shell.flatMap((p) => ('command' in p.match ? [p.match.command] : 'pipe' in p.match ? [p.match.pipe.from, p.match.pipe.to] : [])).flatMap((c) => (c.text ? [c.text] : [])),
    ];
    let checked = 0;
    for (const src of sources) {
      const lit = requiredLiteral(src.source, src.flags);
      if (lit === undefined) continue;
      let arb: fc.Arbitrary<string>;
      try {
        arb = fc.stringMatching(new RegExp(src.source, src.flags));
      } catch {
        continue; // a construct fast-check cannot generate from (lookbehind): the hand-made cases cover the reading
      }
      checked++;
      fc.assert(
        fc.property(arb, (s) => s.includes(lit)),
        { numRuns: 200 },
      );
    }
    expect(checked).toBeGreaterThan(8);
  });
});
