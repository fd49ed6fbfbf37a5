// One pull: the settings from the managed config, one fetch (with the active bundle's ETag), verify, activate. The
// same for `hookwarden policy pull` and the daemon's poll. Any failure keeps the last good bundle active and is
// recorded (state.json) with one line naming why.

import { isoUtc } from '../vocab/iso-time.js';
import { activateBundle, repairActive } from './activate.js';
import { DEFAULT_FETCH_TIMEOUT_MS, fetchBundle } from './fetch.js';
import { bundleSettings } from './managed-settings.js';
import { readActive, readState, recordFailure, type ActiveInfo } from './store.js';
import { oneLine } from '../errors.js';

export type PullOutcome =
  | { status: 'none'; file: string }
  | { status: 'activated'; info: ActiveInfo; replaced?: string; recovered?: string }
  | { status: 'unchanged'; revision: string }
  | { status: 'fetch-failed' | 'refused' | 'config-problem' | 'busy'; reason: string; active?: string };

export interface PullOptions {
  home: string;
  env: NodeJS.ProcessEnv;
  now: () => number;
  timeoutMs?: number;
  /** How long to wait for another puller's lock: the CLI waits, the daemon (0) skips the round. */
  lockTimeoutMs: number;
  version?: string;
}

export async function pullOnce(o: PullOptions): Promise<PullOutcome> {
  const s = bundleSettings(o.env);
  if (s.status === 'none') return { status: 'none', file: s.file };
  const repaired = repairActive(o.home, o.lockTimeoutMs);
  const current = readActive(o.home);
  const active = current && !('problem' in current) ? current : undefined;
  const fail = (status: 'fetch-failed' | 'refused' | 'config-problem', reason: string, source?: string): PullOutcome => {
    recordFailure(o.home, { at: isoUtc(o.now()), reason, ...(source ? { source } : {}) }, o.lockTimeoutMs);
    return { status, reason, ...(active ? { active: active.revision } : {}) };
  };
  if (s.status === 'problem') return fail('config-problem', s.problem);
  const { url, key } = s.settings;
  // The ETag is only the active bundle's, and only for the URL it came from.
  const etag = active && active.source === url ? active.etag : undefined;
  const got = await fetchBundle(url, { ...(etag ? { etag } : {}), timeoutMs: o.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS, ...(o.version ? { version: o.version } : {}) });
  if (got.status === 'failed') return fail('fetch-failed', got.reason, url);
  if (got.status === 'not-modified') {
    if (!active) return fail('fetch-failed', 'the server answered 304 Not Modified but no bundle is active here', url);
    if (readState(o.home).lastFailure) recordFailure(o.home, null, o.lockTimeoutMs);
    return { status: 'unchanged', revision: active.revision };
  }
  const { verifyBundle } = await import('./verify.js'); // only with a bundle to check (verify.ts)
  const v = verifyBundle(got.body, key);
  if ('problem' in v) return fail('refused', v.problem, url);
  // A validly signed but older bundle is a replay (a downgrade to before a rule was added), not an update.
  if (active && Date.parse(v.bundle.manifest.created) < Date.parse(active.created)) {
    return fail('refused', `revision ${v.bundle.manifest.revision} was created ${v.bundle.manifest.created}, before the active ${active.revision} (${active.created}): a replayed bundle? to roll back, sign the old files again`, url);
  }
  if (active && active.manifestSha256 === v.manifestSha256 && active.source === url && active.etag === got.etag) {
    if (readState(o.home).lastFailure) recordFailure(o.home, null, o.lockTimeoutMs);
    return { status: 'unchanged', revision: active.revision };
  }
  try {
    const a = activateBundle(o.home, v, { source: url, ...(got.etag ? { etag: got.etag } : {}), fetchedAt: isoUtc(o.now()) }, o.env, o.lockTimeoutMs);
    const recovered = a.recovered ?? repaired ?? undefined;
    return { status: 'activated', info: a.info, ...(a.replaced ? { replaced: a.replaced } : {}), ...(recovered ? { recovered } : {}) };
  } catch (err) {
    if ((err as { code?: string }).code === 'E_STATE_LOCK') return { status: 'busy', reason: `another puller is activating a bundle (${oneLine(err)})`, ...(active ? { active: active.revision } : {}) };
    return fail('refused', `could not activate: ${oneLine(err)}`, url);
  }
}
