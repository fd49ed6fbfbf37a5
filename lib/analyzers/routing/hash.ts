// A fast, non-cryptographic content hash for identities on the hot path (router snapshots, the index): two 32-bit
// FNV-1a lanes over UTF-16 code units with Math.imul. node:crypto would cost ~5 ms to load per hook call, and the
// BigInt FNV in lib/session/store.ts is far slower on tens of KB. Identity, not security.

export function fnv1a64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 13);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
