import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectSources, compileFromSources, resolveRegistry, sourceHashOf, statFingerprintOf } from '../../lib/registry/resolve.js';
import { PATTERNS_DIR } from '../helpers/registry.js';

function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'hw-resolve-'));
  cpSync(PATTERNS_DIR, join(dir, 'patterns'), { recursive: true });
  return { shippedDir: join(dir, 'patterns'), cacheDir: join(dir, 'cache'), overrides: [{ path: join(dir, 'user.json'), scope: 'user' as const }] };
}

describe('registry resolution and cache', () => {
  it('compiles once, then reuses the cache while no source changed, and recompiles after an edit', async () => {
    const loc = workspace();
    const first = await resolveRegistry(loc, null);
    expect(first.from).toBe('compiled');
    expect(first.issues).toEqual([]);
    const second = await resolveRegistry(loc, null);
    expect(second.from).toBe('cache');
    expect(second.registry).toEqual(first.registry);
    const file = join(loc.shippedDir, 'intents.json');
    const pack = JSON.parse(readFileSync(file, 'utf8'));
    pack.patterns[0].cues.push('bikeshed');
    writeFileSync(file, JSON.stringify(pack));
    const third = await resolveRegistry(loc, null);
    expect(third.from).toBe('compiled');
    expect(third.registry.hash).not.toBe(first.registry.hash);
    expect(readdirSync(loc.cacheDir)).toHaveLength(2);
  });

  it('uses the embedded registry when the sources hash the same, and not after an override appears', async () => {
    const loc = workspace();
    const sources = collectSources(loc);
    const { registry } = await compileFromSources(sources);
    const embedded = { sourceHash: sourceHashOf(sources), statFingerprint: statFingerprintOf(loc.shippedDir)!, registry, issues: [] };
    expect((await resolveRegistry(loc, embedded)).from).toBe('embedded');
    // Same bytes under a new mtime (a fresh checkout): the content hash still recognises the embedded copy.
    const file = join(loc.shippedDir, 'intents.json');
    writeFileSync(file, readFileSync(file));
    expect((await resolveRegistry(loc, { ...embedded, statFingerprint: 'stale' })).from).toBe('embedded');
    writeFileSync(loc.overrides[0]!.path, JSON.stringify({ disable: ['intents/testing'] }));
    const withOverride = await resolveRegistry(loc, embedded);
    expect(withOverride.from).toBe('compiled');
    expect(withOverride.registry.patterns.some((p) => p.id === 'intents/testing')).toBe(false);
  });

  it('rebuilds a corrupt cache entry instead of failing', async () => {
    const loc = workspace();
    await resolveRegistry(loc, null);
    const [entry] = readdirSync(loc.cacheDir);
    writeFileSync(join(loc.cacheDir, entry!), '{"registry": tru');
    expect((await resolveRegistry(loc, null)).from).toBe('compiled');
  });

  it('skips a broken override file with a one-line issue and keeps the shipped packs', async () => {
    const loc = workspace();
    writeFileSync(loc.overrides[0]!.path, '{ nope');
    const r = await resolveRegistry(loc, null);
    expect(r.issues).toEqual([expect.stringMatching(/user\.json: not valid JSON/)]);
    expect(r.registry.patterns.length).toBeGreaterThan(20);
  });
});
