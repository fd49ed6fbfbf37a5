// Replay over audit files written by REAL hook calls (runHook in-process, audit on) of the Claude Code fixtures
// and a few inputs of our own: no registry change → nothing changes; a registry edit flips the decisions it
// should, and only those; lines that cannot be reproduced are skipped with their reason, never replayed.

import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runHook } from '../../lib/hook/run-hook.js';
import { runtimeFor } from '../../lib/cli/runtime.js';
import type { OrchestrationResult } from '../../lib/vocab/orchestrator.js';
import { auditFilesIn, readLines } from '../../lib/replay/read.js';
import { formatJson, formatText } from '../../lib/replay/report.js';
import { replayLines, type ReplayReport } from '../../lib/replay/run.js';
import type { SkipReason } from '../../lib/replay/replayable.js';
import { hookEnv, loadFixtures, type Fixture } from '../helpers/fixtures.js';
import { FIXED_NOW, PATTERNS_DIR } from '../helpers/registry.js';
import { bash, PROJECT, prompt, recorder, TRANSCRIPT, write, type Recorder } from '../fixtures/replay/record.js';

interface Line {
  decision_id: string;
  ts: string;
  event: string;
  verdict: string;
  rules: string[];
  local: { matches: Array<{ id: string }> };
  orchestrator: Record<string, unknown>;
  input: unknown;
}

const BLOCKING_ORCHESTRATOR: OrchestrationResult = {
  available: true,
  source: 'keter:test',
  answer: { intervention: { level: 'block', reason: 'the test orchestrator says no' } },
  level: 'block',
  latencyMs: 1,
};

/** Our own inputs, each with the reason it must be skipped for (or null: replayed). */
const OWN: Array<{ name: string; hook: Parameters<Recorder['call']>[0]; stdin: string; skip: SkipReason | null; blocking?: true }> = [
  { name: 'own-ls', hook: 'pre-tool-use', stdin: bash('ls -la src'), skip: null },
  { name: 'own-long-command', hook: 'pre-tool-use', stdin: bash(`echo ${'a'.repeat(2100)}`), skip: 'input-truncated' },
  { name: 'own-private-prompt', hook: 'user-prompt', stdin: prompt('look at this <private>my own notes</private> please'), skip: 'private-block' },
  { name: 'own-ro-prompt', hook: 'user-prompt', stdin: prompt('ro: look at the parser', 'replay-ro'), skip: 'session-state' },
  { name: 'own-ro-write', hook: 'pre-tool-use', stdin: write(`${PROJECT}/src/a.ts`, 'x', 'replay-ro'), skip: 'session-state' },
  { name: 'own-claude-md', hook: 'pre-tool-use', stdin: write(`${PROJECT}/CLAUDE.md`, '- Use pnpm for installs\n'), skip: 'memory-file-state' },
  { name: 'own-force-push', hook: 'pre-tool-use', stdin: bash('git push --force origin feature/x', 'replay-s2', 'toolu_A'), skip: null },
  {
    name: 'own-force-push-ran',
    hook: 'post-tool-use',
    stdin: JSON.stringify({
      session_id: 'replay-s2',
      transcript_path: TRANSCRIPT,
      cwd: PROJECT,
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'git push --force origin feature/x' },
      tool_response: { stdout: '', stderr: '', interrupted: false },
      tool_use_id: 'toolu_A',
    }),
    skip: 'session-state', // APPROVAL_REMEMBERED
  },
  { name: 'own-force-push-granted', hook: 'pre-tool-use', stdin: bash('git push --force origin feature/x', 'replay-s2', 'toolu_B'), skip: 'session-state' }, // GRANT_APPLIED
  { name: 'own-orchestrator-block', hook: 'pre-tool-use', stdin: bash('ls', 'replay-s3', 'toolu_C'), skip: null, blocking: true },
];

