// regexFor runs a cue regex over an all-ASCII text with its Unicode letter/number classes written for ASCII, and
// without `i` over the lower-cased text where that is exact (building `[\p{L}\p{N}_-]` under `iu` is most of what a
// cue regex costs a hook call). It may only change the time: every shipped source with such a class must give the
// same matches (places, and text up to case) as the source itself on ASCII texts, and any text with a non-ASCII
// character must get the source itself.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiTwin, lowerCased, regexFor } from '../../lib/registry/ascii-twin.js';
import { toRegExp } from '../../lib/registry/regex.js';
import { viewOf } from '../../lib/registry/select.js';
import type { RegexSource } from '../../lib/registry/types.js';
import { shippedRegistry } from '../helpers/registry.js';

const SEED = 0x7477696e;

/** Every match of `re` (global) over `text`: index and lower-cased text, empty matches stepped over as the callers do. */
function matches(re: RegExp, text: string): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push([m.index, m[0].toLowerCase()]);
    if (m[0].length === 0) re.lastIndex++;
  }
  return out;
}

/** The shipped sources regexFor serves: the intent, mode and claim cues, with a Unicode class or the i flag. */
async function twinnedSources(): Promise<RegexSource[]> {
  const v = viewOf(await shippedRegistry());
  const all: RegexSource[] = [...v.intents.map((p) => p.cues), ...v.modes.map((p) => p.cues), ...v.claims.flatMap((p) => p.cues)];
  return all.filter((s) => s.source.includes('\\p{') || s.flags.includes('i'));
}

describe('asciiTwin', () => {
  it('writes whole Unicode letter/number classes for ASCII, and nothing else', () => {
    expect(asciiTwin({ source: '(?<![\\p{L}\\p{N}_-])(?:ship it)(?![\\p{L}\\p{N}_-])', flags: 'iu' })).toEqual({ source: '(?<![A-Za-z0-9_-])(?:ship it)(?![A-Za-z0-9_-])', flags: 'iu' });
    expect(asciiTwin({ source: '^[\\p{L}\\p{N}_]+x[\\p{L}\\p{N}]', flags: 'u' })).toEqual({ source: '^[A-Za-z0-9_]+x[A-Za-z0-9]', flags: 'u' });
    // An escaped bracket is a character, a class inside another is not a class of its own, and a \p that stays
    // (or the v flag) means no twin.
    expect(asciiTwin({ source: '\\[\\p{L}\\p{N}]', flags: 'u' })).toBeNull();
    expect(asciiTwin({ source: '[a[\\p{L}\\p{N}]', flags: 'u' })).toBeNull();
    expect(asciiTwin({ source: '[\\p{Lu}]', flags: 'u' })).toBeNull();
    expect(asciiTwin({ source: '[\\p{L}\\p{N}]', flags: 'v' })).toBeNull();
  });
});

describe('lowerCased', () => {
  it('writes the letters a source names in lower case, classes and ranges included, group names kept', () => {
    expect(lowerCased('\\b(?:I|we)\\s+RAN\\b')).toBe('\\b(?:i|we)\\s+ran\\b');
    expect(lowerCased('(?<![A-Za-z0-9_-])(?:ship\\s+it|v1\\.2)')).toBe('(?<![a-za-z0-9_-])(?:ship\\s+it|v1\\.2)');
    expect(lowerCased('(?<Fact>[A-F0-9]{2}[^\\W_]X)')).toBe('(?<Fact>[a-f0-9]{2}[^\\W_]x)');
    expect(lowerCased('[:\u2014\u2013-]?\\S+[`"\'\\-]')).toBe('[:\u2014\u2013-]?\\S+[`"\'\\-]');
  });

  it('refuses what would not match alike: characters by code, back-references, \\p, ranges across letters, K and ſ', () => {
    for (const s of ['\\x41', '\\u0041', '\\cA', '(a)\\1', '\\k<a>', '\\p{L}', '[!-~]', '[0-z]', '[A-z]', '[\\x41-\\x5a]', '\u212a', '[\u017f]', '[\u0100-\u2200]', '[a-']) {
      expect(lowerCased(s), s).toBeNull();
    }
  });
});

describe('regexFor', () => {
  it('gives every shipped cue source the matches of the source itself on ASCII texts', async () => {
    const sources = await twinnedSources();
    expect(sources.length).toBeGreaterThan(10);
    // Texts around the cue words themselves, so that matches happen, with the neighbours that decide a boundary.
    const wordsOf = (s: RegexSource) => [...s.source.matchAll(/[a-z]{2,}/g)].map((m) => m[0]);
    const ascii = fc.string({ unit: fc.constantFrom(' ', '-', '_', 'a', 'Z', '0', '.', ',', '@', '\t', 'K', 's'), maxLength: 4 });
    for (const src of sources) {
      const words = wordsOf(src);
      fc.assert(
        fc.property(fc.array(fc.tuple(ascii, fc.constantFrom(...words), fc.boolean()), { minLength: 1, maxLength: 5 }), (parts) => {
          const text = parts.map(([pad, w, upper]) => pad + (upper ? w.toUpperCase() : w)).join('');
          const twin = regexFor(src, text, 'g');
          expect(twin.re.source).not.toContain('\\p{');
          expect(twin.text.length).toBe(text.length);
          expect(matches(twin.re, twin.text)).toEqual(matches(new RegExp(src.source, `${src.flags}g`), text));
        }),
        { seed: SEED, numRuns: 40 },
      );
    }
  });

  it('uses the source itself for a text with any non-ASCII character', async () => {
    const [src] = await twinnedSources();
    for (const text of ['café', 'ship it — now', 'naïve', 'x\u00a0y', 'ſ']) {
      expect(regexFor(src!, text)).toEqual({ re: toRegExp(src!), text });
    }
    // And the twin where it applies: the boundary is what differs ("é" is a letter, so "décide" holds no cue "cide").
    const cue: RegexSource = { source: '(?<![\\p{L}\\p{N}_-])(?:cide)(?![\\p{L}\\p{N}_-])', flags: 'iu' };
    expect(regexFor(cue, 'décide').re.test('décide')).toBe(false);
    const twin = regexFor(cue, 'de CIDE');
    expect(twin.re.test(twin.text)).toBe(true);
    expect(twin).toMatchObject({ text: 'de cide', re: { source: '(?<![a-za-z0-9_-])(?:cide)(?![a-za-z0-9_-])', flags: 'u' } });
  });
});
