// requiredRun lets the secret matcher skip a regex when a short text lacks the run of key characters every match
// holds: it must never ask for a run some match lacks. Checked on hand-made sources and, for every shipped secret
// regex, on its own examples (the pack's, case-flipped) and on matches fast-check generates from it.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RUN_SCAN, mayHoldRun, requiredRun } from '../../lib/registry/regex-run.js';
import { viewOf } from '../../lib/registry/select.js';
import { ROOT, shippedRegistry } from '../helpers/registry.js';

const PACK = JSON.parse(readFileSync(join(ROOT, 'patterns', 'secrets.json'), 'utf8')) as {
  patterns: Array<{ id: string; regex: string; examples?: { match?: string[] } }>;
};

describe('requiredRun', () => {
  it('reads a class repeated 16 or more times at the top level; gives up when unsure', () => {
    const run = (source: string, flags = '') => {
      const r = requiredRun(source, flags);
      return r && { length: r.length, chars: String.fromCharCode(...[...r.table.keys()].filter((c) => r.table[c])) };
    };
    expect(run('\\bnpm_[A-Za-z0-9]{36}\\b')).toEqual({ length: 36, chars: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz' });
    expect(run('x[a-c]{16,}y[\\d/+]{20,40}?')).toEqual({ length: 20, chars: '+/0123456789' }); // the longest
    expect(run('[a-c\\-_]{17}')).toEqual({ length: 17, chars: '-_abc' });
    expect(run('[A-C]{16}', 'i')).toEqual({ length: 16, chars: 'ABCabc' }); // both cases under i
    expect(run('[\\w]{16}')?.chars).toBe('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz');
    for (const [source, flags] of [
      ['[a-z]{15}', ''], // too short to be worth it
      ['(?:[a-z]{20})?', ''], // inside a group: not read
      ['abc|[a-z]{20}', ''], // a top-level alternative may avoid it
      ['[^a-z]{20}', ''], // negated
      ['[\\sa-z]{20}', ''], // an escape it does not read
      ['[a-z\u00e9]{20}', ''], // not ASCII
      ['[a-z]{20}', 'iu'], // ſ and the Kelvin sign fold to s and k
      ['[a-z]{20}', 'v'],
      ['[a-z]*', ''],
      ['a{,2}[a-z]{20}', ''], // a `{` this reading is unsure of
    ] as const) expect(run(source, flags), `${source} /${flags}`).toBeUndefined();
  });

  it('a short text without the run is skipped; a long one is never judged by it', () => {
    const src = { source: '\\bnpm_[A-Za-z0-9]{36}\\b', flags: '' };
    expect(mayHoldRun(src, 'the rule secrets/npm-token names npm_ tokens')).toBe(false);
    expect(mayHoldRun(src, `npm_${'a'.repeat(36)}`)).toBe(true);
    expect(mayHoldRun(src, `npm_${'a'.repeat(35)} ${'b'.repeat(10)}`)).toBe(false);
    expect(mayHoldRun(src, 'x '.repeat(MAX_RUN_SCAN))).toBe(true);
  });

  it("every shipped secret regex: each example match, in either case, holds the run; so do generated matches", async () => {
    const secrets = viewOf(await shippedRegistry()).secrets;
    const examples = PACK.patterns.flatMap((p) => (p.examples?.match ?? []).map((m) => [p.id, m] as const));
    expect(examples.length).toBeGreaterThan(10);
    let withRun = 0;
    for (const p of secrets) {
      if (requiredRun(p.regex.source, p.regex.flags)) withRun++;
      for (const [id, m] of examples) {
        if (id !== p.id) continue;
        for (const text of [m, p.regex.flags.includes('i') ? m.toUpperCase() : m]) expect(mayHoldRun(p.regex, text), `${id}: ${text}`).toBe(true);
      }
      let arb: fc.Arbitrary<string>;
      try {
        arb = fc.stringMatching(new RegExp(p.regex.source, p.regex.flags.replace(/[igy]/g, '')));
      } catch {
        continue; // lookarounds: the examples above cover it
      }
      fc.assert(
        fc.property(arb, (s) => mayHoldRun(p.regex, s)),
        { numRuns: 300, seed: 3 },
      );
    }
    // The AWS key ids and secrets, npm, Stripe, Google keys at least.
    expect(withRun).toBeGreaterThanOrEqual(5);
  });
});