/** Why each fixture must be skipped; fixtures without a verdict in expected.json are rejected inputs. */
const FIXTURE_SKIPS: Record<string, SkipReason> = {
  'pre-mcp-memory-sensitive': 'input-withheld',
  'post-read-leaks-token': 'input-redacted',
  'post-failure-leaks-token': 'input-redacted',
  'pre-multiedit-secret': 'input-redacted',
  'pre-write-secret-in-source': 'input-redacted',
  'prompt-secret': 'input-redacted',
  'stop-normal': 'stop-session-state',
  'session-start-startup': 'not-a-decision',
};

const fixtureSkip = (f: Fixture): SkipReason | null => FIXTURE_SKIPS[f.name] ?? (f.expect.verdict === undefined ? 'not-a-decision' : null);

let rec: Recorder;
let auditFile: string;
let fixtures: Fixture[];
/** Call name by ts (every call has its own second; its memory lines share it). */
const nameByTs = new Map<string, string>();
const expectedSkip = new Map<string, SkipReason | null>();

const logged = (): Line[] => readFileSync(auditFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Line);
const lineOf = (name: string): Line => {
  const l = logged().find((x) => nameByTs.get(x.ts) === name && x.event !== 'memory');
  if (!l) throw new Error(`no audit line for ${name}`);
  return l;
};

async function replay(env: NodeJS.ProcessEnv, opts: { registryDir?: string; files?: string[] } = {}): Promise<ReplayReport> {
  const files = opts.files ?? [auditFile];
  return replayLines(files.flatMap(readLines), files, { env, ...(opts.registryDir ? { registryDir: opts.registryDir } : {}) });
}

/** A fresh HOOKWARDEN_HOME (for override and config files) replaying the shared audit file. */
const freshEnv = (): { home: string; env: NodeJS.ProcessEnv } => {
  const home = mkdtempSync(join(tmpdir(), 'hw-replay-home-'));
  return { home, env: hookEnv(home) };
};

beforeAll(async () => {
  rec = recorder();
  fixtures = loadFixtures();
  for (const f of fixtures) {
    await rec.call(f.hook, f.stdin);
    nameByTs.set(new Date(rec.io.now()).toISOString(), f.name);
    expectedSkip.set(f.name, fixtureSkip(f));
  }
  for (const o of OWN) {
    const r = await rec.call(o.hook, o.stdin, o.blocking ? { consult: async () => structuredClone(BLOCKING_ORCHESTRATOR) } : {});
    expect(r.decision, o.name).toBeDefined();
    nameByTs.set(new Date(rec.io.now()).toISOString(), o.name);
    expectedSkip.set(o.name, o.skip);
  }
  const files = auditFilesIn(join(rec.home, 'audit'));
  expect(files).toHaveLength(1);
  auditFile = files[0] as string;
});

describe('the audit under replay comes from real hook calls', () => {
  it('logs the verdict expected.json gives each Claude Code fixture', () => {
    for (const f of fixtures) {
      if (f.expect.verdict === undefined) continue;
      expect(lineOf(f.name).verdict, f.name).toBe(f.expect.verdict);
    }
  });
});

describe('replay with no registry change', () => {
  it('changes nothing: every replayed verdict, pattern id and rule id is the logged one', async () => {
    const r = await replay(rec.io.env);
    expect(r.summary.changed).toBe(0);
    expect(r.changes).toEqual([]);
    expect(r.rule_changes).toEqual([]);
    expect(r.summary.unchanged).toBe(r.summary.replayed);
    expect(r.warnings).toEqual([]);
    expect(r.summary.config_changed).toBe(0);
  });

  it('skips exactly the lines it cannot reproduce, with the expected reason, and replays the rest', async () => {
    const r = await replay(rec.io.env);
    const lines = logged();
    const want: Partial<Record<SkipReason, number>> = {};
    let replayable = 0;
    for (const l of lines) {
      const reason = l.event === 'memory' ? 'not-a-decision' : expectedSkip.get(nameByTs.get(l.ts) ?? '');
      if (reason === undefined) throw new Error(`unexpected audit line ${l.decision_id}`);
      if (reason === null) replayable += 1;
      else want[reason] = (want[reason] ?? 0) + 1;
    }
    expect(r.summary.lines).toBe(lines.length);
    expect(r.summary.skipped_by).toEqual(want);
    expect(r.summary.replayed).toBe(replayable);
    expect(r.summary.skipped + r.summary.replayed).toBe(lines.length);
    // By name, for the ones the policy is about.
    const reasonOf = (name: string) => r.skipped.find((s) => s.decision_id === lineOf(name).decision_id)?.reason;
    expect(reasonOf('stop-normal')).toBe('stop-session-state');
    expect(reasonOf('stop-hook-active')).toBeUndefined(); // a stop_hook_active Stop never reads the session: replayed
    expect(reasonOf('prompt-secret')).toBe('input-redacted');
    expect(reasonOf('own-force-push-granted')).toBe('session-state');
    expect(reasonOf('own-ls')).toBeUndefined();
  });

  it('is deterministic: the same audit and registry give the same report bytes', async () => {
    const a = await replay(rec.io.env);
    const b = await replay(rec.io.env);
    expect(formatJson(a)).toBe(formatJson(b));
    expect(formatText(a)).toBe(formatText(b));
  });
});

