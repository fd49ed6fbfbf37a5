// install --agent droid | cursor | opencode | all, in a scratch HOME and project: each host's own file next to what
// it already holds, idempotent, backed up, and uninstall gives back the file's other content. Cursor fails open
// unless an entry says failClosed, so install must write it on the guard events; OpenCode's plugin must be the
// repository's with this install's bundles.

import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../../lib/cli/io.js';
import { runCli } from '../../lib/cli/main.js';
import { ROOT } from '../helpers/registry.js';

function io(cwd: string, env: NodeJS.ProcessEnv = {}): CliIO & { stdout: string[]; stderr: string[]; text: () => string } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  let t = 1_000;
  return { stdout, stderr, text: () => stdout.join(''), out: (s) => stdout.push(s), err: (s) => stderr.push(s), readStdin: () => Buffer.alloc(0), env: { HOME: cwd, PATH: '', ...env }, cwd, now: () => ++t, newId: () => 'x' };
}

const bundle = (hook: string) => join(ROOT, 'dist', 'hooks', `${hook}.cjs`);
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const backups = (file: string) => readdirSync(dirname(file)).filter((f) => f.startsWith(`${file.split('/').pop()}.hookwarden-backup-`));

describe('install --agent cursor', () => {
  const OTHER = { version: 1, hooks: { preToolUse: [{ command: './guard.sh', timeout: 5 }], afterFileEdit: [{ command: 'prettier-hook' }] } };

  it('trap: every guard entry says failClosed (Cursor runs the tool when a hook fails otherwise); absolute node and bundle paths; idempotent; uninstall gives the file back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-cursor-'));
    const file = join(dir, '.cursor', 'hooks.json');
    mkdirSync(dirname(file));
    writeFileSync(file, JSON.stringify(OTHER));
    const run = io(dir);
    expect(await runCli(['install', '--agent', 'cursor', '--scope', 'user'], run)).toBe(0);
    expect(run.text()).toContain('restart');
    const s = json(file);
    expect(s.version).toBe(1);
    expect(Object.keys(s.hooks).sort()).toEqual(['afterFileEdit', 'beforeSubmitPrompt', 'postToolUse', 'preToolUse', 'sessionStart', 'stop']);
    const cmd = (hook: string) => `"${process.execPath}" --jitless --no-expose-wasm "${bundle(hook)}" --agent cursor`;
    expect(s.hooks.preToolUse).toEqual([OTHER.hooks.preToolUse[0], { command: cmd('pre-tool-use'), timeout: 10, failClosed: true }]);
    expect(s.hooks.beforeSubmitPrompt).toEqual([{ command: cmd('user-prompt'), timeout: 10, failClosed: true }]);
    // Observers stay fail-open: a broken audit must not stop the agent.
    for (const e of ['postToolUse', 'stop', 'sessionStart']) expect(s.hooks[e][0].failClosed, e).toBeUndefined();
    const bytes = readFileSync(file, 'utf8');
    const again = io(dir);
    expect(await runCli(['install', '--agent', 'cursor', '--scope', 'user'], again)).toBe(0);
    expect(again.text()).toContain('already installed');
    expect(readFileSync(file, 'utf8')).toBe(bytes);
    expect(backups(file)).toHaveLength(1);
    expect(await runCli(['uninstall', '--agent', 'cursor'], io(dir))).toBe(0);
    expect(json(file)).toEqual(OTHER);
  });

  it('an entry of ours an older install left without failClosed is brought back to it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-cursor-'));
    const file = join(dir, '.cursor', 'hooks.json');
    mkdirSync(dirname(file));
    writeFileSync(file, JSON.stringify({ version: 1, hooks: { preToolUse: [{ command: `node "${bundle('pre-tool-use')}" --agent cursor`, timeout: 30 }] } }));
    expect(await runCli(['install', '--agent', 'cursor', '--scope', 'user'], io(dir))).toBe(0);
    // One entry of ours, fail-closed, the user's longer timeout kept.
    expect(json(file).hooks.preToolUse).toEqual([{ command: `"${process.execPath}" --jitless --no-expose-wasm "${bundle('pre-tool-use')}" --agent cursor`, timeout: 30, failClosed: true }]);
  });

  it('refuses a .cursor folder that is a link (nothing written through it); user scope is ~/.cursor/hooks.json', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-cursor-'));
    const elsewhere = mkdtempSync(join(tmpdir(), 'hw-elsewhere-'));
    symlinkSync(elsewhere, join(dir, '.cursor'));
    const run = io(dir);
    expect(await runCli(['install', '--agent', 'cursor', '--scope', 'user'], run)).toBe(1);
    expect(run.stderr.join('')).toContain('symbolic link');
    expect(readdirSync(elsewhere)).toEqual([]);
    const home = mkdtempSync(join(tmpdir(), 'hw-home-'));
    expect(await runCli(['install', '--agent', 'cursor', '--scope', 'user'], io(mkdtempSync(join(tmpdir(), 'hw-proj-')), { HOME: home }))).toBe(0);
    expect(json(join(home, '.cursor', 'hooks.json')).hooks.preToolUse[0].failClosed).toBe(true);
  });
});

