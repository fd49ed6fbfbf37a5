// Audit lines for replay, each with its file and line number. Tolerant like lib/audit/read.ts, but nothing is
// dropped silently: a line that is not JSON, a cut-off last line and a line of another schema come back as
// lines with a reason, so the report can count them as skipped.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AUDIT_SCHEMA_VERSION } from '../audit/event.js';
import { parseDuration } from '../session/duration.js';

/** One line of an audit file: parsed (schema not yet checked) or unreadable. */
export type AuditLine =
  | { file: string; line: number; kind: 'json'; value: Record<string, unknown> }
  | { file: string; line: number; kind: 'unreadable' | 'partial-line' };

const AUDIT_FILE = /^audit-(\d{4}-\d{2}-\d{2})\.jsonl$/;

/** Splits one file's text into lines. The last line counts as partial when it has no newline and does not parse
 * (a writer cut short); any other line that is not a JSON object is unreadable. Blank lines are not lines. */
export function parseLines(file: string, text: string): AuditLine[] {
  const out: AuditLine[] = [];
  const parts = text.split('\n');
  parts.forEach((raw, i) => {
    if (raw.trim() === '') return;
    const last = i === parts.length - 1; // no newline after it
    let v: unknown;
    try {
      v = JSON.parse(raw);
    } catch {
      out.push({ file, line: i + 1, kind: last ? 'partial-line' : 'unreadable' });
      return;
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) out.push({ file, line: i + 1, kind: 'unreadable' });
    else out.push({ file, line: i + 1, kind: 'json', value: v as Record<string, unknown> });
  });
  return out;
}

export function readLines(file: string): AuditLine[] {
  return parseLines(file, readFileSync(file, 'utf8'));
}

/** The day (YYYY-MM-DD) an audit file's name says it holds, or undefined for another name. */
export function auditFileDay(name: string): string | undefined {
  return AUDIT_FILE.exec(name)?.[1];
}

/** Every audit-YYYY-MM-DD.jsonl in `dir`, oldest first; files of days before `sinceMs` are left out. */
export function auditFilesIn(dir: string, sinceMs?: number): string[] {
  if (!existsSync(dir)) return [];
  const sinceDay = sinceMs === undefined ? undefined : new Date(sinceMs).toISOString().slice(0, 10);
  return readdirSync(dir)
    .filter((n) => {
      const day = auditFileDay(n);
      return day !== undefined && (sinceDay === undefined || day >= sinceDay);
    })
    .sort()
    .map((n) => join(dir, n));
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

/** `--since`: a duration back from now ("7d", "12h"), a UTC day ("2026-11-01") or an ISO-8601 time. */
export function parseSince(text: string, now: number): number | undefined {
  const d = parseDuration(text);
  if (d !== undefined) return now - d;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const t = Date.parse(`${text}T00:00:00.000Z`);
    return Number.isNaN(t) ? undefined : t;
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const t = Date.parse(text);
    return Number.isNaN(t) ? undefined : t;
  }
  return undefined;
}

/** The schema a parsed line says it has (AUDIT_SCHEMA_VERSION for ones replay understands). */
export const isCurrentSchema = (v: Record<string, unknown>): boolean => v.schema === AUDIT_SCHEMA_VERSION;
