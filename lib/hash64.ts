// A fast, non-cryptographic 64-bit content hash for identities on the hot path: cache keys, the catalogue's
// fingerprint, the router's index and snapshot ids. node:crypto costs ~5 ms to load in a hook process, and the BigInt
// FNV in lib/session/store.ts ~10 ms over the text of 100 files. Shared vocabulary: imports nothing.

/**
 * 64-bit hash of a text as 16 hex digits: FNV-1a-style multiply-xor in two lanes over the UTF-8 bytes taken four at a
 * time (a quarter of the loop turns of a per-character hash, which is what costs in a cold process), then mixed.
 * An identity, not a defence. The words are read little-endian whatever the machine, so an id logged on one machine
 * (a router snapshot) is the same on another.
 */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function hash64(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  const words = new Uint32Array((bytes.length + 3) >>> 2);
  new Uint8Array(words.buffer).set(bytes);
  let a = 0x811c9dc5 ^ bytes.length;
  let b = 0x050c5d1f;
  for (let i = 0; i < words.length; i++) {
    const x = words[i] as number;
    const w = LITTLE_ENDIAN ? x : ((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24);
    a = Math.imul(a ^ w, 0x01000193);
    b = Math.imul(b ^ w ^ (a >>> 15), 0x5bd1e995);
  }
  a = Math.imul(a ^ (b >>> 13), 0x85ebca6b);
  b = Math.imul(b ^ (a >>> 16), 0xc2b2ae35);
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