describe('a registry edit', () => {
  let registryDir: string;
  beforeAll(() => {
    registryDir = mkdtempSync(join(tmpdir(), 'hw-replay-reg-'));
    cpSync(PATTERNS_DIR, registryDir, { recursive: true });
    const pack = join(registryDir, 'bash-git.json');
    const data = JSON.parse(readFileSync(pack, 'utf8')) as { patterns: Array<{ id: string; action: string }> };
    const p = data.patterns.find((x) => x.id === 'bash-git/force-push');
    if (!p) throw new Error('bash-git/force-push is not in patterns/bash-git.json');
    p.action = 'block';
    writeFileSync(pack, JSON.stringify(data, null, 2));
  });

  it('in --registry DIR flips the decisions it covers, with verdicts and rule ids before → after', async () => {
    const r = await replay(rec.io.env, { registryDir });
    const fixture = lineOf('pre-bash-git-push-force');
    const own = lineOf('own-force-push');
    expect(r.changes.map((c) => c.decision_id)).toEqual([fixture.decision_id, own.decision_id]);
    expect(r.changes[0]).toMatchObject({
      ts: fixture.ts,
      event: 'PreToolUse',
      tool: 'Bash',
      target: 'git push --force origin feature/x',
      before: { verdict: 'ask', patterns: ['bash-git/force-push'], rules: ['LOCAL_ASK_STANDS'] },
      after: { verdict: 'block', patterns: ['bash-git/force-push'], rules: ['LOCAL_BLOCK_STANDS'] },
      config_changed: false,
    });
    expect(r.summary.changed).toBe(2);
    expect(r.summary.unchanged).toBe(r.summary.replayed - 2);
    // The granted push is skipped (its verdict depended on the grant), not reported as a change.
    expect(r.changes.some((c) => c.decision_id === lineOf('own-force-push-granted').decision_id)).toBe(false);
    expect(r.registry.dir).toBe(registryDir);
  });

  it('reads the same in text and in JSON', async () => {
    const r = await replay(rec.io.env, { registryDir });
    const text = formatText(r);
    const json = JSON.parse(formatJson(r)) as ReplayReport & { schema: number };
    expect(json.schema).toBe(1);
    expect(json.changes).toEqual(r.changes);
    expect(json.summary).toEqual(r.summary);
    for (const c of r.changes) {
      expect(text).toContain(`${c.ts}  ${c.decision_id}  PreToolUse Bash  "git push --force origin feature/x"`);
    }
    expect(text).toContain('  verdict   ask → block\n  patterns  bash-git/force-push (same)\n  rules     LOCAL_ASK_STANDS → LOCAL_BLOCK_STANDS\n');
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      `replay: ${r.summary.replayed} replayed, ${r.summary.unchanged} unchanged, 2 changed, ${r.summary.skipped} skipped (` +
        Object.entries(r.summary.skipped_by).map(([k, n]) => `${k} ${n}`).join(', ') + ')',
    );
  });

  it('that only renames a pattern changes no verdict, and lists the decisions now reached through the new id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-replay-rename-'));
    cpSync(PATTERNS_DIR, dir, { recursive: true });
    const pack = join(dir, 'bash-git.json');
    writeFileSync(pack, readFileSync(pack, 'utf8').replace('"id": "bash-git/force-push"', '"id": "bash-git/force-push-v2"'));
    const r = await replay(rec.io.env, { registryDir: dir });
    expect(r.warnings).toEqual([]);
    expect(r.summary).toMatchObject({ changed: 0, other_rules: 2 });
    expect(r.rule_changes.map((c) => c.decision_id)).toEqual([lineOf('pre-bash-git-push-force').decision_id, lineOf('own-force-push').decision_id]);
    expect(r.rule_changes[0]).toMatchObject({ before: { verdict: 'ask', patterns: ['bash-git/force-push'] }, after: { verdict: 'ask', patterns: ['bash-git/force-push-v2'] } });
    expect(formatText(r)).toContain('2 verdicts unchanged, reached through other rules:');
    expect(formatText(r)).toContain('  patterns  bash-git/force-push → bash-git/force-push-v2\n');
  });

  it('through a user override file disabling the pattern is replayed too', async () => {
    const { home, env } = freshEnv();
    cpSync(join(import.meta.dirname, '..', 'fixtures', 'replay', 'disable-force-push.json'), join(home, 'patterns.json'));
    const r = await replay(env);
    const ids = r.changes.map((c) => c.decision_id);
    expect(ids).toContain(lineOf('pre-bash-git-push-force').decision_id);
    for (const c of r.changes) {
      expect(c.target).toContain('git push --force');
      expect(c.before.verdict).toBe('ask');
      expect(c.after.verdict).not.toBe('ask');
      expect(c.before.patterns).toContain('bash-git/force-push');
      expect(c.after.patterns).not.toContain('bash-git/force-push');
    }
  });
});

