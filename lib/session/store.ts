// Generic per-session JSON state files, safe for the hooks of parallel tool calls that Claude Code runs at the
// same time (each its own short-lived node process). This file owns how such files are read, written and
// locked; it knows nothing about what they hold. Synchronous fs only (hooks use sync I/O for start-up speed).
//
// - readJsonFile never throws: a missing file, a corrupt one (bad JSON, too big) and an unsafe one (a link, a
//   folder, a FIFO, someone else's file: lib/fs/read.ts) are results.
// - writeJsonAtomic writes a private tmp file beside the target and renames it over the target (lib/fs/write.ts),
//   so readers see the old bytes or the new bytes, never a mix, and a planted link is refused, not followed. No fsync (3 ms per write on every tool call): after a power
//   loss the file may be empty or short, which reads as corrupt, and a corrupt session file means a fresh state
//   with a note in the audit. Session state is advisory; the audit log is the record.
// - updateJsonLocked serialises read-modify-write across processes with `<file>.lock`, created O_CREAT|O_EXCL
//   ('wx') and holding {"pid","at"}. Waiters sleep (Atomics.wait, 1 ms doubling to 20 ms), never spin.
//   A lock whose holder is dead, or that is older than staleMs, is broken. Breaking is the racy part: two
//   waiters that both judged the same lock stale must not both remove "the lock", or the second would remove
//   the first one's fresh lock. So a break happens only while holding a second, briefly held lock file
//   (`<file>.break.lock`, also 'wx'): under it the waiter re-reads the lock and removes it only if it is still
//   the very file (device, inode and bytes) it judged stale. Only breakers remove a lock they do not own, and
//   they are serialised, so a fresh lock is never removed. The break lock is held for a few syscalls; if a
//   process dies inside them it is itself broken by the same stale rules (the one residual, crash-only race).
//   A holder that overruns staleMs has, by design, lost exclusivity; its release then leaves alone a lock
//   that is no longer its own.
// - pruneDir bounds a state directory by age and count and sweeps leftover tmp and lock files.
// - sessionFileKey turns any session id into a file-name-safe key (hash without node:crypto: ~5 ms to load).

import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { HookwardenError, oneLine, type ErrorCode } from '../errors.js';
import { errCode, O_NOFOLLOW, O_NONBLOCK } from '../fs/checks.js';
import { monotonicMs } from '../fs/clock.js';
import { ensurePrivateDir } from '../fs/private-dir.js';
import { DEFAULT_READ_DEADLINE_MS, readChunks, readRegularFile } from '../fs/read.js';
import { writeAll, writeFileAtomic } from '../fs/write.js';

export type ReadResult<T = unknown> =
  | { status: 'ok'; value: T }
  | { status: 'missing' }
  | { status: 'corrupt'; reason: string }
  | { status: 'unsafe'; reason: string };

export interface LockOptions {
  /** Give up after this long (default 2000 ms). */
  timeoutMs?: number;
  /** A lock older than this (by its recorded time or mtime) is broken (default 10_000 ms). */
  staleMs?: number;
  now?: () => number; // default Date.now
  /** The private root the file's folder lives under (`$HOOKWARDEN_HOME`): every folder from it down is checked. */
  root?: string;
}

export const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 2000;
const DEFAULT_STALE_MS = 10_000;
const TMP_MAX_AGE_MS = 60_000;
const MAX_SLEEP_MS = 20;
/** Retries without sleeping (lock just released or broken) per call; past this every retry sleeps. */
const MAX_QUICK_RETRIES = 100;
/** Lock files are a few dozen bytes; anything bigger is not ours and is judged by mtime only. */
const MAX_LOCK_BYTES = 4096;

const E_STATE_LOCK: ErrorCode = 'E_STATE_LOCK';


