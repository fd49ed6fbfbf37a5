// Where the active bundle lives and what is known about it (the contract with the managed layer, which only reads):
//
//   $HOOKWARDEN_HOME/policy/active/    config.json, patterns.json (the managed layer's two files) and bundle.json
//                                      ({"revision", "created", "fetchedAt", "source", "etag", "keyId", …})
//   $HOOKWARDEN_HOME/policy/previous/  the bundle active before it (kept for a look back, never read by hooks)
//   $HOOKWARDEN_HOME/policy/staged/    a bundle being written (activate.ts); never read by hooks
//   $HOOKWARDEN_HOME/policy/state.json the last failure (what, when, from where); its lock serialises pullers
//
// Every folder is private and checked from the home down; every file is read as hookwarden's own (lib/fs/).

import { join } from 'node:path';
import { readJsonFile, updateJsonLocked } from '../session/store.js';
import type { BundleFileName } from './format.js';

export const policyDir = (home: string): string => join(home, 'policy');
export const activeDir = (home: string): string => join(policyDir(home), 'active');
export const previousDir = (home: string): string => join(policyDir(home), 'previous');
export const stagedDir = (home: string): string => join(policyDir(home), 'staged');
export const stateFile = (home: string): string => join(policyDir(home), 'state.json');

/** bundle.json of an active bundle: what `policy status`, `doctor` and every audit line (bundle_revision) name. */
export interface ActiveInfo {
  revision: string;
  /** The manifest's own time (the admin's clock). */
  created: string;
  /** When this machine fetched and activated it (the injected clock), ISO. */
  fetchedAt: string;
  /** The URL it came from. */
  source: string;
  /** The server's ETag for it, sent back as If-None-Match. */
  etag?: string;
  /** The id of the key it verified with (keys.ts). */
  keyId: string;
  /** sha256 of the canonical manifest. */
  manifestSha256: string;
  /** sha256 of each file as written beside it. */
  files: Record<BundleFileName, string>;
}

export interface PolicyState {
  lastFailure?: { at: string; reason: string; source?: string };
}

/** The active bundle's bundle.json: null when none is active; a problem line when it cannot be read. */
export function readActive(home: string): ActiveInfo | null | { problem: string } {
  return readInfo(join(activeDir(home), 'bundle.json'), home);
}

export function readInfo(file: string, home: string): ActiveInfo | null | { problem: string } {
  const r = readJsonFile(file, 64 * 1024, home);
  if (r.status === 'missing') return null;
  if (r.status !== 'ok') return { problem: `${file}: ${r.status === 'unsafe' ? `it ${r.reason}` : r.reason}` };
  const v = r.value as Partial<ActiveInfo> | null;
  if (!v || typeof v.revision !== 'string' || typeof v.manifestSha256 !== 'string' || !v.files) return { problem: `${file}: not a bundle.json (no revision)` };
  return v as ActiveInfo;
}

export function readState(home: string): PolicyState {
  const r = readJsonFile(stateFile(home), 64 * 1024, home);
  return r.status === 'ok' && r.value && typeof r.value === 'object' ? (r.value as PolicyState) : {};
}

/** Records (or, with null, clears) the last failure under the pullers' lock. `lockTimeoutMs` 0: a puller already
 * holding it is not waited for (the daemon), and nothing is recorded. Never throws. */
export function recordFailure(home: string, failure: PolicyState['lastFailure'] | null, lockTimeoutMs: number): void {
  try {
    updateJsonLocked(
      stateFile(home),
      (cur) => {
        const state = cur.status === 'ok' && cur.value && typeof cur.value === 'object' ? (cur.value as PolicyState) : {};
        if (!failure && !state.lastFailure) return undefined; // nothing to clear: no write
        const { lastFailure: _old, ...rest } = state;
        return failure ? { ...rest, lastFailure: failure } : rest;
      },
      { root: home, timeoutMs: lockTimeoutMs },
    );
  } catch {
    // Busy or unwritable: the failure was still reported to whoever pulled.
  }
}
