// Bounded reads that cannot hang a hook (docs/security.md). Every file is opened O_NONBLOCK (a FIFO opens at
// once instead of waiting for a writer) and checked with fstat on the open descriptor (no race between a check and
// the open) before one byte is read: only regular files are read, at most `maxBytes` (one more to tell "too big"),
// in chunks, stopping at a deadline. `/dev/zero`, a FIFO, a folder and a 1 GB sparse file are all answered at once;
// a /proc file (regular, size 0) yields at most `maxBytes`.
//
// Two kinds of file:
// - hookwarden's own (`own: true`: state, memory, caches): O_NOFOLLOW, and the file must be the user's with one name,
//   else the result is `unsafe` (the caller reports it and writes nothing there);
// - paths from the host, the agent or the project (transcript, CLAUDE.md, package.json, config): links are followed
//   (a symlinked CLAUDE.md or dotfiles-managed config is normal), but the file must be regular.

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { dirname } from 'node:path';
import { privateDirProblem } from './private-dir.js';
import { constants } from 'node:fs';
import { oneLine } from '../errors.js';
import { monotonicMs } from './clock.js';
import { errCode, notSystemOwnedReason, O_NOFOLLOW, O_NONBLOCK, unsafeFileReason, unsafePath } from './checks.js';

export type ReadBytes =
  | { status: 'ok'; bytes: Buffer }
  | { status: 'missing' }
  | { status: 'corrupt'; reason: string }
  | { status: 'unsafe'; reason: string };

/** Why a read gave no bytes, as a phrase after the path: "it is a symbolic link", "over 65536 bytes", "EACCES". */
export const readProblem = (r: Exclude<ReadBytes, { status: 'ok' | 'missing' }>): string => (r.status === 'unsafe' ? `it ${r.reason}` : r.reason);

export interface ReadOptions {
  /** Largest file read whole (a bigger one is `corrupt`, "over N bytes"); for tails, the most bytes read. */
  maxBytes: number;
  /** hookwarden's own file: not through a link, the user's, one name. */
  own?: boolean;
  /** With `own`: the private root it lives under ($HOOKWARDEN_HOME). Every folder from there to the file is checked
   * as writes check them (lib/fs/private-dir.ts), so a folder swapped for a link cannot feed hookwarden a file. */
  root?: string;
  /** A managed policy file: root's and not writable by group or others (checks.ts notSystemOwnedReason), else
   * `unsafe`. Links are followed: the file they lead to is the one checked. */
  system?: boolean;
  /** Give up (as `corrupt`, "read timed out") once this many ms have passed; default 1000. */
  deadlineMs?: number;
}

const CHUNK = 64 * 1024;
export const DEFAULT_READ_DEADLINE_MS = 1000;

type Opened = { fd: number; size: number } | Exclude<ReadBytes, { status: 'ok' }>;

function openRegular(file: string, own: boolean, root?: string, system = false): Opened {
  if (own && root !== undefined) {
    const problem = privateDirProblem(dirname(file), root);
    if (problem === 'missing') return { status: 'missing' };
    if (problem) return { status: 'unsafe', reason: `is in a folder that is not private (${problem})` };
  }
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | O_NONBLOCK | (own ? O_NOFOLLOW : 0));
  } catch (err) {
    const code = errCode(err);
    if (code === 'ENOENT') return { status: 'missing' };
    if (code === 'ELOOP' && own) return { status: 'unsafe', reason: 'is a symbolic link' };
    return { status: 'corrupt', reason: code ?? oneLine(err) };
  }
  try {
    const st = fstatSync(fd);
    const reason = own ? unsafeFileReason(st) : st.isFile() ? (system ? notSystemOwnedReason(st) : null) : st.isDirectory() ? 'is a directory' : 'is not a regular file';
    if (reason) {
      closeSync(fd);
      return { status: 'unsafe', reason };
    }
    return { fd, size: st.size };
  } catch (err) {
    closeSync(fd);
    return { status: 'corrupt', reason: errCode(err) ?? oneLine(err) };
  }
}

/** Reads at most `limit` bytes from `pos` of an open descriptor, stopping at EOF or the deadline (`monotonicMs()`
 * time). Throws what readSync throws. */
export function readChunks(fd: number, pos: number, limit: number, deadline: number): { buf: Buffer; timedOut: boolean } {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total < limit) {
    if (monotonicMs() > deadline) return { buf: Buffer.concat(chunks, total), timedOut: true };
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK, limit - total));
    const n = readSync(fd, chunk, 0, chunk.length, pos + total);
    if (n <= 0) break;
    chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    total += n;
  }
  // A file of one chunk (every state and config file in practice) is that chunk: no copy, and no Buffer.concat,
  // which node compiles on a process's first call.
  return { buf: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total), timedOut: false };
}

/** Opens `file` as `openRegular` does and runs `read` on it with the deadline; errors become `corrupt`, and the
 * descriptor is always closed. */
function withRegular<T>(file: string, opts: ReadOptions, read: (fd: number, size: number, deadline: number) => T): T | Exclude<ReadBytes, { status: 'ok' }> {
  const deadline = monotonicMs() + (opts.deadlineMs ?? DEFAULT_READ_DEADLINE_MS);
  const opened = openRegular(file, opts.own === true, opts.root, opts.system === true);
  if (!('fd' in opened)) return opened;
  try {
    return read(opened.fd, opened.size, deadline);
  } catch (err) {
    return { status: 'corrupt', reason: errCode(err) ?? oneLine(err) };
  } finally {
    try {
      closeSync(opened.fd);
    } catch {
      // the descriptor is gone either way
    }
  }
}

/** A whole regular file of at most `maxBytes`. Never throws. */
export function readRegularFile(file: string, opts: ReadOptions): ReadBytes {
  return withRegular(file, opts, (fd, size, deadline): ReadBytes => {
    if (size > opts.maxBytes) return { status: 'corrupt', reason: `over ${opts.maxBytes} bytes` };
    // One byte past the cap: a file that grew since the fstat is still refused, without reading it all.
    const r = readChunks(fd, 0, opts.maxBytes + 1, deadline);
    if (r.timedOut) return { status: 'corrupt', reason: 'read timed out' };
    return r.buf.length > opts.maxBytes ? { status: 'corrupt', reason: `over ${opts.maxBytes} bytes` } : { status: 'ok', bytes: r.buf };
  });
}

/**
 * The last `maxBytes` of a regular file and, when the file is longer (`cut`), the one byte before them, so a caller
 * can tell whether the tail starts on a whole line. Never throws; a deadline reached mid-read returns what was read.
 */
export function readRegularTail(file: string, opts: ReadOptions): { status: 'ok'; bytes: Buffer; cut: boolean } | Exclude<ReadBytes, { status: 'ok' }> {
  return withRegular(file, opts, (fd, size, deadline) => {
    const start = Math.max(0, size - opts.maxBytes);
    const from = start > 0 ? start - 1 : 0;
    return { status: 'ok' as const, bytes: readChunks(fd, from, size - from, deadline).buf, cut: start > 0 };
  });
}

/** A descriptor for streaming a regular file (audit logs, which can be large): opened non-blocking, checked with
 * fstat. Throws ENOENT as node does, and E_UNSAFE_PATH for a FIFO, folder or device, without reading it. */
export function openRegularForRead(file: string): number {
  const fd = openSync(file, constants.O_RDONLY | O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw unsafePath(file, st.isDirectory() ? 'is a directory' : 'is not a regular file', 'did not read');
    return fd;
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}
