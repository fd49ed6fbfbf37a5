// Reading the audit back for people: every daily file in a time range, filters, the newest N lines, one decision,
// and the summary `hookwarden audit` prints. Files are streamed line by line (lib/audit/read.ts scanLines), so a
// 1 GB day costs one chunk of memory plus what the aggregation keeps (bounded, see CappedCounter).

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LEVELS, type Level } from '../engine/types.js';
import { cellText, truncate } from '../terminal-text.js';
import { parseDuration } from '../session/duration.js';
import type { AuditEventV1 } from './event.js';
import { auditDirFor } from './paths.js';
import { classifyAuditLine, scanLines, type LineScan } from './read.js';

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

// ---------------------------------------------------------------------------------------------------------------
// Time arguments and filters

/**
 * A point in time from the command line: a duration back from now ("2h", "7d", "1h30m"), "now", a UTC date
 * ("2026-11-20": its start, or for `until` its end, i.e. the next midnight) or an ISO date-time (UTC unless it
 * names an offset). Undefined when unreadable.
 */
export function parseTimeArg(text: string, now: number, edge: 'since' | 'until' = 'since'): number | undefined {
  const t = text.trim();
  if (t === 'now') return now;
  const d = parseDuration(t);
  if (d !== undefined) return now - d;
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (date) {
    const start = dayStart(date[1] as string, date[2] as string, date[3] as string);
    return start === undefined ? undefined : edge === 'until' ? start + DAY_MS : start;
  }
  const dt = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)(Z|[+-]\d{2}:?\d{2})?$/i.exec(t);
  if (!dt) return undefined;
  const ms = Date.parse(`${dt[1]}T${dt[2]}${dt[3] ?? 'Z'}`);
  return Number.isFinite(ms) ? ms : undefined;
}

export interface AuditFilter {
  /** Inclusive lower bound on the event time, ms. */
  since?: number;
  /** Exclusive upper bound, ms. */
  until?: number;
  /** A session id or the start of one. */
  session?: string;
  verdicts?: ReadonlySet<string>;
  /** A rule id (matched pattern or decision rule), or a pack prefix ("bash-filesystem" or "bash-filesystem/"). */
  rule?: string;
  /** Tool name, case-insensitive. */
  tool?: string;
}

export const isLevel = (v: string): v is Level => (LEVELS as readonly string[]).includes(v);

/** Event time in ms; an unreadable `ts` counts as the start of its file's day. */
export function eventTime(ev: AuditEventV1, fallback = 0): number {
  const t = Date.parse(ev.ts);
  return Number.isFinite(t) ? t : fallback;
}

/** Matched pattern ids, each once. */
export function matchedRules(ev: AuditEventV1): string[] {
  const ids = Array.isArray(ev.local?.matches) ? ev.local.matches.map((m) => m?.id).filter((id): id is string => typeof id === 'string') : [];
  return [...new Set(ids)];
}

/** Decision rules, each once. */
export function decisionRules(ev: AuditEventV1): string[] {
  return Array.isArray(ev.rules) ? [...new Set(ev.rules.filter((r): r is string => typeof r === 'string'))] : [];
}

export function ruleMatches(id: string, wanted: string): boolean {
  if (wanted.endsWith('/')) return id.startsWith(wanted);
  return id === wanted || id.startsWith(`${wanted}/`);
}

/** Whether an event passes every filter but the time range (see inRange). */
export function matchesFilter(ev: AuditEventV1, f: AuditFilter): boolean {
  if (f.session !== undefined && !(typeof ev.session_id === 'string' && ev.session_id.startsWith(f.session))) return false;
  if (f.verdicts && !f.verdicts.has(ev.verdict)) return false;
  if (f.tool !== undefined && (typeof ev.tool !== 'string' || ev.tool.toLowerCase() !== f.tool.toLowerCase())) return false;
  if (f.rule !== undefined) {
    const wanted = f.rule;
    if (![...matchedRules(ev), ...decisionRules(ev)].some((r) => ruleMatches(r, wanted))) return false;
  }
  return true;
}

export function inRange(t: number, f: AuditFilter): boolean {
  return (f.since === undefined || t >= f.since) && (f.until === undefined || t < f.until);
}

/** Files whose day overlaps [since, until). */
export function filesInRange(files: AuditFileRef[], f: AuditFilter): AuditFileRef[] {
  return files.filter((r) => (f.since === undefined || r.start + DAY_MS > f.since) && (f.until === undefined || r.start < f.until));
}

