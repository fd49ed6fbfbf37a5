// HOOKWARDEN_TIMING=1: where one hook call's time went, as one line on stderr when it ends. The loader
// (scripts/shims/compile-cache.cjs) starts the list with node's own start-up, the cache and code reads and the
// compile; main() and the runner add their steps. Off (the default), mark() is one property read.

type Marks = Array<[string, number]>;
const holder = globalThis as { __hwMarks?: Marks };

/** Notes that the step `name` has just ended. */
export function mark(name: string): void {
  holder.__hwMarks?.push([name, performance.now()]);
}

/** Starts the list when the loader did not (a bundle run directly, the daemon). */
export function startTiming(env: NodeJS.ProcessEnv): boolean {
  if (env.HOOKWARDEN_TIMING !== '1') return false;
  holder.__hwMarks ??= [['node', performance.now()]];
  return true;
}

/** `hookwarden timing: node 49.1 · cache read 1.2 · … · total 118.0 ms` — each step's own milliseconds. */
export function timingLine(): string {
  const marks = holder.__hwMarks ?? [];
  let prev = 0;
  const steps = marks.map(([name, t]) => {
    const ms = t - prev;
    prev = t;
    return `${name} ${ms.toFixed(1)}`;
  });
  return `hookwarden timing: ${steps.join(' · ')} · total ${prev.toFixed(1)} ms\n`;
}
