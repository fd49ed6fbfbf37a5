// Read an audit file back. Tolerant: unparsable lines (e.g. a last line cut short by a crash) are counted, not thrown.

import { readFileSync } from 'node:fs';
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
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { events: [], bad: 0 };
    throw err;
  }
  return parseAuditLines(text);
}
