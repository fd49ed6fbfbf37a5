// A whole file of hookwarden's own (the OpenCode plugin) written and removed the way settings files are
// (lib/cli/settings.ts writeSettings): never through a link, the folder checked before and after it is made, the
// current bytes backed up first (created exclusively), the new bytes written atomically.

import { lstatSync, mkdirSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { readProblem, readRegularFile } from '../../fs/read.js';
import { assertReplaceable, writeFileAtomic } from '../../fs/write.js';
import { assertRealFolder, createBackup, pruneBackups } from '../settings.js';

const MAX_BYTES = 1024 * 1024;

/** The file's text, null when it does not exist; a link or special file is refused (E_UNSAFE_PATH). */
export function readText(file: string): string | null {
  assertRealFolder(dirname(file));
  const r = readRegularFile(file, { maxBytes: MAX_BYTES });
  if (r.status === 'missing') return null;
  if (r.status !== 'ok') throw new Error(`cannot read ${file}: ${readProblem(r)}`);
  return r.bytes.toString('utf8');
}

function backupOf(file: string, suffix: string): { backup: string | null; mode: number } {
  const current = readRegularFile(file, { maxBytes: MAX_BYTES });
  if (current.status === 'missing') return { backup: null, mode: 0o644 };
  if (current.status !== 'ok') throw new Error(`cannot read ${file}: ${readProblem(current)}`);
  const mode = lstatSync(file).mode & 0o777;
  const backup = createBackup(`${file}.hookwarden-backup-${suffix}`, current.bytes, mode);
  pruneBackups(file, backup);
  return { backup, mode };
}

/** Backs the current file up, then writes `text` atomically; returns the backup's name (null: there was none). */
export function writeText(file: string, text: string, suffix: string): string | null {
  assertRealFolder(dirname(file));
  assertReplaceable(file);
  mkdirSync(dirname(file), { recursive: true });
  assertRealFolder(dirname(file));
  const { backup, mode } = backupOf(file, suffix);
  writeFileAtomic(file, text, mode);
  return backup;
}

/** Backs the file up, then removes it. */
export function removeText(file: string, suffix: string): string | null {
  assertRealFolder(dirname(file));
  assertReplaceable(file);
  const { backup } = backupOf(file, suffix);
  unlinkSync(file);
  return backup;
}