// ---------------------------------------------------------------------------------------------------------------
// What an event was about, for tables

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The Bash command, file path, URL, prompt or memory item an event was about ("" when none). */
export function targetOf(ev: AuditEventV1): string {
  const input = ev.input;
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    const i = input as Record<string, unknown>;
    const ti = i.tool_input;
    if (typeof ti === 'string') return ti;
    if (ti && typeof ti === 'object' && !Array.isArray(ti)) {
      const t = ti as Record<string, unknown>;
      const direct = str(t.command) ?? str(t.file_path) ?? str(t.notebook_path) ?? str(t.path) ?? str(t.url) ?? str(t.pattern) ?? str(t.query);
      if (direct !== undefined) return direct;
      return JSON.stringify(t).slice(0, 300);
    }
    const prompt = str(i.prompt);
    if (prompt !== undefined) return prompt;
    const msg = str(i.last_assistant_message);
    if (msg !== undefined) return msg;
  }
  if (ev.memory) return [ev.memory.id, ev.memory.preview].filter(Boolean).join(' ');
  if (typeof ev.input === 'string') return ev.input;
  return '';
}


export interface Column {
  title: string;
  align?: 'left' | 'right';
  max?: number;
}

/** An aligned text table, two spaces between columns, cells truncated with "…" to their column's max. */
export function renderTable(columns: Column[], rows: string[][]): string {
  const cells = rows.map((r) => columns.map((c, i) => truncate(cellText(r[i] ?? ''), c.max ?? 40)));
  const widths = columns.map((c, i) => Math.max([...c.title].length, ...cells.map((r) => [...(r[i] as string)].length)));
  const pad = (s: string, i: number): string => {
    const w = widths[i] as number;
    const fill = ' '.repeat(Math.max(0, w - [...s].length));
    return columns[i]?.align === 'right' ? fill + s : s + fill;
  };
  const line = (r: string[]): string => r.map((s, i) => pad(s, i)).join('  ').trimEnd();
  return [line(columns.map((c) => c.title)), ...cells.map(line)].join('\n') + '\n';
}

/** "2026-11-22 05:50:00" (UTC). */
export function formatTime(ms: number): string {
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 19).replace('T', ' ') : '?';
}

// ---------------------------------------------------------------------------------------------------------------
// Scanning

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

// ---------------------------------------------------------------------------------------------------------------
// Summary

/** Counts by key, at most `cap` keys: past it the least counted half is dropped (the result is then approximate). */
export class CappedCounter<V extends { count: number }> {
  readonly map = new Map<string, V>();
  approximate = false;
  constructor(
    private readonly make: () => V,
    readonly cap = 10_000,
  ) {}
  get(key: string): V {
    let v = this.map.get(key);
    if (!v) {
      if (this.map.size >= this.cap) this.shrink();
      v = this.make();
      this.map.set(key, v);
    }
    return v;
  }
  private shrink(): void {
    this.approximate = true;
    const keep = [...this.map.entries()].sort((a, b) => b[1].count - a[1].count).slice(0, Math.floor(this.cap / 2));
    this.map.clear();
    for (const [k, v] of keep) this.map.set(k, v);
  }
  top(n: number, tie: (a: [string, V], b: [string, V]) => number = (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)): Array<[string, V]> {
    return [...this.map.entries()].sort((a, b) => b[1].count - a[1].count || tie(a, b)).slice(0, n);
  }
}

export type VerdictCounts = Record<Level, number>;
export const zeroVerdicts = (): VerdictCounts => ({ silent: 0, allow: 0, warn: 0, ask: 0, block: 0 });

export interface AuditSummary {
  range: { since: string | null; until: string | null };
  events: number;
  first: string | null;
  last: string | null;
  verdicts: VerdictCounts;
  byEvent: Array<{ event: string; count: number }>;
  /** Matched pattern rules: events that matched each, by verdict. */
  rules: Array<{ id: string; count: number; block: number; ask: number; warn: number }>;
  /** Decision rules (how the verdict was reached). */
  decisionRules: Array<{ id: string; count: number }>;
  /** Blocked or asked commands and paths. */
  targets: Array<{ target: string; tool: string; verdict: string; count: number }>;
  sessions: Array<{ session: string; events: number; block: number; ask: number; warn: number; first: string; last: string }>;
  skipped: { unreadable: number; otherSchema: number; partial: number };
  files: number;
  /** Some counter hit its key limit: the rare keys of the top lists may be undercounted. */
  approximate: boolean;
}

