// The shipper against a real OTLP/HTTP receiver on 127.0.0.1: what a record carries, what happens when the
// receiver is down, says 503 or 429, and what the cursor does when the audit files rotate, are pruned, end in a
// half-written line or are truncated under it.

import { existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cursorFileFor } from '../../lib/export/cursor.js';
import { ship, type ShipOptions } from '../../lib/export/shipper.js';
import { DEFAULT_CAPS, type ShipSettings } from '../../lib/export/settings.js';
import { appendAudit, auditFile, decision } from '../helpers/audit-lines.js';
import { OtlpReceiver } from '../helpers/otlp-receiver.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
let home: string;
let receiver: OtlpReceiver;

beforeEach(async () => {
  home = mkdtempSync(join(tmpdir(), 'hw-ship-'));
  receiver = new OtlpReceiver();
  await receiver.start(0);
});
afterEach(async () => {
  await receiver.stop();
  rmSync(home, { recursive: true, force: true });
});

const settings = (over: Partial<ShipSettings> = {}): ShipSettings => ({
  endpoint: receiver.url,
  from: 'test',
  headers: {},
  timeoutMs: 2000,
  caps: DEFAULT_CAPS,
  labels: {},
  ...over,
});

/** The shipper with a recorded, instant sleep (its waits are asserted, never slept). */
function run(over: Partial<ShipOptions> = {}, sleeps: number[] = []): ReturnType<typeof ship> {
  return ship({
    home,
    settings: settings(),
    version: '9.9.9',
    hostId: 'host-1',
    once: true,
    now: () => NOW,
    log: () => undefined,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...over,
  });
}

const cursor = (): { file: string; offset: number; ino: number } => JSON.parse(readFileSync(cursorFileFor(home), 'utf8'));
const ids = (): string[] => receiver.hookwardenRecords().map((r) => r.attrs['hookwarden.decision_id'] as string);

describe('a shipped record', () => {
  it('carries the decision, its rules and packs, the ids to join on, the policy and the machine', async () => {
    appendAudit(home, '2026-11-25', [
      decision(1, {
        ts: '2026-11-25T10:00:01.500Z',
        agent: 'codex',
        tool_use_id: 'toolu_01Join',
        verdict: 'block',
        reason: 'hookwarden blocked: force push rewrites shared history (bash-git/force-push)',
        local: {
          matches: [
            { id: 'bash-git/force-push', severity: 'high', action: 'block', matched: 'git push --force' },
            { id: 'managed/no-prod-push', severity: 'critical', action: 'block', matched: 'origin main', layer: 'managed' },
          ],
          max_severity: 'critical',
          level: 'block',
          confidence: 0.9,
        } as never,
        rules: ['LOCAL_BLOCK_STANDS'],
        policy_revision: 'rev-abc',
        bundle_revision: 'bundle-7',
      }),
      decision(2),
    ]);
    const r = await run({ settings: settings({ labels: { team: 'payments', 'deployment.environment': 'prod', 'service.name': 'not-this' } }) });
    expect(r).toMatchObject({ outcome: 'done', shipped: 2 });
    const [deny, allow] = receiver.hookwardenRecords();
    expect(deny?.eventName).toBe('hookwarden.decision');
    expect(deny?.attrs).toMatchObject({
      event_name: 'hookwarden.decision',
      'hookwarden.decision_id': 'hw-test-1',
      'session.id': 'sess-1',
      'gen_ai.tool.call.id': 'toolu_01Join',
      'gen_ai.tool.name': 'Bash',
      'hookwarden.verdict': 'block',
      'hookwarden.rules': ['bash-git/force-push', 'managed/no-prod-push'],
      'hookwarden.pack': ['bash-git', 'managed'],
      'hookwarden.merge_rules': ['LOCAL_BLOCK_STANDS'],
      'hookwarden.policy_revision': 'rev-abc',
      'hookwarden.bundle_revision': 'bundle-7',
      'hookwarden.rule_layers': { 'managed/no-prod-push': 'managed' },
      'hookwarden.agent': 'codex',
    });
    expect(deny?.attrs['hookwarden.registry_hash']).toBeUndefined();
    expect(deny?.body).toBe('hookwarden blocked: force push rewrites shared history (bash-git/force-push)');
    expect(deny?.timeUnixNano).toBe(`${Date.parse('2026-11-25T10:00:01.500Z')}000000`);
    expect(deny?.resource).toEqual({ 'service.name': 'hookwarden', 'service.version': '9.9.9', 'host.id': 'host-1', team: 'payments', 'deployment.environment': 'prod' });
    // Without a policy revision, the two hashes name the policy; the judged input never leaves the machine.
    expect(allow?.attrs).toMatchObject({ 'hookwarden.verdict': 'allow', 'hookwarden.registry_hash': 'reg-hash', 'hookwarden.config_hash': 'cfg-hash', 'hookwarden.rules': [] });
    expect(JSON.stringify(receiver.records)).not.toContain('echo 2');
  });

  it('is sent once: a second run finds nothing pending and the cursor sits at the end of the file', async () => {
    appendAudit(home, '2026-11-25', [decision(1), decision(2), decision(3)]);
    expect(await run()).toMatchObject({ outcome: 'done', shipped: 3 });
    expect(await run()).toMatchObject({ outcome: 'done', shipped: 0 });
    expect(receiver.counts()).toEqual({ distinct: 3, total: 3, duplicates: 0 });
    expect(cursor()).toMatchObject({ file: 'audit-2026-11-25.jsonl', offset: readFileSync(auditFile(home, '2026-11-25')).length });
  });

  it('batches by record count', async () => {
    appendAudit(home, '2026-11-25', Array.from({ length: 25 }, (_, i) => decision(i)));
    expect(await run({ settings: settings({ caps: { maxRecords: 10, maxBytes: 1 << 20 } }) })).toMatchObject({ shipped: 25, batches: 3 });
    expect(receiver.requests).toBe(3);
  });
});

