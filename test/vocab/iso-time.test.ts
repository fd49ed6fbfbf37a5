import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoUtc } from '../../lib/vocab/iso-time.js';

describe('isoUtc', () => {
  it('writes what Date.prototype.toISOString writes, for every integer time of years 0–9999 and beyond', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62167219200000 - 1e11, max: 253402300799999 + 1e11 }), (ms) => {
        expect(isoUtc(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 20000 },
    );
  });

  it('agrees at the edges: epoch, leap days, century years, the ends of the hand-written range', () => {
    for (const s of ['1970-01-01T00:00:00.000Z', '2000-02-29T23:59:59.999Z', '1900-03-01T00:00:00.000Z', '2100-02-28T12:00:00.001Z', '0000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '1969-12-31T23:59:59.999Z']) {
      expect(isoUtc(Date.parse(s))).toBe(s);
    }
  });

  it('throws for an invalid time, as toISOString does', () => {
    expect(() => isoUtc(Number.NaN)).toThrow(RangeError);
    expect(() => isoUtc(8.64e15 + 1)).toThrow(RangeError);
  });
});
