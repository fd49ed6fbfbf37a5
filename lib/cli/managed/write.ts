// Managed files on disk, written the way settings files are (lib/cli/settings.ts): never through a link, the folder
// checked before and after it is made, the current bytes backed up first (one backup kept), the new bytes written
// atomically. Two differences: a managed file is never group- or world-writable (Copilot ignores such a policy file,
// and no user may change what runs for everyone), so it is written 0644 (an admin's stricter mode is kept); and
// uninstall restores the admin's own bytes from the backup when what is left is what that backup holds.

import { lstatSync, mkdirSync, readdirSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { readProblem, readRegularFile } from '../../fs/read.js';
import { assertReplaceable, writeFileAtomic } from '../../fs/write.js';
import { assertRealFolder, createBackup, pruneBackups } from '../settings.js';

const MAX_BYTES = 4 * 1024 * 1024;

/** The file's text, null when it does not exist; a link or special file is refused (E_UNSAFE_PATH). */
export function readManaged(file: string): string | null {
  assertRealFolder(dirname(file));
  const r = readRegularFile(file, { maxBytes: MAX_BYTES });
  if (r.status === 'missing') return null;
  if (r.status !== 'ok') throw new Error(`cannot read ${file}: ${readProblem(r)}`);
  return r.bytes.toString('utf8');
}

/** Where the admin's own file is kept, as it was before hookwarden first changed it (an admin's JSON file that an
 * upgrade rewrites would otherwise lose its first backup to the one-backup rule): restored and removed by uninstall. */
export const originalOf = (file: string): string => `${file}.hookwarden-original`;

/** Keeps the admin's file as it is now, once (replacing a stale copy of an earlier install). */
export function keepOriginal(file: string, text: string): void {
  writeFileAtomic(originalOf(file), text, lstatSync(file).mode & 0o777 & ~0o022);
}

/** The admin's kept file, or null; removes it with `drop`. */
export function original(file: string, drop = false): string | null {
  const r = readRegularFile(originalOf(file), { maxBytes: MAX_BYTES });
  if (r.status !== 'ok') return null;
  if (drop) unlinkSync(originalOf(file));
  return r.bytes.toString('utf8');
}

/** The texts of the file's backups (`<file>.hookwarden-backup-<time>[.<n>]`), newest name last. */
export function backupsOf(file: string): string[] {
  const prefix = `${basename(file)}.hookwarden-backup-`;
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return [];
  }
  return names
    .filter((n) => n.startsWith(prefix) && /^\d+(?:\.\d+)?$/.test(n.slice(prefix.length)))
    .sort()
    .flatMap((n) => {
      const r = readRegularFile(join(dirname(file), n), { maxBytes: MAX_BYTES });
      return r.status === 'ok' ? [r.bytes.toString('utf8')] : [];
    });
}

function backup(file: string, suffix: string): { backup: string | null; mode: number } {
  const current = readRegularFile(file, { maxBytes: MAX_BYTES });
  if (current.status === 'missing') return { backup: null, mode: 0o644 };
  if (current.status !== 'ok') throw new Error(`cannot read ${file}: ${readProblem(current)}`);
  const mode = lstatSync(file).mode & 0o777 & ~0o022;
  const name = createBackup(`${file}.hookwarden-backup-${suffix}`, current.bytes, mode);
  pruneBackups(file, name);
  return { backup: name, mode };
}

/** Backs the current file up, then writes `text` (null: removes the file); returns the backup's name. */
export function writeManaged(file: string, text: string | null, suffix: string): string | null {
  assertRealFolder(dirname(file));
  assertReplaceable(file);
  if (text === null) {
    const { backup: name } = backup(file, suffix);
    unlinkSync(file);
    return name;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o755 });
  assertRealFolder(dirname(file));
  const { backup: name, mode } = backup(file, suffix);
  writeFileAtomic(file, text, mode);
  return name;
}
