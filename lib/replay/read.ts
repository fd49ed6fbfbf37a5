// Audit lines for replay, each with its file and line number. Tolerant like lib/audit/read.ts, but nothing is
// dropped silently: a line that is not JSON, a cut-off last line and a line of another schema come back as
// lines with a reason, so the report can count them as skipped.

import { closeSync, readSync, statSync } from 'node:fs';
import { openRegularForRead } from '../fs/read.js';
import { resolve } from 'node:path';
import { AUDIT_SCHEMA_VERSION } from '../audit/event.js';
import { auditFilesInDir, DAY_MS, parseTimeArg } from '../audit/query/index.js';
import { MAX_READ_LINE_BYTES, scanLines } from '../audit/read.js';

/** One line of an audit file: parsed (schema not yet checked) or unreadable. */
export type AuditLine =
  | { file: string; line: number; kind: 'json'; value: Record<string, unknown> }
  | { file: string; line: number; kind: 'unreadable' | 'partial-line' };

function parseLine(file: string, line: number, raw: string): AuditLine {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return { file, line, kind: 'unreadable' };
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { file, line, kind: 'unreadable' };
  return { file, line, kind: 'json', value: v as Record<string, unknown> };
}

/** `bytes` bytes of `file` from `start`, as text. */
function readAt(file: string, start: number, bytes: number): string {
  const fd = openRegularForRead(file);
  try {
    const buf = Buffer.alloc(bytes);
    const n = readSync(fd, buf, 0, bytes, start);
    return buf.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** One file's lines, read in chunks by the audit scanner (memory bounded by the longest line). The bytes after the
 * last newline are a cut-off last line (a writer cut short) unless they parse as a whole object written without
 * its newline; any other line that is not a JSON object is unreadable. Blank lines are not lines. */
export function readLines(file: string): AuditLine[] {
  const out: AuditLine[] = [];
  let line = 0;
  const scan = scanLines(
    file,
    (raw) => {
      line += 1;
      if (raw.trim()) out.push(parseLine(file, line, raw.replace(/\r$/, '')));
    },
    { blankLines: true },
  );
  if (scan.pendingBytes > 0) {
    const rest = scan.pendingBytes > MAX_READ_LINE_BYTES ? '' : readAt(file, scan.end, scan.pendingBytes);
    const parsed = rest.trim() ? parseLine(file, line + 1, rest) : undefined;
    if (parsed) out.push(parsed.kind === 'json' ? parsed : { file, line: line + 1, kind: 'partial-line' });
  }
  return out;
}

/** Every audit-YYYY-MM-DD.jsonl in `dir`, oldest first; files of days before `sinceMs` are left out. */
export function auditFilesIn(dir: string, sinceMs?: number): string[] {
  return auditFilesInDir(dir)
    .filter((r) => sinceMs === undefined || r.start + DAY_MS > sinceMs)
    .map((r) => r.file);
}

/** Files named on the command line: a directory stands for its audit files. Missing paths are returned apart. */
export function expandFiles(args: readonly string[], cwd: string, sinceMs?: number): { files: string[]; missing: string[] } {
  const files: string[] = [];
  const missing: string[] = [];
  for (const a of args) {
    const p = resolve(cwd, a);
    let isDir: boolean;
    try {
      isDir = statSync(p).isDirectory();
    } catch {
      missing.push(a);
      continue;
    }
    files.push(...(isDir ? auditFilesIn(p, sinceMs) : [p]));
  }
  return { files: [...new Set(files)], missing };
}

/** `--since`: a duration back from now ("7d", "12h"), a UTC day ("2026-11-01") or an ISO-8601 time (the same
 * forms `hookwarden audit` reads). */
export const parseSince = (text: string, now: number): number | undefined => parseTimeArg(text, now, 'since');

/** The schema a parsed line says it has (AUDIT_SCHEMA_VERSION for ones replay understands). */
export const isCurrentSchema = (v: Record<string, unknown>): boolean => v.schema === AUDIT_SCHEMA_VERSION;