describe('install --agent droid', () => {
  it('writes the hooks key of .factory/settings.json (Droid 0.225 ignores hooks.json), next to the settings there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-droid-'));
    const file = join(dir, '.factory', 'settings.json');
    mkdirSync(dirname(file));
    const existing = { model: 'custom:local', customModels: [{ model: 'local', baseUrl: 'http://127.0.0.1:1/v1' }] };
    writeFileSync(file, JSON.stringify(existing));
    const run = io(dir);
    expect(await runCli(['install', '--agent', 'droid', '--scope', 'user'], run)).toBe(0);
    expect(run.text()).toContain('hooks.json');
    const s = json(file);
    expect(s.customModels).toEqual(existing.customModels);
    expect(Object.keys(s.hooks).sort()).toEqual(['PostToolUse', 'PreToolUse', 'SessionStart', 'Stop', 'UserPromptSubmit']);
    expect(s.hooks.PreToolUse).toEqual([{ matcher: '.*', hooks: [{ type: 'command', command: `node --jitless --no-expose-wasm "${bundle('pre-tool-use')}" --agent droid`, timeout: 10 }] }]);
    expect(existsSync(join(dir, '.factory', 'hooks.json'))).toBe(false);
    expect(await runCli(['uninstall', '--agent', 'droid'], io(dir))).toBe(0);
    expect(json(file)).toEqual(existing);
  });
});

describe('install --agent opencode', () => {
  it('copies the plugin with this install\'s bundles into .opencode/plugin/, found from the plugin file (committed: no machine path), idempotent; the copy loads and judges; uninstall removes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-opencode-'));
    // hookwarden in the project's own node_modules (here a link to this checkout, as npm link makes it).
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(ROOT, join(dir, 'node_modules', 'hookwarden'));
    const file = join(dir, '.opencode', 'plugin', 'hookwarden.js');
    const run = io(dir);
    expect(await runCli(['install', '--agent', 'opencode'], run)).toBe(0);
    expect(run.text()).toContain(`installed the plugin in ${file}`);
    const text = readFileSync(file, 'utf8');
    expect(text).toBe(
      readFileSync(join(ROOT, 'plugins', 'opencode', 'hookwarden.js'), 'utf8').replace(
        'const HOOKS_DIR = null;',
        'const HOOKS_DIR = fileURLToPath(new URL("../../node_modules/hookwarden/dist/hooks/", import.meta.url));',
      ),
    );
    expect(text).not.toContain(ROOT);
    const mod = (await import(pathToFileURL(file).href)) as { HookwardenPlugin: (i: unknown) => Promise<Record<string, (i: unknown, o: unknown) => Promise<void>>> };
    const hooks = await mod.HookwardenPlugin({ directory: dir });
    await expect(hooks['tool.execute.before']!({ tool: 'bash', sessionID: 's', callID: 'c' }, { args: { command: 'rm -rf ~' } })).rejects.toThrow(/rm-home/);
    const again = io(dir);
    expect(await runCli(['install', '--agent', 'opencode'], again)).toBe(0);
    expect(again.text()).toContain('already installed');
    expect(await runCli(['uninstall', '--agent', 'opencode'], io(dir))).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it('user scope follows XDG_CONFIG_HOME; a plugin file that is not hookwarden\'s is never removed', async () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-home-'));
    const xdg = join(home, 'xdg');
    expect(await runCli(['install', '--agent', 'opencode', '--scope', 'user'], io(home, { XDG_CONFIG_HOME: xdg }))).toBe(0);
    expect(existsSync(join(xdg, 'opencode', 'plugin', 'hookwarden.js'))).toBe(true);
    const theirs = join(home, '.config', 'opencode', 'plugin', 'hookwarden.js');
    mkdirSync(dirname(theirs), { recursive: true });
    writeFileSync(theirs, 'export const Theirs = async () => ({});\n');
    const run = io(home);
    expect(await runCli(['uninstall', '--agent', 'opencode', '--scope', 'user'], run)).toBe(0);
    expect(run.text()).toContain('nothing changed');
    expect(readFileSync(theirs, 'utf8')).toBe('export const Theirs = async () => ({});\n');
  });
});

