// Enabled plugins in a fixture of Claude Code's layout (docs/catalogue.md "Plugins"): enabledPlugins merged from the
// user, project and local settings; ~/.claude/plugins/installed_plugins.json (version 2 lists of installations by
// scope, version 1 single entries) giving each plugin's folder, or a single cached version; everything a plugin
// contributes namespaced `<plugin>:<name>`; disabled plugins contributing nothing.

import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverCatalogue } from '../../lib/catalogue/discover.js';
import { enabledPluginRoots } from '../../lib/catalogue/plugins.js';
import { md, put, tempLayout, type Layout } from './helpers.js';

const json = (v: unknown): string => JSON.stringify(v, null, 2);

/** A plugin folder with one agent, one skill and one namespaced command. */
function plugin(root: string, tag: string): string {
  put(join(root, '.claude-plugin', 'plugin.json'), json({ name: tag }));
  put(join(root, 'agents', 'tuner.md'), md(`name: tuner\ndescription: ${tag} tuner`));
  put(join(root, 'skills', 'index-advisor', 'SKILL.md'), md(`description: ${tag} index advice`));
  put(join(root, 'commands', 'explain', 'plan.md'), md(`description: ${tag} explain a plan`));
  return root;
}

function fixture(): Layout & { cache: string; installed: string } {
  const l = tempLayout();
  const plugins = join(l.home, '.claude', 'plugins');
  const cache = join(plugins, 'cache');
  const installed = join(plugins, 'installed_plugins.json');
  plugin(join(cache, 'acme', 'db-tools', '1.2.0'), 'db');
  plugin(join(cache, 'acme', 'off', '0.1.0'), 'off');
  plugin(join(cache, 'acme', 'docs', 'a1b2c3'), 'docs-local');
  plugin(join(cache, 'acme', 'docs', 'd4e5f6'), 'docs-other-project');
  put(
    installed,
    json({
      version: 2,
      plugins: {
        'db-tools@acme': [{ scope: 'user', installPath: join(cache, 'acme', 'db-tools', '1.2.0'), version: '1.2.0', installedAt: '2026-01-01T00:00:00Z' }],
        'off@acme': [{ scope: 'user', installPath: '~/.claude/plugins/cache/acme/off/0.1.0', version: '0.1.0' }],
        'docs@acme': [
          { scope: 'project', projectPath: join(l.base, 'elsewhere'), installPath: join(cache, 'acme', 'docs', 'd4e5f6') },
          { scope: 'local', projectPath: l.project, installPath: join(cache, 'acme', 'docs', 'a1b2c3') },
        ],
      },
    }),
  );
  // The user turns three on; the project turns one of them off again; the developer's local settings turn docs on.
  put(join(l.home, '.claude', 'settings.json'), json({ enabledPlugins: { 'db-tools@acme': true, 'off@acme': true, 'ghost@acme': true, 'docs@acme': false } }));
  put(join(l.project, '.claude', 'settings.json'), json({ enabledPlugins: { 'off@acme': false } }));
  put(join(l.project, '.claude', 'settings.local.json'), json({ enabledPlugins: { 'docs@acme': true } }));
  return { ...l, cache, installed };
}

describe('enabled plugins', () => {
  it('merges enabledPlugins (user < project < local) and finds each install folder for this project', () => {
    const f = fixture();
    const { plugins, skipped } = enabledPluginRoots(f.project, f.home);
    expect(plugins).toEqual([
      { id: 'db-tools@acme', name: 'db-tools', root: join(f.cache, 'acme', 'db-tools', '1.2.0') },
      { id: 'docs@acme', name: 'docs', root: join(f.cache, 'acme', 'docs', 'a1b2c3') },
    ]);
    expect(skipped).toEqual([{ path: f.installed, reason: 'plugin ghost@acme is enabled but not installed (no entry here, no single cached version)' }]);
  });

  it('namespaces what a plugin contributes, and a disabled plugin contributes nothing', () => {
    const f = fixture();
    const c = discoverCatalogue({ projectDir: f.project, home: f.home });
    expect(c.candidates.map((x) => x.id)).toEqual([
      'agent:db-tools:tuner',
      'agent:docs:tuner',
      'command:db-tools:explain:plan',
      'command:docs:explain:plan',
      'skill:db-tools:index-advisor',
      'skill:docs:index-advisor',
    ]);
    expect(c.candidates.find((x) => x.id === 'agent:docs:tuner')).toMatchObject({ scope: 'plugin', plugin: 'docs', description: 'docs-local tuner' });
    expect(c.candidates.some((x) => x.plugin === 'off')).toBe(false);
  });

  it('reads version 1 of installed_plugins.json, ~/ install paths, and falls back to a single cached version', () => {
    const l = tempLayout();
    const plugins = join(l.home, '.claude', 'plugins');
    plugin(join(plugins, 'marketplaces', 'acme', 'plugins', 'old'), 'old');
    plugin(join(plugins, 'cache', 'acme', 'cached', '2.0.0'), 'cached');
    put(join(plugins, 'installed_plugins.json'), json({ version: 1, plugins: { 'old@acme': { version: '1.0.0', installPath: '~/.claude/plugins/marketplaces/acme/plugins/old', isLocal: true } } }));
    put(join(l.project, '.claude', 'settings.json'), json({ enabledPlugins: { 'old@acme': true, 'cached@acme': true } }));
    expect(enabledPluginRoots(l.project, l.home).plugins).toEqual([
      { id: 'cached@acme', name: 'cached', root: join(plugins, 'cache', 'acme', 'cached', '2.0.0') },
      { id: 'old@acme', name: 'old', root: join(plugins, 'marketplaces', 'acme', 'plugins', 'old') },
    ]);
  });

  it('reports unreadable settings and a missing plugin folder, and finds nothing when no plugin is on', () => {
    const l = tempLayout();
    const settings = put(join(l.project, '.claude', 'settings.json'), '{ not json');
    expect(enabledPluginRoots(l.project, l.home)).toEqual({ plugins: [], skipped: [{ path: settings, reason: expect.stringMatching(/^not read: invalid JSON/) }] });
    // Too big, and a folder where the file should be: each says why in plain words.
    put(settings, ' '.repeat(1024 * 1024 + 1));
    mkdirSync(join(l.project, '.claude', 'settings.local.json'));
    expect(enabledPluginRoots(l.project, l.home).skipped).toEqual([
      { path: settings, reason: 'not read: over 1048576 bytes' },
      { path: join(l.project, '.claude', 'settings.local.json'), reason: 'not read: it is a directory' },
    ]);
    rmSync(join(l.project, '.claude', 'settings.local.json'), { recursive: true });
    put(settings, json({ enabledPlugins: { 'gone@acme': true } }));
    const gone = join(l.base, 'gone');
    put(join(l.home, '.claude', 'plugins', 'installed_plugins.json'), json({ version: 2, plugins: { 'gone@acme': [{ scope: 'user', installPath: gone }] } }));
    expect(discoverCatalogue({ projectDir: l.project, home: l.home }).skipped).toEqual([{ path: gone, reason: 'plugin folder is missing' }]);
  });
});
