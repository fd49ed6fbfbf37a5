// install --agent gemini|codex: hookwarden's command hooks in another host's settings, each told `--agent <host>`, next to
// whatever the file already holds; idempotent; uninstall removes exactly them. Claude Code's files are untouched.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../../lib/cli/io.js';
import { runCli } from '../../lib/cli/main.js';
import { ROOT } from '../helpers/registry.js';

function io(cwd: string): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  let t = 1_000;
  return { stdout, stderr, out: (s) => stdout.push(s), err: (s) => stderr.push(s), readStdin: () => Buffer.alloc(0), env: { HOME: cwd }, cwd, now: () => ++t, newId: () => 'x' };
}

const EXISTING = {
  security: { auth: { selectedType: 'gemini-api-key' } },
  hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'node /opt/other-guard.js', timeout: 5000 }] }] },
};

/** Project scope writes a command relative to the project: hookwarden in its node_modules (a link to this checkout). */
const cmd = (hook: string) => `node --jitless --no-expose-wasm "$CLAUDE_PROJECT_DIR/node_modules/hookwarden/dist/hooks/${hook}.cjs" --agent gemini`;
function linkInstall(dir: string): void {
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'node_modules', 'hookwarden'));
}

describe('install --agent gemini', () => {
  it('writes the five events into .gemini/settings.json, keeps what was there, and is idempotent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-gemini-'));
    const file = join(dir, '.gemini', 'settings.json');
    mkdirSync(join(dir, '.gemini'));
    writeFileSync(file, JSON.stringify(EXISTING));
    linkInstall(dir);
    const first = io(dir);
    expect(await runCli(['install', '--agent', 'gemini'], first)).toBe(0);
    expect(first.stdout.join('')).toContain('trusted folder');
    const s = JSON.parse(readFileSync(file, 'utf8'));
    expect(s.security).toEqual(EXISTING.security);
    expect(Object.keys(s.hooks).sort()).toEqual(['AfterAgent', 'AfterTool', 'BeforeAgent', 'BeforeTool', 'SessionStart']);
    expect(s.hooks.BeforeTool).toEqual([EXISTING.hooks.BeforeTool[0], { matcher: '.*', hooks: [{ type: 'command', command: cmd('pre-tool-use'), timeout: 10_000 }] }]);
    expect(s.hooks.AfterTool[0].hooks[0].command).toBe(cmd('post-tool-use'));
    expect(s.hooks.BeforeAgent[0]).toEqual({ hooks: [{ type: 'command', command: cmd('user-prompt'), timeout: 10_000 }] });
    expect(s.hooks.AfterAgent[0].hooks[0].command).toBe(cmd('stop'));
    expect(s.hooks.SessionStart[0].hooks[0].command).toBe(cmd('session-start'));
    expect(existsSync(join(dir, '.claude'))).toBe(false);
    const again = io(dir);
    expect(await runCli(['install', '--agent', 'gemini'], again)).toBe(0);
    expect(again.stdout.join('')).toContain('already installed');
    // uninstall: exactly ours go.
    expect(await runCli(['uninstall', '--agent', 'gemini'], io(dir))).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(EXISTING);
  });

  it('user scope is ~/.gemini/settings.json; the daemon (http) and unknown hosts are refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-gemini-'));
    expect(await runCli(['install', '--agent', 'gemini', '--scope', 'user'], io(dir))).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, '.gemini', 'settings.json'), 'utf8')).hooks.BeforeTool[0].hooks[0].command).toBe(`node --jitless --no-expose-wasm "${join(ROOT, 'dist', 'hooks', 'pre-tool-use.cjs')}" --agent gemini`);
    const http = io(dir);
    expect(await runCli(['install', '--agent', 'gemini', '--mode', 'http'], http)).toBe(2);
    expect(http.stderr.join('')).toContain('bad arguments');
    expect(await runCli(['install', '--agent', 'vim'], io(dir))).toBe(2);
  });
});

