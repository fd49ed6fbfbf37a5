// The router's index cache under $HOOKWARDEN_HOME/cache, the one cache of the catalogue: a hit while nothing
// changed, a miss after one file's mtime or size changes, a file is added, a plugin is turned on or the registry
// changes; a corrupt or forged cache is rebuilt; a link planted at the cache path is not written through
// (docs/security.md); what-if runs read but never write it.

import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRouterIndex, routerCacheFile, routingFor, type RoutingSource } from '../../lib/hook/router-io.js';
import type { CompiledRegistry } from '../../lib/registry/types.js';
import { md, put, tempLayout } from '../catalogue/helpers.js';
import { shippedRegistry } from '../helpers/registry.js';

async function rig() {
  const l = tempLayout();
  const agentFile = put(join(l.project, '.claude', 'agents', 'a.md'), md('name: a\ndescription: first'));
  put(join(l.home, '.claude', 'commands', 'b.md'), md('description: b'));
  const src: RoutingSource = { projectDir: l.project, home: l.home, hookwardenHome: l.hwHome, cacheDir: join(l.hwHome, 'cache'), writeCache: true };
  const registry = await shippedRegistry();
  const load = (r: CompiledRegistry = registry, over: Partial<RoutingSource> = {}) => loadRouterIndex({ ...src, ...over }, r);
  return { ...l, agentFile, src, registry, load, file: routerCacheFile(src) };
}

const ids = (r: ReturnType<typeof loadRouterIndex>): string[] => r.index.candidates.map((c) => c.id);

describe('the router index cache', () => {
  it('builds and writes a private cache once, then serves it while nothing changed', async () => {
    const r = await rig();
    const first = r.load();
    expect(first.from).toBe('built');
    expect(ids(first)).toEqual(['agent:a', 'command:b']);
    expect(statSync(r.file).mode & 0o777).toBe(0o600);
    expect(statSync(join(r.hwHome, 'cache')).mode & 0o777).toBe(0o700);
    const second = r.load();
    expect(second.from).toBe('cache');
    expect(second.index).toEqual(first.index);
    expect([...second.lexicon.synonyms]).toEqual([...first.lexicon.synonyms]);
  });

  it("misses after one file's mtime or size changes, or a file is added, and then hits again", async () => {
    const r = await rig();
    r.load();
    utimesSync(r.agentFile, new Date(2_000_000_000_000), new Date(2_000_000_000_000));
    expect(r.load().from).toBe('built');
    expect(r.load().from).toBe('cache');
    appendFileSync(r.agentFile, 'more body\n');
    expect(r.load().from).toBe('built');
    writeFileSync(r.agentFile, md('name: a\ndescription: second'));
    utimesSync(r.agentFile, new Date(2_000_000_000_000), new Date(2_000_000_000_000)); // same mtime, other size
    expect(r.load().from).toBe('built');
    put(join(r.project, '.claude', 'skills', 's', 'SKILL.md'), md('description: new'));
    expect(ids(r.load())).toContain('skill:s');
  });

  it('misses when a plugin is turned on, or the registry (and so the lexicon) changes', async () => {
    const r = await rig();
    r.load();
    const root = join(r.base, 'plugin');
    put(join(root, 'agents', 't.md'), md('name: t\ndescription: t'));
    put(join(r.home, '.claude', 'plugins', 'installed_plugins.json'), JSON.stringify({ version: 2, plugins: { 'p@m': [{ scope: 'user', installPath: root }] } }));
    expect(r.load().from).toBe('cache'); // installed, not enabled: nothing changes
    put(join(r.project, '.claude', 'settings.local.json'), JSON.stringify({ enabledPlugins: { 'p@m': true } }));
    const on = r.load();
    expect(on.from).toBe('built');
    expect(ids(on)).toContain('agent:p:t');
    expect(r.load({ ...r.registry, hash: 'another registry' }).from).toBe('built');
  });

  it('rebuilds a corrupt or forged cache and rewrites it', async () => {
    const r = await rig();
    const good = r.load().index;
    writeFileSync(r.file, '{"key": ');
    expect(r.load()).toMatchObject({ from: 'built', index: good });
    expect(r.load().from).toBe('cache');
    const cached = JSON.parse(readFileSync(r.file, 'utf8')) as { key: string };
    cached.key = 'forged';
    writeFileSync(r.file, JSON.stringify(cached));
    expect(r.load()).toMatchObject({ from: 'built', index: good });
  });

  it('does not write through a link planted at the cache path', async () => {
    const r = await rig();
    mkdirSync(join(r.hwHome, 'cache'), { recursive: true, mode: 0o700 });
    const target = put(join(r.base, 'target.txt'), 'untouched');
    symlinkSync(target, r.file);
    expect(r.load().from).toBe('built');
    expect(r.load().from).toBe('built');
    expect(readFileSync(target, 'utf8')).toBe('untouched');
  });

  it('reads but never writes it for a what-if run, and has none without a cache folder', async () => {
    const r = await rig();
    expect(r.load(r.registry, { writeCache: false }).from).toBe('built');
    expect(existsSync(r.hwHome)).toBe(false);
    r.load();
    expect(r.load(r.registry, { writeCache: false }).from).toBe('cache');
    expect(r.load(r.registry, { cacheDir: '' }).from).toBe('built');
  });

  it('routingFor adds the MCP servers only when a candidate declares an MCP tool', async () => {
    const r = await rig();
    expect(routingFor(r.src, r.registry)?.mcpServers).toBeUndefined();
    put(join(r.project, '.claude', 'agents', 'm.md'), md('name: m\ndescription: tickets\ntools: Read, mcp__jira__search'));
    put(join(r.project, '.mcp.json'), JSON.stringify({ mcpServers: { github: {} } }));
    put(join(r.home, '.claude.json'), JSON.stringify({ mcpServers: { slack: {} }, projects: { [r.project]: { mcpServers: { jira: {} } } } }));
    expect(routingFor(r.src, r.registry)?.mcpServers).toEqual(['github', 'jira', 'slack']);
  });
});