const VERDICT_RANK: Record<string, number> = { silent: 0, allow: 1, warn: 2, ask: 3, block: 4 };

/** Longest target kept (a command excerpt). */
export const TARGET_CHARS = 200;

export class SummaryBuilder {
  events = 0;
  first = Number.POSITIVE_INFINITY;
  last = Number.NEGATIVE_INFINITY;
  readonly verdicts = zeroVerdicts();
  readonly byEvent = new CappedCounter(() => ({ count: 0 }), 1000);
  readonly rules = new CappedCounter(() => ({ count: 0, block: 0, ask: 0, warn: 0 }));
  readonly decisionRules = new CappedCounter(() => ({ count: 0 }));
  readonly targets = new CappedCounter(() => ({ count: 0, target: '', tool: '', verdict: '' }));
  readonly sessions = new CappedCounter(() => ({ count: 0, block: 0, ask: 0, warn: 0, first: Number.POSITIVE_INFINITY, last: Number.NEGATIVE_INFINITY }));

  add(ev: AuditEventV1, t: number): void {
    this.events++;
    this.first = Math.min(this.first, t);
    this.last = Math.max(this.last, t);
    const v = ev.verdict;
    if (isLevel(v)) this.verdicts[v]++;
    this.byEvent.get(String(ev.event)).count++;
    for (const id of matchedRules(ev)) {
      const r = this.rules.get(id);
      r.count++;
      if (v === 'block' || v === 'ask' || v === 'warn') r[v]++;
    }
    for (const id of decisionRules(ev)) this.decisionRules.get(id).count++;
    if (v === 'block' || v === 'ask') {
      const target = truncate(cellText(targetOf(ev)), TARGET_CHARS);
      if (target) {
        const tool = typeof ev.tool === 'string' ? ev.tool : String(ev.event);
        const e = this.targets.get(`${v}\0${tool}\0${target}`);
        e.count++;
        Object.assign(e, { target, tool, verdict: v });
      }
    }
    const s = this.sessions.get(String(ev.session_id));
    s.count++;
    if (v === 'block' || v === 'ask' || v === 'warn') s[v]++;
    s.first = Math.min(s.first, t);
    s.last = Math.max(s.last, t);
  }

  result(filter: AuditFilter, stats: ReadStats, top = 10, sessions = 50): AuditSummary {
    const iso = (t: number): string | null => (Number.isFinite(t) ? new Date(t).toISOString() : null);
    return {
      range: { since: filter.since === undefined ? null : iso(filter.since), until: filter.until === undefined ? null : iso(filter.until) },
      events: this.events,
      first: iso(this.first),
      last: iso(this.last),
      verdicts: { ...this.verdicts },
      byEvent: this.byEvent.top(50).map(([event, c]) => ({ event, count: c.count })),
      rules: this.rules.top(top).map(([id, r]) => ({ id, count: r.count, block: r.block, ask: r.ask, warn: r.warn })),
      decisionRules: this.decisionRules.top(top).map(([id, r]) => ({ id, count: r.count })),
      targets: this.targets.top(top, (a, b) => (VERDICT_RANK[b[1].verdict] ?? 0) - (VERDICT_RANK[a[1].verdict] ?? 0) || (a[1].target < b[1].target ? -1 : 1)).map(([, t]) => ({ target: t.target, tool: t.tool, verdict: t.verdict, count: t.count })),
      sessions: this.sessions
        .top(sessions, (a, b) => b[1].last - a[1].last)
        .map(([session, s]) => ({ session, events: s.count, block: s.block, ask: s.ask, warn: s.warn, first: iso(s.first) ?? '', last: iso(s.last) ?? '' })),
      skipped: { unreadable: stats.unreadable, otherSchema: stats.otherSchema, partial: stats.partial },
      files: stats.files,
      approximate: [this.byEvent, this.rules, this.decisionRules, this.targets, this.sessions].some((c) => c.approximate),
    };
  }
}

/** The summary of every matching event in range. */
export function summarizeAudit(home: string, filter: AuditFilter): AuditSummary {
  const stats = emptyStats();
  const b = new SummaryBuilder();
  scanAudit(home, filter, stats, ({ ev, t }) => b.add(ev, t));
  return b.result(filter, stats);
}

const pct = (n: number, total: number): string => (total ? `${((100 * n) / total).toFixed(1)}%` : '-');

