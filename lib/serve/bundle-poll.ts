// The daemon's bundle poll (docs/team.md, "Policy bundles"): every policy.bundle.pollSeconds of the managed config,
// jittered per host (lib/policy/schedule.ts), one pull (lib/policy/pull.ts). The fetch is asynchronous; verifying and
// activating are a few milliseconds of synchronous work, and the pullers' lock is never waited for (a CLI pull in
// progress means this round is skipped), so a request is never held behind the network or another puller. The
// managed config is read again each round: a bundle configured, changed or removed later is seen without a restart.
// Started and stopped by `hookwarden serve` beside the daemon; a poll never throws into the daemon.

import { oneLine } from '../errors.js';
import { bundleSettings, DEFAULT_POLL_SECONDS } from '../policy/managed-settings.js';
import { pullOnce, type PullOutcome } from '../policy/pull.js';
import { hostId, pollDelayMs } from '../policy/schedule.js';

export interface BundlePollOptions {
  home: string;
  env: NodeJS.ProcessEnv;
  now: () => number;
  log: (line: string) => void;
  version: string;
  /** This machine's id for the jitter (hostId() unless given). */
  host?: string;
}

/** One log line per outcome worth a line: activations, failures; a quiet poll logs nothing. */
export function pollLine(r: PullOutcome): string | null {
  switch (r.status) {
    case 'activated':
      return `policy bundle ${r.info.revision} active (from ${r.info.source}${r.replaced ? `, replacing ${r.replaced}` : ''})${r.recovered ? `; ${r.recovered}` : ''}`;
    case 'fetch-failed':
    case 'refused':
    case 'config-problem':
      return `policy bundle ${r.status === 'refused' ? 'refused' : 'not fetched'}: ${r.reason}; ${r.active ? `revision ${r.active} stays active` : 'no bundle is active'}`;
    default:
      return null;
  }
}

export function startBundlePoll(o: BundlePollOptions): { stop: () => void } {
  const host = o.host ?? hostId();
  let round = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let lastLine: string | null = null;
  const schedule = (pollSeconds: number): void => {
    if (stopped) return;
    timer = setTimeout(tick, pollDelayMs(pollSeconds, host, round++));
    timer.unref();
  };
  const tick = (): void => {
    pullOnce({ home: o.home, env: o.env, now: o.now, lockTimeoutMs: 0, version: o.version })
      .then((r) => {
        const line = pollLine(r);
        // The same failure every round is said once, until something changes.
        if (line && line !== lastLine) o.log(`hookwarden serve: ${line}\n`);
        lastLine = line;
        return r.status === 'none' ? DEFAULT_POLL_SECONDS : undefined;
      })
      .catch((err: unknown) => {
        o.log(`hookwarden serve: policy bundle poll failed: ${oneLine(err)}\n`);
        return undefined;
      })
      .then((fallback) => schedule(fallback ?? currentPollSeconds(o.env)));
  };
  schedule(currentPollSeconds(o.env));
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

function currentPollSeconds(env: NodeJS.ProcessEnv): number {
  const s = bundleSettings(env);
  return s.status === 'ok' ? s.settings.pollSeconds : DEFAULT_POLL_SECONDS;
}
