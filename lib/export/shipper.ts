// The shipper: tails the audit from its cursor, sends each batch as one OTLP/HTTP JSON export request, and moves
// the cursor only once the receiver answered 2xx. At-least-once: a crash or a kill between the send and the cursor
// write sends that one batch again on restart (the receiver dedupes by hookwarden.decision_id); nothing else is sent
// twice and nothing is skipped. Runs in `hookwarden ship` and inside `hookwarden serve`, never inside a hook: the
// hooks only append their line (lib/audit/write.ts), the file is the write-ahead log.
//
// Failures: a network error, a timeout, 429, 502, 503 or 504 is retried with backoff (backoff.ts, Retry-After
// honoured); any other refusal is retried at the longest backoff by a running shipper (an admin fixes the token, the
// lines wait) and ends `--once` at once. 413 halves the batch.

import type { AuditEventV1 } from '../audit/event.js';
import { oneLine } from '../errors.js';
import { abortableSleep } from '../sleep.js';
import { backoffMs, MAX_BACKOFF_MS } from './backoff.js';
import { type Cursor, readCursor, writeCursor } from './cursor.js';
import { acquireShipLock } from './lock.js';
import { logsUrl, sendLogs, type SendResult } from './otlp.js';
import { exportRequest, resourceAttributes, toLogRecord } from './record.js';
import type { ShipSettings } from './settings.js';
import { readBatch } from './tail.js';

