// The clause opener is read without its leading symbols; the ASCII fast path must strip exactly what the Unicode
// regex it stands for strips.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stripLeadingSymbols } from '../../../lib/analyzers/claims/leading.js';

describe('stripLeadingSymbols', () => {
  it('removes what /^[^\\p{L}\\p{N}`"“]+/u removes, ASCII by hand and the rest by the regex', () => {
    const rule = (s: string) => s.replace(/^[^\p{L}\p{N}`"“]+/u, '');
    for (const s of ['- ✅ Tests pass', '**Done**', '`npm test` passes', '"quoted"', '“curly”', '  42 passed', '—é', '😀 ok', '', '!!!', '#_-x']) {
      expect(stripLeadingSymbols(s), s).toBe(rule(s));
    }
    const unit = fc.oneof(fc.constantFrom('-', '*', ' ', '`', '"', '“', '”', '_', '#', '9', 'a', 'Z', 'é', 'Σ', '٣', '😀', '\u00a0', '—', '['), fc.string({ maxLength: 1 }));
    fc.assert(fc.property(fc.array(unit, { maxLength: 12 }), (parts) => {
      const s = parts.join('');
      expect(stripLeadingSymbols(s)).toBe(rule(s));
    }), { seed: 0x636c6d73, numRuns: 2000 });
  });
});