/** V8's "Unexpected token" message quotes the input; keep only the part before the quote. */
function jsonReason(err: unknown): string {
  const msg = oneLine(err).replace(/, ".*$/, '');
  return `not valid JSON: ${msg}`;
}

/** Never throws. Files over maxBytes (default 1 MiB) count as corrupt ("over 1048576 bytes"); a link, folder,
 * special file, hard link or someone else's file is `unsafe` (hookwarden's own files: lib/fs/read.ts), and so is a
 * file in a folder below `root` that is not private. */
export function readJsonFile(file: string, maxBytes: number = DEFAULT_MAX_BYTES, root?: string): ReadResult {
  const r = readRegularFile(file, { maxBytes, own: true, ...(root !== undefined ? { root } : {}) });
  if (r.status !== 'ok') return r;
  try {
    return { status: 'ok', value: JSON.parse(r.bytes.toString('utf8')) as unknown };
  } catch (err) {
    return { status: 'corrupt', reason: jsonReason(err) };
  }
}

function safe(fn: () => void): void {
  try {
    fn();
  } catch {
    /* best effort */
  }
}

/** Atomic and private (lib/fs/write.ts): a 0600 tmp file created exclusively beside `file`, renamed over it. The
 * folder is created 0700 and checked from `root` (default: the folder itself) down. Throws E_UNSAFE_PATH when a
 * link or special file is at `file` or on the way to it. */
export function writeJsonAtomic(file: string, value: unknown, root: string = dirname(file)): void {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) throw new HookwardenError('E_INTERNAL', `cannot write ${typeof value} as JSON to ${basename(file)}`);
  ensurePrivateDir(dirname(file), root);
  writeFileAtomic(file, `${text}\n`);
}

// ---------------------------------------------------------------------------------------------------------
// Locking

