// One shipper per $HOOKWARDEN_HOME at a time, so two never send the same range: `export/ship.lock`, created
// exclusively with the holder's pid (and, on Linux, the process's start time, so a pid reused after a crash is not
// taken for the holder), held for the shipper's whole run. A lock whose process is gone (a `kill -9`) is broken by
// the next shipper; breaking goes through `ship.break.lock` so two starting shippers cannot both break and both take
// it.

import { closeSync, constants, openSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { errCode, O_NOFOLLOW } from '../fs/checks.js';
import { ensurePrivateDir } from '../fs/private-dir.js';
import { writeAll } from '../fs/write.js';
import { pidAlive } from '../session/store.js';
import { exportDirFor } from './cursor.js';

interface Holder {
  pid: number;
  start: string | null;
}

/** The process's start time in clock ticks since boot (Linux /proc), or null where there is none. */
function startOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function alive(h: Holder): boolean {
  if (!pidAlive(h.pid)) return false;
  if (h.start === null) return true;
  const now = startOf(h.pid);
  return now === null || now === h.start;
}

function create(path: string, me: Holder): boolean {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o600);
  } catch (err) {
    if (errCode(err) === 'EEXIST') return false;
    throw err;
  }
  try {
    writeAll(fd, Buffer.from(JSON.stringify(me), 'utf8'));
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The holder written in a lock file; undefined when it is gone; a holder of pid 0 when unreadable (being written). */
function holderOf(path: string): { holder: Holder; text: string } | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if (errCode(err) === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const v = JSON.parse(text) as Partial<Holder>;
    if (Number.isSafeInteger(v.pid) && (v.pid as number) > 0) return { holder: { pid: v.pid as number, start: typeof v.start === 'string' ? v.start : null }, text };
  } catch {
    // fall through
  }
  return { holder: { pid: 0, start: null }, text };
}

const unlinkIfSame = (path: string, text: string): void => {
  try {
    if (readFileSync(path, 'utf8') === text) unlinkSync(path);
  } catch {
    // gone already
  }
};

export interface ShipLock {
  release: () => void;
}

/** Takes the lock, or says which live process holds it. */
export function acquireShipLock(home: string): { lock: ShipLock } | { heldBy: number } {
  const dir = exportDirFor(home);
  ensurePrivateDir(dir, home);
  const path = join(dir, 'ship.lock');
  const guard = join(dir, 'ship.break.lock');
  const me: Holder = { pid: process.pid, start: startOf(process.pid) };
  const mine = JSON.stringify(me);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (create(path, me)) return { lock: { release: () => unlinkIfSame(path, mine) } };
    const seen = holderOf(path);
    if (!seen) continue;
    // pid 0: just created and not yet filled by a live shipper, or garbage; a garbage lock is broken like a dead one.
    if (seen.holder.pid !== 0 && seen.holder.pid !== process.pid && alive(seen.holder)) return { heldBy: seen.holder.pid };
    if (seen.holder.pid === 0 && attempt === 0) continue;
    const g = holderOf(guard);
    if (g && g.holder.pid !== 0 && alive(g.holder)) return { heldBy: g.holder.pid };
    if (g) unlinkIfSame(guard, g.text);
    if (!create(guard, me)) continue;
    try {
      unlinkIfSame(path, seen.text);
    } finally {
      unlinkIfSame(guard, mine);
    }
  }
  const last = holderOf(path);
  return { heldBy: last?.holder.pid ?? 0 };
}