describe('install --agent codex', () => {
  it('writes Claude-shaped hooks into ~/.codex/hooks.json (root keys: hooks only), says how to trust them, uninstalls', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-codex-'));
    const run = io(dir);
    expect(await runCli(['install', '--agent', 'codex', '--scope', 'user'], run)).toBe(0);
    expect(run.stdout.join('')).toContain('/hooks');
    const file = join(dir, '.codex', 'hooks.json');
    const s = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(s)).toEqual(['hooks']);
    expect(Object.keys(s.hooks).sort()).toEqual(['PostToolUse', 'PreToolUse', 'SessionStart', 'Stop', 'UserPromptSubmit']);
    expect(s.hooks.PreToolUse).toEqual([{ matcher: '.*', hooks: [{ type: 'command', command: `node --jitless --no-expose-wasm "${join(ROOT, 'dist', 'hooks', 'pre-tool-use.cjs')}" --agent codex`, timeout: 10 }] }]);
    expect(await runCli(['uninstall', '--agent', 'codex', '--scope', 'user'], io(dir))).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({});
  });

  it('user scope follows CODEX_HOME, where Codex reads hooks.json (seen with 0.169: ~/.codex/hooks.json is then ignored)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-codex-'));
    const withHome = (): ReturnType<typeof io> => {
      const x = io(dir);
      x.env = { ...x.env, CODEX_HOME: 'codex-home' };
      return x;
    };
    expect(await runCli(['install', '--agent', 'codex', '--scope', 'user'], withHome())).toBe(0);
    const file = join(dir, 'codex-home', 'hooks.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).hooks.PreToolUse[0].hooks[0].command).toContain('--agent codex');
    expect(existsSync(join(dir, '.codex'))).toBe(false);
    expect(await runCli(['uninstall', '--agent', 'codex', '--scope', 'user'], withHome())).toBe(0);
    // Project scope: the project's own .codex/hooks.json, which Codex reads only in a trusted project. Codex gives a
    // hook no project variable: with this install's hookwarden-hook on PATH (a global install) it names that.
    const refused = io(dir);
    expect(await runCli(['install', '--agent', 'codex'], refused)).toBe(1);
    expect(refused.stderr.join('')).toMatch(/^hookwarden install: project scope would commit this machine's path .* globally .*--scope user\n$/);
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    symlinkSync(join(ROOT, 'bin', 'hookwarden-hook.cjs'), join(bin, 'hookwarden-hook'));
    const project = io(dir);
    project.env = { ...project.env, PATH: bin };
    expect(await runCli(['install', '--agent', 'codex'], project)).toBe(0);
    expect(project.stdout.join('')).toContain('trust_level = "trusted"');
    expect(JSON.parse(readFileSync(join(dir, '.codex', 'hooks.json'), 'utf8')).hooks.PreToolUse[0].hooks[0].command).toBe('hookwarden-hook pre-tool-use --agent codex');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({});
  });
});

describe('install --agent qwen | copilot', () => {
  it('Claude-shaped groups in each host\'s own file, commands told the host', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-hosts-'));
    for (const [agent, file] of [['qwen', join(dir, '.qwen', 'settings.json')], ['copilot', join(dir, '.copilot', 'hooks', 'hookwarden.json')]] as const) {
      expect(await runCli(['install', '--agent', agent, '--scope', 'user'], io(dir)), agent).toBe(0);
      const s = JSON.parse(readFileSync(file, 'utf8'));
      expect(Object.keys(s.hooks).sort(), agent).toEqual(['PostToolUse', 'PostToolUseFailure', 'PreToolUse', 'SessionStart', 'Stop', 'UserPromptSubmit']);
      expect(s.hooks.PreToolUse[0].hooks[0], agent).toEqual({ type: 'command', command: `node --jitless --no-expose-wasm "${join(ROOT, 'dist', 'hooks', 'pre-tool-use.cjs')}" --agent ${agent}`, timeout: 10 });
    }
    linkInstall(dir);
    const project = io(dir);
    expect(await runCli(['install', '--agent', 'copilot'], project)).toBe(0);
    expect(existsSync(join(dir, '.github', 'hooks', 'hookwarden.json'))).toBe(true);
    expect(project.stdout.join('')).toContain('trusted folder');
  });
});
