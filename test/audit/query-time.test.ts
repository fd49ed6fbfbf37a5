// --since and --until as people type them: words and amounts back from the injected clock, and dates and clock
// times in the local time zone (TZ set here, so the results do not depend on the machine's zone).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTimeArg } from '../../lib/audit/query/index.js';

const H = 3_600_000;
const zone = process.env.TZ;
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('time arguments in Berlin (UTC+1 in November)', () => {
  beforeAll(() => {
    process.env.TZ = 'Europe/Berlin';
  });
  // 2026-11-22 12:00 UTC = 13:00 in Berlin.
  const NOW = Date.UTC(2026, 10, 22, 12);

  it('reads amounts back from now, with or without "ago"', () => {
    expect(parseTimeArg('1h', NOW)).toBe(NOW - H);
    expect(parseTimeArg('1h ago', NOW)).toBe(NOW - H);
    expect(parseTimeArg('2 days ago', NOW)).toBe(NOW - 48 * H);
    expect(parseTimeArg('2 Days Ago', NOW)).toBe(NOW - 48 * H);
    expect(parseTimeArg('90 minutes ago', NOW)).toBe(NOW - 1.5 * H);
    expect(parseTimeArg('1 week ago', NOW)).toBe(NOW - 7 * 24 * H);
    expect(parseTimeArg('30 min', NOW)).toBe(NOW - 0.5 * H);
  });

  it('today and yesterday start at local midnight; as --until they end the day', () => {
    const berlinMidnight = Date.UTC(2026, 10, 21, 23); // 2026-11-22 00:00 in Berlin
    expect(parseTimeArg('today', NOW)).toBe(berlinMidnight);
    expect(parseTimeArg('today', NOW, 'until')).toBe(berlinMidnight + 24 * H);
    expect(parseTimeArg('yesterday', NOW)).toBe(berlinMidnight - 24 * H);
    expect(parseTimeArg('yesterday', NOW, 'until')).toBe(berlinMidnight);
  });

  it('reads dates, date-times and clock times as local, and an offset or Z as given', () => {
    expect(parseTimeArg('2026-11-20', NOW)).toBe(Date.UTC(2026, 10, 19, 23));
    expect(parseTimeArg('2026-11-20', NOW, 'until')).toBe(Date.UTC(2026, 10, 20, 23));
    expect(parseTimeArg('2026-11-20T08:30', NOW)).toBe(Date.UTC(2026, 10, 20, 7, 30));
    expect(parseTimeArg('2026-11-20 08:30:15', NOW)).toBe(Date.UTC(2026, 10, 20, 7, 30, 15));
    expect(parseTimeArg('09:15', NOW)).toBe(Date.UTC(2026, 10, 22, 8, 15));
    expect(parseTimeArg('2026-11-20T08:30:00Z', NOW)).toBe(Date.UTC(2026, 10, 20, 8, 30));
    expect(parseTimeArg('2026-11-20T10:30:00+02:00', NOW)).toBe(Date.UTC(2026, 10, 20, 8, 30));
  });
});

describe('time arguments across a daylight-saving change (New York, 2026-03-08)', () => {
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });

  it('today is the calendar day, 23 hours long on the day clocks go forward', () => {
    const now = Date.UTC(2026, 2, 8, 18); // 14:00 EDT on 2026-03-08
    const start = Date.UTC(2026, 2, 8, 5); // 00:00 EST
    expect(parseTimeArg('today', now)).toBe(start);
    expect(parseTimeArg('today', now, 'until')).toBe(start + 23 * H);
    expect(parseTimeArg('yesterday', now)).toBe(start - 24 * H);
  });
});
