// Ed25519 keys for policy bundles, with node:crypto only (loaded here, never on a hook's path).
// A public key is given as PEM (SPKI, `-----BEGIN PUBLIC KEY-----`) or as its 32 raw bytes in base64; a key's id
// is the first 16 hex digits of the sha256 of those 32 bytes, so two spellings of one key have one id.

import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';

/** The DER prefix of an Ed25519 SubjectPublicKeyInfo; the 32 raw key bytes follow it. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export interface PublicKey {
  key: KeyObject;
  id: string;
}

const rawOf = (key: KeyObject): Buffer => (key.export({ format: 'der', type: 'spki' }) as Buffer).subarray(SPKI_PREFIX.length);
export const keyIdOf = (key: KeyObject): string => createHash('sha256').update(rawOf(key)).digest('hex').slice(0, 16);

/** A public key from PEM or base64 raw bytes; a one-line reason (never the key) when it is not an Ed25519 one. */
export function parsePublicKey(text: string): PublicKey | { problem: string } {
  const t = text.trim();
  let key: KeyObject;
  try {
    if (t.includes('-----BEGIN')) key = createPublicKey(t);
    else {
      const raw = Buffer.from(t, 'base64');
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(t) || raw.length !== 32) return { problem: 'is neither a PEM public key nor 32 bytes of base64 (an Ed25519 public key)' };
      key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
    }
  } catch {
    return { problem: 'is not a readable public key (PEM "BEGIN PUBLIC KEY", or 32 bytes of base64)' };
  }
  if (key.asymmetricKeyType !== 'ed25519') return { problem: `is a ${key.asymmetricKeyType ?? 'unknown'} key, not Ed25519` };
  return { key, id: keyIdOf(key) };
}

/** A private key from PEM (PKCS#8, as keygen writes it). */
export function parsePrivateKey(pem: string): { key: KeyObject; id: string } | { problem: string } {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    return { problem: 'is not a readable private key (PEM "BEGIN PRIVATE KEY", as `hookwarden policy keygen` writes it)' };
  }
  if (key.asymmetricKeyType !== 'ed25519') return { problem: `is a ${key.asymmetricKeyType ?? 'unknown'} key, not Ed25519` };
  return { key, id: keyIdOf(createPublicKey(key)) };
}

export const signBytes = (bytes: Buffer, key: KeyObject): string => sign(null, bytes, key).toString('base64');

export function verifyBytes(bytes: Buffer, signature: string, key: KeyObject): boolean {
  try {
    return verify(null, bytes, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** A new key pair: the private key as PKCS#8 PEM, the public key as SPKI PEM and as base64 raw bytes. */
export function generateKeys(): { privatePem: string; publicPem: string; publicRaw: string; id: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
    publicPem: publicKey.export({ format: 'pem', type: 'spki' }) as string,
    publicRaw: rawOf(publicKey).toString('base64'),
    id: keyIdOf(publicKey),
  };
}
