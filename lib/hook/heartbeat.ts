// Proof that a hook runs: the last call per host, event and mode is the mtime of one empty file,
// `$HOOKWARDEN_HOME/heartbeat/<host>.<event>.<mode>` (`hookwarden doctor` reads it). On the hook's hot path, after
// the verdict is written. Like every path hookwarden writes (docs/security.md), the folder must be a private real
// folder and the file a plain file of the user's with one name: anything else planted there (a link, a hard link
// to a start-up file, a FIFO, a folder) is refused with one line, never touched. The steady path is two lstats of
// the folders (from the home down), one of the file and one lutimes; the file is made only when it is missing.
// Any other error is ignored: a heartbeat never changes a call.

import { lstatSync, lutimesSync } from 'node:fs';
import { join } from 'node:path';
import { hookwardenHome } from '../audit/paths.js';
import { errCode, unsafeFileReason, unsafePath } from '../fs/checks.js';
import { ensurePrivateDir } from '../fs/private-dir.js';
import { createExclusive } from '../fs/write.js';
import { HookwardenError } from '../errors.js';

/** A call's heartbeat name, `<host>.<event>` (runHook returns it when the call wrote its audit line). */
export const heartbeatName = (host: string, event: string): string => `${host}.${event}`;

/** Marks `$HOOKWARDEN_HOME/heartbeat/<name>.<mode>` as called now; returns why it refused a planted path (one line),
 * else undefined. */
export function heartbeat(name: string | undefined, mode: 'command' | 'http', env: NodeJS.ProcessEnv): string | undefined {
  if (!name) return undefined;
  try {
    const home = hookwardenHome(env);
    const dir = join(home, 'heartbeat');
    const file = join(dir, `${name}.${mode}`);
    ensurePrivateDir(dir, home);
    let st;
    try {
      st = lstatSync(file);
    } catch (err) {
      if (errCode(err) !== 'ENOENT') return undefined;
      createExclusive(file, '');
      return undefined;
    }
    const reason = unsafeFileReason(st);
    if (reason) return unsafePath(file, reason).message;
    const now = Date.now() / 1000;
    lutimesSync(file, now, now);
    return undefined;
  } catch (err) {
    // A planted folder is refused like a planted file; a race with a parallel call or a vanished home is not news.
    return err instanceof HookwardenError && err.code === 'E_UNSAFE_PATH' ? err.message : undefined;
  }
}
