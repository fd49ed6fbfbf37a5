// hookwarden's memory stores on disk: one file per project (`$HOOKWARDEN_HOME/memory/projects/<name>-<hash>.json`)
// and an optional user-wide one (`$HOOKWARDEN_HOME/memory/user.json`), mode 0600, replaced atomically under a lock
// (lib/session/store.ts). A corrupt file is kept aside (`.corrupt-<time>.json`) and a fresh store begins, with a
// note; nothing in it is guessed at.

import { existsSync, renameSync } from 'node:fs';
import { basename, join } from 'node:path';
import { unsafePath } from '../fs/checks.js';
import { fnv1a128, readJsonFile, updateJsonLocked, type ReadResult } from '../session/store.js';
import { applyMemory, emptyMemory, isMemoryFile, type MemoryApplyContext, type MemoryChange, type MemoryEvent, type MemoryFile, type MemoryScope } from './facts.js';

export const memoryDir = (home: string): string => join(home, 'memory');

/** The project store's file: a readable name plus a hash of the full path (two checkouts named alike differ). */
export function memoryFile(home: string, scope: MemoryScope, projectDir: string): string {
  if (scope === 'user') return join(memoryDir(home), 'user.json');
  const name = basename(projectDir).replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40) || 'root';
  return join(memoryDir(home), 'projects', `${name}-${fnv1a128(projectDir).slice(0, 16)}.json`);
}

export interface LoadedMemory {
  file: MemoryFile;
  /** Why the store is empty although a file was there. */
  note?: string;
}

function usable(r: ReadResult, scope: MemoryScope, projectDir: string): LoadedMemory & { corrupt: boolean } {
  const fresh = emptyMemory(scope, scope === 'project' ? projectDir : undefined);
  if (r.status === 'missing') return { file: fresh, corrupt: false };
  if (r.status === 'corrupt') return { file: fresh, corrupt: true, note: `memory store was unreadable (${r.reason}); kept aside, started empty` };
  // A link, folder or FIFO planted at the store's path is left alone; the update that follows refuses to write.
  if (r.status === 'unsafe') return { file: fresh, corrupt: false, note: `memory store refused: it ${r.reason}; nothing is read or written there` };
  if (!isMemoryFile(r.value, scope)) return { file: fresh, corrupt: true, note: 'memory store had an unknown shape; kept aside, started empty' };
  return { file: r.value, corrupt: false };
}

/** The store as it is now (no lock: a read for injection, listing or matching). Never throws. */
export function loadMemory(home: string, scope: MemoryScope, projectDir: string): LoadedMemory {
  const { file, note } = usable(readJsonFile(memoryFile(home, scope, projectDir), 4 * 1024 * 1024, home), scope, projectDir);
  return note ? { file, note } : { file };
}

export interface MemoryUpdate {
  file: MemoryFile;
  events: MemoryEvent[];
  note?: string;
}

/** Applies changes to the store's current content under its lock. Expiries due are applied (and reported) too. */
export function updateMemory(home: string, scope: MemoryScope, projectDir: string, changes: readonly MemoryChange[], ctx: MemoryApplyContext): MemoryUpdate {
  const path = memoryFile(home, scope, projectDir);
  let result: MemoryUpdate | undefined;
  updateJsonLocked(
    path,
    (current) => {
      if (current.status === 'unsafe') throw unsafePath(path, current.reason);
      const u = usable(current, scope, projectDir);
      if (u.corrupt && existsSync(path)) {
        try {
          renameSync(path, path.replace(/\.json$/, `.corrupt-${ctx.now}.json`));
        } catch {
          // Kept or not, the fresh store replaces it below.
        }
      }
      const applied = applyMemory(u.file, changes, ctx);
      result = { ...applied, ...(u.note ? { note: u.note } : {}) };
      // Nothing changed (only refusals or duplicates, nothing expired): leave the file alone (or absent).
      const same = !u.corrupt && JSON.stringify(applied.file) === JSON.stringify(u.file);
      return same ? undefined : applied.file;
    },
    { root: home },
  );
  return result as MemoryUpdate;
}
