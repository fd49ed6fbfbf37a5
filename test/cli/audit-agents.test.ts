// The host on every audit line, and reading the audit by host: `audit --agent`, the summary's host table, `show`,
// and `replay` judging each line as the host it came from (a Gemini or Codex ask, decided by askFallback, replays
// unchanged; `agents.<name>.askFallback` is that host's own). The audit is written by real in-process hook calls.

import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../lib/cli/main.js';
import { memoryIO } from '../helpers/cli.js';
import { FIXED_NOW } from '../helpers/registry.js';
import { bash, PROJECT, recorder, type Recorder } from '../fixtures/replay/record.js';

let rec: Recorder;

const gemini = (command: string, session: string): string =>
  JSON.stringify({ session_id: session, transcript_path: '/t/g.jsonl', cwd: PROJECT, hook_event_name: 'BeforeTool', timestamp: '2026-11-22T12:00:00Z', tool_name: 'run_shell_command', tool_input: { command, description: 'x' } });
const codex = (command: string, session: string): string =>
  JSON.stringify({ session_id: session, turn_id: 't1', transcript_path: null, cwd: PROJECT, model: 'gpt-test', permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'c1' });

function lines(home: string): Array<Record<string, unknown>> {
  const dir = join(home, 'audit');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').trim().split('\n'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

beforeAll(async () => {
  rec = recorder();
  rec.at(FIXED_NOW - 60_000);
  await rec.call('pre-tool-use', bash('git push --force origin feat/x', 'cc-1', 'toolu_1'));
  await rec.call('pre-tool-use', gemini('git push --force origin feat/x', 'gm-1'), { agent: 'gemini' });
  await rec.call('pre-tool-use', gemini('rm -rf ~', 'gm-1'), { agent: 'gemini' });
  await rec.call('pre-tool-use', codex('git push --force origin feat/x', 'cx-1'), { agent: 'codex' });
  // Input no host could have meant: rejected, and still named.
  await rec.call('pre-tool-use', '{"not": "an event"', { agent: 'codex' });
});

const io = (home = rec.home) => memoryIO({ home });

describe('the host on every audit line', () => {
  it('names the host of each decision and of rejected input; Claude Code by name too', () => {
    const all = lines(rec.home);
    expect(all.map((l) => [l.agent, l.session_id, l.verdict])).toEqual([
      ['claude-code', 'cc-1', 'ask'],
      // Gemini cannot ask headless: askFallback (deny) decided it.
      ['gemini', 'gm-1', 'block'],
      ['gemini', 'gm-1', 'block'],
      ['codex', 'cx-1', 'block'],
      ['codex', 'unknown', 'block'],
    ]);
    expect(all[1]?.rules).toContain('HEADLESS_ASK_DENIED');
    expect(all[4]?.rules).toEqual(['INPUT_REJECTED_FAIL_CLOSED']);
  });
});

describe('hookwarden audit --agent', () => {
  it('tail keeps only that host\'s lines; summary counts per host', async () => {
    const o = io();
    expect(await runCli(['audit', 'tail', '--all', '--agent', 'gemini', '--json'], o)).toBe(0);
    const rows = o.stdout().trim().split('\n').map((l) => JSON.parse(l) as { agent?: string; session_id: string });
    expect(rows.map((r) => r.agent)).toEqual(['gemini', 'gemini']);

    const s = io();
    expect(await runCli(['audit', 'summary', '--all', '--json'], s)).toBe(0);
    const summary = JSON.parse(s.stdout()) as { byAgent: Array<{ agent: string; count: number; block: number; ask: number }> };
    expect(summary.byAgent).toEqual(
      expect.arrayContaining([
        { agent: 'claude-code', count: 1, block: 0, ask: 1 },
        { agent: 'gemini', count: 2, block: 2, ask: 0 },
        { agent: 'codex', count: 2, block: 2, ask: 0 },
      ]),
    );
    const t = io();
    expect(await runCli(['audit', 'summary', '--all'], t)).toBe(0);
    expect(t.stdout()).toMatch(/agent\s+events\s+block\s+ask/);
  });

  it('refuses a host it does not know, naming the ones it does', async () => {
    const o = io();
    expect(await runCli(['audit', 'tail', '--agent', 'cursorx'], o)).toBe(2);
    expect(o.stderr()).toContain('--agent cursorx: known hosts are claude-code, gemini');
  });

  it('show names the host', async () => {
    const id = String(lines(rec.home).find((l) => l.agent === 'codex')?.decision_id);
    const o = io();
    expect(await runCli(['audit', 'show', id], o)).toBe(0);
    expect(o.stdout()).toMatch(/agent\s+codex/);
  });
});

describe('hookwarden replay, per host', () => {
  it('judges each line as its host again: the Gemini and Codex asks stay denied by askFallback, nothing changes', async () => {
    const o = io();
    expect(await runCli(['replay', '--json'], o)).toBe(0);
    const r = JSON.parse(o.stdout()) as { summary: { replayed: number; changed: number } };
    expect(r.summary.replayed).toBe(4);
    expect(r.summary.changed).toBe(0);
  });

  it('--agent keeps one host; an edited per-host askFallback shows as a change for that host only', async () => {
    const o = io();
    expect(await runCli(['replay', '--agent', 'codex', '--json'], o)).toBe(0);
    expect((JSON.parse(o.stdout()) as { summary: { replayed: number } }).summary.replayed).toBe(1);

    // The user lets Codex's asks through to Codex's own approval flow: its one ask would now be no opinion.
    const home = mkdtempSync(join(tmpdir(), 'hw-agents-replay-'));
    cpSync(join(rec.home, 'audit'), join(home, 'audit'), { recursive: true });
    writeFileSync(join(home, 'config.json'), JSON.stringify({ agents: { codex: { askFallback: 'allow' } } }));
    const c = io(home);
    expect(await runCli(['replay', '--json'], c)).toBe(1);
    const changed = (JSON.parse(c.stdout()) as { changes: Array<{ before: { verdict: string }; after: { verdict: string; rules: string[] } }> }).changes;
    expect(changed.map((x) => [x.before.verdict, x.after.verdict])).toEqual([['block', 'silent']]);
    expect(changed[0]?.after.rules).toContain('HEADLESS_ASK_ALLOWED');
  });

  it('refuses an unknown --agent', async () => {
    const o = io();
    expect(await runCli(['replay', '--agent', 'nope'], o)).toBe(2);
    expect(o.stderr()).toContain('--agent "nope": known hosts are');
  });
});
