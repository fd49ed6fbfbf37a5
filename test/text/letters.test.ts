// The ASCII fast paths stand for two Unicode regexes: they must answer exactly as those regexes do, on any text.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasLetterOrNumber, isAscii, isWordPart } from '../../lib/text/letters.js';

const UNITS = ['a', 'Z', '0', '9', '_', '-', ' ', '.', '@', '[', '`', '{', 'é', 'Σ', '٣', 'Ⅻ', '—', '😀', '\u00a0', '\ud83d', '\udc00', '\u0301'];

describe('letters', () => {
  it('hasLetterOrNumber answers as /[\\p{L}\\p{N}]/u', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...UNITS), fc.string({ maxLength: 2 })), { maxLength: 10 }), (parts) => {
        const s = parts.join('');
        expect(hasLetterOrNumber(s)).toBe(/[\p{L}\p{N}]/u.test(s));
      }),
      { seed: 0x6c657474, numRuns: 3000 },
    );
    expect(hasLetterOrNumber('-- 😀 --')).toBe(false);
    expect(hasLetterOrNumber('-- Σ')).toBe(true);
  });

  it('isWordPart answers as /[\\p{L}\\p{N}_-]/u for every single UTF-16 unit of the first 0x3000, and astral halves', () => {
    for (let c = 0; c < 0x3000; c++) {
      const ch = String.fromCharCode(c);
      if (isWordPart(ch) !== /[\p{L}\p{N}_-]/u.test(ch)) expect(`U+${c.toString(16)}`).toBe('the same answer');
    }
    for (const ch of ['\ud83d', '\udc00', 'ｚ', '〇']) expect(isWordPart(ch), ch).toBe(/[\p{L}\p{N}_-]/u.test(ch));
  });

  it('isAscii answers as the absence of /[^\\x00-\\x7f]/', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...UNITS, '\x7f', '\x80', '\x00'), { maxLength: 8 }), (parts) => {
        const s = parts.join('');
        expect(isAscii(s)).toBe(!/[^\x00-\x7f]/.test(s));
      }),
      { seed: 0x61736369, numRuns: 1000 },
    );
  });
});
