// Quoted matter inside one line of prose: inline code spans and quotations. Shared by the claim detector and the
// memory-request finder, which both treat quoted text as data, not as something the writer asserts or asks.

export type Span = readonly [start: number, end: number];

/** Inline code spans: a run of n backticks up to the next run of exactly n (an unmatched run is literal). */
export function codeSpans(s: string): Span[] {
  const spans: Span[] = [];
  let i = 0;
  while (i < s.length) {
    if (s[i] !== '`') {
      i++;
      continue;
    }
    let n = 1;
    while (s[i + n] === '`') n++;
    let j = i + n;
    let close = -1;
    while (j < s.length) {
      if (s[j] !== '`') {
        j++;
        continue;
      }
      let m = 1;
      while (s[j + m] === '`') m++;
      if (m === n) {
        close = j;
        break;
      }
      j += m;
    }
    if (close < 0) {
      i += n;
      continue;
    }
    spans.push([i, close + n]);
    i = close + n;
  }
  return spans;
}

/** Is [start, end) within one of `spans` (sorted, disjoint)? Binary search: a line may hold many spans. */
export function inside(spans: readonly Span[], start: number, end = start + 1): boolean {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [s, e] = spans[mid]!;
    if (start < s) hi = mid - 1;
    else if (start >= e) lo = mid + 1;
    else return end <= e;
  }
  return false;
}

/** Inline code spans plus quotations ("…" or “…”) outside code, merged where they nest or touch (sorted). */
export function dataSpans(s: string): Span[] {
  const code = codeSpans(s);
  const all: Span[] = [...code];
  let next = 0;
  let open = -1;
  let closer = '';
  for (let i = 0; i < s.length; i++) {
    while (next < code.length && code[next]![1] <= i) next++;
    const c = code[next];
    if (c && i >= c[0]) {
      i = c[1] - 1;
      continue;
    }
    const ch = s[i];
    if (open < 0) {
      if (ch === '"' || ch === '“') {
        open = i;
        closer = ch === '"' ? '"' : '”';
      }
    } else if (ch === closer) {
      all.push([open, i + 1]);
      open = -1;
    }
  }
  all.sort((x, y) => x[0] - y[0]);
  const merged: Array<[number, number]> = [];
  for (const [a, b] of all) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}