describe('when the receiver is not there', () => {
  it('--once fails with one line and moves no cursor; the next run sends everything', async () => {
    appendAudit(home, '2026-11-25', [decision(1), decision(2)]);
    await receiver.stop();
    const r = await run({ onceBudgetMs: 3000 });
    expect(r.outcome).toBe('failed');
    expect(r.problem).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/logs unavailable: .*ECONNREFUSED.*the lines stay pending/);
    expect(r.problem).not.toContain('\n');
    expect(existsSync(cursorFileFor(home))).toBe(false);
    await receiver.start();
    expect(await run()).toMatchObject({ outcome: 'done', shipped: 2 });
    expect(receiver.counts()).toEqual({ distinct: 2, total: 2, duplicates: 0 });
  });

  it('a running shipper keeps retrying with growing waits and delivers when the receiver is back', async () => {
    appendAudit(home, '2026-11-25', [decision(1), decision(2)]);
    await receiver.stop();
    const sleeps: number[] = [];
    const stop = new AbortController();
    const r = await run(
      {
        once: false,
        signal: stop.signal,
        sleep: async (ms) => {
          sleeps.push(ms);
          if (sleeps.length === 4) await receiver.start();
          if (receiver.counts().distinct === 2) stop.abort();
        },
      },
      sleeps,
    );
    expect(r).toMatchObject({ outcome: 'stopped', shipped: 2 });
    expect(sleeps.slice(0, 3)[0]).toBeLessThan(sleeps[2] as number);
    expect(receiver.counts()).toEqual({ distinct: 2, total: 2, duplicates: 0 });
  });

  it('a failed batch is sent again as it was, not read again: lines written during the outage follow in the next', async () => {
    appendAudit(home, '2026-11-25', [decision(1), decision(2)]);
    await receiver.stop();
    const stop = new AbortController();
    const sleeps: number[] = [];
    await run({
      once: false,
      signal: stop.signal,
      sleep: async (ms) => {
        sleeps.push(ms);
        if (sleeps.length === 1) appendAudit(home, '2026-11-25', [decision(3)]);
        if (sleeps.length === 3) await receiver.start();
        if (receiver.counts().distinct === 3) stop.abort();
      },
    });
    expect(receiver.requests).toBe(2);
    expect(receiver.counts()).toEqual({ distinct: 3, total: 3, duplicates: 0 });
    expect(ids()).toEqual(['hw-test-1', 'hw-test-2', 'hw-test-3']);
    expect(cursor().offset).toBe(readFileSync(auditFile(home, '2026-11-25')).length);
  });

  it('a hanging receiver is a timeout and a retry, not a stall', async () => {
    appendAudit(home, '2026-11-25', [decision(1)]);
    receiver.script = (n) => (n === 1 ? { kind: 'hang' } : undefined);
    const r = await run({ settings: settings({ timeoutMs: 300 }) });
    expect(r).toMatchObject({ outcome: 'done', shipped: 1 });
    expect(receiver.requests).toBe(2);
  });
});

