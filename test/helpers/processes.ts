// Child processes a test starts and waits on: each test file tracks its own, and kills (SIGKILL) whatever is still
// running after each test, so a failed assertion never leaves a daemon or a shipper behind.

import type { ChildProcess } from 'node:child_process';

export interface Children {
  /** Tracks `proc` (returned as is). */
  track<T extends ChildProcess>(proc: T): T;
  /** SIGKILLs every tracked process still running and forgets them all. */
  killAll(): void;
}

export function children(): Children {
  const live = new Set<ChildProcess>();
  return {
    track(proc) {
      live.add(proc);
      return proc;
    },
    killAll() {
      for (const p of live) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
      live.clear();
    },
  };
}

/** Polls `ok` every `everyMs` until it holds; after `ms`, fails naming what it waited for and, with `said`, what the
 * process wrote meanwhile. */
export async function until(what: string, ok: () => boolean, o: { ms: number; said?: () => string; everyMs?: number }): Promise<void> {
  const end = Date.now() + o.ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${o.said ? `; the process said: ${o.said()}` : ''}`);
    await new Promise((r) => setTimeout(r, o.everyMs ?? 20));
  }
}
