// Append one audit event as one JSON line to the daily file, through pino with a synchronous destination.
//
// Why lines never interleave across processes (checked against sonic-boom 4.2 `index.js`):
// - pino's `write()` builds the whole line (`JSON + "\n"`) and calls `stream.write(line)` exactly once.
// - SonicBoom.write() appends the string to `_bufs`; since a sync stream is always empty between calls
//   (each call finishes its write before returning) the line is pushed as ONE buffer entry, whatever its
//   size: the `maxWrite` (16 KB) split only applies when appending to an already non-empty last entry.
// - In sync mode `actualWrite()` shifts that entry and does ONE `fs.writeSync(fd, line, 'utf8')`, i.e. one
//   write(2) of the whole line. It only loops (`release` → `fsWriteSync`) after a short write, which regular
//   local files do not do short of ENOSPC/EFBIG.
// - The file is opened with flags 'a' (O_APPEND): the kernel moves to EOF and writes atomically with respect
//   to other O_APPEND writers of the same regular file (Linux holds the inode lock across the write).
// So each event is one write(2) at EOF, and concurrent hooks cannot interleave. Not guaranteed on NFS.
// test/audit/parallel.test.ts checks this with 20 processes and lines above 16 KB.
//
// The file is opened by hookwarden, not by pino: O_NOFOLLOW|O_NONBLOCK and an fstat check (lib/fs/write.ts), in
// folders checked from $HOOKWARDEN_HOME down. A link planted at tomorrow's file name (say to ~/.zshrc, which a shell
// would then source with every judged command in it) is refused, and pino gets the checked descriptor.

import pino, { type Logger } from 'pino';
import { ensurePrivateDir } from '../fs/private-dir.js';
import { openAppend } from '../fs/write.js';
import type { AuditEventV1 } from './event.js';
import { auditDirFor, auditFileFor } from './paths.js';

/** Largest line written, newline included. */
export const MAX_AUDIT_LINE_BYTES = 256 * 1024;

interface OpenLog {
  file: string;
  logger: Logger;
  dest: ReturnType<typeof pino.destination>;
}

const open = new Map<string, OpenLog>();

// pino emits the level cache ("{" for a level formatter returning {}) and then `,"key":value` per field, so with
// no level, time or bindings the line starts with "{,". Drop that comma so the line is exactly the event JSON.
function fixLeadingComma(s: string): string {
  return s.startsWith('{,') ? '{' + s.slice(2) : s;
}

function openLog(home: string, file: string): OpenLog {
  const cached = open.get(file);
  if (cached) return cached;
  // One daily file at a time: a long-lived process that crosses midnight closes yesterday's.
  closeAuditLogs();
  ensurePrivateDir(auditDirFor(home), home);
  const dest = pino.destination({ dest: openAppend(file), sync: true });
  const logger = pino(
    {
      base: null,
      timestamp: false,
      formatters: { level: () => ({}) },
      hooks: { streamWrite: fixLeadingComma },
    },
    dest,
  );
  const log: OpenLog = { file, logger, dest };
  open.set(file, log);
  return log;
}

function safeEnd(dest: OpenLog['dest']): void {
  try {
    dest.destroy();
  } catch {
    /* already closed */
  }
}

/** Close every cached audit file (tests, or a long-lived process shutting down). */
export function closeAuditLogs(): void {
  for (const log of open.values()) safeEnd(log.dest);
  open.clear();
}

function lineBytes(ev: unknown): number {
  return Buffer.byteLength(JSON.stringify(ev), 'utf8') + 1;
}

/** The event itself, or a shrunk copy that fits MAX_AUDIT_LINE_BYTES, or null if nothing fits. */
export function boundAuditEvent(ev: AuditEventV1): AuditEventV1 | null {
  const size = lineBytes(ev);
  if (size <= MAX_AUDIT_LINE_BYTES) return ev;
  const shrunk: AuditEventV1 = {
    ...ev,
    input: `[input omitted: event was ${size} bytes > ${MAX_AUDIT_LINE_BYTES}]`,
    redactions: [...ev.redactions, 'input:oversized'],
  };
  if (lineBytes(shrunk) <= MAX_AUDIT_LINE_BYTES) return shrunk;
  const { answer: _answer, ...orchestrator } = shrunk.orchestrator;
  const minimal: AuditEventV1 = {
    ...shrunk,
    local: { ...shrunk.local, matches: [] },
    orchestrator,
    redactions: [...shrunk.redactions, 'local.matches:oversized', 'orchestrator.answer:oversized'],
  };
  return lineBytes(minimal) <= MAX_AUDIT_LINE_BYTES ? minimal : null;
}

/**
 * Append `ev` to `<home>/audit/audit-<UTC date of now>.jsonl` (dirs 0700, file 0600). Never throws:
 * returns undefined on success, or a one-line error string.
 */
export function writeAuditEvent(home: string, ev: AuditEventV1, now: Date): string | undefined {
  let file = '';
  try {
    file = auditFileFor(home, now);
    const bounded = boundAuditEvent(ev);
    if (!bounded) return `audit event too large (> ${MAX_AUDIT_LINE_BYTES} bytes even without input)`;
    openLog(home, file).logger.info(bounded);
    return undefined;
  } catch (err) {
    const log = open.get(file);
    if (log) {
      open.delete(file);
      safeEnd(log.dest);
    }
    const msg = err instanceof Error ? err.message : String(err);
    return `audit write failed: ${(msg.split('\n', 1)[0] ?? '').slice(0, 300)}`;
  }
}
