// lib/text/porter.ts gives the `stemmer` package's stems (the package is the oracle here, not in the bundles): on
// every word of the repository's docs and pattern packs, on words built from the letters the algorithm cares
// about, and on inflected forms of each step's suffixes.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { stemmer } from 'stemmer';
import { describe, expect, it } from 'vitest';
import { porterStem } from '../../lib/text/porter.js';
import { stem, words } from '../../lib/text/words.js';
import { ROOT } from '../helpers/registry.js';

const textsOf = (dir: string, ext: string): string[] =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith(ext))
    .map((f) => readFileSync(join(ROOT, dir, f), 'utf8'));

describe('porterStem', () => {
  it("agrees with the stemmer package on every word of the docs, the README and the pattern packs", () => {
    const all = new Set(words([...textsOf('docs', '.md'), ...textsOf('patterns', '.json'), readFileSync(join(ROOT, 'README.md'), 'utf8')].join('\n')));
    expect(all.size).toBeGreaterThan(3000);
    const differ = [...all].filter((w) => porterStem(w) !== stemmer(w)).map((w) => `${w}: ${porterStem(w)} ≠ ${stemmer(w)}`);
    expect(differ).toEqual([]);
  });

  it('agrees on every suffix of every step, inflected, after stems of each shape', () => {
    const suffixes = [
      'sses', 'ies', 'ss', 's', 'eed', 'ed', 'ing', 'at', 'bl', 'iz', 'y', 'ational', 'tional', 'enci', 'anci', 'izer', 'bli', 'alli',
      'entli', 'eli', 'ousli', 'ization', 'ation', 'ator', 'alism', 'iveness', 'fulness', 'ousness', 'aliti', 'iviti', 'biliti', 'logi',
      'icate', 'ative', 'alize', 'iciti', 'ical', 'ful', 'ness', 'al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment',
      'ent', 'sion', 'tion', 'ion', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize', 'e', 'll', 'ely', 'ingly', 'edly',
    ];
    const stems = ['', 'y', 'yy', 'b', 'by', 'ay', 'yay', 'tr', 'tree', 'hop', 'hopp', 'fil', 'fail', 'sky', 'oy', 'bey', 'cr', 'crys', 'yell', 'st', 'tw', 'ax', 'bow', 'rat', 'generaliz', 'condit', 'a1', '9x'];
    const differ: string[] = [];
    for (const a of stems) for (const x of suffixes) for (const y of ['', ...suffixes]) {
      const w = a + x + y;
      if (porterStem(w) !== stemmer(w)) differ.push(`${w}: ${porterStem(w)} ≠ ${stemmer(w)}`);
    }
    expect(differ).toEqual([]);
  });

  it('agrees on random words over the letters the algorithm tells apart', () => {
    const word = fc.stringMatching(/^[aeiouybcdlstnmrgwxz0-9]{0,14}$/);
    fc.assert(fc.property(word, (w) => porterStem(w) === stemmer(w)), { numRuns: 20_000, seed: 18 });
  });

  it('is what stem() answers, memoised or not', () => {
    for (const w of ['running', 'generalizations', 'yelling', 'skies', 'agreed']) {
      expect(stem(w)).toBe(stemmer(w));
      expect(stem(w)).toBe(stem(w));
    }
  });
});
