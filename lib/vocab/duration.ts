// Durations as people write them in config and on the command line: "90s", "30m", "2h", "1d", "1h30m".

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const DURATION = /^(?:\d+[smhd])+$/;

/** Milliseconds, or undefined when the text is not a positive duration. */
export function parseDuration(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  if (!DURATION.test(t)) return undefined;
  let ms = 0;
  for (const [, n, unit] of t.matchAll(/(\d+)([smhd])/g)) ms += Number(n) * (UNIT_MS[unit as string] as number);
  return ms > 0 && Number.isSafeInteger(ms) ? ms : undefined;
}

export const isDuration = (text: string): boolean => parseDuration(text) !== undefined;

/** 5_400_000 → "1h30m"; for messages. */
export function formatDuration(ms: number): string {
  let rest = Math.max(0, Math.round(ms / 1000));
  const parts: string[] = [];
  for (const [unit, size] of [['d', 86_400], ['h', 3_600], ['m', 60], ['s', 1]] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.join('') || '0s';
}