export interface ShipOptions {
  home: string;
  settings: ShipSettings;
  /** hookwarden's version: service.version and the scope's version. */
  version: string;
  hostId: string;
  /** Send what is pending and return (`ship --once`), instead of running until the signal aborts. */
  once: boolean;
  now: () => number;
  signal?: AbortSignal;
  /** One line each (already ending in "\n"). */
  log: (line: string) => void;
  /** Wait between looks at the audit when nothing is pending (ms, default 1000). */
  pollMs?: number;
  /** With `once`: how long it may spend on failed attempts (waiting for answers and between retries) before giving
   * up (ms, default 15000). */
  onceBudgetMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface ShipResult {
  outcome: 'done' | 'stopped' | 'failed' | 'busy';
  shipped: number;
  batches: number;
  skipped: number;
  /** One line: why `failed`. */
  problem?: string;
  /** With `busy`: the pid of the shipper holding the lock. */
  heldBy?: number;
}

const sameCursor = (a: Cursor | undefined, b: Cursor | undefined): boolean => a?.file === b?.file && a?.offset === b?.offset && a?.ino === b?.ino;
const secs = (ms: number): string => `${Math.round(ms / 100) / 10} s`;
/** Log the 1st, 2nd, 4th, 8th… failure in a row, not every one. */
const worthLogging = (attempt: number): boolean => (attempt & (attempt - 1)) === 0;

export async function ship(o: ShipOptions): Promise<ShipResult> {
  const sleep = o.sleep ?? abortableSleep;
  const pollMs = o.pollMs ?? 1000;
  const result: ShipResult = { outcome: 'stopped', shipped: 0, batches: 0, skipped: 0 };
  const aborted = (): boolean => o.signal?.aborted === true;

  let got: ReturnType<typeof acquireShipLock>;
  try {
    got = acquireShipLock(o.home);
    if ('heldBy' in got) {
      if (o.once) return { ...result, outcome: 'busy', heldBy: got.heldBy };
      o.log(`hookwarden ship: another shipper (pid ${got.heldBy}) is shipping ${o.home}; waiting for it to stop\n`);
      while ('heldBy' in got) {
        if (aborted()) return result;
        await sleep(pollMs, o.signal);
        got = acquireShipLock(o.home);
      }
    }
  } catch (err) {
    return { ...result, outcome: 'failed', problem: oneLine(err, 300) };
  }
  const lock = got.lock;
  try {
    let cursor = readCursor(o.home);
    const url = logsUrl(o.settings.endpoint);
    const resource = resourceAttributes({ version: o.version, hostId: o.hostId, labels: o.settings.labels });
    let caps = o.settings.caps;
    let attempt = 0;
    /** Time spent on requests and retry waits since the last accepted batch (the `once` budget). */
    let waited = 0;
    /** A failed batch and its request body, sent again as they are: inside the daemon, re-reading and re-encoding
     * up to a batch of lines at every retry of an outage was the shipper's only work on the event loop that
     * answers hooks. Set when a send fails, cleared when one is accepted or the batch shrinks (413). */
    let retry: { batch: ReturnType<typeof readBatch>; body: string } | undefined;
    while (!aborted()) {
      const again = retry;
      const batch = again?.batch ?? readBatch(o.home, cursor, caps, o.now());
      if (!again && batch.note) o.log(`hookwarden ship: ${batch.note}\n`);
      if (!again && batch.skipped) {
        result.skipped += batch.skipped;
        o.log(`hookwarden ship: skipped ${batch.skipped} unreadable line(s) in ${batch.next?.file ?? 'the audit'} (not sent)\n`);
      }
      if (!batch.events.length) {
        const moved = batch.next !== undefined && !sameCursor(batch.next, cursor);
        if (moved) {
          writeCursor(o.home, batch.next as Cursor);
          cursor = batch.next;
          continue;
        }
        if (o.once) return { ...result, outcome: 'done' };
        await sleep(pollMs, o.signal);
        continue;
      }
      const observed = `${BigInt(Math.trunc(o.now())) * 1_000_000n}`;
      const body = again?.body ?? exportRequest(resource, o.version, batch.events.map((ev: AuditEventV1) => toLogRecord(ev, observed)));
      retry = undefined;
      const sentAt = performance.now();
      const r: SendResult = await sendLogs({ url, headers: o.settings.headers, body, timeoutMs: o.settings.timeoutMs, now: o.now, signal: o.signal });
      waited += performance.now() - sentAt;
      if (r.kind === 'accepted') {
        writeCursor(o.home, batch.next as Cursor);
        cursor = batch.next;
        result.shipped += batch.events.length;
        result.batches++;
        if (attempt > 0) o.log(`hookwarden ship: ${url} accepts again after ${attempt} failed attempt(s)\n`);
        if (r.rejected > 0) o.log(`hookwarden ship: ${url} accepted the batch but rejected ${r.rejected} record(s)${r.message ? `: ${r.message}` : ''} (not sent again)\n`);
        attempt = 0;
        waited = 0;
        continue;
      }
      if (aborted()) break;
      if (r.kind === 'refused' && r.status === 413 && caps.maxRecords > 1) {
        caps = { maxRecords: Math.max(1, Math.floor(batch.events.length / 2)), maxBytes: Math.max(1024, Math.floor(caps.maxBytes / 2)) };
        o.log(`hookwarden ship: ${url} answered 413 (too large); batches of at most ${caps.maxRecords} records from now on\n`);
        continue;
      }
      attempt++;
      retry = { batch, body };
      const wait = r.kind === 'refused' ? MAX_BACKOFF_MS : backoffMs(attempt, o.hostId, r.retryAfterMs);
      const what = `${url} ${r.kind === 'refused' ? 'refused the export' : 'unavailable'}: ${r.why}`;
      if (o.once) {
        if (r.kind === 'refused') return { ...result, outcome: 'failed', problem: `${what}; check ${o.settings.from} and export.otlp.headers` };
        if (waited + wait > (o.onceBudgetMs ?? 15_000)) {
          return { ...result, outcome: 'failed', problem: `${what}${r.retryAfterMs !== undefined ? ` (Retry-After ${secs(r.retryAfterMs)})` : ''}; ${attempt} attempt(s), the lines stay pending for the next run` };
        }
      }
      if (worthLogging(attempt)) o.log(`hookwarden ship: ${what}; retrying in ${secs(wait)} (attempt ${attempt})\n`);
      waited += wait;
      await sleep(wait, o.signal);
    }
    return result;
  } catch (err) {
    return { ...result, outcome: 'failed', problem: oneLine(err, 300) };
  } finally {
    lock.release();
  }
}