describe('install --agent all', () => {
  /** A HOME where every host has been used, each file holding something of the user's own. */
  function usedHome(): { home: string; files: Record<string, string> } {
    const home = mkdtempSync(join(tmpdir(), 'hw-home-all-'));
    const files: Record<string, string> = {
      'claude-code': join(home, '.claude', 'settings.json'),
      gemini: join(home, '.gemini', 'settings.json'),
      codex: join(home, '.codex', 'hooks.json'),
      qwen: join(home, '.qwen', 'settings.json'),
      copilot: join(home, '.copilot', 'hooks', 'hookwarden.json'),
      droid: join(home, '.factory', 'settings.json'),
      cursor: join(home, '.cursor', 'hooks.json'),
    };
    for (const [host, file] of Object.entries(files)) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(host === 'cursor' ? { version: 1, hooks: { stop: [{ command: 'notify' }] } } : { theirs: host, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'notify' }] }] } }));
    }
    mkdirSync(join(home, '.config', 'opencode'), { recursive: true });
    return { home, files: { ...files, opencode: join(home, '.config', 'opencode', 'plugin', 'hookwarden.js') } };
  }

  it('installs for every host found, one line each; twice changes nothing; uninstall gives every file back; backups made', async () => {
    const { home, files } = usedHome();
    const before = Object.fromEntries(Object.entries(files).filter(([h]) => h !== 'opencode').map(([h, f]) => [h, readFileSync(f, 'utf8')]));
    const first = io(home);
    expect(await runCli(['install', '--agent', 'all'], first)).toBe(0);
    const lines = first.text().split('\n').filter((l) => /^\S/.test(l));
    expect(lines.map((l) => l.split(':')[0])).toEqual(['claude-code', 'gemini', 'codex', 'copilot', 'qwen', 'droid', 'cursor', 'opencode']);
    for (const l of lines) expect(l).toMatch(/: +installed /);
    expect(json(files['claude-code']!).hooks.PreToolUse[0].hooks[0].command).toBe(`node --jitless --no-expose-wasm "${bundle('pre-tool-use')}"`);
    expect(json(files.gemini!).hooks.BeforeTool[0].hooks[0].command).toContain('--agent gemini');
    expect(json(files.cursor!).hooks.preToolUse[0].failClosed).toBe(true);
    expect(readFileSync(files.opencode!, 'utf8')).toContain(JSON.stringify(join(ROOT, 'dist', 'hooks')));
    const after = Object.fromEntries(Object.entries(files).map(([h, f]) => [h, readFileSync(f, 'utf8')]));
    const second = io(home);
    expect(await runCli(['install', '--agent', 'all'], second)).toBe(0);
    expect(second.text().split('\n').filter((l) => /^\S/.test(l)).every((l) => /: +already installed in /.test(l))).toBe(true);
    for (const [h, f] of Object.entries(files)) expect(readFileSync(f, 'utf8'), h).toBe(after[h]);
    for (const [h, f] of Object.entries(files)) if (h !== 'opencode') expect(backups(f), h).toHaveLength(1);
    const gone = io(home);
    expect(await runCli(['uninstall', '--agent', 'all'], gone)).toBe(0);
    for (const [h, f] of Object.entries(files)) {
      if (h === 'opencode') expect(existsSync(f)).toBe(false);
      else expect(json(f), h).toEqual(JSON.parse(before[h]!));
    }
  });

  it('a host not found is skipped with the reason; one found only by its program on PATH is installed; a failing host does not stop the rest', async () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-home-all-'));
    const bin = join(home, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'opencode'), '#!/bin/sh\n');
    chmodSync(join(bin, 'opencode'), 0o755);
    mkdirSync(join(home, '.gemini'));
    writeFileSync(join(home, '.gemini', 'settings.json'), '{ not json');
    const run = io(home, { PATH: bin });
    expect(await runCli(['install', '--agent', 'all'], run)).toBe(1);
    const text = run.text();
    expect(text).toContain(`codex:       skipped (no ${join(home, '.codex')}, no codex on PATH)`);
    expect(text).toMatch(/gemini: +failed: /);
    expect(text).toMatch(/opencode: +installed the plugin/);
    expect(existsSync(join(home, '.claude'))).toBe(false);
    expect(lstatSync(join(home, '.config', 'opencode', 'plugin', 'hookwarden.js')).isFile()).toBe(true);
  });

  it('a Claude Code install in http mode (the daemon) is left as it is', async () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-home-all-'));
    expect(await runCli(['install', '--scope', 'user', '--mode', 'http', '--port', '7499'], io(home, { HOOKWARDEN_HOME: join(home, '.hw') }))).toBe(0);
    const file = join(home, '.claude', 'settings.json');
    const bytes = readFileSync(file, 'utf8');
    const run = io(home);
    expect(await runCli(['install', '--agent', 'all'], run)).toBe(0);
    expect(run.text()).toMatch(/claude-code: +already installed \(http/);
    expect(readFileSync(file, 'utf8')).toBe(bytes);
  });

  it('refuses what it cannot honour: --settings, the daemon mode', async () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-home-all-'));
    expect(await runCli(['install', '--agent', 'all', '--settings', 'x.json'], io(home))).toBe(2);
    expect(await runCli(['install', '--agent', 'all', '--mode', 'http'], io(home))).toBe(2);
    expect(await runCli(['install', '--agent', 'cursor', '--mode', 'http'], io(home))).toBe(2);
  });
});
