// Reload on change for the daemon: the memo runHook keeps (config + registry per project, RuntimeDeps.memo)
// checks, on every lookup, a stat fingerprint of the files that entry was built from, and drops the entry when
// one of them changed. So an edit takes effect on the very next request, with no watcher to miss events (fs.watch
// is unreliable on network and container file systems, and asynchronous: a request sent right after a write
// could still see the old registry).
//
// The files of an entry follow from its key (memoKey/parseMemoKey in lib/hook/run-hook.ts, configSources in
// lib/hook/locations.ts): the user and project config files, the user and project override files, the managed
// folder's and the active policy bundle's files (lib/hook/managed.ts; a bundle activated by renaming its folder into
// place changes their inodes), and every *.json of the shipped patterns directory. Their fingerprint is inode, size, mtime and ctime of each (or "-" for a
// missing file): about 25 stat calls per request, ~0.1 ms (the directory is listed again only when its own stat
// changes). A key of another shape is never
// cached (always rebuilt), so a change in that format costs speed, never correctness.
//
// The fingerprint is taken when a lookup misses, before the entry is built, so a change made while it is being
// built is seen by the next lookup. A build that fails is dropped, so a transient failure is retried.

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bundleDirOf, configSources, managedPolicyDir } from '../hook/locations.js';
import { parseMemoKey } from '../hook/stages/prepare.js';

export interface ReloadEvent {
  projectDir: string;
  /** The files whose fingerprint changed. */
  changed: string[];
}

/** The files an entry of runHook's memo was built from, or null for a key of unknown shape. `managedDir`: the
 * process's managed policy folder (one per daemon, from its environment). */
export function filesForKey(key: string, managedDir: string = managedPolicyDir()): { projectDir: string; files: string[]; patternsDir: string } | null {
  const loc = parseMemoKey(key);
  if (!loc) return null;
  const { configFiles, overrideFiles } = configSources(loc.hookwardenHome, loc.projectDir);
  const bundle = bundleDirOf(loc.hookwardenHome);
  const managed = [managedDir, join(managedDir, 'config.json'), join(managedDir, 'patterns.json'), bundle, ...['config.json', 'patterns.json', 'bundle.json'].map((f) => join(bundle, f))];
  return { projectDir: loc.projectDir, patternsDir: loc.patternsDir, files: [...configFiles, ...overrideFiles.map((o) => o.path), ...managed] };
}

function statLine(path: string): string {
  try {
    const st = statSync(path, { throwIfNoEntry: false });
    return st ? `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}` : '-';
  } catch {
    return '?';
  }
}

/** The *.json names of a directory, listed again only when the directory itself changed (an entry added,
 * removed or renamed changes its mtime). */
const listings = new Map<string, { stamp: string; names: string[] }>();
function jsonNames(dir: string): string[] {
  const stamp = statLine(dir);
  const cached = listings.get(dir);
  if (cached && cached.stamp === stamp) return cached.names;
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
  } catch {
    // No shipped patterns directory (a copied bundle): nothing to watch there.
  }
  if (listings.size >= 64) listings.clear();
  listings.set(dir, { stamp, names });
  return names;
}

/** path → identity, for the files of one memo entry. */
export function fingerprint(files: string[], patternsDir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of files) out.set(f, statLine(f));
  const names = jsonNames(patternsDir);
  out.set(patternsDir, names.join('|'));
  for (const n of names) {
    const p = join(patternsDir, n);
    out.set(p, statLine(p));
  }
  return out;
}

function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys].filter((k) => a.get(k) !== b.get(k));
}

/**
 * A Map for RuntimeDeps.memo that forgets an entry whose source files changed, and keeps at most `max` entries
 * (least recently used go first: a daemon serving many projects must not grow without bound).
 */
export class ReloadingMemo<V> extends Map<string, V> {
  private readonly prints = new Map<string, Map<string, string>>();
  private readonly pending = new Map<string, Map<string, string>>();

  constructor(
    private readonly onReload: (e: ReloadEvent) => void = () => {},
    private readonly max = 64,
    /** The managed policy folder the daemon's calls read (locations.ts managedPolicyDir of its environment). */
    private readonly managedDir: string = managedPolicyDir(),
  ) {
    super();
  }

  override get(key: string): V | undefined {
    const where = filesForKey(key, this.managedDir);
    if (!where) return undefined;
    const now = fingerprint(where.files, where.patternsDir);
    const value = super.get(key);
    const before = this.prints.get(key);
    if (value !== undefined && before) {
      const changed = differences(before, now);
      if (!changed.length) {
        // Most recently used last.
        super.delete(key);
        super.set(key, value);
        return value;
      }
      this.delete(key);
      this.onReload({ projectDir: where.projectDir, changed });
    }
    this.pending.set(key, now);
    return undefined;
  }

  override set(key: string, value: V): this {
    const print = this.pending.get(key);
    this.pending.delete(key);
    if (!print) return this; // a key of unknown shape (or set without a lookup): not cached
    super.delete(key);
    super.set(key, value);
    this.prints.set(key, print);
    // A build that fails is not kept: the next request tries again.
    if (value instanceof Promise) {
      value.catch(() => {
        if (super.get(key) === value) this.delete(key);
      });
    }
    while (this.size > this.max) {
      const oldest = this.keys().next().value as string;
      this.delete(oldest);
    }
    return this;
  }

  override delete(key: string): boolean {
    this.prints.delete(key);
    return super.delete(key);
  }

  override clear(): void {
    this.prints.clear();
    this.pending.clear();
    super.clear();
  }
}
