// npm run bench's arithmetic: medians, percentiles, and the HOOKWARDEN_TIMING=1 line a hook prints on stderr
// (lib/hook/timing.ts) taken apart into its steps, so many runs can be summed up as one median line.

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  if (!s.length) return Number.NaN;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** The nearest-rank percentile (p99 of 400 samples is the 396th smallest). */
export const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
};

/** `hookwarden timing: node 52.8 · cache read 1.2 · … · total 116.2 ms` → [['node', 52.8], …, ['total', 116.2]];
 * null when stderr holds no such line. Step names are taken as printed: a step added to the hooks shows up here. */
export function parseTiming(stderr: string): Array<[string, number]> | null {
  const m = /^hookwarden timing: (.*) ms\s*$/m.exec(stderr);
  if (!m) return null;
  const steps: Array<[string, number]> = [];
  for (const part of (m[1] as string).split(' · ')) {
    const s = /^(.+) (-?\d+(?:\.\d+)?)$/.exec(part.trim());
    if (!s) return null;
    steps.push([s[1] as string, Number(s[2])]);
  }
  return steps;
}

/** The median of each step over several parsed lines, in the order the steps first appear, as one line. A step
 * missing from some runs (a path one input takes and another does not) is the median of the runs that had it. */
export function medianTiming(runs: Array<Array<[string, number]>>): string {
  const order: string[] = [];
  const values = new Map<string, number[]>();
  for (const run of runs) {
    for (const [name, ms] of run) {
      if (!values.has(name)) {
        order.push(name);
        values.set(name, []);
      }
      values.get(name)!.push(ms);
    }
  }
  // total last, whatever order the lines had it in.
  const names = [...order.filter((n) => n !== 'total'), ...order.filter((n) => n === 'total')];
  return names.map((n) => `${n} ${median(values.get(n)!).toFixed(1)}`).join(' · ') + (names.includes('total') ? ' ms' : '');
}
