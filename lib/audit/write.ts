// Append one audit event as one JSON line to the daily file: one write(2) of the whole line on a descriptor opened
// O_APPEND, kept open by long-lived processes (the daemon) for the day.
//
// Why lines never interleave across processes: the line (`JSON + "\n"`) is built whole and handed to write(2) at
// once; the file is opened with O_APPEND, so the kernel moves to EOF and writes atomically with respect to other
// O_APPEND writers of the same regular file (Linux holds the inode lock across the write). Only a short write
// (ENOSPC, EFBIG; regular local files do not otherwise) makes writeAll loop. Not guaranteed on NFS.
// test/audit/parallel.test.ts checks this with 20 processes and lines above 16 KB.
//
// This was pino with a synchronous destination, which came down to the same single write; hand-written it is one
// call, and the hooks no longer load pino and its helpers (~60 KB of code, ~6 ms of every hook call on node 20).
//
// The file is opened by hookwarden: O_NOFOLLOW|O_NONBLOCK and an fstat check (lib/fs/write.ts), in folders checked
// from $HOOKWARDEN_HOME down. A link planted at tomorrow's file name (say to ~/.zshrc, which a shell would then
// source with every judged command in it) is refused.

import { closeSync } from 'node:fs';
import { ensurePrivateDir } from '../fs/private-dir.js';
import { openAppend, writeAll } from '../fs/write.js';
import type { AuditEventV1 } from './event.js';
import { auditDirFor, auditFileFor } from './paths.js';

/** Largest line written, newline included. */
export const MAX_AUDIT_LINE_BYTES = 256 * 1024;

/** The descriptor of each open daily file (one at a time). */
const open = new Map<string, number>();

function openLog(home: string, file: string): number {
  const cached = open.get(file);
  if (cached !== undefined) return cached;
  // One daily file at a time: a long-lived process that crosses midnight closes yesterday's.
  closeAuditLogs();
  ensurePrivateDir(auditDirFor(home), home);
  const fd = openAppend(file);
  open.set(file, fd);
  return fd;
}

function safeClose(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    /* already closed */
  }
}

/** Close every cached audit file (tests, or a long-lived process shutting down). */
export function closeAuditLogs(): void {
  for (const fd of open.values()) safeClose(fd);
  open.clear();
}

/** The line for `ev` (newline included): the event itself, or a shrunk copy that fits MAX_AUDIT_LINE_BYTES, or null
 * if nothing fits. Each candidate is serialised once, and the text that fits is the one written. */
function boundAuditLine(ev: AuditEventV1): string | null {
  const line = (e: AuditEventV1): { text: string; size: number } => {
    const text = `${JSON.stringify(e)}\n`;
    return { text, size: Buffer.byteLength(text, 'utf8') };
  };
  const whole = line(ev);
  if (whole.size <= MAX_AUDIT_LINE_BYTES) return whole.text;
  const shrunk: AuditEventV1 = {
    ...ev,
    input: `[input omitted: event was ${whole.size} bytes > ${MAX_AUDIT_LINE_BYTES}]`,
    redactions: [...ev.redactions, 'input:oversized'],
  };
  const second = line(shrunk);
  if (second.size <= MAX_AUDIT_LINE_BYTES) return second.text;
  const { answer: _answer, ...orchestrator } = shrunk.orchestrator;
  const minimal: AuditEventV1 = {
    ...shrunk,
    local: { ...shrunk.local, matches: [] },
    orchestrator,
    redactions: [...shrunk.redactions, 'local.matches:oversized', 'orchestrator.answer:oversized'],
  };
  const last = line(minimal);
  return last.size <= MAX_AUDIT_LINE_BYTES ? last.text : null;
}

/**
 * Append `ev` to `<home>/audit/audit-<UTC date of now>.jsonl` (dirs 0700, file 0600). Never throws:
 * returns undefined on success, or a one-line error string.
 */
export function writeAuditEvent(home: string, ev: AuditEventV1, now: Date): string | undefined {
  let file = '';
  try {
    file = auditFileFor(home, now);
    const text = boundAuditLine(ev);
    if (text === null) return `audit event too large (> ${MAX_AUDIT_LINE_BYTES} bytes even without input)`;
    writeAll(openLog(home, file), Buffer.from(text, 'utf8'));
    return undefined;
  } catch (err) {
    const fd = open.get(file);
    if (fd !== undefined) {
      open.delete(file);
      safeClose(fd);
    }
    const msg = err instanceof Error ? err.message : String(err);
    return `audit write failed: ${(msg.split('\n', 1)[0] ?? '').slice(0, 300)}`;
  }
}
