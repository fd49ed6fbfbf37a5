// The npm route end to end: a clone with no dist/ is packed (prepack builds), the tarball is installed with
// `npm i -g --prefix` offline (no registry, an empty cache), and the installed `hookwarden` wires Claude Code in a
// scratch HOME, whose written PreToolUse command then denies `rm -rf ~`. The same tarball is the Claude Code
// plugin's npm source: every file hooks/hooks.json names must be in it, and with the real Claude Code CLI present
// (as test/clients finds it) the plugin is installed from this repository's marketplace.json and guards a session.
//
// Slow on purpose (a real build and install: ~25 s here, ~15 s more with the real CLI; more on a loaded machine):
// its own timeouts below.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGlobal, packClone, ROOT, tarFile, type Packed } from './pack.js';
import { CLAUDE, claudeValidate, NO_CLAUDE_NOTE, pluginHookFiles } from './plugin-files.js';
import { installPlugin, playSession, pluginWorld, serveTarball } from './plugin-session.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; bin: Record<string, string> };
const EVENTS = ['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'Stop', 'SessionStart'];

interface HookEntry {
  matcher?: string;
  hooks: { type: string; command?: string }[];
}
type Settings = { hooks?: Record<string, HookEntry[]> } & Record<string, unknown>;

describe('the npm package', { timeout: 60_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'hw-pkg-'));
  const prefix = join(scratch, 'prefix');
  const home = join(scratch, 'home');
  const hwHome = join(scratch, 'hw');
  const project = join(scratch, 'project');
  let packed: Packed;
  let installed: string;
  const paths = () => packed.entries.map((e) => e.path);

  /** The user's environment: nothing of this checkout, nothing inherited but PATH (with this node first). */
  const env: NodeJS.ProcessEnv = {
    PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin`,
    HOME: home,
    HOOKWARDEN_HOME: hwHome,
    TMPDIR: tmpdir(),
    TERM: 'dumb',
  };
  /** The installed command, run as a program: its shebang and mode must make it one. */
  const hookwarden = (...args: string[]) => {
    const r = spawnSync(join(prefix, 'bin', 'hookwarden'), args, { cwd: project, env, encoding: 'utf8', timeout: 30_000 });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr, error: r.error };
  };
  const settingsFile = join(home, '.claude', 'settings.json');
  const settings = (): Settings => JSON.parse(readFileSync(settingsFile, 'utf8')) as Settings;
  const commands = (s: Settings): string[] => Object.values(s.hooks ?? {}).flatMap((entries) => entries.flatMap((e) => e.hooks.map((h) => h.command ?? '')));

  beforeAll(() => {
    mkdirSync(home);
    mkdirSync(project);
    mkdirSync(hwHome, { mode: 0o700 });
    packed = packClone(scratch);
    installed = installGlobal(packed.tarball, prefix, scratch);
  }, 180_000);

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('packs from a clone without dist/: prepack builds, and the tarball holds what runs and no source', () => {
    expect(paths()).toEqual(expect.arrayContaining(['dist/cli.js', 'dist/package.json', 'dist/hooks/pre-tool-use.cjs', 'dist/hooks/pre-tool-use.js', 'patterns/bash-filesystem.json', 'hooks/hooks.json', '.claude-plugin/plugin.json', 'README.md', 'CHANGELOG.md']));
    // What runs is the bundles: no TypeScript source, tests, build scripts or dependencies travel.
    const stray = paths().filter((p) => /^(lib|test|scripts|node_modules)\//.test(p) || p.endsWith('.ts') || p === 'package-lock.json' || p === '.claude-plugin/marketplace.json');
    expect(stray).toEqual([]);
    // Every file a hook call may load (the build's own list, which doctor checks) is in the tarball.
    const hookFiles = JSON.parse(tarFile(packed.tarball, 'dist/hooks/files.json')) as string[];
    expect(hookFiles.length).toBeGreaterThan(5);
    expect(hookFiles.map((f) => `dist/hooks/${f}`).filter((f) => !paths().includes(f))).toEqual([]);
    process.stdout.write(`hookwarden tarball: ${packed.size} bytes, ${packed.entries.length} files\n`);
  });

  it('is publishable: not private, no runtime dependencies (the bundles carry them), every bin an executable node script', () => {
    const manifest = JSON.parse(tarFile(packed.tarball, 'package.json')) as Record<string, unknown> & { bin: Record<string, string> };
    expect(manifest.private).toBeUndefined();
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.bin.hookwarden).toBe('dist/cli.js');
    for (const file of Object.values(manifest.bin)) {
      const entry = packed.entries.find((e) => e.path === file.replace(/^\.\//, ''));
      expect(entry, `${file} (a bin) is in the tarball`).toBeDefined();
      expect(entry?.mode, `${file} is executable in the tarball`).toMatch(/^-rwx/);
      expect(tarFile(packed.tarball, entry!.path).split('\n')[0]).toBe('#!/usr/bin/env node');
    }
  });

  it('installs offline into a prefix, self-contained (no node_modules of its own)', () => {
    expect(existsSync(join(installed, 'dist', 'cli.js'))).toBe(true);
    expect(existsSync(join(installed, 'node_modules'))).toBe(false);
  });

  it('the installed hookwarden answers --version and --help', () => {
    const v = hookwarden('--version');
    expect(v.error).toBeUndefined();
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toBe(pkg.version);
    const h = hookwarden('--help');
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('usage: hookwarden <command>');
    expect(h.stdout).toContain('install');
  });

  it('install --scope user wires Claude Code in HOME with commands into the installed package, never the checkout or npx', () => {
    const r = hookwarden('install', '--scope', 'user');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const s = settings();
    expect(Object.keys(s.hooks ?? {}).sort()).toEqual([...EVENTS].sort());
    const root = realpathSync(installed);
    const cmds = commands(s);
    expect(cmds.length).toBeGreaterThanOrEqual(EVENTS.length);
    for (const c of cmds) {
      expect(c).toContain(`${root}/dist/hooks/`);
      expect(c).not.toContain(ROOT);
      expect(c).not.toContain(packed.clone);
      expect(c).not.toMatch(/\bnpx\b/);
    }
  });

  it('one real hook call through the written settings: the PreToolUse command denies rm -rf ~', () => {
    const entry = settings().hooks?.PreToolUse?.find((e) => !e.matcher || new RegExp(e.matcher).test('Bash'));
    const command = entry?.hooks[0]?.command;
    expect(command).toBeTruthy();
    const stdin = JSON.stringify({
      session_id: 'pkg-test',
      transcript_path: join(home, '.claude', 'projects', 'p', 'pkg-test.jsonl'),
      cwd: project,
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf ~', description: 'clean up' },
      tool_use_id: 'toolu_pkg_1',
    });
    const r = spawnSync('sh', ['-c', command!], { cwd: project, env: { ...env, CLAUDE_PROJECT_DIR: project }, input: stdin, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(2);
    const out = JSON.parse(r.stdout) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
    expect(out.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(out.hookSpecificOutput.permissionDecisionReason).toMatch(/\[[\w-]+\/[\w-]+\]/); // names the rule id
    // The installed CLI reads what the installed hook recorded.
    const audit = hookwarden('audit', 'tail', '-n', '5', '--json');
    expect(audit.code).toBe(0);
    expect(audit.stdout).toContain('"tool_use_id":"toolu_pkg_1"');
    expect(audit.stdout).toContain('"verdict":"block"');
  });

  it('doctor passes on the installed copy', () => {
    const r = hookwarden('doctor');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain(`bundles`);
    expect(r.stdout).toContain(realpathSync(installed));
  });

  it('uninstall leaves the settings without a hookwarden entry', () => {
    const r = hookwarden('uninstall', '--scope', 'user');
    expect(r.code).toBe(0);
    const s = settings();
    expect(commands(s)).toEqual([]);
    expect(JSON.stringify(s)).not.toContain('hookwarden');
  });

  describe('as the Claude Code plugin (the marketplace npm source delivers this tarball)', () => {
    it('every file a hook command in hooks/hooks.json points to is in the tarball', () => {
      const files = pluginHookFiles(tarFile(packed.tarball, 'hooks/hooks.json'));
      expect(files.length).toBeGreaterThanOrEqual(5);
      expect(files.filter((f) => !paths().includes(f))).toEqual([]);
    });

    it('every docs/ page the README or the CLI names is in the tarball', () => {
      const named = (text: string) => [...text.matchAll(/\bdocs\/[\w/-]+\.md\b/g)].map((m) => m[0]);
      const pages = [...new Set([...named(tarFile(packed.tarball, 'README.md')), ...named(tarFile(packed.tarball, 'dist/cli.js'))])];
      expect(pages.length).toBeGreaterThan(5);
      expect(pages.filter((p) => !paths().includes(p))).toEqual([]);
    });

    if (!CLAUDE) process.stdout.write(NO_CLAUDE_NOTE);
    it.skipIf(!CLAUDE)('claude plugin validate accepts the installed package as a plugin with its six hooks', () => {
      const report = claudeValidate(installed);
      expect(report.success).toBe(true);
      expect(report.manifest.errors).toEqual([]);
      const hooks = report.provides?.hooks ?? [];
      expect(hooks.map((h) => h.event).sort()).toEqual([...EVENTS].sort());
      // `node <flags> "${CLAUDE_PLUGIN_ROOT}/dist/hooks/<hook>.js"`: the file it names is in the package.
      for (const h of hooks) expect(existsSync(h.command.replace(/^node (?:--[a-z-]+ )*"\$\{CLAUDE_PLUGIN_ROOT\}\/(.+)"$/, `${installed}/$1`)), h.command).toBe(true);
    });

    it.skipIf(!CLAUDE)(
      'the real Claude Code installs it from the marketplace\'s npm source, and its hook denies rm -rf ~/.ssh: the canary survives',
      async () => {
        const registry = await serveTarball(packed.tarball);
        try {
          const root = join(scratch, 'plugin');
          const world = pluginWorld(root, registry.url);
          const p = await installPlugin(CLAUDE!, world, root);
          expect(p.install.stdout + p.install.stderr).toContain('"outcome":"ok"');
          expect(registry.requests).toContain(`/hookwarden/-/hookwarden-${pkg.version}.tgz`);
          expect(p.installPath && existsSync(join(p.installPath, 'dist', 'hooks', 'pre-tool-use.cjs'))).toBe(true);
          mkdirSync(join(world.home, '.ssh'));
          writeFileSync(join(world.home, '.ssh', 'known_hosts'), 'canary\n');
          const s = await playSession(CLAUDE!, world, [{ tool: 'Bash', input: { command: 'rm -rf ~/.ssh' } }, { text: 'Done.' }]);
          expect(readFileSync(join(world.home, '.ssh', 'known_hosts'), 'utf8')).toBe('canary\n');
          expect(s.seen).toContain('PreToolUse:Bash hook error: hookwarden block:');
          expect(s.seen).toContain('[bash-filesystem/rm-home]');
          // hooks/hooks.json is loaded once: one PreToolUse hook ran, not two.
          expect(s.responses('PreToolUse')).toHaveLength(1);
        } finally {
          await registry.close();
        }
      },
      120_000,
    );
  });
});
