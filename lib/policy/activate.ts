// Activating a verified bundle: the new folder is written beside the active one and swapped in by rename, so a hook
// reading `policy/active/` sees the old bundle's three files or the new one's, never a mix. Under the pullers' lock
// (`policy/state.json.lock`, lib/session/store.ts), in this order:
//
//   1. recover: `active/` missing (a crash between the two renames of step 4) → `staged/` when it is whole (every
//      file matching its bundle.json), else `previous/`, is renamed back to `active/`;
//   2. `staged/` written afresh: config.json, patterns.json, then bundle.json, each fsync'd, then the folder;
//   3. the old `previous/` removed;
//   4. rename `active/` → `previous/`, rename `staged/` → `active/`, fsync `policy/`.
//
// A crash in 2 or 3 leaves the old bundle active (and a `staged/` the next activation removes); a crash between the
// two renames of 4 leaves no `active/` for that instant, which the next pull, `policy status` or daemon poll repairs
// by step 1; meanwhile hooks read `staged/` once its bundle.json is there, else `previous/` (lib/hook/managed.ts). POSIX rename cannot swap two
// folders in one step, and node has no renameat2(RENAME_EXCHANGE).
//
// HOOKWARDEN_TEST_BUNDLE_PAUSE=<written|swapping>:<file> (tests only, read only here): at that point the puller
// creates <file> and waits, so a test can kill it there by its pid.

import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { HookwardenError } from '../errors.js';
import { ensurePrivateDir } from '../fs/private-dir.js';
import { readRegularFile } from '../fs/read.js';
import { createExclusive, fsyncDir } from '../fs/write.js';
import { updateJsonLocked } from '../session/store.js';
import { BUNDLE_FILES, sha256Hex } from './format.js';
import { activeDir, policyDir, previousDir, readInfo, stagedDir, stateFile, type ActiveInfo, type PolicyState } from './store.js';
import type { VerifiedBundle } from './verify.js';

const PAUSE_MAX_MS = 60_000;

function pauseFor(env: NodeJS.ProcessEnv, point: 'written' | 'swapping'): void {
  const spec = env.HOOKWARDEN_TEST_BUNDLE_PAUSE;
  if (!spec?.startsWith(`${point}:`)) return;
  createExclusive(spec.slice(point.length + 1), String(process.pid));
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, PAUSE_MAX_MS);
}

/** Whether `dir` holds a whole bundle: a bundle.json and both files matching the hashes it lists. */
function whole(dir: string, home: string): boolean {
  const info = readInfo(join(dir, 'bundle.json'), home);
  if (!info || 'problem' in info) return false;
  return BUNDLE_FILES.every((name) => {
    const r = readRegularFile(join(dir, name), { maxBytes: 8 * 1024 * 1024, own: true, root: home });
    return r.status === 'ok' && sha256Hex(r.bytes) === info.files[name];
  });
}

/** Step 1 above; the caller holds the lock. Returns what it did, for a log line, or null. */
function recover(home: string): string | null {
  if (existsSync(activeDir(home))) return null;
  for (const [dir, what] of [
    [stagedDir(home), 'finished an activation a crash interrupted'],
    [previousDir(home), 'restored the previous bundle after an interrupted activation'],
  ] as const) {
    if (existsSync(dir) && whole(dir, home)) {
      renameSync(dir, activeDir(home));
      fsyncDir(policyDir(home));
      return what;
    }
  }
  return null;
}

/** Repairs an interrupted activation if there is one (lock waited for at most `lockTimeoutMs`). Never throws. */
export function repairActive(home: string, lockTimeoutMs: number): string | null {
  if (existsSync(activeDir(home)) || !existsSync(policyDir(home))) return null;
  let done: string | null = null;
  try {
    updateJsonLocked(stateFile(home), () => {
      done = recover(home);
      return undefined;
    }, { root: home, timeoutMs: lockTimeoutMs });
  } catch {
    // busy: the puller holding the lock repairs it
  }
  return done;
}

export interface Activation {
  info: ActiveInfo;
  /** The revision it replaced, if any. */
  replaced?: string;
  /** What recovery did first, if anything. */
  recovered?: string;
}

/** Writes and swaps in `v` (see the header). Throws E_STATE_LOCK when another puller holds the lock past
 * `lockTimeoutMs`, E_UNSAFE_PATH for a planted path; the active bundle is then untouched. */
export function activateBundle(
  home: string,
  v: VerifiedBundle,
  meta: { source: string; etag?: string; fetchedAt: string },
  env: NodeJS.ProcessEnv,
  lockTimeoutMs: number,
): Activation {
  const info: ActiveInfo = {
    revision: v.bundle.manifest.revision,
    created: v.bundle.manifest.created,
    fetchedAt: meta.fetchedAt,
    source: meta.source,
    ...(meta.etag !== undefined ? { etag: meta.etag } : {}),
    keyId: v.keyId,
    manifestSha256: v.manifestSha256,
    files: { 'config.json': v.bundle.manifest.files['config.json'].sha256, 'patterns.json': v.bundle.manifest.files['patterns.json'].sha256 },
  };
  let out: Activation | undefined;
  updateJsonLocked<PolicyState>(
    stateFile(home),
    (cur) => {
      const recovered = recover(home);
      const old = readInfo(join(activeDir(home), 'bundle.json'), home);
      const staged = stagedDir(home);
      rmSync(staged, { recursive: true, force: true });
      ensurePrivateDir(staged, home);
      for (const name of BUNDLE_FILES) createExclusive(join(staged, name), v.bundle.files[name], 0o600, true);
      createExclusive(join(staged, 'bundle.json'), `${JSON.stringify(info, null, 2)}\n`, 0o600, true);
      fsyncDir(staged);
      pauseFor(env, 'written');
      rmSync(previousDir(home), { recursive: true, force: true });
      const hadActive = existsSync(activeDir(home));
      if (hadActive) renameSync(activeDir(home), previousDir(home));
      pauseFor(env, 'swapping');
      renameSync(staged, activeDir(home));
      fsyncDir(policyDir(home));
      out = { info, ...(old && !('problem' in old) ? { replaced: old.revision } : {}), ...(recovered ? { recovered } : {}) };
      const state = cur.status === 'ok' && cur.value && typeof cur.value === 'object' ? (cur.value as PolicyState) : {};
      const { lastFailure: _cleared, ...rest } = state;
      return rest;
    },
    { root: home, timeoutMs: lockTimeoutMs },
  );
  if (!out) throw new HookwardenError('E_INTERNAL', 'bundle activation did not run');
  return out;
}
