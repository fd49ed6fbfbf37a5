// hookwarden mode | grant | revoke | session in process: argument errors, unknown rules, no session yet.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../lib/cli/main.js';
import { memoryIO } from '../helpers/cli.js';
import { FIXED_NOW } from '../helpers/registry.js';
import { DEFAULT_CONFIG } from '../../lib/config/defaults.js';
import { listSessions, updateSession } from '../../lib/session/session-file.js';

const home = () => mkdtempSync(join(tmpdir(), 'hw-cli-session-'));

describe('session commands', () => {
  it.each([
    [['mode', 'sideways'], 'mode: unknown mode "sideways"; modes are readonly, normal'],
    [['mode', 'readonly', 'now'], 'mode: takes one mode, got "readonly" "now"; modes are readonly, normal'],
    [['mode', '--session'], 'mode: --session needs a value'],
    [['grant'], 'grant: needs what to grant: a rule id (bash-git/force-push), a pack (bash-git) or a capability (FileRead, FileWrite, SystemExecute, Network, Memory, Agent, MCP:<server>)'],
    [['grant', 'FileWrite', '--for', 'a while'], 'grant: --for "a while" is not a duration; use a number and s, m, h or d (30m, 2h, 1d, 1h30m)'],
    [['grant', 'FileWrite', 'Network'], 'grant: grants one thing at a time, got "FileWrite" "Network"'],
    [['grant', 'FileWrite', '--until', '2h'], 'grant: unknown option --until; options are --target, --for, --session'],
    [['revoke'], 'revoke: needs grant ids (g1 g2, from `hookwarden session show`) or --all'],
    [['revoke', 'g1', '--all'], 'revoke: takes grant ids or --all, not both'],
    [['revoke', '--all=yes'], 'revoke: --all takes no value'],
    [['session', 'delete'], 'session: unknown subcommand "delete"; session subcommands are list, show'],
    [['session', 'show', 's1'], 'session: session show takes no argument, got "s1" (name a session with --session <id>)'],
  ])('%j: one line naming the argument and what is accepted, exit 2', async (args, text) => {
    const io = memoryIO({ home: home() });
    expect(await runCli(args, io)).toBe(2);
    const cmd = args[0] as string;
    expect(io.stderr().startsWith(`hookwarden ${text}`)).toBe(true);
    expect(io.stderr().endsWith(`(see \`hookwarden ${cmd} --help\`)\n`)).toBe(true);
    expect(io.stderr().split('\n')).toHaveLength(2); // one line and its newline
    expect(io.stderr()).not.toContain('bad arguments');
  });

  it('without a session in this project, says how to name one', async () => {
    const io = memoryIO({ home: home() });
    expect(await runCli(['mode', 'readonly'], io)).toBe(1);
    expect(io.stderr()).toContain('--session');
  });

  it('refuses an unknown rule and a rule that never asks, and accepts a capability', async () => {
    const h = home();
    updateSession(h, 's1', '/home/dev/project', [], FIXED_NOW, DEFAULT_CONFIG.session);
    let io = memoryIO({ home: h });
    expect(await runCli(['grant', 'bash-nope/xyz', '--session', 's1'], io)).toBe(1);
    expect(io.stderr()).toContain('no rule, pack or capability');
    io = memoryIO({ home: h });
    expect(await runCli(['grant', 'secrets', '--session', 's1'], io)).toBe(1);
    expect(io.stderr()).toContain('never asks');
    io = memoryIO({ home: h });
    expect(await runCli(['grant', 'MCP:github', '--for', '2h', '--session', 's1'], io)).toBe(0);
    expect(io.stdout()).toMatch(/^session s1 \(\/home\/dev\/project\): grant created: g\d+ MCP:github/);
    io = memoryIO({ home: h });
    expect(await runCli(['session', 'show', '--session', 's1'], io)).toBe(0);
    expect(io.stdout()).toContain('MCP:github');
    expect(io.stdout()).toContain('for 2h more');
    io = memoryIO({ home: h });
    expect(await runCli(['revoke', 'g999', '--session', 's1'], io)).toBe(1);
    expect(io.stdout()).toBe('session s1 (/home/dev/project): no such grant g999\n');
  });

  it('session show lists changed docs apart from the files that still need a check (session.verifyIgnore)', async () => {
    const h = home();
    updateSession(h, 's2', '/home/dev/project', [{ type: 'observed', tool: 'Write', writes: ['README.md', 'src/a.ts', 'docs/guide.txt'], reads: [], actions: [] }], FIXED_NOW, DEFAULT_CONFIG.session);
    const io = memoryIO({ home: h });
    expect(await runCli(['session', 'show', '--session', 's2'], io)).toBe(0);
    expect(io.stdout()).toContain('unchecked: src/a.ts\n');
    expect(io.stdout()).toContain('no check needed (session.verifyIgnore): README.md, docs/guide.txt\n');
  });

  it('refuses a session id no state file has, instead of starting an empty session under it', async () => {
    const h = home();
    updateSession(h, '5f2c9a1e-known', '/home/dev/project', [], FIXED_NOW, DEFAULT_CONFIG.session);
    for (const args of [['grant', 'FileWrite'], ['mode', 'readonly'], ['revoke', '--all'], ['session', 'show'], ['mode']]) {
      const io = memoryIO({ home: h });
      expect(await runCli([...args, '--session', 'typo-id'], io), args.join(' ')).toBe(1);
      expect(io.stderr()).toBe(`hookwarden ${args[0] === 'session' ? 'session show' : args[0]}: no session "typo-id" (known: 5f2c9a1e-known; see \`hookwarden session list\`)\n`);
      expect(io.stdout()).toBe('');
    }
    expect(listSessions(h).map((x) => x.sessionId)).toEqual(['5f2c9a1e-known']);
    const none = memoryIO({ home: home() });
    expect(await runCli(['grant', 'FileWrite', '--session', 'abc'], none)).toBe(1);
    expect(none.stderr()).toContain('there are none yet: a session appears with its first hook call');
  });

  it('takes the start of an id when it names one session, and says which it acted on', async () => {
    const h = home();
    updateSession(h, '5f2c9a1e-aaaa', '/home/dev/project', [], FIXED_NOW, DEFAULT_CONFIG.session);
    updateSession(h, '5f2c9a1e-bbbb', '/home/dev/project', [], FIXED_NOW, DEFAULT_CONFIG.session);
    let io = memoryIO({ home: h });
    expect(await runCli(['mode', 'readonly', '--session', '5f2c9a1e-a'], io)).toBe(0);
    expect(io.stdout()).toBe('session 5f2c9a1e-aaaa (/home/dev/project) is now read-only\n');
    io = memoryIO({ home: h });
    expect(await runCli(['mode', 'normal', '--session', '5f2c'], io)).toBe(1);
    expect(io.stderr()).toContain('--session 5f2c is the start of 2 sessions (5f2c9a1e-aaaa, 5f2c9a1e-bbbb); give more of the id');
  });

  it('works from any folder with --session: the session\'s own project, config and registry', async () => {
    const h = home();
    const project = mkdtempSync(join(tmpdir(), 'hw-cli-session-project-'));
    updateSession(h, 'far-away-1', project, [], FIXED_NOW, DEFAULT_CONFIG.session);
    let io = memoryIO({ home: h, cwd: '/tmp' });
    expect(await runCli(['grant', 'bash-git/force-push', '--for', '1h', '--session', 'far-away-1'], io)).toBe(0);
    expect(io.stdout()).toMatch(new RegExp(`^session far-away-1 \\(${project.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\): grant created: g\\d+ bash-git/force-push`));
    io = memoryIO({ home: h, cwd: '/tmp' });
    expect(await runCli(['session', 'show', '--session', 'far-away-1'], io)).toBe(0);
    expect(io.stdout()).toContain(`session:   far-away-1\nproject:   ${project}\n`);
    expect(io.stdout()).toContain('bash-git/force-push  for 1h more');
    // The state file still names the session's project, not the folder the command ran in.
    expect(listSessions(h).find((x) => x.sessionId === 'far-away-1')?.projectDir).toBe(project);
  });
});
