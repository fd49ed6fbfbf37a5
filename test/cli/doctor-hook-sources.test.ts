// doctor says, per agent, whether hookwarden's hooks come from the managed settings (read under
// HOOKWARDEN_MANAGED_ROOT, a scratch root standing in for /), the user's or the project's, and warns when a user or
// project copy beside a managed one would run the hook twice, with the command that removes it.

import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../../lib/cli/io.js';
import { runCli } from '../../lib/cli/main.js';
import { managedSources } from '../../lib/cli/doctor-hook-sources.js';
import { ROOT } from '../helpers/registry.js';

function rig() {
  const base = mkdtempSync(join(tmpdir(), 'hw-doctor-managed-'));
  const home = join(base, 'home');
  const project = join(base, 'project');
  const sys = join(base, 'sys');
  for (const d of [home, project, sys]) mkdirSync(d);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, HOOKWARDEN_HOME: join(home, '.hookwarden'), CLAUDE_PROJECT_DIR: project, HOOKWARDEN_MANAGED_ROOT: sys };
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { out: (s) => out.push(s), err: (s) => err.push(s), readStdin: () => Buffer.alloc(0), env, cwd: project, now: () => 1_000, newId: () => 'id' };
  const cli = async (args: string[]): Promise<number> => runCli(args, io);
  return { home, project, sys, env, io, cli, text: () => out.join(''), errText: () => err.join('') };
}

describe('doctor: where each agent\'s hooks come from', () => {
  it('managed only, user only, and a user copy beside a managed one (a warning with the fix; Claude Code runs an identical command once)', async () => {
    const r = rig();
    expect(await r.cli(['install', '--managed', '--agent', 'all', '--root', r.sys])).toBe(0);
    let lines = managedSources(r.env, r.project);
    expect(lines.map((c) => [c.status, c.what])).toEqual(['claude', 'codex', 'gemini', 'copilot', 'cursor'].map((a) => ['ok', `${a} hooks from`]));
    expect(lines[0]!.detail).toBe(`managed (${join(r.sys, 'etc/claude-code/managed-settings.d/hookwarden.json')})`);
    expect(lines[1]!.detail).toBe(`managed (${join(r.sys, 'etc/codex/requirements.toml')})`);

    // The same hooks at user scope too. Codex runs every source's hooks: a warning. Claude Code runs an identical
    // command line once (the user-level install writes the same absolute command as the managed one).
    expect(await r.cli(['install', '--agent', 'codex', '--scope', 'user'])).toBe(0);
    expect(await r.cli(['install', '--scope', 'user'])).toBe(0);
    lines = managedSources(r.env, r.project);
    const codex = lines.find((c) => c.what === 'codex hooks from')!;
    expect(codex.status).toBe('warn');
    expect(codex.detail).toContain(`and user (${join(r.home, '.codex/hooks.json')}): codex runs both, every call judged and audited twice`);
    expect(codex.detail).toContain('`hookwarden uninstall --agent codex --scope user`');
    // Claude Code: the user copy runs the same command line, which Claude Code runs once: said, not warned.
    const claude = lines.find((c) => c.what === 'claude hooks from')!;
    expect(claude.status).toBe('ok');
    expect(claude.detail).toContain('runs an identical command once; `hookwarden uninstall --agent claude-code --scope user` tidies it');

    // Once the managed files are gone, the user copies are what remains, and say so.
    expect(await r.cli(['uninstall', '--managed', '--agent', 'all', '--root', r.sys])).toBe(0);
    lines = managedSources(r.env, r.project);
    expect(lines.map((c) => `${c.status} ${c.what}: ${c.detail}`)).toEqual([
      `ok claude hooks from: user (${join(r.home, '.claude/settings.json')})`,
      `ok codex hooks from: user (${join(r.home, '.codex/hooks.json')})`,
    ]);
  });

  it('a different command in the project beside the managed one is a warning even for Claude Code; doctor prints the lines and does not fail Claude Code for having only managed hooks', async () => {
    const r = rig();
    expect(await r.cli(['install', '--managed', '--agent', 'claude', '--root', r.sys])).toBe(0);
    let lines = managedSources(r.env, r.project);
    expect(lines).toEqual([{ status: 'ok', what: 'claude hooks from', detail: expect.stringMatching(/^managed \(/) }]);
    await r.cli(['doctor', '--no-timing']);
    const text = r.text();
    expect(text).toMatch(/ok +claude-code +installed by the managed settings only/);
    expect(text).toMatch(/ok +claude hooks from +managed \(/);
    expect(text).not.toMatch(/FAIL +hook PreToolUse/);

    // The project's committed settings run the project's copy (a different command line): both would run.
    mkdirSync(join(r.project, 'node_modules'));
    symlinkSync(ROOT, join(r.project, 'node_modules', 'hookwarden'));
    expect(await r.cli(['install', '--scope', 'project'])).toBe(0);
    lines = managedSources(r.env, r.project);
    expect(lines[0]!.status).toBe('warn');
    expect(lines[0]!.detail).toContain(`and project (${join(r.project, '.claude/settings.json')}): claude runs both`);
    expect(lines[0]!.detail).toContain('`hookwarden uninstall --agent claude-code --scope project`');
  });
});
