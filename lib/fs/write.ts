// Every file hookwarden writes goes through one of three openings, none of which follows a link or waits on a
// special file (docs/security.md):
// - openAppend: the audit log. O_APPEND|O_CREAT|O_NOFOLLOW|O_NONBLOCK, then fstat: a regular file of the user's
//   with one name, else refused. A planted link fails the open (ELOOP), a FIFO without a reader fails it (ENXIO),
//   one with a reader, a hard link or a foreign file fail the fstat check; not one byte is written.
// - writeFileAtomic: state, caches, config, settings, reports. A tmp file created O_EXCL|O_NOFOLLOW in the same
//   folder, then renamed over the target; the target is refused first if something other than a plain file of
//   the user's is there (the rename would not write through a link, but a planted path is a sign to stop and say so).
// - createExclusive: backups and probe files, whose names must be new.

import { closeSync, fchmodSync, fstatSync, fsyncSync, lstatSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { constants } from 'node:fs';
import { HookwardenError } from '../errors.js';
import { errCode, O_NOFOLLOW, O_NONBLOCK, unsafeFileReason, unsafePath } from './checks.js';

const { O_APPEND, O_CREAT, O_EXCL, O_WRONLY } = constants;

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed: nothing left to release
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // gone already
  }
}

/** write(2) until all of `data` is written. */
export function writeAll(fd: number, data: Buffer): void {
  let off = 0;
  while (off < data.length) off += writeSync(fd, data, off, data.length - off);
}

/** Opens `file` for appending, creating it with `mode` (default 0600); returns the descriptor. Throws E_UNSAFE_PATH
 * when a link, FIFO, folder, device, hard link or another user's file is there. The mode is tightened on an
 * existing file of the user's (an older install's 0644). */
export function openAppend(file: string, mode = 0o600): number {
  let fd: number;
  try {
    fd = openSync(file, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK, mode);
  } catch (err) {
    const code = errCode(err);
    if (code === 'ELOOP') throw unsafePath(file, 'is a symbolic link');
    if (code === 'ENXIO') throw unsafePath(file, 'is a FIFO');
    if (code === 'EISDIR') throw unsafePath(file, 'is a directory');
    throw err;
  }
  try {
    const st = fstatSync(fd);
    const reason = unsafeFileReason(st);
    if (reason) throw unsafePath(file, reason);
    if ((st.mode & 0o777) !== mode) fchmodSync(fd, mode);
    return fd;
  } catch (err) {
    closeQuietly(fd);
    throw err;
  }
}

/** Throws E_UNSAFE_PATH when something other than a plain file of the user's is at `file`; fine when nothing is. */
export function assertReplaceable(file: string): void {
  let st;
  try {
    st = lstatSync(file);
  } catch (err) {
    if (errCode(err) === 'ENOENT') return;
    throw err;
  }
  const reason = unsafeFileReason(st);
  if (reason) throw unsafePath(file, reason);
}

/** Creates `file` with `data`, failing if any file, link or special file already has that name. Mode default 0600.
 * `durable`: fsync'd before it is closed (a policy bundle's files, lib/policy/activate.ts). */
export function createExclusive(file: string, data: Buffer | string, mode = 0o600, durable = false): void {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let fd: number;
  try {
    fd = openSync(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
  } catch (err) {
    if (errCode(err) === 'EEXIST' || errCode(err) === 'ELOOP') throw unsafePath(file, 'already exists', 'refused to create');
    throw err;
  }
  try {
    fchmodSync(fd, mode); // the umask may have taken bits away; a wanted 0644 (settings) is restored
    writeAll(fd, buf);
    if (durable) fsyncSync(fd);
    closeSync(fd);
  } catch (err) {
    closeQuietly(fd);
    unlinkQuietly(file);
    throw err;
  }
}

let tmpCounter = 0;

/**
 * Atomically replaces `file` with `data`: `<file>.<pid>.<n>.tmp` is created exclusively (mode default 0600) in the
 * same folder, filled, and renamed over `file`, so readers see the old bytes or the new ones, never a mix. No
 * fsync (see lib/session/store.ts). Throws E_UNSAFE_PATH when `file` is a link, special file, hard link or another
 * user's file; the tmp file is removed on any failure. The folder must exist (see ensurePrivateDir).
 */
export function writeFileAtomic(file: string, data: Buffer | string, mode = 0o600): void {
  if (typeof data !== 'string' && !Buffer.isBuffer(data)) throw new HookwardenError('E_INTERNAL', `cannot write ${typeof data} to ${file}`);
  assertReplaceable(file);
  tmpCounter += 1;
  const tmp = `${file}.${process.pid}.${tmpCounter}.tmp`;
  createExclusive(tmp, data, mode);
  try {
    renameSync(tmp, file);
  } catch (err) {
    unlinkQuietly(tmp);
    if (errCode(err) === 'EISDIR' || errCode(err) === 'ENOTEMPTY') throw unsafePath(file, 'is a directory');
    throw err;
  }
}

/** fsync(2) of a folder, so the names created or renamed in it survive a power loss (policy bundles:
 * lib/policy/activate.ts). Where a folder cannot be opened for it (Windows), nothing. */
export function fsyncDir(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, constants.O_RDONLY | O_NOFOLLOW);
  } catch (err) {
    if (errCode(err) === 'EISDIR' || errCode(err) === 'EPERM') return;
    throw err;
  }
  try {
    fsyncSync(fd);
  } finally {
    closeQuietly(fd);
  }
}
