// Scanning the audit: every matching event of the files in range, streamed line by line (lib/audit/read.ts
// scanLines), with counts of what was skipped; the newest N events; one decision by its id.

import type { AuditEventV1 } from '../event.js';
import { classifyAuditLine, scanLines, type LineScan } from '../read.js';
import { eventTime } from './event-fields.js';
import { filesInRange, listAuditFiles, type AuditFileRef } from './files.js';
import { inRange, matchesFilter, type AuditFilter } from './filter.js';

export interface ReadStats {
  files: number;
  /** Garbage and oversized lines. */
  unreadable: number;
  /** JSON objects naming another schema version. */
  otherSchema: number;
  /** Files that ended with a line still being written (or cut short); not counted as unreadable. */
  partial: number;
}

export const emptyStats = (): ReadStats => ({ files: 0, unreadable: 0, otherSchema: 0, partial: 0 });

/** The stderr notes for what was skipped ("" when nothing was). */
export function skippedNotes(s: ReadStats): string {
  const notes: string[] = [];
  if (s.unreadable) notes.push(`${s.unreadable} unreadable line${s.unreadable === 1 ? '' : 's'} skipped`);
  if (s.otherSchema) notes.push(`${s.otherSchema} line${s.otherSchema === 1 ? '' : 's'} of another schema version skipped`);
  if (s.partial) notes.push(`${s.partial} partially written last line${s.partial === 1 ? '' : 's'} left out`);
  return notes.map((n) => `hookwarden audit: ${n}\n`).join('');
}

export interface ScannedEvent {
  ev: AuditEventV1;
  t: number;
  ref: AuditFileRef;
  /** Read order, to keep sorting stable. */
  seq: number;
}

/**
 * Scans one file, calling `onEvent` for each event that passes the filter and time range. Returns the scan (its
 * `end` is where a follower resumes). `onEvent` returns false to stop.
 */
export function scanFile(
  ref: AuditFileRef,
  filter: AuditFilter,
  stats: ReadStats,
  onEvent: (e: ScannedEvent) => boolean | void,
  seq: { n: number } = { n: 0 },
): LineScan {
  stats.files++;
  const scan = scanLines(ref.file, (line) => {
    const c = classifyAuditLine(line);
    if (c.kind === 'bad') stats.unreadable++;
    else if (c.kind === 'other-schema') stats.otherSchema++;
    else {
      const t = eventTime(c.event, ref.start);
      if (inRange(t, filter) && matchesFilter(c.event, filter)) return onEvent({ ev: c.event, t, ref, seq: seq.n++ });
    }
    return undefined;
  });
  stats.unreadable += scan.oversized;
  if (scan.pendingBytes > 0) stats.partial++;
  return scan;
}

/** Every matching event of every file in range, in file order (oldest day first), then line order. */
export function scanAudit(home: string, filter: AuditFilter, stats: ReadStats, onEvent: (e: ScannedEvent) => boolean | void): void {
  const seq = { n: 0 };
  for (const ref of filesInRange(listAuditFiles(home), filter)) {
    if (scanFile(ref, filter, stats, onEvent, seq).stopped) return;
  }
}

/** Sort order of the audit: by file day, then by time, then by read order. */
export function compareScanned(a: ScannedEvent, b: ScannedEvent): number {
  return a.ref.start - b.ref.start || a.t - b.t || a.seq - b.seq;
}

/** Keeps the newest `n` items seen (by compareScanned) in at most 2n slots. */
export class NewestCollector {
  private items: ScannedEvent[] = [];
  total = 0;
  constructor(readonly n: number) {}
  push(e: ScannedEvent): void {
    this.total++;
    if (this.n <= 0) return;
    this.items.push(e);
    if (this.items.length >= 2 * this.n) this.trim();
  }
  private trim(): void {
    this.items.sort(compareScanned);
    if (this.items.length > this.n) this.items = this.items.slice(this.items.length - this.n);
  }
  /** Oldest first. */
  result(): ScannedEvent[] {
    this.trim();
    return this.items;
  }
}

/**
 * The newest `n` matching events, oldest first, reading files newest first and stopping once `n` are found in
 * the files read. `offsets` has, for each file read, the offset just past its last complete line.
 */
export function tailEvents(home: string, filter: AuditFilter, n: number): { events: ScannedEvent[]; stats: ReadStats; offsets: Map<string, number> } {
  const stats = emptyStats();
  const offsets = new Map<string, number>();
  const keep = new NewestCollector(n);
  const seq = { n: 0 };
  const files = filesInRange(listAuditFiles(home), filter).reverse();
  for (const ref of files) {
    const scan = scanFile(ref, filter, stats, (e) => keep.push(e), seq);
    offsets.set(ref.file, scan.end);
    if (keep.total >= n) break;
  }
  return { events: keep.result(), stats, offsets };
}

/** One audit line by its decision id, and the memory lines that name it (`memory.decision`). Newest files first. */
export function findDecision(home: string, id: string): { event?: AuditEventV1; file?: string; memory: AuditEventV1[]; stats: ReadStats } {
  const stats = emptyStats();
  const files = listAuditFiles(home);
  for (let i = files.length - 1; i >= 0; i--) {
    const ref = files[i] as AuditFileRef;
    let event: AuditEventV1 | undefined;
    scanFile(ref, {}, stats, ({ ev }) => {
      if (ev.decision_id !== id) return undefined;
      event = ev;
      return false;
    });
    if (!event) continue;
    // Memory lines are written right after their decision: the same day's file, or the next one past midnight.
    const memory: AuditEventV1[] = [];
    for (const near of files.slice(i, i + 2)) {
      scanFile(near, {}, emptyStats(), ({ ev }) => {
        if (ev.memory?.decision === id) memory.push(ev);
      });
    }
    return { event, file: ref.file, memory, stats };
  }
  return { memory: [], stats };
}
