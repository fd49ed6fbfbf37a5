// Pruning old session files (lib/session/session-file.ts): SessionStart always prunes; prompts and Stops prune at
// most every PRUNE_EVERY_MS, by the injected clock, because pruning reads and stats the whole folder.

import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../lib/config/defaults.js';
import { PRUNE_EVERY_MS, pruneSessions, sessionsDir } from '../../lib/session/session-file.js';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const DAY = 86_400_000;

/** A home whose sessions folder holds one session file last updated `age` ms before NOW. */
function home(age: number): { home: string; file: string } {
  const h = mkdtempSync(join(tmpdir(), 'hw-prune-'));
  mkdirSync(sessionsDir(h), { recursive: true });
  const file = join(sessionsDir(h), 'old.json');
  writeFileSync(file, '{}');
  utimesSync(file, (NOW - age) / 1000, (NOW - age) / 1000);
  return { home: h, file };
}

describe('pruneSessions', () => {
  it('removes a file past the TTL, throttled or not, when nothing was pruned before', () => {
    for (const throttled of [false, true]) {
      const { home: h, file } = home(2 * DAY);
      expect(pruneSessions(h, NOW, DEFAULT_CONFIG.session, throttled)).toEqual(['old.json']);
      expect(existsSync(file)).toBe(false);
    }
  });

  it('a throttled prune within PRUNE_EVERY_MS of the last does nothing; after it, it prunes again', () => {
    const { home: h, file } = home(2 * DAY);
    writeFileSync(join(sessionsDir(h), 'keep.json'), '{}');
    utimesSync(join(sessionsDir(h), 'keep.json'), NOW / 1000, NOW / 1000);
    expect(pruneSessions(h, NOW - 1000, DEFAULT_CONFIG.session, true)).toEqual(['old.json']);
    writeFileSync(file, '{}');
    utimesSync(file, (NOW - 2 * DAY) / 1000, (NOW - 2 * DAY) / 1000);
    expect(pruneSessions(h, NOW, DEFAULT_CONFIG.session, true)).toEqual([]);
    expect(existsSync(file)).toBe(true);
    // SessionStart does not wait.
    expect(pruneSessions(h, NOW, DEFAULT_CONFIG.session)).toEqual(['old.json']);
    writeFileSync(file, '{}');
    utimesSync(file, (NOW - 2 * DAY) / 1000, (NOW - 2 * DAY) / 1000);
    expect(pruneSessions(h, NOW + PRUNE_EVERY_MS - 1, DEFAULT_CONFIG.session, true)).toEqual([]);
    expect(pruneSessions(h, NOW + PRUNE_EVERY_MS, DEFAULT_CONFIG.session, true)).toEqual(['old.json']);
    expect(existsSync(join(sessionsDir(h), 'keep.json'))).toBe(true);
  });

  it('a last prune in the future (the clock went back) or an unreadable mark does not stop pruning', () => {
    const { home: h, file } = home(2 * DAY);
    writeFileSync(join(sessionsDir(h), '.last-prune'), String(NOW + DAY));
    expect(pruneSessions(h, NOW, DEFAULT_CONFIG.session, true)).toEqual(['old.json']);
    writeFileSync(file, '{}');
    utimesSync(file, (NOW - 2 * DAY) / 1000, (NOW - 2 * DAY) / 1000);
    writeFileSync(join(sessionsDir(h), '.last-prune'), 'not a time');
    expect(pruneSessions(h, NOW, DEFAULT_CONFIG.session, true)).toEqual(['old.json']);
  });

  it('a home with no sessions folder prunes nothing and creates nothing', () => {
    const h = mkdtempSync(join(tmpdir(), 'hw-prune-'));
    expect(pruneSessions(h, NOW, DEFAULT_CONFIG.session, true)).toEqual([]);
    expect(existsSync(sessionsDir(h))).toBe(false);
  });
});
