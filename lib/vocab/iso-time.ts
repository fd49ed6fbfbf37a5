// ISO 8601 UTC text for a time in ms, as Date.prototype.toISOString writes it, without a Date. V8 initialises its
// time-zone cache (it opens /etc/localtime and walks its links) on a Date's first toISOString, even though the text
// is UTC: every hook call paid that for its audit line's timestamp (docs/performance.md).

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** The day number since 1970-01-01 as a UTC calendar date (Howard Hinnant's civil_from_days). */
function civil(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

/** Years 0–9999 written by hand; anything else (or a non-integer, or not finite) as Date writes it (throwing for
 * an invalid time, as toISOString does). */
export function isoUtc(ms: number): string {
  if (!Number.isInteger(ms) || ms < -62167219200000 || ms > 253402300799999) return new Date(ms).toISOString();
  const days = Math.floor(ms / 86400000);
  const rest = ms - days * 86400000;
  const [y, m, d] = civil(days);
  const h = Math.floor(rest / 3600000);
  const min = Math.floor((rest % 3600000) / 60000);
  const s = Math.floor((rest % 60000) / 1000);
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(min, 2)}:${pad(s, 2)}.${pad(rest % 1000, 3)}Z`;
}
