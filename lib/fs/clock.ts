// A monotonic millisecond clock for deadlines and hang bounds. Not `performance.now()`: its first use loads
// perf_hooks, about 2 ms of every hook call that touches it; process.hrtime is already there.

export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;