describe('Retry-After', () => {
  it('a 503 with Retry-After in seconds is waited out as asked', async () => {
    appendAudit(home, '2026-11-25', [decision(1)]);
    receiver.script = (n) => (n <= 2 ? { kind: 'status', status: 503, retryAfter: '7' } : undefined);
    const sleeps: number[] = [];
    const r = await run({ onceBudgetMs: 60_000 }, sleeps);
    expect(r).toMatchObject({ outcome: 'done', shipped: 1 });
    expect(sleeps).toEqual([7000, 7000]);
  });

  it('a 429 with an HTTP date waits until then', async () => {
    appendAudit(home, '2026-11-25', [decision(1)]);
    receiver.script = (n) => (n === 1 ? { kind: 'status', status: 429, retryAfter: new Date(NOW + 12_000).toUTCString() } : undefined);
    const sleeps: number[] = [];
    expect(await run({ onceBudgetMs: 60_000 }, sleeps)).toMatchObject({ outcome: 'done', shipped: 1 });
    expect(sleeps).toEqual([12_000]);
  });

  it('--once gives up, naming the wait, when the receiver asks for longer than it may wait', async () => {
    appendAudit(home, '2026-11-25', [decision(1)]);
    receiver.mode = { kind: 'status', status: 503, retryAfter: '120' };
    const r = await run();
    expect(r.outcome).toBe('failed');
    expect(r.problem).toContain('HTTP 503');
    expect(r.problem).toContain('Retry-After 120 s');
    expect(existsSync(cursorFileFor(home))).toBe(false);
  });

  it('a refusal that retrying cannot fix ends --once at once, naming the setting', async () => {
    appendAudit(home, '2026-11-25', [decision(1)]);
    receiver.mode = { kind: 'status', status: 401 };
    const sleeps: number[] = [];
    const r = await run({}, sleeps);
    expect(r.outcome).toBe('failed');
    expect(r.problem).toMatch(/refused the export: HTTP 401.*check test and export\.otlp\.headers/);
    expect(sleeps).toEqual([]);
  });
});

describe('the cursor across the audit files', () => {
  it('follows the days in order, and leaves a day only once it is over', async () => {
    appendAudit(home, '2026-11-24', [decision(1), decision(2)]);
    appendAudit(home, '2026-11-25', [decision(3)]);
    // Two minutes past midnight: 11-24 is still read, a late writer may append to it; nothing of 11-25 yet.
    const early = Date.parse('2026-11-25T00:01:00Z');
    expect(await run({ now: () => early })).toMatchObject({ shipped: 2 });
    appendAudit(home, '2026-11-24', [decision(4)]);
    expect(await run({ now: () => early })).toMatchObject({ shipped: 1 });
    expect(await run()).toMatchObject({ shipped: 1 });
    expect(ids()).toEqual(['hw-test-1', 'hw-test-2', 'hw-test-4', 'hw-test-3']);
    expect(cursor().file).toBe('audit-2026-11-25.jsonl');
  });

  it('a file removed under the cursor (retention) is followed by the next one', async () => {
    appendAudit(home, '2026-11-23', [decision(1)]);
    expect(await run()).toMatchObject({ shipped: 1 });
    unlinkSync(auditFile(home, '2026-11-23'));
    appendAudit(home, '2026-11-25', [decision(2), decision(3)]);
    expect(await run()).toMatchObject({ shipped: 2 });
    expect(ids()).toEqual(['hw-test-1', 'hw-test-2', 'hw-test-3']);
  });

  it('skips a garbage line, waits for a half-written last line, and sends it once its newline arrives', async () => {
    const partial = JSON.stringify(decision(3));
    appendAudit(home, '2026-11-25', [decision(1), '{not json\n', decision(2), partial.slice(0, 40)]);
    const r = await run();
    expect(r).toMatchObject({ outcome: 'done', shipped: 2, skipped: 1 });
    const size = readFileSync(auditFile(home, '2026-11-25')).length;
    expect(cursor().offset).toBe(size - 40);
    appendAudit(home, '2026-11-25', [`${partial.slice(40)}\n`]);
    expect(await run()).toMatchObject({ shipped: 1 });
    expect(ids()).toEqual(['hw-test-1', 'hw-test-2', 'hw-test-3']);
  });

  it('a cursor past the end of a truncated file reads the file again from its start', async () => {
    appendAudit(home, '2026-11-25', [decision(1), decision(2), decision(3)]);
    expect(await run()).toMatchObject({ shipped: 3 });
    truncateSync(auditFile(home, '2026-11-25'), 0);
    appendAudit(home, '2026-11-25', [decision(4)]);
    const logs: string[] = [];
    expect(await run({ log: (l) => logs.push(l) })).toMatchObject({ shipped: 1 });
    expect(ids()).toEqual(['hw-test-1', 'hw-test-2', 'hw-test-3', 'hw-test-4']);
    expect(logs.join('')).toContain('shorter than the cursor');
  });

  it('a cursor file that is not one is an error naming it, not a silent restart', async () => {
    appendAudit(home, '2026-11-25', [decision(1)]);
    await run();
    writeFileSync(cursorFileFor(home), '{"file":"../../etc/passwd","offset":0,"ino":1}\n', { mode: 0o600 });
    const r = await run();
    expect(r.outcome).toBe('failed');
    expect(r.problem).toContain(`${cursorFileFor(home)}: not a shipper cursor; remove it`);
  });
});
