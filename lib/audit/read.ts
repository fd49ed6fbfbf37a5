// Read an audit file back. Tolerant: unparsable lines (e.g. a last line cut short by a crash) are counted, not thrown.

import { closeSync, readSync, statSync } from 'node:fs';
import { openRegularForRead, readProblem, readRegularFile } from '../fs/read.js';
import type { AuditEventV1 } from './event.js';

export function isAuditEventV1(v: unknown): v is AuditEventV1 {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const e = v as Record<string, unknown>;
  return e.schema === 1 && typeof e.decision_id === 'string' && typeof e.ts === 'string' && typeof e.verdict === 'string';
}

/** Parse JSONL text: one event per non-empty line; anything else counts as bad. */
export function parseAuditLines(text: string): { events: AuditEventV1[]; bad: number } {
  const events: AuditEventV1[] = [];
  let bad = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      bad++;
      continue;
    }
    if (isAuditEventV1(v)) events.push(v);
    else bad++;
  }
  return { events, bad };
}

/** Events of one audit file. A missing file reads as empty; other I/O errors are thrown. */
export function readAuditFile(file: string): { events: AuditEventV1[]; bad: number } {
  const r = readRegularFile(file, { maxBytes: 512 * 1024 * 1024, deadlineMs: 60_000 });
  if (r.status === 'missing') return { events: [], bad: 0 };
  if (r.status !== 'ok') throw new Error(`${file}: ${readProblem(r)}`);
  return parseAuditLines(r.bytes.toString('utf8'));
}

// ---------------------------------------------------------------------------------------------------------------
// Streaming: large files are read in chunks, one line at a time, with bounded memory (`hookwarden audit`).

/** The size and inode of a regular file being followed (a new inode: it was replaced), or undefined when it is not
 * there or not a regular file. */
export function fileIdentity(file: string): { size: number; ino: number } | undefined {
  try {
    const s = statSync(file);
    return s.isFile() ? { size: s.size, ino: s.ino } : undefined;
  } catch {
    return undefined;
  }
}

/** What one line of an audit file is. A JSON object naming another `schema` is `other-schema`, not garbage. */
export type AuditLine = { kind: 'event'; event: AuditEventV1 } | { kind: 'other-schema' } | { kind: 'bad' };

export function classifyAuditLine(line: string): AuditLine {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return { kind: 'bad' };
  }
  if (isAuditEventV1(v)) return { kind: 'event', event: v };
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
    const schema = (v as { schema?: unknown }).schema;
    if (schema !== undefined && schema !== 1) return { kind: 'other-schema' };
  }
  return { kind: 'bad' };
}

/** Bytes read per chunk. */
export const READ_CHUNK_BYTES = 1024 * 1024;
/** A "line" longer than this is skipped (counted as oversized) without being kept whole in memory. Written lines
 * are at most 256 KB (MAX_AUDIT_LINE_BYTES). */
export const MAX_READ_LINE_BYTES = 1024 * 1024;

export interface LineScan {
  /** Offset just past the last complete line (newline included): where a follower resumes. */
  end: number;
  /** Bytes after `end` without a newline yet: a line being written (or cut short by a crash). */
  pendingBytes: number;
  /** Lines over MAX_READ_LINE_BYTES that were skipped. */
  oversized: number;
  /** The scan stopped because `onLine` returned false. */
  stopped: boolean;
}

/**
 * Calls `onLine` for each complete ('\n'-terminated) non-empty line of the file from byte `start` up to `limit`
 * (default: the size when the scan starts, so a file still growing does not keep the scan going); blank lines
 * too with `blankLines` (for callers that number lines). Memory stays
 * bounded by the chunk and the longest line kept. `onLine` returns false to stop early. A missing file scans as
 * empty; other I/O errors are thrown.
 */
export function scanLines(
  file: string,
  onLine: (line: string, endOffset: number) => boolean | void,
  opts: { start?: number; limit?: number; chunkBytes?: number; maxLineBytes?: number; blankLines?: boolean } = {},
): LineScan {
  const start = opts.start ?? 0;
  const maxLine = opts.maxLineBytes ?? MAX_READ_LINE_BYTES;
  let fd: number;
  try {
    fd = openRegularForRead(file); // a FIFO planted in the audit folder must not hang `hookwarden audit`
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { end: start, pendingBytes: 0, oversized: 0, stopped: false };
    throw err;
  }
  const out: LineScan = { end: start, pendingBytes: 0, oversized: 0, stopped: false };
  try {
    const chunk = Buffer.allocUnsafe(opts.chunkBytes ?? READ_CHUNK_BYTES);
    let pos = start;
    const limit = opts.limit ?? Number.POSITIVE_INFINITY;
    // The start of the current line not yet terminated, kept across chunks (unless it grew too long).
    let carry: Buffer[] = [];
    let carryBytes = 0;
    let skipping = false;
    while (pos < limit) {
      const want = Math.min(chunk.length, limit - pos);
      const n = readSync(fd, chunk, 0, want, pos);
      if (n <= 0) break;
      let from = 0;
      while (from < n) {
        const nl = chunk.indexOf(10, from);
        if (nl < 0 || nl >= n) {
          if (!skipping) {
            carry.push(Buffer.from(chunk.subarray(from, n)));
            carryBytes += n - from;
            if (carryBytes > maxLine) {
              carry = [];
              carryBytes = 0;
              skipping = true;
            }
          }
          break;
        }
        const lineEnd = pos + nl + 1;
        if (skipping) {
          out.oversized++;
          skipping = false;
        } else {
          const bytes = carryBytes ? Buffer.concat([...carry, chunk.subarray(from, nl)]) : chunk.subarray(from, nl);
          carry = [];
          carryBytes = 0;
          if (bytes.length > maxLine) out.oversized++;
          else {
            const line = bytes.toString('utf8');
            if ((opts.blankLines || line.trim() !== '') && onLine(line, lineEnd) === false) {
              out.end = lineEnd;
              out.stopped = true;
              return out;
            }
          }
        }
        out.end = lineEnd;
        from = nl + 1;
      }
      pos += n;
    }
    out.pendingBytes = pos - out.end;
    return out;
  } finally {
    closeSync(fd);
  }
}
