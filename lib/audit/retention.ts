// Audit retention: daily files older than `audit.retentionDays` are removed (docs/audit-review.md).
//
// Safe next to live writers: a writer only ever appends to the file of *its* current UTC day, and pruning never
// touches today's file nor a future-dated one, so no line being written can be lost. Rotation is by file name
// (one file per UTC day), so removing a whole old file is the only operation needed: no file is ever truncated,
// rewritten or renamed. Only names of the exact form audit-YYYY-MM-DD.jsonl (a real date) that are regular
// files are candidates; anything else in the folder is left alone.

import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { auditDirFor } from './paths.js';
import { DAY_MS, parseAuditFileName } from './query/index.js';

/**
 * Removes `audit-YYYY-MM-DD.jsonl` files dated more than `retentionDays` days before the UTC date of `now`
 * (with 30, on 2026-11-22 the oldest kept is 2026-10-23). `retentionDays` 0 (or anything not a positive
 * number) keeps every file. Never throws: returns the paths it removed.
 */
export function pruneAuditFiles(home: string, now: number, retentionDays: number): { removed: string[] } {
  const removed: string[] = [];
  try {
    if (!Number.isFinite(now) || !Number.isFinite(retentionDays) || retentionDays <= 0) return { removed };
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    const oldestKept = today - Math.floor(retentionDays) * DAY_MS;
    const dir = auditDirFor(home);
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return { removed };
    }
    for (const name of names.sort()) {
      const ref = parseAuditFileName(dir, name);
      if (!ref || ref.start >= today || ref.start >= oldestKept) continue;
      const file = join(dir, name);
      try {
        if (!lstatSync(file).isFile()) continue;
        unlinkSync(file);
        removed.push(file);
      } catch {
        // Gone already (another pruner) or not ours to remove: leave it.
      }
    }
  } catch {
    // Never throws.
  }
  return { removed };
}