/** The summary as terminal tables. */
export function formatSummary(s: AuditSummary): string {
  const since = s.range.since ? formatTime(Date.parse(s.range.since)).slice(0, 16) : 'the beginning';
  const until = s.range.until ? formatTime(Date.parse(s.range.until)).slice(0, 16) : 'now';
  const out: string[] = [`audit ${since} → ${until} UTC: ${s.events} event${s.events === 1 ? '' : 's'} in ${s.files} file${s.files === 1 ? '' : 's'}\n`];
  if (!s.events) {
    out.push('no events match (widen the range with --since 7d, or --all)\n');
    return out.join('');
  }
  out.push('\n');
  const verdictRows = [...LEVELS].reverse().map((v) => [v, String(s.verdicts[v]), pct(s.verdicts[v], s.events)]);
  verdictRows.push(['total', String(s.events), '']);
  out.push(renderTable([{ title: 'verdict' }, { title: 'events', align: 'right' }, { title: 'share', align: 'right' }], verdictRows));
  out.push('\n');
  out.push(renderTable([{ title: 'event', max: 30 }, { title: 'events', align: 'right' }], s.byEvent.map((e) => [e.event, String(e.count)])));
  if (s.rules.length) {
    out.push('\n');
    out.push(
      renderTable(
        [{ title: 'top rules', max: 48 }, { title: 'events', align: 'right' }, { title: 'block', align: 'right' }, { title: 'ask', align: 'right' }, { title: 'warn', align: 'right' }],
        s.rules.map((r) => [r.id, String(r.count), String(r.block), String(r.ask), String(r.warn)]),
      ),
    );
  }
  if (s.decisionRules.length) {
    out.push('\n');
    out.push(renderTable([{ title: 'decision rules', max: 48 }, { title: 'events', align: 'right' }], s.decisionRules.map((r) => [r.id, String(r.count)])));
  }
  if (s.targets.length) {
    out.push('\n');
    out.push(
      renderTable(
        [{ title: 'top blocked/asked', max: 60 }, { title: 'tool', max: 24 }, { title: 'verdict' }, { title: 'count', align: 'right' }],
        s.targets.map((t) => [t.target, t.tool, t.verdict, String(t.count)]),
      ),
    );
  }
  out.push('\n');
  out.push(
    renderTable(
      [
        { title: 'session', max: 40 },
        { title: 'events', align: 'right' },
        { title: 'block', align: 'right' },
        { title: 'ask', align: 'right' },
        { title: 'warn', align: 'right' },
        { title: 'last (UTC)' },
      ],
      s.sessions.map((x) => [x.session, String(x.events), String(x.block), String(x.ask), String(x.warn), formatTime(Date.parse(x.last)).slice(0, 16)]),
    ),
  );
  if (s.approximate) out.push('\n(counts of rare keys are approximate: more distinct values than the summary keeps)\n');
  return out.join('');
}

// ---------------------------------------------------------------------------------------------------------------
// Tail rows

export const TAIL_COLUMNS: Column[] = [
  { title: 'time (UTC)', max: 14 },
  { title: 'session', max: 8 },
  { title: 'event', max: 16 },
  { title: 'tool', max: 16 },
  { title: 'verdict', max: 7 },
  { title: 'rules', max: 32 },
  { title: 'target', max: 48 },
  { title: 'decision', max: 40 },
];

/** The cells of one tail row. Rules: the matched patterns, else the decision rules. */
export function tailCells(ev: AuditEventV1, t: number): string[] {
  const matched = matchedRules(ev);
  return [
    formatTime(t).slice(5),
    String(ev.session_id).slice(0, 8),
    String(ev.event),
    typeof ev.tool === 'string' ? ev.tool : '',
    String(ev.verdict),
    (matched.length ? matched : decisionRules(ev)).join(','),
    targetOf(ev),
    ev.decision_id,
  ];
}

/** A row with fixed column widths (the header's too), so rows printed later while following line up. */
export function fixedRow(cells: string[], columns: Column[] = TAIL_COLUMNS): string {
  return (
    columns
      .map((c, i) => {
        const s = truncate(cellText(cells[i] ?? ''), c.max ?? 40);
        return i === columns.length - 1 ? s : s + ' '.repeat(Math.max(0, (c.max ?? 40) - [...s].length));
      })
      .join('  ')
      .trimEnd() + '\n'
  );
}

export const tailHeader = (): string => fixedRow(TAIL_COLUMNS.map((c) => c.title));
