// Which daily audit files there are, and which of them a time range covers. One file per UTC day, named
// `audit-YYYY-MM-DD.jsonl`.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { auditDirFor } from '../paths.js';
import type { AuditFilter } from './filter.js';

export const DAY_MS = 86_400_000;
const FILE_NAME = /^audit-(\d{4})-(\d{2})-(\d{2})\.jsonl$/;

export interface AuditFileRef {
  file: string;
  /** "YYYY-MM-DD" (UTC), from the name. */
  day: string;
  /** Start of that UTC day, ms. */
  start: number;
}

/** The UTC day start of a "YYYY-MM-DD" name part, or undefined when it is not a real calendar date. */
export function dayStart(y: string, m: string, d: string): number | undefined {
  const t = Date.UTC(Number(y), Number(m) - 1, Number(d));
  if (!Number.isFinite(t)) return undefined;
  return new Date(t).toISOString().slice(0, 10) === `${y}-${m}-${d}` ? t : undefined;
}

/** `audit-YYYY-MM-DD.jsonl` → its ref; anything else → undefined. */
export function parseAuditFileName(dir: string, name: string): AuditFileRef | undefined {
  const m = FILE_NAME.exec(name);
  if (!m) return undefined;
  const start = dayStart(m[1] as string, m[2] as string, m[3] as string);
  return start === undefined ? undefined : { file: join(dir, name), day: `${m[1]}-${m[2]}-${m[3]}`, start };
}

/** Every daily audit file of `home`, oldest first. A missing folder has none. */
export const listAuditFiles = (home: string): AuditFileRef[] => auditFilesInDir(auditDirFor(home));

/** Every `audit-YYYY-MM-DD.jsonl` in `dir`, oldest first. A missing folder has none. */
export function auditFilesInDir(dir: string): AuditFileRef[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((n) => parseAuditFileName(dir, n))
    .filter((r): r is AuditFileRef => r !== undefined)
    .sort((a, b) => a.start - b.start);
}

/** Files whose day overlaps [since, until). */
export function filesInRange(files: AuditFileRef[], f: AuditFilter): AuditFileRef[] {
  return files.filter((r) => (f.since === undefined || r.start + DAY_MS > f.since) && (f.until === undefined || r.start < f.until));
}