interface LockInfo {
  /** Device, inode and bytes: what "the same lock file" means when re-checking before a break. */
  key: string;
  pid: number | null;
  /** Recorded time when plausible (a finite number not after now), else the file's mtime. */
  since: number;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
function sleep(ms: number): void {
  if (ms > 0) Atomics.wait(sleeper, 0, 0, ms);
}

/** Lock files this process holds right now (a lock carrying our pid but not listed here is a leftover). */
const held = new Set<string>();

/** Whether a process with this pid exists (EPERM: it does, someone else's). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errCode(err) !== 'ESRCH'; // EPERM: alive, someone else's
  }
}

/** What is at `lockPath` now; null when nothing is. Never throws. */
function inspectLock(lockPath: string, now: number): LockInfo | null {
  let fd: number | undefined;
  try {
    const st = lstatSync(lockPath);
    if (!st.isFile()) return { key: `other:${st.dev}:${st.ino}`, pid: null, since: st.mtimeMs };
    fd = openSync(lockPath, constants.O_RDONLY | O_NONBLOCK | O_NOFOLLOW); // swapped for a FIFO since the lstat: no wait
    const fst = fstatSync(fd);
    // One byte past the cap tells "fits" from "too big" without reading it all.
    const { buf } = readChunks(fd, 0, MAX_LOCK_BYTES + 1, monotonicMs() + DEFAULT_READ_DEADLINE_MS);
    const over = buf.length > MAX_LOCK_BYTES;
    const text = buf.toString('utf8');
    let pid: number | null = null;
    let since = fst.mtimeMs;
    if (!over) {
      try {
        const data = JSON.parse(text) as { pid?: unknown; at?: unknown } | null;
        if (Number.isSafeInteger(data?.pid) && (data!.pid as number) > 0) pid = data!.pid as number;
        if (typeof data?.at === 'number' && Number.isFinite(data.at) && data.at <= now) since = data.at;
      } catch {
        // Being written right now (created, not yet filled) or garbage: judged by mtime alone.
      }
    }
    return { key: `${fst.dev}:${fst.ino}:${fst.size}:${text}`, pid, since };
  } catch (err) {
    if (errCode(err) === 'ENOENT') return null;
    return { key: `unreadable:${errCode(err) ?? 'error'}`, pid: null, since: now };
  } finally {
    if (fd !== undefined) safe(() => closeSync(fd!));
  }
}

function isStale(info: LockInfo, lockPath: string, now: number, staleMs: number): boolean {
  if (now - info.since > staleMs) return true;
  if (info.pid === null) return false;
  if (info.pid === process.pid) return !held.has(lockPath); // our pid, not held by us: left by an earlier process that had our pid
  return !pidAlive(info.pid);
}

/** Creates `lockPath` exclusively with our pid and time. Returns the held lock's key, or null if it exists. */
function tryCreate(lockPath: string, now: number): string | null {
  let fd: number;
  try {
    fd = openSync(lockPath, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o600);
  } catch (err) {
    if (errCode(err) === 'EEXIST') return null;
    throw err;
  }
  try {
    const text = JSON.stringify({ pid: process.pid, at: now });
    writeAll(fd, Buffer.from(text, 'utf8'));
    const st = fstatSync(fd);
    closeSync(fd);
    return `${st.dev}:${st.ino}:${Buffer.byteLength(text)}:${text}`;
  } catch (err) {
    safe(() => closeSync(fd));
    safe(() => unlinkSync(lockPath));
    throw err;
  }
}

/** Removes `lockPath` if it is still exactly `stale` (see header). False when someone else is breaking it. */
function breakStale(lockPath: string, stale: LockInfo, now: number, staleMs: number): boolean {
  const guard = lockPath.replace(/\.lock$/, '') + '.break.lock';
  let guardKey: string | null;
  try {
    guardKey = tryCreate(guard, now);
  } catch {
    return false;
  }
  if (guardKey === null) {
    // Another waiter is breaking it (a few syscalls), or died doing so: then its guard is stale in turn.
    const g = inspectLock(guard, now);
    if (g && isStale(g, guard, now, staleMs)) {
      const again = inspectLock(guard, now);
      if (again && again.key === g.key) safe(() => unlinkSync(guard));
    }
    return false;
  }
  try {
    const current = inspectLock(lockPath, now);
    if (current && current.key === stale.key) unlinkSync(lockPath);
    return true;
  } catch {
    return false;
  } finally {
    releaseIfOurs(guard, guardKey);
  }
}

function releaseIfOurs(lockPath: string, key: string): void {
  const current = inspectLock(lockPath, Number.POSITIVE_INFINITY);
  if (current && current.key === key) safe(() => unlinkSync(lockPath));
}

/** Read-modify-write of `file` under `<file>.lock`. `update` returns the next value, or undefined to write
 * nothing. Returns what was written (or undefined). Throws HookwardenError E_STATE_LOCK on timeout; errors
 * from `update` or the write propagate, with the lock released. */
export function updateJsonLocked<T>(
  file: string,
  update: (current: ReadResult) => T | undefined,
  opts: LockOptions = {},
): T | undefined {
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const staleMs = opts.staleMs ?? DEFAULT_STALE_MS;
  const lockPath = `${file}.lock`;
  if (held.has(lockPath)) {
    throw new HookwardenError(E_STATE_LOCK, `${basename(file)} is already locked by this process (nested update)`);
  }
  ensurePrivateDir(dirname(file), opts.root ?? dirname(file));

  // Elapsed time is the larger of the injected clock's and the real one's: a frozen test clock cannot hang.
  const start = now();
  const realStart = monotonicMs();
  let delay = 1;
  let key: string | null = null;
  let quickRetries = 0;
  for (;;) {
    const t = now();
    key = tryCreate(lockPath, t);
    if (key !== null) break;
    const info = inspectLock(lockPath, t);
    // Released between our create and our look, or a stale lock just broken: try again at once (still bounded).
    const retryNow = info === null || (isStale(info, lockPath, t, staleMs) && breakStale(lockPath, info, t, staleMs));
    if (retryNow && quickRetries++ < MAX_QUICK_RETRIES) continue;
    const elapsed = Math.max(now() - start, monotonicMs() - realStart);
    if (elapsed >= timeoutMs) {
      const who = info?.pid == null ? 'an unknown process' : `pid ${info.pid}`;
      const age = info ? ` for ${Math.max(0, Math.round(now() - info.since))} ms` : '';
      throw new HookwardenError(E_STATE_LOCK, `${basename(file)} is locked by ${who}${age}`);
    }
    sleep(Math.min(delay, Math.max(1, timeoutMs - elapsed)));
    delay = Math.min(delay * 2, MAX_SLEEP_MS);
  }

  held.add(lockPath);
  try {
    const next = update(readJsonFile(file, DEFAULT_MAX_BYTES, opts.root));
    if (next !== undefined) writeJsonAtomic(file, next, opts.root);
    return next;
  } finally {
    held.delete(lockPath);
    releaseIfOurs(lockPath, key);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Pruning

/** Removes, in `dir`, files ending in `suffix` older than now - ttlMs, then the oldest beyond maxFiles; also
 * `*.tmp` files older than 60 s and `*.lock` files older than staleMs (default 10 s). Regular files only.
 * Returns the removed basenames, sorted. Never throws (a missing dir returns []). */
export function pruneDir(
  dir: string,
  opts: { suffix: string; ttlMs: number; maxFiles: number; now: number; staleMs?: number },
): string[] {
  const staleMs = opts.staleMs ?? DEFAULT_STALE_MS;
  const removed: string[] = [];
  const remove = (name: string): void => {
    try {
      unlinkSync(join(dir, name));
      removed.push(name);
    } catch {
      // Gone already (another hook pruned it) or not removable: not ours to report.
    }
  };
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const kept: Array<{ name: string; mtimeMs: number }> = [];
  for (const name of names) {
    let mtimeMs: number;
    try {
      const st = lstatSync(join(dir, name));
      if (!st.isFile()) continue;
      mtimeMs = st.mtimeMs;
    } catch {
      continue;
    }
    if (name.endsWith('.tmp') && mtimeMs < opts.now - TMP_MAX_AGE_MS) remove(name);
    else if (name.endsWith('.lock') && mtimeMs < opts.now - staleMs) remove(name);
    else if (opts.suffix && name.endsWith(opts.suffix)) {
      if (mtimeMs < opts.now - opts.ttlMs) remove(name);
      else kept.push({ name, mtimeMs });
    }
  }
  const maxFiles = Math.max(0, Math.floor(opts.maxFiles));
  if (kept.length > maxFiles) {
    kept.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const f of kept.slice(maxFiles)) remove(f.name);
  }
  return removed.sort();
}

// ---------------------------------------------------------------------------------------------------------
// Session keys

const SAFE_ID = /^[A-Za-z0-9_-]{1,80}$/;
/** The shape of a hashed key; an id of exactly this shape is hashed too, so no id can pose as another's hash. */
const HASHED_KEY = /^x-[0-9a-f]{32}$/;

const FNV128_OFFSET = 0x6c62272e07bb014262b821756295c58dn;
const FNV128_PRIME = 0x0000000001000000000000000000013bn;
const MASK128 = (1n << 128n) - 1n;

/** FNV-1a, 128-bit, over the id's UTF-8 bytes (lone surrogates encoded as their 3-byte form, so distinct
 * strings always hash distinct byte sequences). Standard vectors: "" → 6c62…c58d, "a" → d228…8964. */
export function fnv1a128(text: string): string {
  let h = FNV128_OFFSET;
  const byte = (b: number): void => {
    h = ((h ^ BigInt(b)) * FNV128_PRIME) & MASK128;
  };
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        i++;
      }
    }
    if (cp < 0x80) byte(cp);
    else if (cp < 0x800) {
      byte(0xc0 | (cp >> 6));
      byte(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      byte(0xe0 | (cp >> 12));
      byte(0x80 | ((cp >> 6) & 0x3f));
      byte(0x80 | (cp & 0x3f));
    } else {
      byte(0xf0 | (cp >> 18));
      byte(0x80 | ((cp >> 12) & 0x3f));
      byte(0x80 | ((cp >> 6) & 0x3f));
      byte(0x80 | (cp & 0x3f));
    }
  }
  return h.toString(16).padStart(32, '0');
}

/** A file-name-safe key: ids matching /^[A-Za-z0-9_-]{1,80}$/ as is, anything else "x-" + 32 hex. */
export function sessionFileKey(sessionId: string): string {
  const id = String(sessionId);
  if (SAFE_ID.test(id) && !HASHED_KEY.test(id)) return id;
  return `x-${fnv1a128(id)}`;
}