describe('the logged orchestrator answer', () => {
  it('is the one replayed: a line an orchestrator blocked replays as block', async () => {
    const line = lineOf('own-orchestrator-block');
    expect(line).toMatchObject({ verdict: 'block', rules: ['KETER_OVERRIDE_BLOCK', 'CONSENSUS_WITH_KETER'], orchestrator: { source: 'keter:test', level: 'block' } });
    // The configured (embedded) orchestrator would let it through.
    const whatIf = await runHook('pre-tool-use', bash('ls', 'replay-s3', 'toolu_C'), runtimeFor({ ...rec.io, now: () => FIXED_NOW }, false));
    expect(whatIf.decision?.decision.action).toBe('silent');
    const r = await replay(rec.io.env);
    expect(r.skipped.some((s) => s.decision_id === line.decision_id)).toBe(false);
    expect(r.changes.some((c) => c.decision_id === line.decision_id)).toBe(false);
  });

  it('decides the replay: the same line with another logged answer replays to that answer', async () => {
    const line = lineOf('own-orchestrator-block') as Line & { orchestrator: { answer: { intervention: { level: string } } } };
    const edited = structuredClone(line);
    // ask: neither the logged block nor what the embedded orchestrator would say (silent).
    edited.orchestrator.answer.intervention.level = 'ask';
    edited.orchestrator.level = 'ask';
    const dir = mkdtempSync(join(tmpdir(), 'hw-replay-orch-'));
    const file = join(dir, 'audit-2026-11-22.jsonl');
    writeFileSync(file, `${JSON.stringify(edited)}\n`);
    const r = await replay(rec.io.env, { files: [file] });
    expect(r.summary).toMatchObject({ replayed: 1, changed: 1 });
    expect(r.changes[0]).toMatchObject({ before: { verdict: 'block', rules: ['KETER_OVERRIDE_BLOCK', 'CONSENSUS_WITH_KETER'] }, after: { verdict: 'ask', rules: ['KETER_ASK_HONOURED', 'CONSENSUS_WITH_KETER'] } });
  });
});

