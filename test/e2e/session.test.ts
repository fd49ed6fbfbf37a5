// Sessions through the real bundles: one transcript per feature (verify after write, phantom claims,
// approvals remembered, read-only mode), each a sequence of hook and CLI processes ending in a Stop; the
// state under 24 concurrent PreToolUse/PostToolUse processes; TTL pruning; corrupt state files.

import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionFile, sessionsDir } from '../../lib/session/session-file.js';
import type { SessionState } from '../../lib/session/state.js';
import { readJsonl } from '../helpers/jsonl.js';
import { ROOT } from '../helpers/registry.js';
import { outcome, sessionRig, writeProjectFile, type Run, type SessionRig } from '../helpers/session-run.js';

interface Expect {
  exit: number;
  decision?: string;
  has?: string[];
  hasNot?: string[];
  /** Strings the call's audit line must hold (rules, grant notes). */
  audit?: string[];
  auditNot?: string[];
}

interface Step {
  step: string;
  event?: Record<string, unknown>;
  cli?: string[];
  file?: { path: string; text: string };
  expect?: Expect;
}

const FEATURES = ['verify', 'phantom', 'approvals', 'readonly'] as const;

function check(rig: SessionRig, s: Step, r: Run, auditBefore: number): void {
  const e = s.expect as Expect;
  const all = `${r.stdout}\n${r.stderr}`;
  const where = `step "${s.step}": exit ${r.exit}, stdout ${r.stdout || '(empty)'}, stderr ${r.stderr || '(empty)'}`;
  expect(r.exit, where).toBe(e.exit);
  if (s.event && e.decision) expect(outcome(r), where).toBe(e.decision);
  for (const h of e.has ?? []) expect(all, where).toContain(h);
  for (const h of e.hasNot ?? []) expect(all, where).not.toContain(h);
  if (s.event && !s.cli) {
    expect(r.stdout === '' || (r.stdout.startsWith('{') && !r.stdout.includes('\n')), `${where}: one compact JSON object or nothing`).toBe(true);
  }
  if (e.audit || e.auditNot) {
    const lines = rig.audit().slice(auditBefore).map((l) => JSON.stringify(l));
    const text = lines.join('\n');
    for (const a of e.audit ?? []) expect(text, `${where}: audit`).toContain(a);
    for (const a of e.auditNot ?? []) expect(text, `${where}: audit`).not.toContain(a);
  }
}

function runTranscript(rig: SessionRig, steps: Step[]): void {
  for (const s of steps) {
    if (s.file) {
      writeProjectFile(rig.project, s.file.path, s.file.text);
      continue;
    }
    const before = rig.audit().length;
    const r = s.cli ? rig.cli(s.cli) : rig.call(s.event as Record<string, unknown>);
    check(rig, s, r, before);
  }
}

/** A hook call that leaves a session state file behind (a file the agent wrote). */
const STARTED = { hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { file_path: '$PROJECT/setup.ts', content: 'x' }, tool_use_id: 't0', tool_response: {} };

const state = (rig: SessionRig): SessionState => JSON.parse(readFileSync(sessionFile(rig.home, rig.sessionId), 'utf8')) as SessionState;

describe('session transcripts through the real hook bundles', () => {
  it.each(FEATURES)('%s', (feature) => {
    const steps = readJsonl<Step>(join(ROOT, 'test', 'fixtures', 'sessions', `${feature}.jsonl`), (o) =>
      typeof o.step === 'string' && (o.event || o.cli || o.file) ? undefined : 'needs "step" and one of "event", "cli", "file"',
    ).map((r) => r.row);
    expect(steps.some((s) => s.event?.hook_event_name === 'Stop')).toBe(true);
    const rig = sessionRig(`${feature}-5f2c9a1e-7b3d-4c8e-9f1a`);
    runTranscript(rig, steps);
    // Every hook call and CLI change left exactly one audit line.
    const calls = steps.filter((s) => s.event || s.cli).length;
    expect(rig.audit().length).toBe(calls - steps.filter((s) => s.cli && s.expect?.exit !== 0).length - steps.filter((s) => s.cli?.[0] === 'session').length);
    // A transcript is 20-40 real processes, ~4 s alone; the bound only detects a hang (on a loaded 2-core CI box the
    // whole suite's process spawns can stretch one to the default 30 s).
  }, 120_000);
});

