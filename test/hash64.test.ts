// hash64 names caches and router snapshots that are logged and compared later (replay): its values must not drift.

import { describe, expect, it } from 'vitest';
import { hash64 } from '../lib/hash64.js';

describe('hash64', () => {
  it('gives the same 16 hex digits as always, for texts of every length modulo 4 and beyond ASCII', () => {
    expect(['', 'abc', 'ab', 'é'].map(hash64)).toEqual(['21a2b2cd7dc84921', '1acff0d6d896d35b', '60b118a365088a67', 'b9e658ba8603fc89']);
  });

  it('tells apart texts that differ in one byte, or only in their padding', () => {
    expect(hash64('listing a')).not.toBe(hash64('listing b'));
    expect(hash64('ab')).not.toBe(hash64('ab\0'));
  });
});
