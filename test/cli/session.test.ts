// hookwarden mode | grant | revoke | session in process: argument errors, unknown rules, no session yet.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../lib/cli/main.js';
import { memoryIO } from '../helpers/cli.js';
import { FIXED_NOW } from '../helpers/registry.js';
import { DEFAULT_CONFIG } from '../../lib/config/defaults.js';
import { updateSession } from '../../lib/session/session-file.js';

const home = () => mkdtempSync(join(tmpdir(), 'hw-cli-session-'));

describe('session commands', () => {
  it.each([
    [['mode', 'sideways']],
    [['grant']],
    [['grant', 'FileWrite', '--for', 'a while']],
    [['revoke']],
    [['revoke', 'g1', '--all']],
    [['session', 'delete']],
  ])('%j: bad arguments exit 2 with the usage', async (args) => {
    const io = memoryIO({ home: home() });
    expect(await runCli(args, io)).toBe(2);
    expect(io.stderr()).toContain('bad arguments');
  });

  it('without a session in this project, says how to name one', async () => {
    const io = memoryIO({ home: home() });
    expect(await runCli(['mode', 'readonly'], io)).toBe(1);
    expect(io.stderr()).toContain('--session');
  });

  it('refuses an unknown rule and a rule that never asks, and accepts a capability', async () => {
    const h = home();
    let io = memoryIO({ home: h });
    expect(await runCli(['grant', 'bash-nope/xyz', '--session', 's1'], io)).toBe(1);
    expect(io.stderr()).toContain('no rule, pack or capability');
    io = memoryIO({ home: h });
    expect(await runCli(['grant', 'secrets', '--session', 's1'], io)).toBe(1);
    expect(io.stderr()).toContain('never asks');
    io = memoryIO({ home: h });
    expect(await runCli(['grant', 'MCP:github', '--for', '2h', '--session', 's1'], io)).toBe(0);
    expect(io.stdout()).toMatch(/grant created: g\d+ MCP:github/);
    io = memoryIO({ home: h });
    expect(await runCli(['session', 'show', '--session', 's1'], io)).toBe(0);
    expect(io.stdout()).toContain('MCP:github');
    expect(io.stdout()).toContain('for 2h more');
    io = memoryIO({ home: h });
    expect(await runCli(['revoke', 'g999', '--session', 's1'], io)).toBe(1);
    expect(io.stdout()).toContain('no such grant');
  });

  it('session show lists changed docs apart from the files that still need a check (session.verifyIgnore)', async () => {
    const h = home();
    updateSession(h, 's2', '/home/dev/project', [{ type: 'observed', tool: 'Write', writes: ['README.md', 'src/a.ts', 'docs/guide.txt'], reads: [], actions: [] }], FIXED_NOW, DEFAULT_CONFIG.session);
    const io = memoryIO({ home: h });
    expect(await runCli(['session', 'show', '--session', 's2'], io)).toBe(0);
    expect(io.stdout()).toContain('unchecked: src/a.ts\n');
    expect(io.stdout()).toContain('no check needed (session.verifyIgnore): README.md, docs/guide.txt\n');
  });
});
