import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { AuditEventV1 } from '../../lib/audit/event.js';
import { auditFileFor, hookwardenHome } from '../../lib/audit/paths.js';
import { readAuditFile } from '../../lib/audit/read.js';
import { closeAuditLogs, MAX_AUDIT_LINE_BYTES, writeAuditEvent } from '../../lib/audit/write.js';

const roots: string[] = [];
function tmpHome(): string {
  const d = mkdtempSync(join(tmpdir(), 'hw-audit-'));
  roots.push(d);
  return join(d, 'home');
}
afterEach(() => closeAuditLogs());
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function event(id: string, input: unknown = { tool_input: { command: 'ls' } }): AuditEventV1 {
  return {
    schema: 1,
    decision_id: id,
    ts: '2026-03-14T09:26:53.589Z',
    session_id: 's',
    event: 'PreToolUse',
    tool: 'Bash',
    input,
    registry_hash: 'r',
    config_hash: 'c',
    engine_version: '0.1.0',
    local: { matches: [{ id: 'm', severity: 'low', action: 'warn', matched: 'x' }], max_severity: 'low', level: 'warn', confidence: 0.5 },
    orchestrator: { available: true, source: 'keter:embedded', level: 'warn', answer: { intervention: { level: 'notify' } }, latency_ms: 0.2 },
    rules: ['r1'],
    verdict: 'warn',
    confidence: 0.618,
    latency_ms: 1.5,
    redactions: [],
  };
}

const NOW = new Date(Date.UTC(2026, 2, 14, 9, 26, 53));
const mode = (p: string) => statSync(p).mode & 0o777;

describe('paths', () => {
  it('HOOKWARDEN_HOME overrides ~/.hookwarden', () => {
    const homedir = () => '/home/u';
    expect(hookwardenHome({}, homedir)).toBe('/home/u/.hookwarden');
    expect(hookwardenHome({ HOOKWARDEN_HOME: '' }, homedir)).toBe('/home/u/.hookwarden');
    expect(hookwardenHome({ HOOKWARDEN_HOME: '/srv/hw' }, homedir)).toBe('/srv/hw');
    expect(hookwardenHome({ HOOKWARDEN_HOME: '~/hw' }, homedir)).toBe('/home/u/hw');
    expect(hookwardenHome({ HOOKWARDEN_HOME: 'rel/hw' }, homedir)).toBe(join(process.cwd(), 'rel/hw'));
  });

  it('names the daily file by UTC date', () => {
    expect(auditFileFor('/h', new Date(Date.UTC(2026, 0, 5, 23, 59, 59)))).toBe('/h/audit/audit-2026-01-05.jsonl');
    expect(auditFileFor('/h', new Date(Date.UTC(2026, 0, 6, 0, 0, 0)))).toBe('/h/audit/audit-2026-01-06.jsonl');
  });
});

