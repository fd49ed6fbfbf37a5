// A bundle verifies only as signed: the signature over the canonical manifest with the managed config's key, every
// file's sha256, and files the managed layer can read (config and patterns formats, "managed/" ids).

import { describe, expect, it } from 'vitest';
import { canonicalManifest, sha256Hex, type Bundle } from '../../lib/policy/format.js';
import { parsePublicKey, signBytes } from '../../lib/policy/keys.js';
import { verifyBundle } from '../../lib/policy/verify.js';
import { makeBundle, managedPatterns, testKey } from '../helpers/bundle-server.js';

const key = testKey();
const pub = (k = key) => {
  const p = parsePublicKey(k.publicPem);
  if ('problem' in p) throw new Error(p.problem);
  return p;
};
const problemOf = (b: Bundle | string, k = key): string => {
  const v = verifyBundle(typeof b === 'string' ? b : JSON.stringify(b), pub(k));
  return 'problem' in v ? v.problem : 'verified';
};
/** A bundle whose manifest (as given) is signed properly: what a wrong-hash or bad-content bundle looks like. */
function resigned(b: Bundle): Bundle {
  return { ...b, signature: signBytes(canonicalManifest(b.manifest), key.privateKey) };
}

describe('policy bundle verification', () => {
  it('a signed bundle verifies, re-indented or with its keys reordered too', () => {
    const b = makeBundle(key, 'r1');
    const v = verifyBundle(JSON.stringify(b, null, 4), pub());
    expect('problem' in v ? v.problem : v.bundle.manifest.revision).toBe('r1');
    const reordered = { signature: b.signature, files: b.files, manifest: { files: b.manifest.files, created: b.manifest.created, revision: b.manifest.revision } };
    expect(problemOf(JSON.stringify(reordered))).toBe('verified');
  });

  it('the same key as PEM or as base64 raw bytes has one id, and both verify', () => {
    const raw = pub().key.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
    const p = parsePublicKey(raw);
    expect('problem' in p ? p.problem : p.id).toBe(key.id);
    expect('problem' in verifyBundle(JSON.stringify(makeBundle(key, 'r1')), p as Exclude<typeof p, { problem: string }>)).toBe(false);
    expect(parsePublicKey('not a key at all, not base64!')).toHaveProperty('problem');
  });

  it('an edited manifest is refused: the signature no longer verifies', () => {
    const b = makeBundle(key, 'r1');
    expect(problemOf({ ...b, manifest: { ...b.manifest, revision: 'r2' } })).toMatch(/signature does not verify/);
  });

  it('a file changed after signing is refused by its hash', () => {
    const b = makeBundle(key, 'r1');
    expect(problemOf({ ...b, files: { ...b.files, 'config.json': '{"onInternalError":"ask"}' } })).toMatch(/config\.json does not match its sha256/);
  });

  it('a manifest signed with a wrong hash is refused', () => {
    const b = makeBundle(key, 'r1');
    const wrong = resigned({ ...b, manifest: { ...b.manifest, files: { ...b.manifest.files, 'patterns.json': { sha256: sha256Hex('other') } } } });
    expect(problemOf(wrong)).toMatch(/patterns\.json does not match its sha256/);
  });

  it('a bundle signed by another key is refused, naming both key ids', () => {
    const other = testKey();
    expect(problemOf(makeBundle(other, 'r1'))).toBe(`signed with key ${other.id}, but the managed config trusts key ${key.id} (policy.bundle.publicKey)`);
    const { keyId: _drop, ...anonymous } = makeBundle(other, 'r1');
    expect(problemOf(anonymous as Bundle)).toMatch(/signature does not verify/);
  });

  it('contents must be what the managed layer reads: patterns ids under managed/, valid patterns, valid config, no policy', () => {
    const sign = (files: Record<string, string>) => {
      const b = makeBundle(key, 'r1');
      const f = { ...b.files, ...files } as Bundle['files'];
      const manifest = { ...b.manifest, files: { 'config.json': { sha256: sha256Hex(f['config.json']) }, 'patterns.json': { sha256: sha256Hex(f['patterns.json']) } } };
      return resigned({ ...b, manifest, files: f });
    };
    expect(problemOf(sign({ 'patterns.json': managedPatterns().replace('managed/', 'user/') }))).toMatch(/must start with "managed\/"/);
    expect(problemOf(sign({ 'patterns.json': managedPatterns().replace('"block"', '"explode"') }))).toMatch(/patterns\.json \(pattern managed\/no-fleet-wipe, field action\)/);
    expect(problemOf(sign({ 'patterns.json': '{"patterns": [' }))).toMatch(/patterns\.json is not valid JSON/);
    expect(problemOf(sign({ 'config.json': '{"askFallback":"sometimes"}' }))).toMatch(/^config\.json: askFallback: .*"sometimes"/);
    expect(problemOf(sign({ 'config.json': JSON.stringify({ policy: { bundle: { url: 'https://evil.example/b.json', publicKey: 'x'.repeat(44) } } }) }))).toMatch(/cannot choose its own server or key/);
  });

  it('a body that is not a bundle says so in one line', () => {
    expect(problemOf('{"manifest":')).toMatch(/^not valid JSON .*truncated/);
    expect(problemOf('[]')).toMatch(/^not a bundle/);
    const b = makeBundle(key, 'r1');
    expect(problemOf({ ...b, manifest: { ...b.manifest, revision: 'a b\nc' } })).toMatch(/manifest\.revision must be/);
    expect(problemOf({ ...b, extra: 1 } as Bundle)).toMatch(/unknown field "extra"/);
  });
});
