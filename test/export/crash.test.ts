// The built `hookwarden ship` as a real process, killed with SIGKILL (by its own pid) while a batch is in flight,
// then started again: nothing lost, and the only duplicates are that batch. While it runs, a second shipper of the
// same home stands aside (the lock), and the lock a killed shipper leaves is taken over by the next one.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ship } from '../../lib/export/shipper.js';
import { DEFAULT_CAPS } from '../../lib/export/settings.js';
import { appendAudit, decision } from '../helpers/audit-lines.js';
import { hookEnv } from '../helpers/fixtures.js';
import { OtlpReceiver } from '../helpers/otlp-receiver.js';
import { children, until } from '../helpers/processes.js';
import { ROOT } from '../helpers/registry.js';

const CLI = join(ROOT, 'dist', 'cli.js');
const LINES = 1000;
const BATCH = 50;

let home: string;
let receiver: OtlpReceiver;
const live = children();

beforeEach(async () => {
  home = mkdtempSync(join(tmpdir(), 'hw-ship-crash-'));
  receiver = new OtlpReceiver();
  await receiver.start(0);
  writeFileSync(join(home, 'config.json'), JSON.stringify({ export: { otlp: { endpoint: receiver.url, batch: { maxRecords: BATCH } } } }), { mode: 0o600 });
});
afterEach(async () => {
  live.killAll();
  await receiver.stop();
  rmSync(home, { recursive: true, force: true });
});

function startShipper(): { proc: ChildProcess; stderr: () => string; exited: Promise<number | null> } {
  const proc = spawn(process.execPath, [CLI, 'ship'], { env: hookEnv(home), stdio: ['ignore', 'pipe', 'pipe'] });
  live.track(proc);
  let err = '';
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  proc.stdout!.resume();
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, stderr: () => err, exited };
}


describe('hookwarden ship killed mid-stream', () => {
  it('loses nothing after kill -9 and a restart; duplicates only from the batch in flight', async () => {
    appendAudit(home, '2026-11-25', Array.from({ length: LINES }, (_, i) => decision(i)));
    // The 6th request is kept by the receiver but never answered: the shipper is killed waiting for it.
    receiver.script = (n) => (n === 6 ? { kind: 'accept-then-hang' } : undefined);
    const first = startShipper();
    await until('the 6th request', () => receiver.requests >= 6, { ms: 30_000, said: first.stderr });
    expect(receiver.counts()).toEqual({ distinct: 6 * BATCH, total: 6 * BATCH, duplicates: 0 });

    // Meanwhile a second shipper of the same home does not ship the same range: it stands aside.
    const other = await ship({
      home,
      settings: { endpoint: receiver.url, from: 'test', headers: {}, timeoutMs: 1000, caps: DEFAULT_CAPS, labels: {} },
      version: 't',
      hostId: 'h',
      once: true,
      now: Date.now,
      log: () => undefined,
    });
    expect(other).toMatchObject({ outcome: 'busy', heldBy: first.proc.pid, shipped: 0 });

    first.proc.kill('SIGKILL');
    await first.exited;

    const second = startShipper();
    await until('every line', () => receiver.counts().distinct === LINES, { ms: 30_000, said: second.stderr });
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const c = receiver.counts();
    expect(c.distinct).toBe(LINES);
    expect(c.duplicates).toBe(BATCH);
    const twice = [...receiver.byDecision].filter(([, n]) => n > 1).map(([id]) => id);
    expect(twice).toEqual(Array.from({ length: BATCH }, (_, i) => `hw-test-${5 * BATCH + i}`));
  }, 60_000);
});