describe('one session under parallel hook processes', () => {
  const N = 12;
  const readEnv = (i: number, phase: 'pre' | 'post') => ({
    hook_event_name: phase === 'pre' ? 'PreToolUse' : 'PostToolUse',
    tool_name: 'Read',
    tool_input: { file_path: `$PROJECT/config/.env.part${i}` },
    tool_use_id: `toolu_env${i}`,
    ...(phase === 'post' ? { tool_response: { type: 'text' } } : {}),
  });
  const writeSrc = (i: number) => ({
    hook_event_name: 'PostToolUse',
    tool_name: 'Write',
    tool_input: { file_path: `$PROJECT/src/part${i}.ts`, content: `export const p${i} = ${i};\n` },
    tool_use_id: `toolu_src${i}`,
    tool_response: { type: 'create', filePath: `$PROJECT/src/part${i}.ts` },
  });
  const bash = (i: number) => ({ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: `ls src/part${i}.ts` }, tool_use_id: `toolu_ls${i}`, tool_response: { stdout: '', stderr: '', interrupted: false } });

  /** The parts of the state that must not depend on the order the calls ran in (nor on the project's folder). */
  const summary = (s: SessionState) => ({
    changed: s.changed.map((c) => c.path).sort(),
    pending: s.pending.length,
    grants: s.grants.map((g) => `${g.rule} ${g.target?.replace(s.projectDir, '$PROJECT')}`).sort(),
    actions: s.actions.map((a) => `${a.kind} ${a.command}`).sort(),
    seqs: new Set([...s.changed.map((c) => c.seq), ...s.actions.map((a) => a.seq), ...s.grants.map((g) => Number(g.id.slice(1)))]).size,
    seq: s.seq,
  });

  async function phases(rig: SessionRig, parallel: boolean): Promise<Run[]> {
    const batches = [
      [...Array.from({ length: N }, (_, i) => readEnv(i, 'pre')), ...Array.from({ length: N }, (_, i) => writeSrc(i))],
      [...Array.from({ length: N }, (_, i) => readEnv(i, 'post')), ...Array.from({ length: N }, (_, i) => bash(i))],
    ];
    const out: Run[] = [];
    for (const batch of batches) {
      if (parallel) out.push(...(await Promise.all(batch.map((e) => rig.callAsync(e)))));
      else for (const e of batch) out.push(rig.call(e));
    }
    return out;
  }

  it('24 concurrent calls per phase leave the same state as the same calls in sequence', async () => {
    const seq = sessionRig('parallel-reference-session');
    const par = sessionRig('parallel-session-under-test');
    const seqRuns = await phases(seq, false);
    const parRuns = await phases(par, true);
    for (const r of [...seqRuns, ...parRuns]) {
      expect(r.exit, r.stderr).toBe(0);
      expect(r.stderr).not.toContain('session state not updated');
    }
    // The reads of .env files asked, in both runs.
    expect(parRuns.slice(0, N).every((r) => outcome(r) === 'ask')).toBe(true);
    const a = summary(state(seq));
    const b = summary(state(par));
    expect(b).toEqual(a);
    expect(b.changed).toHaveLength(N);
    expect(b.grants).toHaveLength(N);
    expect(b.pending).toBe(0);
    // Every recorded event got its own sequence number: no update was lost or applied twice.
    expect(b.seqs).toBe(b.seq);
    expect(readdirSync(sessionsDir(par.home)).filter((f) => /\.(lock|tmp)$/.test(f))).toEqual([]);
    // The approvals hold: a second read of each file is not asked again, from parallel processes too.
    const again = await Promise.all(Array.from({ length: N }, (_, i) => par.callAsync({ ...readEnv(i, 'pre'), tool_use_id: `toolu_again${i}` })));
    expect(again.map(outcome)).toEqual(Array(N).fill('none'));
    // And the Stop sees all twelve changed files.
    const stop = par.call({ hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Split the module.' });
    expect(outcome(stop)).toBe('block');
    expect(stop.stdout).toContain(`${N} changed files were not checked`);
    // Every call was audited.
    expect(par.audit()).toHaveLength(4 * N + N + 1);
  }, 120_000);
});

describe('state files are bounded in time and survive corruption', () => {
  it('no state file is left after its TTL: a later session start prunes it', () => {
    const old = sessionRig('ttl-old-session');
    expect(old.call({ hook_event_name: 'UserPromptSubmit', prompt: 'hello' }).exit).toBe(0);
    const file = sessionFile(old.home, old.sessionId);
    expect(existsSync(file)).toBe(true);
    const past = (Date.now() - 25 * 3_600_000) / 1000;
    utimesSync(file, past, past);
    const fresh = sessionRig('ttl-new-session', { home: old.home, project: old.project });
    expect(fresh.call({ hook_event_name: 'SessionStart', source: 'startup' }).exit).toBe(0);
    expect(existsSync(file)).toBe(false);
    // Only the time of that prune is left (prompts and Stops prune again 10 minutes later at the earliest).
    expect(readdirSync(sessionsDir(old.home))).toEqual(['.last-prune']);
  });

  it('an expired state is not used even before pruning, and the audit says so', () => {
    const rig = sessionRig('ttl-expired-session');
    // The session exists once a hook has seen it (the CLI refuses an id no state file has).
    expect(rig.call(STARTED).exit).toBe(0);
    expect(rig.cli(['mode', 'readonly', '--session', rig.sessionId]).exit).toBe(0);
    const file = sessionFile(rig.home, rig.sessionId);
    const s = JSON.parse(readFileSync(file, 'utf8')) as SessionState;
    writeFileSync(file, JSON.stringify({ ...s, updatedAt: Date.now() - 25 * 3_600_000 }));
    const r = rig.call({ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: '$PROJECT/a.ts', content: 'x' }, tool_use_id: 't1' });
    expect(outcome(r)).toBe('none');
    expect(JSON.stringify(rig.audit().at(-1))).toContain('expired');
  });

  it('a corrupt state file means a fresh state, a note in the audit, and the bad file kept aside', () => {
    const rig = sessionRig('corrupt-state-session');
    // The session exists once a hook has seen it (the CLI refuses an id no state file has).
    expect(rig.call(STARTED).exit).toBe(0);
    expect(rig.cli(['mode', 'readonly', '--session', rig.sessionId]).exit).toBe(0);
    const file = sessionFile(rig.home, rig.sessionId);
    writeFileSync(file, '{"v":1,"sessionId":"corrupt-state-sess');
    const pre = rig.call({ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: '$PROJECT/a.ts', content: 'x' }, tool_use_id: 't1' });
    expect(pre.exit).toBe(0);
    expect(pre.stdout).toBe('');
    expect(JSON.stringify(rig.audit().at(-1))).toContain('unreadable');
    const post = rig.call({ hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { file_path: '$PROJECT/a.ts', content: 'x' }, tool_use_id: 't1', tool_response: {} });
    expect(post.exit).toBe(0);
    expect(state(rig).changed.map((c) => c.path)).toEqual(['a.ts']);
    expect(readdirSync(sessionsDir(rig.home)).filter((f) => f.includes('.corrupt-'))).toHaveLength(1);
  });
});
