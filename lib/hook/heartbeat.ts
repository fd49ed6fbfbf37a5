// Proof that a hook runs: the last call per host, event and mode is the mtime of one empty file,
// `$HOOKWARDEN_HOME/heartbeat/<host>.<event>.<mode>` (`hookwarden doctor` reads it). On the hook's hot path, after
// the verdict is written: one lutimes on the steady path (a link planted there is never followed), the folder and
// the file made only when the file is not there yet, and any error ignored: a heartbeat never changes a call.

import { closeSync, constants, lutimesSync, mkdirSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { hookwardenHome } from '../audit/paths.js';

/** A call's heartbeat name, `<host>.<event>` (runHook returns it when the call wrote its audit line). */
export const heartbeatName = (host: string, event: string): string => `${host}.${event}`;

/** Marks `$HOOKWARDEN_HOME/heartbeat/<name>.<mode>` as called now. */
export function heartbeat(name: string | undefined, mode: 'command' | 'http', env: NodeJS.ProcessEnv): void {
  if (!name) return;
  try {
    const file = join(hookwardenHome(env), 'heartbeat', `${name}.${mode}`);
    const now = Date.now() / 1000;
    try {
      lutimesSync(file, now, now);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return;
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      closeSync(openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600));
    }
  } catch {
    // Another call made it first, or the home is gone: the next call tries again.
  }
}
