// The catalogue cache under $HOOKWARDEN_HOME/cache: a hit while nothing changed, a miss after one file's mtime or
// size changes, a file is added or a plugin is turned on; a corrupt or forged cache is rebuilt; an unsafe home is
// neither read nor written, and a link planted at the cache path is not written through (docs/security.md).

import { appendFileSync, chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueCacheFile, loadCatalogue } from '../../lib/catalogue/cache.js';
import { listCandidates } from '../../lib/catalogue/walk.js';
import { md, put, tempLayout, type Layout } from './helpers.js';

function rig(): Layout & { load: () => ReturnType<typeof loadCatalogue>; file: string; agentFile: string } {
  const l = tempLayout();
  const agentFile = put(join(l.project, '.claude', 'agents', 'a.md'), md('name: a\ndescription: first'));
  put(join(l.home, '.claude', 'commands', 'b.md'), md('description: b'));
  return {
    ...l,
    agentFile,
    file: catalogueCacheFile(l.hwHome, l.project, l.home),
    load: () => loadCatalogue({ projectDir: l.project, home: l.home, hookwardenHome: l.hwHome }),
  };
}

describe('catalogue cache', () => {
  it('discovers and writes a private cache once, then serves it while nothing changed', () => {
    const r = rig();
    const first = r.load();
    expect(first).toMatchObject({ from: 'discovered' });
    expect(first.problem).toBeUndefined();
    expect(statSync(r.file).mode & 0o777).toBe(0o600);
    expect(statSync(join(r.hwHome, 'cache')).mode & 0o777).toBe(0o700);
    const second = r.load();
    expect(second.from).toBe('cache');
    expect(second.catalogue).toEqual(first.catalogue);
  });

  it("misses after one file's mtime or size changes, or a file is added, and then hits again", () => {
    const r = rig();
    const first = r.load();
    utimesSync(r.agentFile, new Date(2_000_000_000_000), new Date(2_000_000_000_000));
    const touched = r.load();
    expect(touched.from).toBe('discovered');
    expect(touched.catalogue.fingerprint).not.toBe(first.catalogue.fingerprint);
    expect(r.load().from).toBe('cache');
    appendFileSync(r.agentFile, 'more body\n');
    expect(r.load().from).toBe('discovered');
    writeFileSync(r.agentFile, md('name: a\ndescription: second'));
    utimesSync(r.agentFile, new Date(2_000_000_000_000), new Date(2_000_000_000_000)); // same mtime, other size
    expect(r.load()).toMatchObject({ from: 'discovered', catalogue: { candidates: [{ id: 'agent:a', description: 'second' }, { id: 'command:b' }] } });
    put(join(r.project, '.claude', 'skills', 's', 'SKILL.md'), md('description: new'));
    expect(r.load().catalogue.candidates.map((c) => c.id)).toContain('skill:s');
  });

  it('misses when a plugin is turned on', () => {
    const r = rig();
    r.load();
    const root = join(r.base, 'plugin');
    put(join(root, 'agents', 't.md'), md('name: t\ndescription: t'));
    put(join(r.home, '.claude', 'plugins', 'installed_plugins.json'), JSON.stringify({ version: 2, plugins: { 'p@m': [{ scope: 'user', installPath: root }] } }));
    expect(r.load().from).toBe('cache'); // installed, not enabled: nothing changes
    put(join(r.project, '.claude', 'settings.local.json'), JSON.stringify({ enabledPlugins: { 'p@m': true } }));
    expect(r.load()).toMatchObject({ from: 'discovered' });
    expect(r.load().catalogue.candidates.map((c) => c.id)).toContain('agent:p:t');
  });

  it('rebuilds a corrupt or forged cache and rewrites it', () => {
    const r = rig();
    const good = r.load().catalogue;
    writeFileSync(r.file, '{"format": 1, "listing": ');
    expect(r.load()).toMatchObject({ from: 'discovered', catalogue: good });
    expect(r.load().from).toBe('cache');
    const cached = JSON.parse(readFileSync(r.file, 'utf8')) as { catalogue: { candidates: unknown[] } };
    cached.catalogue.candidates = [{ id: 'agent:forged' }];
    writeFileSync(r.file, JSON.stringify(cached));
    expect(r.load()).toMatchObject({ from: 'discovered', catalogue: good });
  });

  it('neither reads nor writes the cache of an unsafe home, and says why', () => {
    const r = rig();
    mkdirSync(r.hwHome, { mode: 0o700 });
    chmodSync(r.hwHome, 0o777);
    const got = r.load();
    expect(got.from).toBe('discovered');
    expect(got.problem).toMatch(/catalogue cache not used: .* is writable by its group and other users/);
    expect(readdirSync(r.hwHome)).toEqual([]);
    expect(r.load().from).toBe('discovered');
  });

  it('does not write through a link planted at the cache path', () => {
    const r = rig();
    mkdirSync(join(r.hwHome, 'cache'), { recursive: true, mode: 0o700 });
    const target = put(join(r.base, 'target.txt'), 'untouched');
    symlinkSync(target, r.file);
    const got = r.load();
    expect(got.from).toBe('discovered');
    expect(got.problem).toMatch(/is a symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('untouched');
  });

  it('uses a listing taken earlier in the call instead of listing again', () => {
    const r = rig();
    const listing = listCandidates(r.project, r.home);
    expect(loadCatalogue({ projectDir: r.project, home: r.home, hookwardenHome: r.hwHome, listing }).from).toBe('discovered');
    expect(loadCatalogue({ projectDir: r.project, home: r.home, hookwardenHome: r.hwHome, listing }).from).toBe('cache');
  });

  it('with useCache false, discovers and writes nothing', () => {
    const r = rig();
    const got = loadCatalogue({ projectDir: r.project, home: r.home, hookwardenHome: r.hwHome, useCache: false });
    expect(got.from).toBe('discovered');
    expect(got.catalogue.candidates).toHaveLength(2);
    expect(existsSync(r.hwHome)).toBe(false);
  });
});
