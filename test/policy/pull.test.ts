// One pull against a real bundle server: a good bundle is activated (files on disk, revision, ETag), a 304 writes
// nothing, and every bad answer (tampered, wrong key, wrong hash, invalid patterns, cut short, 500, hanging) is
// refused with the last good bundle still active, byte for byte, and the failure recorded.

import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalManifest, type Bundle } from '../../lib/policy/format.js';
import { signBytes } from '../../lib/policy/keys.js';
import { pullOnce, type PullOutcome } from '../../lib/policy/pull.js';
import { activeDir, previousDir, readActive, readState, stateFile } from '../../lib/policy/store.js';
import { sha256Hex } from '../../lib/policy/format.js';
import { makeBundle, managedPatterns, startBundleServer, testKey, type BundleServer } from '../helpers/bundle-server.js';
import { activeSnapshot, AS_ROOT, newMachine, type Machine } from '../helpers/policy-home.js';

const key = testKey();
const NOW = Date.UTC(2026, 10, 26, 11, 0, 0);
let server: BundleServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const pull = (m: Machine, timeoutMs = 5000): Promise<PullOutcome> => pullOnce({ home: m.home, env: m.env, now: () => NOW, lockTimeoutMs: 2000, timeoutMs });

async function activeMachine(revision = 'r1'): Promise<{ m: Machine; s: BundleServer; good: Record<string, string> }> {
  const s = await startBundleServer(JSON.stringify(makeBundle(key, revision)));
  server = s;
  const m = newMachine({ url: s.url, publicKey: key.publicPem });
  const r = await pull(m);
  expect(r.status).toBe('activated');
  return { m, s, good: activeSnapshot(m.home) };
}

