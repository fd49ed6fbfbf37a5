// What counts as a file or folder hookwarden may trust with its own state (docs/security.md). The rules:
// - a file it writes or reads back is a regular file, not a link, owned by the user running hookwarden, with one
//   name (a hard link to ~/.zshrc is a regular file owned by the user too: its link count gives it away);
// - a folder it keeps files in is a real folder (not a link), owned by the user, and not writable by group or
//   others (who could otherwise swap any file in it).
// Ownership is skipped where the platform has no uids (Windows).

import { constants, type Stats } from 'node:fs';
import { HookwardenError } from '../errors.js';

/** O_NOFOLLOW where the platform has it (not on Windows): the last path component must not be a link. */
export const O_NOFOLLOW: number = constants.O_NOFOLLOW ?? 0;
/** O_NONBLOCK where the platform has it: opening a FIFO never waits for a writer (or a reader). */
export const O_NONBLOCK: number = constants.O_NONBLOCK ?? 0;

/** The user hookwarden runs as, or null where the platform has no uids. */
export function currentUid(): number | null {
  return typeof process.getuid === 'function' ? process.getuid() : null;
}

/** Why a file's stat (taken with lstat or fstat) makes it unusable for hookwarden's own state; null when fine. */
export function unsafeFileReason(st: Stats, uid: number | null = currentUid()): string | null {
  if (st.isSymbolicLink()) return 'is a symbolic link';
  if (st.isDirectory()) return 'is a directory';
  if (st.isFIFO()) return 'is a FIFO';
  if (st.isSocket()) return 'is a socket';
  if (!st.isFile()) return 'is a device or other special file';
  if (st.nlink > 1) return `has ${st.nlink} hard links`;
  if (uid !== null && st.uid !== uid) return `is owned by uid ${st.uid}, not ${uid}`;
  return null;
}

/** Why a folder's lstat makes it unusable for hookwarden's own files; null when fine. */
export function unsafeDirReason(st: Stats, uid: number | null = currentUid()): string | null {
  if (st.isSymbolicLink()) return 'is a symbolic link';
  if (!st.isDirectory()) return 'is not a directory';
  if (uid !== null && st.uid !== uid) return `is owned by uid ${st.uid}, not ${uid}`;
  if (uid !== null && (st.mode & 0o022) !== 0) {
    const who = (st.mode & 0o022) === 0o022 ? 'its group and other users' : st.mode & 0o020 ? 'its group' : 'other users';
    return `is writable by ${who} (mode ${(st.mode & 0o777).toString(8)})`;
  }
  return null;
}

/** Why a file or folder of the managed policy (an admin's, lib/hook/managed.ts) cannot be trusted, from its stat:
 * it must be root's (uid 0) and not writable by group or others, or anyone but root could loosen the policy. Null
 * when fine, and where the platform has no uids (Windows). No setting relaxes it: tests point HOOKWARDEN_MANAGED_DIR at
 * a folder of root's (they run as root) and loosen it with chmod and chown. */
export function notSystemOwnedReason(st: Stats): string | null {
  if (currentUid() === null) return null;
  if (st.uid !== 0) return `is owned by uid ${st.uid}, not root`;
  if ((st.mode & 0o022) !== 0) {
    const who = (st.mode & 0o022) === 0o022 ? 'its group and other users' : st.mode & 0o020 ? 'its group' : 'other users';
    return `is writable by ${who} (mode ${(st.mode & 0o777).toString(8)})`;
  }
  return null;
}

/** A path hookwarden refused to write or read as its own; the message is one line naming the path and why. */
export function unsafePath(path: string, reason: string, what = 'refused'): HookwardenError {
  return new HookwardenError('E_UNSAFE_PATH', `${what} ${path}: it ${reason} (not written through; docs/security.md)`);
}

export const errCode = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | null)?.code;