describe('unreadable and other-schema lines', () => {
  it('are counted as skipped, never replayed', async () => {
    const good = readFileSync(auditFile, 'utf8').split('\n')[0] as string; // a real, replayable line
    expect(JSON.parse(good).event).not.toBe('memory');
    const older = { ...JSON.parse(good), schema: 0 };
    const newer = { ...JSON.parse(good), schema: 2, decision_id: 'future-1' };
    const dir = mkdtempSync(join(tmpdir(), 'hw-replay-bad-'));
    const file = join(dir, 'audit-2026-11-22.jsonl');
    const text = [good, JSON.stringify(older), 'not json at all', '[1,2,3]', JSON.stringify(newer), '', good.slice(0, 120)].join('\n');
    writeFileSync(file, text); // no newline after the last line: a write cut short
    const r = await replay(rec.io.env, { files: [file] });
    expect(r.summary).toMatchObject({ lines: 6, replayed: 1, changed: 0, skipped: 5, skipped_by: { unreadable: 2, 'partial-line': 1, 'other-schema': 2 } });
    expect(r.skipped.map((s) => [s.line, s.reason])).toEqual([
      [2, 'other-schema'],
      [3, 'unreadable'],
      [4, 'unreadable'],
      [5, 'other-schema'],
      [7, 'partial-line'],
    ]);
    expect(formatText(r)).toContain('(unreadable 2, partial-line 1, other-schema 2)');
  });

  it('a complete last line without its newline is read', async () => {
    const good = readFileSync(auditFile, 'utf8').split('\n')[0] as string;
    const dir = mkdtempSync(join(tmpdir(), 'hw-replay-eof-'));
    const file = join(dir, 'audit-2026-11-22.jsonl');
    writeFileSync(file, good);
    expect((await replay(rec.io.env, { files: [file] })).summary).toMatchObject({ lines: 1, replayed: 1 });
  });
});

describe('a line the hook no longer accepts', () => {
  it('is skipped as replay-failed, with the hook\'s reason and one warning', async () => {
    const line = lineOf('own-ls') as Line & { input: Record<string, unknown> };
    const edited = structuredClone(line);
    delete edited.input.tool_name;
    const dir = mkdtempSync(join(tmpdir(), 'hw-replay-failed-'));
    const file = join(dir, 'audit-2026-11-22.jsonl');
    writeFileSync(file, `${JSON.stringify(edited)}\n`);
    const r = await replay(rec.io.env, { files: [file] });
    expect(r.summary).toMatchObject({ replayed: 0, changed: 0, skipped: 1, skipped_by: { 'replay-failed': 1 } });
    expect(r.skipped[0]?.detail).toContain('stdin field tool_name');
    expect(r.warnings).toEqual([
      `1 line could not be replayed (first: ${file}:1: ${r.skipped[0]?.detail})`,
      'no line could be replayed: nothing was compared',
    ]);
  });
});

describe('a config changed since the lines were written', () => {
  it('is one warning per run, and the lines it changes say so', async () => {
    const { home, env } = freshEnv();
    writeFileSync(join(home, 'config.json'), JSON.stringify({ nonInteractive: 'off' }));
    const r = await replay(env);
    expect(r.summary.config_changed).toBe(r.summary.replayed);
    expect(r.warnings.filter((w) => w.startsWith('config changed since'))).toEqual([
      `config changed since ${r.summary.replayed} of the replayed lines were written; they are replayed with the current config, so a change among them may come from the config rather than the registry`,
    ]);
    const tail = r.changes.find((c) => c.decision_id === lineOf('pre-bash-tail-follow').decision_id);
    expect(tail).toMatchObject({ config_changed: true, before: { verdict: 'allow' } });
    expect(tail?.before.rules).toContain('NON_INTERACTIVE_REWRITE');
    expect(tail?.after.rules).not.toContain('NON_INTERACTIVE_REWRITE');
    expect(formatText(r)).toContain('(written under another config)');
  });
});

describe('the audit directory', () => {
  it('holds only what the hooks wrote: replay writes no audit line', async () => {
    const before = readdirSync(join(rec.home, 'audit')).map((f) => readFileSync(join(rec.home, 'audit', f), 'utf8'));
    await replay(rec.io.env);
    const after = readdirSync(join(rec.home, 'audit')).map((f) => readFileSync(join(rec.home, 'audit', f), 'utf8'));
    expect(after).toEqual(before);
  });
});
