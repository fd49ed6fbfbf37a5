// doctor and Claude Code's plugin: a plugin install has no settings entry (Claude Code runs the plugin's own
// hooks/hooks.json from the folder installed_plugins.json names), so doctor must find it there: say each hook is
// the plugin's and when it last ran, fail a plugin with no build (a git source), and warn when a settings entry
// runs the same hook a second time, instead of telling a plugin user to `hookwarden install`.

import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installedElsewhere } from '../../lib/cli/doctor-targets.js';
import type { CliIO } from '../../lib/cli/io.js';
import { runCli } from '../../lib/cli/main.js';
import { ROOT } from '../helpers/registry.js';

function rig(withBuild: boolean) {
  const base = mkdtempSync(join(tmpdir(), 'hw-plugin-doctor-'));
  const home = join(base, 'home');
  const project = join(base, 'project');
  const plugin = join(home, '.claude', 'plugins', 'cache', 'hookwarden', 'hookwarden', '0.5.0');
  mkdirSync(project, { recursive: true });
  mkdirSync(plugin, { recursive: true });
  if (withBuild) cpSync(join(ROOT, 'dist', 'hooks'), join(plugin, 'dist', 'hooks'), { recursive: true });
  writeFileSync(join(home, '.claude', 'plugins', 'installed_plugins.json'), JSON.stringify({ version: 2, plugins: { 'hookwarden@hookwarden': [{ scope: 'user', installPath: plugin, version: '0.5.0' }] } }));
  writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ enabledPlugins: { 'hookwarden@hookwarden': true } }));
  const env: NodeJS.ProcessEnv = { PATH: dirname(process.execPath), HOME: home, HOOKWARDEN_HOME: join(home, '.hookwarden'), CLAUDE_PROJECT_DIR: project };
  let out: string[] = [];
  const io: CliIO = { out: (s) => out.push(s), err: (s) => out.push(s), readStdin: () => Buffer.alloc(0), env, cwd: project, now: Date.now, newId: () => 'id' };
  return { home, project, plugin, io, text: () => out.join(''), reset: () => void (out = []) };
}

const hookLines = (text: string): string[] => text.split('\n').filter((l) => / hook [A-Za-z]+ /.test(l));

describe('doctor with hookwarden installed as the Claude Code plugin', () => {
  it('names the plugin for every hook and never asks for an install that would run them twice', async () => {
    const r = rig(true);
    await runCli(['doctor', '--no-timing'], r.io);
    const lines = hookLines(r.text());
    expect(lines).toHaveLength(6);
    for (const l of lines) {
      expect(l).toMatch(/plugin hookwarden@hookwarden → .*dist\/hooks\/[a-z-]+\.cjs; installed but never called/);
      expect(l).not.toMatch(/FAIL|run `hookwarden install`/);
    }
  });

  it("a 0.5 plugin (its hooks.json runs <hook>.js, there is no .cjs) is found by the file it runs, not failed", async () => {
    const r = rig(true);
    for (const f of readdirSync(join(r.plugin, 'dist', 'hooks'))) if (f.endsWith('.cjs') && f !== 'secretlint.cjs') rmSync(join(r.plugin, 'dist', 'hooks', f));
    await runCli(['doctor', '--no-timing'], r.io);
    const lines = hookLines(r.text());
    expect(lines).toHaveLength(6);
    for (const l of lines) expect(l).toMatch(/^warn .*plugin hookwarden@hookwarden → .*dist\/hooks\/[a-z-]+\.js; installed but never called/);
  });

  it('fails each hook of a plugin without its build, and says where a working one comes from', async () => {
    const r = rig(false);
    expect(await runCli(['doctor', '--no-timing'], r.io)).toBe(1);
    expect(hookLines(r.text())).toHaveLength(6);
    for (const l of hookLines(r.text())) expect(l).toMatch(/^FAIL .*which does not exist \(a plugin from a git source has no build: install it from the npm source/);
  });

  it('warns when an install also wired the hooks: every call would be judged twice', async () => {
    const r = rig(true);
    expect(await runCli(['install', '--scope', 'local'], r.io)).toBe(0);
    r.reset();
    await runCli(['doctor', '--no-timing'], r.io);
    const lines = hookLines(r.text());
    expect(lines).toHaveLength(6);
    for (const l of lines) expect(l).toMatch(/^warn .*installed 2 times \(plugin hookwarden@hookwarden and .*settings\.local\.json\)/);
  });

  it('a plugin switched off in enabledPlugins is not counted', async () => {
    const r = rig(true);
    mkdirSync(join(r.project, '.claude'), { recursive: true });
    writeFileSync(join(r.project, '.claude', 'settings.json'), JSON.stringify({ enabledPlugins: { 'hookwarden@hookwarden': false } }));
    await runCli(['doctor', '--no-timing'], r.io);
    const lines = hookLines(r.text());
    expect(lines).toHaveLength(6);
    for (const l of lines) expect(l).toMatch(/not installed \(run `hookwarden install`\)/);
  });
});

describe('doctor and a 0.5 install elsewhere', () => {
  it('a 0.5 install (dist/hooks/<hook>.js only) still counts as hookwarden installed elsewhere', () => {
    const base = mkdtempSync(join(tmpdir(), 'hw-elsewhere-'));
    try {
      const project = join(base, 'project');
      const old = join(project, 'node_modules', 'hookwarden');
      mkdirSync(join(old, 'dist', 'hooks'), { recursive: true });
      writeFileSync(join(old, 'dist', 'hooks', 'pre-tool-use.js'), '');
      const gone = join(base, 'moved', 'dist', 'hooks', 'pre-tool-use.cjs');
      expect(installedElsewhere(gone, join(base, 'no-build'), project, {})).toBe(old);
      rmSync(join(old, 'dist', 'hooks', 'pre-tool-use.js'));
      expect(installedElsewhere(gone, join(base, 'no-build'), project, {})).toBeUndefined();
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
