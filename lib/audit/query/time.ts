// A point in time from the command line (--since, --until), as people write it: durations and words back from
// now, dates and clock times in the local time zone (the process's TZ), or ISO times with an offset. The clock is
// injected (`now`); the time zone is the process's, so tests set TZ.

import { parseDuration } from '../../vocab/duration.js';

const UNITS: Readonly<Record<string, number>> = {
  s: 1000, sec: 1000, secs: 1000, second: 1000, seconds: 1000,
  m: 60_000, min: 60_000, mins: 60_000, minute: 60_000, minutes: 60_000,
  h: 3_600_000, hr: 3_600_000, hrs: 3_600_000, hour: 3_600_000, hours: 3_600_000,
  d: 86_400_000, day: 86_400_000, days: 86_400_000,
  w: 604_800_000, week: 604_800_000, weeks: 604_800_000,
};

/** What --since and --until accept, for error messages. */
export const TIME_FORMS = '2h, 1h30m, "2 days ago", today, yesterday, 14:30, 2026-11-20, 2026-11-20T08:00 (local time), or with Z/+02:00';

/** Local midnight of the day `ms` falls on, `days` days later (DST-safe: built from the calendar date). */
function localMidnight(ms: number, days = 0): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days).getTime();
}

/** A local calendar date and clock time, or undefined when it does not exist (2026-02-30, 25:00). */
function localTime(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number | undefined {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined;
  const t = new Date(y, mo - 1, d, h, mi, s, ms);
  return t.getFullYear() === y && t.getMonth() === mo - 1 && t.getDate() === d ? t.getTime() : undefined;
}

/** "2 days ago", "1 hour ago", "90 min", "2h ago": a count and a unit, "ago" optional. */
function amountAgo(t: string): number | undefined {
  const m = /^(\d+)\s*([a-z]+)(?:\s+ago)?$/.exec(t);
  if (!m) return undefined;
  const unit = UNITS[m[2] as string];
  const n = Number(m[1]);
  return unit !== undefined && n > 0 ? n * unit : undefined;
}

/**
 * A point in time, or undefined when unreadable: "now"; a duration back from now ("2h", "1h30m", "2 days ago",
 * "2h ago"); "today" and "yesterday" (local midnight, or for `until` the midnight that ends that day); a clock time
 * today ("14:30"); a local date ("2026-11-20": its start, or for `until` its end); a local date-time
 * ("2026-11-20T08:00", "2026-11-20 08:00:15"); an ISO time with an offset ("…Z", "…+02:00").
 */
export function parseTimeArg(text: string, now: number, edge: 'since' | 'until' = 'since'): number | undefined {
  const t = text.trim().toLowerCase();
  if (t === 'now') return now;
  const back = t === 'today' ? 0 : t === 'yesterday' ? -1 : undefined;
  if (back !== undefined) return localMidnight(now, back + (edge === 'until' ? 1 : 0));
  const d = parseDuration(t.replace(/\s+ago$/, '')) ?? amountAgo(t);
  if (d !== undefined) return now - d;
  const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (clock) {
    const day = new Date(now);
    return localTime(day.getFullYear(), day.getMonth() + 1, day.getDate(), Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0));
  }
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (date) {
    const start = localTime(Number(date[1]), Number(date[2]), Number(date[3]));
    return start === undefined ? undefined : edge === 'until' ? localMidnight(start, 1) : start;
  }
  const dt = /^(\d{4})-(\d{2})-(\d{2})[t ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(z|[+-]\d{2}:?\d{2})?$/.exec(t);
  if (!dt) return undefined;
  const [, y, mo, day, h, mi, s, frac, zone] = dt;
  if (!zone) return localTime(Number(y), Number(mo), Number(day), Number(h), Number(mi), Number(s ?? 0), Number((frac ?? '0').padEnd(3, '0')));
  const date0 = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(day)));
  if (date0.getUTCMonth() !== Number(mo) - 1 || date0.getUTCDate() !== Number(day) || Number(h) > 23 || Number(mi) > 59) return undefined;
  const ms = Date.parse(`${y}-${mo}-${day}T${h}:${mi}:${s ?? '00'}${frac ? `.${frac}` : ''}${zone.toUpperCase()}`);
  return Number.isFinite(ms) ? ms : undefined;
}
