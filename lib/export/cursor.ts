// Where the shipper is: `$HOOKWARDEN_HOME/export/cursor.json` = the audit file (its name in the audit folder), the
// byte offset just past the last line the receiver accepted, and the file's inode (a file replaced under the same
// name is read again from its start). Written atomically (tmp + rename, lib/fs/write.ts) after every accepted batch
// and nowhere else, so a crash leaves the previous cursor and at most the batch in flight is sent twice.

import { join } from 'node:path';
import { readRegularFile } from '../fs/read.js';
import { ensurePrivateDir } from '../fs/private-dir.js';
import { writeFileAtomic } from '../fs/write.js';

export interface Cursor {
  file: string;
  offset: number;
  ino: number;
}

export const exportDirFor = (home: string): string => join(home, 'export');
export const cursorFileFor = (home: string): string => join(exportDirFor(home), 'cursor.json');

const AUDIT_NAME = /^audit-\d{4}-\d{2}-\d{2}\.jsonl$/;

/** The saved cursor; undefined when there is none yet. A cursor file that is not one is an error naming it. */
export function readCursor(home: string): Cursor | undefined {
  const file = cursorFileFor(home);
  const r = readRegularFile(file, { maxBytes: 4096, own: true, root: home });
  if (r.status === 'missing') return undefined;
  if (r.status !== 'ok') throw new Error(`${file}: ${r.status === 'unsafe' ? `it ${r.reason}` : r.reason}; remove it to ship from the oldest audit file`);
  try {
    const v = JSON.parse(r.bytes.toString('utf8')) as Partial<Cursor>;
    if (typeof v.file === 'string' && AUDIT_NAME.test(v.file) && Number.isSafeInteger(v.offset) && (v.offset as number) >= 0 && Number.isSafeInteger(v.ino)) {
      return { file: v.file, offset: v.offset as number, ino: v.ino as number };
    }
  } catch {
    // reported below
  }
  throw new Error(`${file}: not a shipper cursor; remove it to ship from the oldest audit file`);
}

export function writeCursor(home: string, c: Cursor): void {
  ensurePrivateDir(exportDirFor(home), home);
  writeFileAtomic(cursorFileFor(home), `${JSON.stringify(c)}\n`);
}
