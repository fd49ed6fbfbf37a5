// The managed layer's files for a call (docs/team.md "The managed layer"): the admin's folder (`$HOOKWARDEN_MANAGED_DIR`,
// else /etc/hookwarden and the like: locations.ts) and the active policy bundle (`<home>/policy/active/`, renamed into
// place by the bundle fetcher and only read here). Without either, a call pays one failed stat for each.
//
// A managed folder or file that is not root's, or that its group or others may write, is refused: not read, one issue
// naming it and the fix, and every tool call and prompt is denied until it is fixed (managed-guard.ts), so loosening its
// permissions gains nobody anything. The bundle lives under the user's own home and is read as hookwarden's own files
// (private folders, the user's, no links); its trust is its signature, checked when it was fetched.

import { statSync, type Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import { notSystemOwnedReason } from '../fs/checks.js';
import { readRegularFile } from '../fs/read.js';
import type { ManagedConfigSource } from '../config/managed.js';
import type { RegistryLocations } from '../registry/resolve.js';
import type { Locations } from './locations.js';

export interface ManagedSources {
  config: ManagedConfigSource[];
  patterns: RegistryLocations['overrides'];
  /** One line per refused folder or file: shown, audited, and every guarded call denied while there is one. */
  refused: string[];
  /** Problems with the bundle's own record (bundle.json). */
  issues: string[];
  /** The active bundle's `revision` ("unknown" when bundle.json cannot say), when a bundle is active. */
  bundleRevision?: string;
}

const statOf = (path: string): Stats | undefined => {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
};

/** The line for a refused managed folder or file: what is wrong and the commands that fix it. */
export const refusedNote = (path: string, reason: string, folder: boolean): string =>
  `${path}: managed policy ${folder ? 'folder' : 'file'} refused: it ${reason}; every tool call and prompt is denied until an administrator fixes it (chown root:root ${path}; chmod ${folder ? 755 : 644} ${path})`;

/** The line for managed patterns the registry could not apply (no shipped packs to apply them to). */
export const unappliedNote = (path: string, patternsDir: string): string =>
  `${path}: managed policy file not applied: no shipped patterns in ${patternsDir} (HOOKWARDEN_PATTERNS_DIR, or a copied bundle); every tool call and prompt is denied until hookwarden runs from its installed package`;

const MANAGED_FILES = ['config.json', 'patterns.json'] as const;

function managedFolder(dir: string, out: ManagedSources): void {
  const st = statOf(dir);
  if (!st) return;
  const reason = !st.isDirectory() ? 'is not a folder' : notSystemOwnedReason(st);
  if (reason) {
    out.refused.push(refusedNote(dir, reason, true));
    return;
  }
  for (const name of MANAGED_FILES) {
    const path = join(dir, name);
    const f = statOf(path);
    if (!f) continue;
    const why = !f.isFile() ? 'is not a regular file' : notSystemOwnedReason(f);
    if (why) out.refused.push(refusedNote(path, why, false));
    else if (name === 'config.json') out.config.push({ path, layer: 'managed', read: { system: true } });
    else out.patterns.push({ path, scope: 'managed', read: { system: true } });
  }
}

/** bundle.json's `revision`, or why it cannot be read. */
function bundleRevision(dir: string, root: string): string | { problem: string } {
  const file = join(dir, 'bundle.json');
  const r = readRegularFile(file, { maxBytes: 64 * 1024, own: true, root });
  if (r.status !== 'ok') return { problem: `${file}: ${r.status === 'missing' ? 'missing' : r.status === 'unsafe' ? `it ${r.reason}` : `unreadable (${r.reason})`}; the bundle's revision is recorded as "unknown"` };
  try {
    const revision = (JSON.parse(r.bytes.toString('utf8')) as { revision?: unknown } | null)?.revision;
    if (typeof revision === 'string' && revision.length > 0 && revision.length <= 200) return revision;
  } catch {
    // below
  }
  return { problem: `${file}: has no "revision" string; the bundle's revision is recorded as "unknown"` };
}

/** The bundle folder a call reads: `active/`, or, when a puller was killed between the two renames that swap a new
 * bundle in (lib/policy/activate.ts), the folder the next pull would restore: `staged/` once its bundle.json is
 * written (its last file), else `previous/`. Without that, the instant between the renames (and every call until
 * the next pull) ran on the managed folder alone. A machine that never had a bundle pays one failed stat, of
 * `policy/`. */
function bundleDirOf(active: string): string | undefined {
  const policy = dirname(active);
  if (!statOf(policy)) return undefined;
  if (statOf(active)) return active;
  const staged = join(policy, 'staged');
  if (statOf(join(staged, 'bundle.json'))) return staged;
  const previous = join(policy, 'previous');
  return statOf(previous) ? previous : undefined;
}

function bundleFolder(active: string, root: string, out: ManagedSources): void {
  const dir = active ? bundleDirOf(active) : undefined;
  if (!dir) return;
  const read = { own: true, root };
  // The bundle first: the managed folder's files outrank it (lib/config/load.ts, lib/registry/overrides.ts).
  out.config.unshift({ path: join(dir, 'config.json'), layer: 'bundle', read });
  out.patterns.push({ path: join(dir, 'patterns.json'), scope: 'bundle', read });
  const revision = bundleRevision(dir, root);
  if (typeof revision === 'string') out.bundleRevision = revision;
  else {
    out.bundleRevision = 'unknown';
    out.issues.push(revision.problem);
  }
}

/** The managed layer's files for this call: one stat of the managed folder and one of the bundle's (`policy/`) when
 * neither is there. Pattern files in rank order for collectSources: managed first (it wins a duplicate id), then the bundle. */
export function managedSources(loc: Pick<Locations, 'managedDir' | 'bundleDir' | 'hookwardenHome'>): ManagedSources {
  const out: ManagedSources = { config: [], patterns: [], refused: [], issues: [] };
  managedFolder(loc.managedDir, out);
  bundleFolder(loc.bundleDir, loc.hookwardenHome, out);
  return out;
}
