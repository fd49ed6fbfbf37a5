// Child process for test/session/store.test.ts: one hook-like process doing one locked read-modify-write.
// It appends its name to `value.items` and increments `value.count` in the JSON state file.
// Usage: node --import tsx test/session/store-worker.ts <file> <name> [startAtMs] [holdMs]
// - startAtMs: sleep (Atomics.wait, no spin) until this wall-clock time, so many workers contend at once.
// - holdMs: once inside the lock, print "locked" and keep the lock this long before writing.

import { updateJsonLocked } from '../../lib/session/store.js';

interface State {
  items: string[];
  count: number;
}

function sleep(ms: number): void {
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function main(): void {
  const [file, name, startArg, holdArg] = process.argv.slice(2);
  if (!file || !name) {
    process.stderr.write('usage: store-worker <file> <name> [startAtMs] [holdMs]\n');
    process.exit(2);
  }
  sleep(Number(startArg ?? 0) - Date.now());
  const hold = Number(holdArg ?? 0);
  updateJsonLocked<State>(
    file,
    (current) => {
      if (current.status === 'corrupt') throw new Error(`state corrupt: ${current.reason}`);
      const prev = current.status === 'ok' ? (current.value as Partial<State>) : {};
      if (hold > 0) {
        process.stdout.write('locked\n');
        sleep(hold);
      }
      return { items: [...(prev.items ?? []), name], count: (prev.count ?? 0) + 1 };
    },
    // Generous: 24 node start-ups share two cores, and a holder can be descheduled while it holds the lock.
    { timeoutMs: 20_000 },
  );
}

try {
  main();
} catch (err) {
  process.stderr.write(`store-worker: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