describe('writeAuditEvent', () => {
  it('writes exactly the event JSON as one line, file 0600 in a 0700 dir', () => {
    const home = tmpHome();
    const ev = event('one');
    expect(writeAuditEvent(home, ev, NOW)).toBeUndefined();
    const file = auditFileFor(home, NOW);
    expect(file).toBe(join(home, 'audit', 'audit-2026-03-14.jsonl'));
    expect(readFileSync(file, 'utf8')).toBe(JSON.stringify(ev) + '\n');
    expect(mode(file)).toBe(0o600);
    expect(mode(join(home, 'audit'))).toBe(0o700);
    expect(writeAuditEvent(home, event('two'), NOW)).toBeUndefined();
    const back = readAuditFile(file);
    expect(back.bad).toBe(0);
    expect(back.events.map((e) => e.decision_id)).toEqual(['one', 'two']);
    expect(back.events[0]).toEqual(ev);
  });

  it('forces 0600 on a pre-existing 0644 file and appends to it', () => {
    const home = tmpHome();
    const file = auditFileFor(home, NOW);
    mkdirSync(join(home, 'audit'), { recursive: true });
    writeFileSync(file, JSON.stringify(event('old')) + '\n');
    chmodSync(file, 0o644);
    expect(mode(file)).toBe(0o644);
    expect(writeAuditEvent(home, event('new'), NOW)).toBeUndefined();
    expect(mode(file)).toBe(0o600);
    expect(readAuditFile(file).events.map((e) => e.decision_id)).toEqual(['old', 'new']);
  });

  it('uses the injected clock: two dates → two files', () => {
    const home = tmpHome();
    const d1 = new Date(Date.UTC(2026, 2, 14, 23, 59, 59, 999));
    const d2 = new Date(Date.UTC(2026, 2, 15, 0, 0, 0, 1));
    expect(writeAuditEvent(home, event('a'), d1)).toBeUndefined();
    expect(writeAuditEvent(home, event('b'), d2)).toBeUndefined();
    expect(writeAuditEvent(home, event('c'), d1)).toBeUndefined();
    expect(readdirSync(join(home, 'audit')).sort()).toEqual(['audit-2026-03-14.jsonl', 'audit-2026-03-15.jsonl']);
    expect(readAuditFile(auditFileFor(home, d1)).events.map((e) => e.decision_id)).toEqual(['a', 'c']);
    expect(readAuditFile(auditFileFor(home, d2)).events.map((e) => e.decision_id)).toEqual(['b']);
  });

  it('writes under HOOKWARDEN_HOME', () => {
    const home = hookwardenHome({ HOOKWARDEN_HOME: tmpHome() });
    expect(writeAuditEvent(home, event('env'), NOW)).toBeUndefined();
    expect(readAuditFile(auditFileFor(home, NOW)).events).toHaveLength(1);
  });

  it('bounds a line to 256 KB by replacing the input', () => {
    const home = tmpHome();
    const big = event('big', { chunks: Array.from({ length: 200 }, () => 'z'.repeat(2000)) });
    expect(writeAuditEvent(home, big, NOW)).toBeUndefined();
    const text = readFileSync(auditFileFor(home, NOW), 'utf8');
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_AUDIT_LINE_BYTES);
    const [ev] = readAuditFile(auditFileFor(home, NOW)).events;
    expect(ev?.input).toMatch(/^\[input omitted: event was \d+ bytes > 262144\]$/);
    expect(ev?.redactions).toEqual(['input:oversized']);
    expect(ev?.local.matches).toHaveLength(1);
  });

  it('returns an error string instead of throwing', () => {
    const root = tmpHome();
    writeFileSync(join(root + '-file'), 'not a dir');
    roots.push(root + '-file');
    const err = writeAuditEvent(root + '-file', event('x'), NOW);
    expect(err).toMatch(/^audit write failed: /);
    expect(writeAuditEvent(tmpHome(), event('x'), new Date(NaN))).toMatch(/^audit write failed: /);
    const huge = event('huge');
    huge.rules = Array.from({ length: 200 }, () => 'r'.repeat(2000));
    expect(writeAuditEvent(tmpHome(), huge, NOW)).toMatch(/too large/);
  });
});

describe('readAuditFile', () => {
  it('tolerates a partially written last line and foreign lines', () => {
    const home = tmpHome();
    expect(writeAuditEvent(home, event('ok1'), NOW)).toBeUndefined();
    expect(writeAuditEvent(home, event('ok2'), NOW)).toBeUndefined();
    const file = auditFileFor(home, NOW);
    appendFileSync(file, '\n{"not":"an event"}\n' + JSON.stringify(event('cut')).slice(0, 40));
    const r = readAuditFile(file);
    expect(r.events.map((e) => e.decision_id)).toEqual(['ok1', 'ok2']);
    expect(r.bad).toBe(2);
  });

  it('reads a missing file as empty', () => {
    expect(readAuditFile(join(tmpHome(), 'nope.jsonl'))).toEqual({ events: [], bad: 0 });
  });
});
