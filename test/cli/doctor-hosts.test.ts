// doctor for every agent host, in a scratch HOME and project with hookwarden installed by its own install: each host
// found is checked (events wired, command resolvable, trust said) and one real call through the installed command
// line, with the host's stdin, must come back as a deny in the host's shape. A host that is not installed is not
// failed (a Gemini-only user is not failed for Claude Code); a stale bundle or a missing event is.

import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../../lib/cli/io.js';
import { runCli } from '../../lib/cli/main.js';

function rig() {
  const base = mkdtempSync(join(tmpdir(), 'hw-doctor-hosts-'));
  const home = join(base, 'home');
  const project = join(base, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const out: string[] = [];
  const env: NodeJS.ProcessEnv = { PATH: dirname(process.execPath), HOME: home, HOOKWARDEN_HOME: join(home, '.hookwarden'), CLAUDE_PROJECT_DIR: project };
  const io: CliIO = { out: (s) => out.push(s), err: () => {}, readStdin: () => Buffer.alloc(0), env, cwd: project, now: () => 1_000, newId: () => 'id' };
  return { home, project, env, io, text: () => out.join(''), reset: () => out.splice(0) };
}

/** The doctor lines about one check name (`gemini`, `gemini call`, `gemini trust`). */
const lines = (text: string, what: string): string[] => text.split('\n').filter((l) => l.slice(6).startsWith(`${what} `));

const HOSTS = ['gemini', 'codex', 'copilot', 'qwen', 'droid', 'cursor', 'opencode'] as const;

describe('hookwarden doctor, per host', () => {
  it('every host installed by install (user scope): wired, trusted how, and a real call through its command denied in its shape', { timeout: 60_000 }, async () => {
    const r = rig();
    for (const host of HOSTS) expect(await runCli(['install', '--agent', host, '--scope', 'user'], r.io), host).toBe(0);
    r.reset();
    const code = await runCli(['doctor'], r.io);
    const text = r.text();
    for (const host of HOSTS) {
      expect(lines(text, host)[0], `${host}\n${text}`).toMatch(/^ok /);
      expect(lines(text, `${host} call`)[0], `${host}\n${text}`).toMatch(/^ok .*denies `rm -rf \/`/);
    }
    expect(lines(text, 'codex trust')[0]).toMatch(/\/hooks/);
    expect(lines(text, 'cursor trust')[0]).toMatch(/failClosed/);
    // Claude Code was not installed: said, not failed.
    expect(lines(text, 'claude-code')[0]).toMatch(/^ok .*not installed/);
    expect(text).not.toMatch(/^FAIL/m);
    expect(code).toBe(0);
    // The real calls ran in a scratch home: the user's audit holds nothing of them.
    expect(() => readFileSync(join(r.home, '.hookwarden', 'audit'), 'utf8')).toThrow();
  });

  it('a host that is not installed is not listed; with no host at all Claude Code\'s events fail as before', async () => {
    const r = rig();
    expect(await runCli(['doctor', '--no-timing'], r.io)).toBe(1);
    for (const host of HOSTS) expect(lines(r.text(), host)).toEqual([]);
    expect(lines(r.text(), 'hook PreToolUse')[0]).toMatch(/^FAIL .*not installed/);
  });

  it('fails a host whose command runs a bundle that no longer exists, or that lacks an event, saying how to fix it', async () => {
    const r = rig();
    // hookwarden in the project's node_modules (a link to this checkout): project scope's commands are relative to it.
    mkdirSync(join(r.project, 'node_modules'), { recursive: true });
    symlinkSync(process.cwd(), join(r.project, 'node_modules', 'hookwarden'));
    expect(await runCli(['install', '--agent', 'gemini', '--scope', 'project'], r.io)).toBe(0);
    const file = join(r.project, '.gemini', 'settings.json');
    const s = JSON.parse(readFileSync(file, 'utf8'));
    delete s.hooks.AfterAgent;
    writeFileSync(file, JSON.stringify(s));
    r.reset();
    expect(await runCli(['doctor', '--no-timing'], r.io)).toBe(1);
    expect(lines(r.text(), 'gemini')[0]).toMatch(/^FAIL .*no entry for AfterAgent \(re-run `hookwarden install --agent gemini`\)/);

    s.hooks.BeforeTool[0].hooks[0].command = 'node "/opt/old-hookwarden/dist/hooks/pre-tool-use.js" --agent gemini';
    writeFileSync(file, JSON.stringify(s));
    r.reset();
    expect(await runCli(['doctor', '--no-timing'], r.io)).toBe(1);
    expect(lines(r.text(), 'gemini')[0]).toMatch(/^FAIL .*\/opt\/old-hookwarden\/dist\/hooks\/pre-tool-use\.js, which does not exist/);
  });

  it('fails a host whose command cannot start (node not on the PATH the host gives it)', async () => {
    const r = rig();
    expect(await runCli(['install', '--agent', 'qwen', '--scope', 'user'], r.io)).toBe(0);
    r.reset();
    const io = { ...r.io, env: { ...r.env, PATH: '/nonexistent' } };
    expect(await runCli(['doctor', '--no-timing'], io)).toBe(1);
    expect(lines(r.text(), 'qwen')[0]).toMatch(/^FAIL .*node is not on PATH/);
  });

  it('fails a hook told another host\'s name: it would answer in that host\'s shape, which this host reads as an allow', async () => {
    const r = rig();
    expect(await runCli(['install', '--agent', 'gemini', '--scope', 'user'], r.io)).toBe(0);
    const file = join(r.home, '.gemini', 'settings.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/ --agent gemini/g, ''));
    r.reset();
    expect(await runCli(['doctor', '--no-timing'], r.io)).toBe(1);
    expect(lines(r.text(), 'gemini')[0]).toMatch(/^FAIL .*runs hookwarden for claude-code under \w+: gemini reads that answer as no answer or an allow/);
  });
});