describe.skipIf(!AS_ROOT)('policy pull against a real bundle server', () => {
  it('activates a good bundle: the two files as signed, and bundle.json with revision, source, ETag, key, fetch time', async () => {
    const { m, s } = await activeMachine('2026-11-26.1');
    const b = makeBundle(key, '2026-11-26.1');
    expect(readFileSync(join(activeDir(m.home), 'config.json'), 'utf8')).toBe(b.files['config.json']);
    expect(readFileSync(join(activeDir(m.home), 'patterns.json'), 'utf8')).toBe(b.files['patterns.json']);
    expect(readActive(m.home)).toMatchObject({ revision: '2026-11-26.1', source: s.url, etag: '"v1"', keyId: key.id, fetchedAt: '2026-11-26T11:00:00.000Z' });
    expect(statSync(join(activeDir(m.home), 'config.json')).mode & 0o777).toBe(0o600);
    expect(s.conditions).toEqual([null]);
  });

  it('a 304 keeps the active bundle and writes nothing', async () => {
    const { m, s, good } = await activeMachine();
    const before = statSync(activeDir(m.home));
    const files = ['config.json', 'patterns.json', 'bundle.json'].map((n) => statSync(join(activeDir(m.home), n)));
    const stateBefore = statSync(stateFile(m.home));
    expect(await pull(m)).toEqual({ status: 'unchanged', revision: 'r1' });
    expect(s.conditions).toEqual([null, '"v1"']);
    expect(activeSnapshot(m.home)).toEqual(good);
    expect(statSync(activeDir(m.home)).ino).toBe(before.ino);
    ['config.json', 'patterns.json', 'bundle.json'].forEach((n, i) => expect(statSync(join(activeDir(m.home), n)).mtimeMs).toBe(files[i]!.mtimeMs));
    expect(statSync(stateFile(m.home)).mtimeMs).toBe(stateBefore.mtimeMs);
    expect(existsSync(previousDir(m.home))).toBe(false);
  });

  it('a new revision replaces it, and the old one is kept as previous/', async () => {
    const { m, s, good } = await activeMachine('r1');
    s.serve(JSON.stringify(makeBundle(key, 'r2', { 'patterns.json': managedPatterns('no-prod-drop', 'prod-drop') })));
    const r = await pull(m);
    expect(r).toMatchObject({ status: 'activated', info: { revision: 'r2', etag: '"v2"' }, replaced: 'r1' });
    expect(readFileSync(join(activeDir(m.home), 'patterns.json'), 'utf8')).toContain('managed/no-prod-drop');
    expect(readFileSync(join(previousDir(m.home), 'bundle.json'), 'utf8')).toBe(good['bundle.json']);
  });

  const wrongHash = (): string => {
    const b = makeBundle(key, 'r9');
    const manifest = { ...b.manifest, files: { ...b.manifest.files, 'config.json': { sha256: sha256Hex('{}') } } };
    return JSON.stringify({ ...b, manifest, signature: signBytes(canonicalManifest(manifest), key.privateKey) } satisfies Bundle);
  };
  const invalidPatterns = (): string => {
    const b = makeBundle(key, 'r9');
    const text = managedPatterns().replace('managed/', 'project/');
    const manifest = { ...b.manifest, files: { ...b.manifest.files, 'patterns.json': { sha256: sha256Hex(text) } } };
    return JSON.stringify({ ...b, manifest, files: { ...b.files, 'patterns.json': text }, signature: signBytes(canonicalManifest(manifest), key.privateKey) });
  };

  const cases: Array<[string, (s: BundleServer) => void, 'refused' | 'fetch-failed', RegExp]> = [
    ['tampered', (s) => s.mode('tampered'), 'refused', /patterns\.json does not match its sha256/],
    ['signed with another key', (s) => s.serve(JSON.stringify(makeBundle(testKey(), 'r9'))), 'refused', /signed with key [0-9a-f]{16}, but the managed config trusts key/],
    ['a manifest with a wrong hash', (s) => s.serve(wrongHash()), 'refused', /config\.json does not match its sha256/],
    ['invalid patterns', (s) => s.serve(invalidPatterns()), 'refused', /must start with "managed\/"/],
    ['cut short', (s) => (s.serve(JSON.stringify(makeBundle(key, 'r9'))), s.mode('truncated')), 'fetch-failed', /closed before the whole bundle arrived/],
    ['a 500', (s) => s.mode('error'), 'fetch-failed', /HTTP 500/],
    ['hanging', (s) => s.mode('hang'), 'fetch-failed', /no whole answer within 300 ms/],
  ];
  for (const [what, make, status, reason] of cases) {
    it(`${what}: refused, one line why, the last good bundle still active byte for byte`, async () => {
      const { m, s, good } = await activeMachine('r1');
      make(s);
      if (what === 'tampered') s.serve(JSON.stringify(makeBundle(key, 'r9'))); // a new ETag, so the body is sent
      const r = await pull(m, 300);
      expect(r.status).toBe(status);
      expect(r).toMatchObject({ reason: expect.stringMatching(reason), active: 'r1' });
      expect((r as { reason: string }).reason).not.toContain('\n');
      expect(activeSnapshot(m.home)).toEqual(good);
      expect(readState(m.home).lastFailure).toMatchObject({ at: '2026-11-26T11:00:00.000Z', reason: expect.stringMatching(reason), source: s.url });
      // The failure is cleared by the next good pull.
      s.mode('good');
      s.serve(JSON.stringify(makeBundle(key, 'r2')));
      expect(await pull(m)).toMatchObject({ status: 'activated', info: { revision: 'r2' } });
      expect(readState(m.home).lastFailure).toBeUndefined();
    });
  }

  it('an older bundle, validly signed, is refused as a replay; an admin rolls back by signing again', async () => {
    const s = await startBundleServer(JSON.stringify(makeBundle(key, 'r2', {}, '2026-11-26T10:00:00Z')));
    server = s;
    const m = newMachine({ url: s.url, publicKey: key.publicPem });
    expect(await pull(m)).toMatchObject({ status: 'activated' });
    const good = activeSnapshot(m.home);
    s.serve(JSON.stringify(makeBundle(key, 'r1', { 'config.json': '{}' }, '2026-11-25T09:00:00Z')));
    expect(await pull(m)).toMatchObject({ status: 'refused', active: 'r2', reason: expect.stringMatching(/^revision r1 was created 2026-11-25T09:00:00Z, before the active r2 .*a replayed bundle\?/) });
    expect(activeSnapshot(m.home)).toEqual(good);
    s.serve(JSON.stringify(makeBundle(key, 'r1-again', { 'config.json': '{}' }, '2026-11-26T11:00:00Z')));
    expect(await pull(m)).toMatchObject({ status: 'activated', info: { revision: 'r1-again' } });
  });

  it('with no bundle active, a refused bundle leaves none active', async () => {
    const s = await startBundleServer(JSON.stringify(makeBundle(testKey(), 'r1')));
    server = s;
    const m = newMachine({ url: s.url, publicKey: key.publicPem });
    expect(await pull(m)).toMatchObject({ status: 'refused' });
    expect(activeSnapshot(m.home)).toEqual({});
  });

  it('another server URL in the managed config gets no If-None-Match from the old one', async () => {
    const { m, s } = await activeMachine('r1');
    const s2 = await startBundleServer(JSON.stringify(makeBundle(key, 'r1')));
    try {
      newMachineConfig(m, s2.url);
      expect(await pull(m)).toMatchObject({ status: 'activated', info: { source: s2.url } });
      expect(s2.conditions).toEqual([null]);
      expect(s.conditions).toEqual([null]);
    } finally {
      await s2.close();
    }
  });

  it('only the managed config is read: a loose one is refused, and a user config cannot name a server', async () => {
    const s = await startBundleServer(JSON.stringify(makeBundle(key, 'r1')));
    server = s;
    const m = newMachine(null);
    writeFileSync(join(m.home, 'config.json'), JSON.stringify({ policy: { bundle: { url: s.url, publicKey: key.publicPem } } }));
    expect(await pull(m)).toMatchObject({ status: 'none' });
    expect(s.conditions).toEqual([]);
    newMachineConfig(m, s.url);
    chmodSync(join(m.managed, 'config.json'), 0o666);
    expect(await pull(m)).toMatchObject({ status: 'config-problem', reason: expect.stringMatching(/writable by its group or other users \(mode 666\): the managed config must be root's alone/) });
    expect(s.conditions).toEqual([]);
  });
});

function newMachineConfig(m: Machine, url: string): void {
  writeFileSync(join(m.managed, 'config.json'), JSON.stringify({ policy: { bundle: { url, publicKey: key.publicPem } } }), { mode: 0o644 });
}
