// One state file per session: `$HOOKWARDEN_HOME/state/sessions/<key>.json`, mode 0600, replaced atomically
// under a lock (lib/session/store.ts). A missing, expired, corrupt or foreign file means a fresh state, with a
// note for the audit; a corrupt file is kept aside (`<key>.corrupt-<time>.json`) until pruning, never lost.

import { existsSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionConfig } from '../config/types.js';
import { unsafePath } from '../fs/checks.js';
import { readRegularFile } from '../fs/read.js';
import { pruneDir, readJsonFile, sessionFileKey, updateJsonLocked, writeJsonAtomic, type ReadResult } from './store.js';
import { applyEffects, freshState, isSessionState, type ApplyResult, type SessionEffect, type SessionState } from './state.js';

export const sessionsDir = (hookwardenHome: string): string => join(hookwardenHome, 'state', 'sessions');
export const sessionFile = (hookwardenHome: string, sessionId: string): string =>
  join(sessionsDir(hookwardenHome), `${sessionFileKey(sessionId)}.json`);

const ttlMs = (cfg: Pick<SessionConfig, 'ttlHours'>): number => cfg.ttlHours * 3_600_000;

export interface LoadedSession {
  state: SessionState;
  /** Why the state is fresh although a file was there (corrupt, foreign, expired). */
  note?: string;
  /** A link, folder or special file at the state's path: one line for stderr (the hook writes nothing there). */
  refused?: string;
}

/** The usable state in a read result, or a fresh one and why. */
function usable(r: ReadResult, sessionId: string, projectDir: string, now: number, ttl: number): LoadedSession & { corrupt: boolean } {
  const fresh = freshState(sessionId, projectDir, now);
  if (r.status === 'missing') return { state: fresh, corrupt: false };
  if (r.status === 'corrupt') return { state: fresh, corrupt: true, note: `session state was unreadable (${r.reason}); started fresh` };
  // A link, folder or FIFO planted at the state's path is left where it is, and nothing is written there.
  if (r.status === 'unsafe') return { state: fresh, corrupt: false, note: `session state file refused: it ${r.reason}; nothing is read or written there` };
  if (!isSessionState(r.value, sessionId)) return { state: fresh, corrupt: true, note: 'session state had an unknown shape; started fresh' };
  if (now - r.value.updatedAt > ttl) return { state: fresh, corrupt: false, note: 'session state had expired; started fresh' };
  return { state: r.value, corrupt: false };
}

export function loadSession(home: string, sessionId: string, projectDir: string, now: number, cfg: SessionConfig): LoadedSession {
  const file = sessionFile(home, sessionId);
  const r = readJsonFile(file, undefined, home);
  const { state, note } = usable(r, sessionId, projectDir, now, ttlMs(cfg));
  const refused = r.status === 'unsafe' ? { refused: unsafePath(file, r.reason).message } : {};
  return note ? { state, note, ...refused } : { state };
}

export interface SessionUpdate extends ApplyResult {
  note?: string;
}

/** Applies effects to the file's current state under its lock (not to the snapshot the call started with). */
export function updateSession(
  home: string,
  sessionId: string,
  projectDir: string,
  effects: readonly SessionEffect[],
  now: number,
  cfg: SessionConfig,
): SessionUpdate {
  const file = sessionFile(home, sessionId);
  let result: SessionUpdate | undefined;
  updateJsonLocked(file, (current) => {
    if (current.status === 'unsafe') throw unsafePath(file, current.reason);
    const u = usable(current, sessionId, projectDir, now, ttlMs(cfg));
    if (u.corrupt && existsSync(file)) {
      try {
        renameSync(file, file.replace(/\.json$/, `.corrupt-${now}.json`));
      } catch {
        // Kept or not, the fresh state replaces it below.
      }
    }
    result = { ...applyEffects(u.state, effects, { now, config: cfg }), ...(u.note ? { note: u.note } : {}) };
    return result.state;
  }, { root: home });
  return result as SessionUpdate;
}

/** How often prompts and Stops prune (SessionStart always does): pruning reads and stats the whole folder, up to
 * maxSessions files, which on every prompt was ~1-3 ms of the hook call for state a day old. */
export const PRUNE_EVERY_MS = 10 * 60_000;
const PRUNED_MARK = '.last-prune';

/**
 * Removes session files (and their leftovers) past the TTL, and the oldest beyond maxSessions. `throttled`: not if
 * the last prune (its time kept in `.last-prune`, by the injected clock) was less than PRUNE_EVERY_MS ago.
 */
export function pruneSessions(home: string, now: number, cfg: SessionConfig, throttled = false): string[] {
  const dir = sessionsDir(home);
  const mark = join(dir, PRUNED_MARK);
  if (throttled) {
    // Read as hookwarden's own file (regular, not through a link, in the private home): anything else is no mark.
    const r = readRegularFile(mark, { maxBytes: 64, own: true, root: home });
    const last = r.status === 'ok' ? Number(r.bytes.toString('latin1')) : Number.NaN;
    if (last <= now && now - last < PRUNE_EVERY_MS) return [];
  }
  const removed = pruneDir(dir, { suffix: '.json', ttlMs: ttlMs(cfg), maxFiles: cfg.maxSessions, now });
  if (existsSync(dir)) writeJsonAtomic(mark, now, home);
  return removed;
}

/** Every readable session state, most recently updated first (for the CLI). */
export function listSessions(home: string): SessionState[] {
  const dir = sessionsDir(home);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json') && !n.includes('.corrupt-'));
  } catch {
    return [];
  }
  const out: SessionState[] = [];
  for (const n of names) {
    const r = readJsonFile(join(dir, n), undefined, home);
    if (r.status === 'ok' && isSessionState(r.value, (r.value as { sessionId?: string }).sessionId ?? '')) out.push(r.value);
  }
  return out.sort((a, b) => b.updatedAt - a.updatedAt || (a.sessionId < b.sessionId ? -1 : 1));
}
