// `hookwarden audit tail --follow`: print audit lines as hooks append them.
//
// Polling (fs.statSync, then a read from the last offset) rather than fs.watch: it behaves the same on every
// file system, and a poll every 200 ms costs one stat. A line is only handed on once its newline has arrived,
// so a line being written is held, never printed half or counted unreadable. At UTC midnight the next day's
// file is followed too; yesterday's stays watched for a grace period, for writers that took their time before
// the clock turned. A file that shrinks or is replaced (another inode) is read again from its start.

import { abortableSleep } from '../sleep.js';
import type { AuditEventV1 } from './event.js';
import { auditFileFor } from './paths.js';
import { classifyAuditLine, fileIdentity, scanLines } from './read.js';

export interface FollowOptions {
  home: string;
  /** The clock that says which day's file is current (injected in tests). */
  now: () => number;
  /** Called for every complete event line, in file order. */
  onEvent: (ev: AuditEventV1) => void;
  /** Where to resume (after `tail` read a file up to there); by default the end of today's complete lines. */
  from?: { file: string; offset: number };
  /** Poll interval, ms (default 200). */
  intervalMs?: number;
  /** Stops following (the CLI aborts on SIGINT). */
  signal?: AbortSignal;
  /** Stops after this long (real time), whatever the signal. */
  maxDurationMs?: number;
  /** How long (by `now`) the previous day's file stays watched after midnight; default 60 s. */
  graceMs?: number;
  /** Called after each poll (tests wait on this instead of on time). */
  onPoll?: () => void;
}

export interface FollowResult {
  events: number;
  unreadable: number;
  otherSchema: number;
  stoppedBy: 'signal' | 'max-duration';
}

interface Watched {
  file: string;
  offset: number;
  ino?: number;
  /** Stop watching after this time (by `now`): set when the day turned. */
  until?: number;
}

/** The offset just past the last complete line of `file` (0 when missing). */
export function completeLinesEnd(file: string): number {
  return scanLines(file, () => undefined).end;
}

/** Follows the audit until the signal aborts or maxDurationMs passes. Never throws on I/O (it retries). */
export async function followAudit(opts: FollowOptions): Promise<FollowResult> {
  const interval = opts.intervalMs ?? 200;
  const grace = opts.graceMs ?? 60_000;
  const started = performance.now();
  const result: FollowResult = { events: 0, unreadable: 0, otherSchema: 0, stoppedBy: 'signal' };
  const watched: Watched[] = [];
  if (opts.from) watched.push({ file: opts.from.file, offset: opts.from.offset, ino: fileIdentity(opts.from.file)?.ino });
  let first = true;

  const poll = (): void => {
    const now = opts.now();
    let today: string;
    try {
      today = auditFileFor(opts.home, new Date(now));
    } catch {
      return; // an invalid clock: nothing to follow this round
    }
    if (!watched.some((w) => w.file === today)) {
      for (const w of watched) w.until ??= now + grace;
      // Without `from`, the first file starts at its current end (only new lines); any later file starts at 0.
      const offset = first && !opts.from ? completeLinesEnd(today) : 0;
      watched.push({ file: today, offset, ino: fileIdentity(today)?.ino });
    }
    first = false;
    for (const w of watched) {
      const st = fileIdentity(w.file);
      if (!st) continue;
      if ((w.ino !== undefined && st.ino !== w.ino) || st.size < w.offset) {
        w.offset = 0; // replaced or truncated: read the new content from its start
      }
      w.ino = st.ino;
      if (st.size <= w.offset) continue;
      try {
        const scan = scanLines(
          w.file,
          (line) => {
            const c = classifyAuditLine(line);
            if (c.kind === 'event') {
              result.events++;
              opts.onEvent(c.event);
            } else if (c.kind === 'other-schema') result.otherSchema++;
            else result.unreadable++;
          },
          { start: w.offset, limit: st.size },
        );
        result.unreadable += scan.oversized;
        w.offset = scan.end;
      } catch {
        // Unreadable for now (permissions, a race with pruning): try again next round.
      }
    }
    // Past its grace a previous day's file is dropped, even with a line that never got its newline.
    for (let i = watched.length - 1; i >= 0; i--) {
      const w = watched[i] as Watched;
      if (w.file !== today && w.until !== undefined && now >= w.until) watched.splice(i, 1);
    }
  };

  for (;;) {
    if (opts.signal?.aborted) break;
    if (opts.maxDurationMs !== undefined && performance.now() - started >= opts.maxDurationMs) {
      result.stoppedBy = 'max-duration';
      break;
    }
    poll();
    opts.onPoll?.();
    const left = opts.maxDurationMs === undefined ? interval : Math.min(interval, Math.max(0, opts.maxDurationMs - (performance.now() - started)));
    await abortableSleep(left, opts.signal);
  }
  return result;
}
