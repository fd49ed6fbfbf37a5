// The summary `hookwarden audit` prints: verdicts, top rules, top blocked/asked targets and sessions, aggregated
// while streaming in bounded memory (CappedCounter).

import type { Level } from '../../vocab/levels.js';
import { cellText, truncate } from '../../terminal-text.js';
import type { AuditEventV1 } from '../event.js';
import { decisionRules, matchedRules, targetOf } from './event-fields.js';
import { hostOf, isLevel, type AuditFilter } from './filter.js';
import { emptyStats, scanAudit, type ReadStats } from './scan.js';

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
  /** Events per host (`agent`; a person's CLI lines are "cli"), with what was stopped. */
  byAgent: Array<{ agent: string; count: number; block: number; ask: number }>;
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
  readonly byAgent = new CappedCounter(() => ({ count: 0, block: 0, ask: 0 }), 100);
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
    const host = this.byAgent.get(hostOf(ev) ?? 'cli');
    host.count++;
    if (v === 'block' || v === 'ask') host[v]++;
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
      byAgent: this.byAgent.top(100).map(([agent, c]) => ({ agent, count: c.count, block: c.block, ask: c.ask })),
      rules: this.rules.top(top).map(([id, r]) => ({ id, count: r.count, block: r.block, ask: r.ask, warn: r.warn })),
      decisionRules: this.decisionRules.top(top).map(([id, r]) => ({ id, count: r.count })),
      targets: this.targets.top(top, (a, b) => (VERDICT_RANK[b[1].verdict] ?? 0) - (VERDICT_RANK[a[1].verdict] ?? 0) || (a[1].target < b[1].target ? -1 : 1)).map(([, t]) => ({ target: t.target, tool: t.tool, verdict: t.verdict, count: t.count })),
      sessions: this.sessions
        .top(sessions, (a, b) => b[1].last - a[1].last)
        .map(([session, s]) => ({ session, events: s.count, block: s.block, ask: s.ask, warn: s.warn, first: iso(s.first) ?? '', last: iso(s.last) ?? '' })),
      skipped: { unreadable: stats.unreadable, otherSchema: stats.otherSchema, partial: stats.partial },
      files: stats.files,
      approximate: [this.byEvent, this.byAgent, this.rules, this.decisionRules, this.targets, this.sessions].some((c) => c.approximate),
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
