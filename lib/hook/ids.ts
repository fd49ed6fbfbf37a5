// Decision ids without node:crypto (≈5 ms to load on every hook start): time-ordered and unique across
// concurrent hook processes on one machine (clock ms + pid + a high-resolution tick + a per-process counter).

let counter = 0;

export function newDecisionId(now: () => number = Date.now): string {
  const tick = Number(process.hrtime.bigint() % 1_000_000n);
  counter += 1;
  return `hw-${now().toString(36)}-${process.pid.toString(36)}-${tick.toString(36)}-${counter.toString(36)}`;
}
