// `audit tail --follow` underneath: new lines as they are appended, a half-written line held until its newline,
// garbage counted, midnight crossed into the next day's file, a replaced file read again, and a clean stop.
// No timing is asserted: the test waits for what the follower reports (with a generous deadline).

import { appendFileSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { AuditEventV1 } from '../../lib/audit/event.js';
import { followAudit } from '../../lib/audit/follow.js';
import { auditFileFor } from '../../lib/audit/paths.js';
import { closeAuditLogs, writeAuditEvent } from '../../lib/audit/write.js';

const root = mkdtempSync(join(tmpdir(), 'hw-audit-follow-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => closeAuditLogs());

function event(id: string, at: number): AuditEventV1 {
  return {
    schema: 1,
    decision_id: id,
    ts: new Date(at).toISOString(),
    session_id: 'follow-session',
    event: 'PreToolUse',
    tool: 'Bash',
    input: { tool_input: { command: `echo ${id}` } },
    registry_hash: 'r',
    config_hash: 'c',
    engine_version: 'test',
    local: { matches: [], max_severity: 'none', level: 'silent', confidence: 0 },
    orchestrator: { available: false, source: 'none', latency_ms: 0 },
    rules: [],
    verdict: 'silent',
    confidence: 0,
    latency_ms: 0,
    redactions: [],
  };
}

/** Resolves once `cond()` holds; rejects with `what` if it does not within 15 s (a hang guard, not a latency check). */
async function waitFor(what: string, cond: () => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('followAudit', () => {
  it('prints appended lines once, holds a partial line, counts garbage, crosses midnight, stops on abort', async () => {
    const home = join(root, 'h1');
    const day1 = Date.UTC(2026, 10, 22, 23, 59, 0);
    let clock = day1;
    // Lines already there when following starts are not repeated (tail prints those).
    writeAuditEvent(home, event('old-1', clock), new Date(clock));
    writeAuditEvent(home, event('old-2', clock), new Date(clock));
    const file1 = auditFileFor(home, new Date(day1));

    const seen: string[] = [];
    let polls = 0;
    const ac = new AbortController();
    const done = followAudit({ home, now: () => clock, intervalMs: 5, signal: ac.signal, onEvent: (ev) => seen.push(ev.decision_id), onPoll: () => polls++ });
    await waitFor('first poll', () => polls >= 1);

    writeAuditEvent(home, event('a', clock), new Date(clock));
    await waitFor('a', () => seen.includes('a'));

    // A line being written: half of it, then (after several polls) the rest.
    const b = JSON.stringify(event('b', clock));
    appendFileSync(file1, b.slice(0, 40));
    const p0 = polls;
    await waitFor('three polls', () => polls >= p0 + 3);
    expect(seen).toEqual(['a']);
    appendFileSync(file1, `${b.slice(40)}\n`);
    await waitFor('b', () => seen.includes('b'));

    appendFileSync(file1, 'garbage, not json\n{"schema":9,"decision_id":"future"}\n');
    writeAuditEvent(home, event('c', clock), new Date(clock));
    await waitFor('c', () => seen.includes('c'));

    // Midnight: the next day's file is followed; a late writer's line in yesterday's file still arrives.
    clock = Date.UTC(2026, 10, 23, 0, 0, 5);
    writeAuditEvent(home, event('d', clock), new Date(clock));
    await waitFor('d', () => seen.includes('d'));
    appendFileSync(file1, `${JSON.stringify(event('late', day1))}\n`);
    await waitFor('late', () => seen.includes('late'));
    writeAuditEvent(home, event('e', clock), new Date(clock));
    await waitFor('e', () => seen.includes('e'));

    ac.abort();
    const r = await done;
    expect(r).toEqual({ events: 6, unreadable: 1, otherSchema: 1, stoppedBy: 'signal' });
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'late', 'e']);
  });

  it('resumes from a given offset and reads a replaced file from its start', async () => {
    const home = join(root, 'h2');
    const at = Date.UTC(2026, 10, 22, 8);
    writeAuditEvent(home, event('x1', at), new Date(at));
    const file = auditFileFor(home, new Date(at));
    closeAuditLogs();
    const offset = Buffer.byteLength(`${JSON.stringify(event('x1', at))}\n`);
    appendFileSync(file, `${JSON.stringify(event('x2', at))}\n`); // written after "tail" read up to `offset`

    const seen: string[] = [];
    const ac = new AbortController();
    const done = followAudit({ home, now: () => at, from: { file, offset }, intervalMs: 5, signal: ac.signal, onEvent: (ev) => seen.push(ev.decision_id) });
    await waitFor('x2', () => seen.includes('x2'));
    expect(seen).toEqual(['x2']);

    // Replaced (e.g. removed by hand and written again): the new file is read from byte 0.
    unlinkSync(file);
    writeFileSync(file, `${JSON.stringify(event('y1', at))}\n`);
    await waitFor('y1', () => seen.includes('y1'));
    ac.abort();
    await done;
    expect(seen).toEqual(['x2', 'y1']);
  });

  it('stops by itself after maxDurationMs, and at once when the signal is already aborted', async () => {
    const home = join(root, 'h3');
    const r = await followAudit({ home, now: () => Date.UTC(2026, 0, 1), intervalMs: 5, maxDurationMs: 30, onEvent: () => undefined });
    expect(r.stoppedBy).toBe('max-duration');
    const ac = new AbortController();
    ac.abort();
    let polls = 0;
    const r2 = await followAudit({ home, now: () => Date.UTC(2026, 0, 1), signal: ac.signal, onEvent: () => undefined, onPoll: () => polls++ });
    expect(r2.stoppedBy).toBe('signal');
    expect(polls).toBe(0);
  });
});
