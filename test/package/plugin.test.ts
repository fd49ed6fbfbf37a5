// The Claude Code plugin and its marketplace, as this repository declares them. A git-based plugin source copies the
// repository tree, which has no dist/ (git ignores it): every hook would fail with MODULE_NOT_FOUND and the call it
// guards would run. So the marketplace must install the npm package (built by prepack; tarball.test.ts proves the
// hook files are in it), at the version this checkout is.

import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOOK_NODE_FLAGS } from '../../lib/cli/hook-command.js';
import { ROOT } from './pack.js';
import { CLAUDE, claudeValidate, hookCommands, NO_CLAUDE_NOTE, pluginHookFiles } from './plugin-files.js';

const read = <T>(rel: string): T => JSON.parse(readFileSync(join(ROOT, rel), 'utf8')) as T;
const pkg = read<{ name: string; version: string; files: string[] }>('package.json');
const plugin = read<{ name: string; version: string; hooks?: unknown }>('.claude-plugin/plugin.json');
const marketplace = read<{ name: string; owner: { name: string }; plugins: { name: string; version?: string; source: unknown }[] }>('.claude-plugin/marketplace.json');
const hooksJson = readFileSync(join(ROOT, 'hooks', 'hooks.json'), 'utf8');

describe('the Claude Code plugin', () => {
  it('plugin.json declares no hooks file that Claude Code already loads by convention (hooks/hooks.json)', () => {
    const declared = [plugin.hooks ?? []].flat().filter((h): h is string => typeof h === 'string');
    expect(declared.map((h) => normalize(h))).not.toContain('hooks/hooks.json');
  });

  it('is versioned with the package', () => {
    expect(plugin.name).toBe(pkg.name);
    expect(plugin.version).toBe(pkg.version);
  });

  it('every hook command runs a file under ${CLAUDE_PLUGIN_ROOT}/dist with node, never npx', () => {
    const commands = hookCommands(hooksJson);
    expect(commands.length).toBeGreaterThanOrEqual(6);
    for (const c of commands) {
      // With the node flags install writes everywhere (lib/cli/hook-command.ts).
      expect(c).toMatch(new RegExp(`^node ${HOOK_NODE_FLAGS.join(' ')} "\\$\\{CLAUDE_PLUGIN_ROOT\\}/dist/hooks/[\\w-]+\\.cjs"$`));
    }
    expect(pluginHookFiles(hooksJson).every((f) => f.startsWith('dist/'))).toBe(true);
  });

  it("the marketplace installs the plugin from the npm package at this version (the only source that carries dist/)", () => {
    const entry = marketplace.plugins.find((p) => p.name === plugin.name);
    expect(entry).toBeDefined();
    expect(entry?.source).toEqual({ source: 'npm', package: pkg.name, version: pkg.version });
    expect(entry?.version).toBe(pkg.version);
  });

  it('the package ships what the npm source must deliver: the bundles, hooks/hooks.json and plugin.json', () => {
    expect(pkg.files).toEqual(expect.arrayContaining(['dist', 'hooks/hooks.json', '.claude-plugin/plugin.json']));
  });

  if (!CLAUDE) process.stdout.write(NO_CLAUDE_NOTE);
  it.skipIf(!CLAUDE)('claude plugin validate accepts the marketplace and the plugin', () => {
    const m = claudeValidate(join(ROOT, '.claude-plugin', 'marketplace.json'));
    expect(m.manifest.type).toBe('marketplace');
    expect(m.manifest.errors).toEqual([]);
    expect(m.success).toBe(true);
    const p = claudeValidate(join(ROOT, '.claude-plugin', 'plugin.json'));
    expect(p.manifest.type).toBe('plugin');
    expect(p.manifest.errors).toEqual([]);
    expect(p.success).toBe(true);
    // The hooks come from the convention file, each once.
    expect(p.provides?.hooks.map((h) => h.command).sort()).toEqual(hookCommands(hooksJson).sort());
  });
});
