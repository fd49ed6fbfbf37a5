// The next batch of complete audit lines after a cursor, in file order (lib/audit/paths.ts: one file per UTC day,
// named so that name order is time order). Only lines whose newline has arrived are read: a line being written, or
// one a crash cut short, waits (and at the end of a finished day's file, is left behind as the garbage it is).
//
// Rotation and retention: a day's file is left for the next one once a later file exists and the day has been over
// for GRACE_MS (a hook that began before midnight may still append to it); a file removed under the cursor (pruned
// by retention) is followed by the next name after it; a file replaced under the same name (another inode), or
// shorter than the cursor (truncated), is read from its start. Complete lines that are not audit events (not JSON,
// another schema) are skipped and counted, never sent, never a reason to stop.

import { basename, join } from 'node:path';
import type { AuditEventV1 } from '../audit/event.js';
import { auditDirFor } from '../audit/paths.js';
import { DAY_MS, auditFilesInDir, parseAuditFileName } from '../audit/query/files.js';
import { classifyAuditLine, fileIdentity, scanLines } from '../audit/read.js';
import type { Cursor } from './cursor.js';

/** How long after its UTC day ends a file is still read before the shipper moves on to the next. */
export const GRACE_MS = 120_000;

export interface Caps {
  maxRecords: number;
  /** Bytes of audit lines per batch (the export request is about this size). A single longer line is sent alone. */
  maxBytes: number;
}

export interface Batch {
  events: AuditEventV1[];
  /** Where the cursor goes once the receiver accepts the batch (also where it goes for an empty batch). */
  next: Cursor | undefined;
  /** Lines skipped: not JSON, not an audit event, or over the reader's line limit. */
  skipped: number;
  /** What happened to the file under the cursor, if anything did (for the log). */
  note?: string;
}

/** True once the file's UTC day ended more than GRACE_MS before `now`. */
function dayOver(dir: string, name: string, now: number): boolean {
  const ref = parseAuditFileName(dir, name);
  return ref !== undefined && now >= ref.start + DAY_MS + GRACE_MS;
}

/** Reads the next batch after `cursor` (undefined: from the oldest file's start). Never throws on a vanished file. */
export function readBatch(home: string, cursor: Cursor | undefined, caps: Caps, now: number): Batch {
  const dir = auditDirFor(home);
  const files = auditFilesInDir(dir).map((r) => basename(r.file));
  let at = cursor;
  let skipped = 0;
  let note: string | undefined;
  if (!at) {
    const first = files[0];
    if (first === undefined) return { events: [], next: undefined, skipped };
    at = { file: first, offset: 0, ino: fileIdentity(join(dir, first))?.ino ?? 0 };
  }
  // Each turn either returns or moves to a later file, so this ends.
  for (;;) {
    const path = join(dir, at.file);
    const later = files.find((f) => f > (at as Cursor).file);
    const st = fileIdentity(path);
    if (!st) {
      if (later === undefined) return { events: [], next: at, skipped, ...(note ? { note } : {}) };
      note = `${at.file} is gone (retention?); continuing with ${later}`;
      at = { file: later, offset: 0, ino: fileIdentity(join(dir, later))?.ino ?? 0 };
      continue;
    }
    if (st.ino !== at.ino) {
      if (at.ino !== 0 && at.offset > 0) note = `${at.file} was replaced; reading it from its start`;
      at = { file: at.file, offset: 0, ino: st.ino };
    } else if (st.size < at.offset) {
      note = `${at.file} is shorter than the cursor (${st.size} < ${at.offset}: truncated); reading it from its start`;
      at = { file: at.file, offset: 0, ino: st.ino };
    }
    const events: AuditEventV1[] = [];
    let bytes = 0;
    const scan = scanLines(
      path,
      (line) => {
        bytes += Buffer.byteLength(line) + 1;
        const c = classifyAuditLine(line);
        if (c.kind === 'event') events.push(c.event);
        else skipped++;
        return events.length < caps.maxRecords && bytes < caps.maxBytes;
      },
      { start: at.offset, limit: st.size },
    );
    skipped += scan.oversized;
    const next: Cursor = { file: at.file, offset: scan.end, ino: st.ino };
    if (events.length || scan.end > at.offset) return { events, next, skipped, ...(note ? { note } : {}) };
    if (later !== undefined && dayOver(dir, at.file, now)) {
      at = { file: later, offset: 0, ino: fileIdentity(join(dir, later))?.ino ?? 0 };
      continue;
    }
    return { events, next, skipped, ...(note ? { note } : {}) };
  }
}
