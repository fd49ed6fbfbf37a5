// What the report page shows, read from the audit in range (streaming): the verdict counts, the chart's buckets
// (by hour, or by day for spans past 48 h), the top rules and targets, and the newest decisions as table rows.

import { truncate } from '../../terminal-text.js';
import { LEVELS } from '../../vocab/levels.js';
import type { AuditEventV1 } from '../event.js';
import { decisionRules, matchedRules, targetOf } from '../query/event-fields.js';
import { isLevel, type AuditFilter } from '../query/filter.js';
import { emptyStats, NewestCollector, scanAudit } from '../query/scan.js';
import { SummaryBuilder, zeroVerdicts, type AuditSummary, type VerdictCounts } from '../query/summary.js';

/** Decisions listed in the page's table (the newest). */
export const REPORT_TABLE_LIMIT = 5000;
/** Longest target text kept per row. */
const ROW_TARGET_CHARS = 300;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Spans up to this long are charted by hour, longer ones by day. */
const HOURLY_SPAN_MS = 48 * HOUR_MS;

export type ReportRow = [ts: string, session: string, event: string, tool: string, verdict: string, rules: string, target: string, id: string];

export interface ReportData {
  generated: string;
  range: { since: string | null; until: string | null };
  filters: string;
  total: number;
  verdicts: VerdictCounts;
  unit: 'hour' | 'day';
  /** Buckets with at least one event, oldest first; `t` is the bucket start (ms). */
  buckets: Array<{ t: number; counts: VerdictCounts; total: number }>;
  /** Start of the first and last bucket (ms), for the chart's axis. */
  span: { from: number; to: number } | null;
  rules: Array<{ id: string; count: number; block: number; ask: number; warn: number }>;
  targets: AuditSummary['targets'];
  /** The newest decisions, newest first (at most REPORT_TABLE_LIMIT). */
  rows: ReportRow[];
  limit: number;
  skipped: AuditSummary['skipped'];
}

function rowOf(ev: AuditEventV1, t: number): ReportRow {
  return [
    Number.isFinite(t) ? new Date(t).toISOString() : String(ev.ts),
    String(ev.session_id),
    String(ev.event),
    typeof ev.tool === 'string' ? ev.tool : '',
    String(ev.verdict),
    [...matchedRules(ev), ...decisionRules(ev)].join(' '),
    truncate(targetOf(ev), ROW_TARGET_CHARS),
    String(ev.decision_id),
  ];
}

/** Reads the audit in range (streaming) into what the page shows. */
export function buildReportData(home: string, filter: AuditFilter, now: number, filters = ''): ReportData {
  const stats = emptyStats();
  const summary = new SummaryBuilder();
  const newest = new NewestCollector(REPORT_TABLE_LIMIT);
  const hours = new Map<number, VerdictCounts>();
  scanAudit(home, filter, stats, (e) => {
    summary.add(e.ev, e.t);
    newest.push(e);
    const h = Math.floor(e.t / HOUR_MS) * HOUR_MS;
    let c = hours.get(h);
    if (!c) hours.set(h, (c = zeroVerdicts()));
    if (isLevel(e.ev.verdict)) c[e.ev.verdict]++;
  });
  const s = summary.result(filter, stats, 15);
  const keys = [...hours.keys()].sort((a, b) => a - b);
  const hourly = keys.length === 0 || (keys[keys.length - 1] as number) - (keys[0] as number) <= HOURLY_SPAN_MS;
  const size = hourly ? HOUR_MS : DAY_MS;
  const buckets = new Map<number, VerdictCounts>();
  for (const h of keys) {
    const b = Math.floor(h / size) * size;
    let c = buckets.get(b);
    if (!c) buckets.set(b, (c = zeroVerdicts()));
    const src = hours.get(h) as VerdictCounts;
    for (const v of LEVELS) c[v] += src[v];
  }
  const list = [...buckets.entries()].sort((a, b) => a[0] - b[0]).map(([t, counts]) => ({ t, counts, total: LEVELS.reduce((n, v) => n + counts[v], 0) }));
  return {
    generated: new Date(now).toISOString(),
    range: s.range,
    filters,
    total: s.events,
    verdicts: s.verdicts,
    unit: hourly ? 'hour' : 'day',
    buckets: list,
    span: list.length ? { from: (list[0] as { t: number }).t, to: (list[list.length - 1] as { t: number }).t } : null,
    rules: s.rules,
    targets: s.targets,
    rows: newest
      .result()
      .reverse()
      .map((e) => rowOf(e.ev, e.t)),
    limit: REPORT_TABLE_LIMIT,
    skipped: s.skipped,
  };
}
