// The session model as pure data: what each effect changes, the bounds, approvals and grant windows.

import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../../lib/vocab/duration.js';
import {
  activeGrants,
  applyEffects,
  freshState,
  grantCovers,
  isSessionState,
  LIMITS,
  readOnlyStatus,
  type SessionEffect,
  type SessionState,
} from '../../lib/session/state.js';

const T0 = Date.UTC(2026, 10, 22, 12);
const MIN = 60_000;
const fresh = (): SessionState => freshState('s1', '/home/dev/project', T0);
const apply = (s: SessionState, effects: SessionEffect[], now = T0, remember = 'session') =>
  applyEffects(s, effects, { now, config: { rememberApprovals: remember } });
const wrote = (...paths: string[]): SessionEffect => ({ type: 'observed', tool: 'Write', writes: paths, reads: [], actions: [] });
const ran = (kind: 'test' | 'commit' | 'exec', command: string): SessionEffect => ({ type: 'observed', tool: 'Bash', writes: [], reads: [], actions: [{ kind, command }] });
const ask = (id: string, permissionMode?: string, target = 'read .env'): SessionEffect => ({
  type: 'ask',
  toolUseId: id,
  keys: [{ rule: 'paths-sensitive/env-files', target }],
  ...(permissionMode ? { permissionMode } : {}),
});
const ranTool = (id: string): SessionEffect => ({ type: 'observed', tool: 'Read', toolUseId: id, writes: [], reads: [], actions: [] });

describe('durations', () => {
  it.each([
    ['90s', 90_000],
    ['30m', 30 * MIN],
    ['2h', 120 * MIN],
    ['1d', 1440 * MIN],
    ['1h30m', 90 * MIN],
  ])('%s', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
    expect(parseDuration(formatDuration(ms))).toBe(ms);
  });
  it.each(['', '30', 'm', '-5m', '0m', '1.5h', '30 minutes', '1w'])('%j is not a duration', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});

describe('applyEffects', () => {
  it('leaves its input alone and stamps the update time', () => {
    const s = fresh();
    const r = apply(s, [wrote('src/a.ts')], T0 + 5);
    expect(s.changed).toEqual([]);
    expect(r.state.changed.map((c) => c.path)).toEqual(['src/a.ts']);
    expect(r.state.updatedAt).toBe(T0 + 5);
  });

  it('writes mark files changed; a check clears them; a re-read clears that file only', () => {
    let s = apply(fresh(), [wrote('src/a.ts', 'src/b.ts')]).state;
    expect(s.lastWriteSeq).toBe(2);
    s = apply(s, [{ type: 'observed', tool: 'Read', writes: [], reads: ['src/a.ts'], actions: [] }]).state;
    expect(s.changed.map((c) => c.path)).toEqual(['src/b.ts']);
    expect(s.verified).toBeUndefined();
    s = apply(s, [{ type: 'observed', tool: 'Read', writes: [], reads: ['src/b.ts'], actions: [] }]).state;
    expect(s.changed).toEqual([]);
    expect(s.verified?.how).toBe('re-read src/b.ts');
    s = apply(s, [wrote('src/c.ts'), ran('exec', 'ls')]).state;
    expect(s.changed).toHaveLength(1);
    s = apply(s, [ran('test', 'npm test')]).state;
    expect(s.changed).toEqual([]);
    expect(s.verified?.how).toBe('test: npm test');
  });

  it('a command that writes and then checks ends checked; the same file written twice is listed once', () => {
    const s = apply(fresh(), [wrote('src/a.ts'), wrote('src/a.ts')]).state;
    expect(s.changed).toHaveLength(1);
    const r = apply(fresh(), [{ type: 'observed', tool: 'Bash', writes: ['src/gen.ts'], reads: [], actions: [{ kind: 'test', command: 'gen && npm test' }] }]);
    expect(r.state.changed).toEqual([]);
  });

  it('a check that failed is recorded as failed and checks nothing; what its command wrote is still changed', () => {
    let s = apply(fresh(), [wrote('src/a.ts')]).state;
    s = apply(s, [{ type: 'observed', tool: 'Bash', writes: ['src/gen.ts'], reads: [], actions: [{ kind: 'test', command: 'gen && npm test' }], failed: true }]).state;
    expect(s.changed.map((c) => c.path)).toEqual(['src/a.ts', 'src/gen.ts']);
    expect(s.verified).toBeUndefined();
    expect(s.actions).toEqual([{ kind: 'test', turn: 0, seq: 3, command: 'gen && npm test', failed: true }]);
    s = apply(s, [ran('test', 'npm test')]).state;
    expect(s.changed).toEqual([]);
    expect(s.actions.at(-1)).not.toHaveProperty('failed');
  });

  it('keeps at most LIMITS.changed files and counts the rest', () => {
    const paths = Array.from({ length: LIMITS.changed + 7 }, (_, i) => `f${i}.ts`);
    const s = apply(fresh(), [wrote(...paths)]).state;
    expect(s.changed).toHaveLength(LIMITS.changed);
    expect(s.changedMore).toBe(7);
    expect(s.changed.at(-1)?.path).toBe(`f${LIMITS.changed + 6}.ts`);
  });

  it('keeps at most LIMITS.actions commands and LIMITS.pending asks', () => {
    let s = fresh();
    s = apply(s, Array.from({ length: LIMITS.actions + 3 }, (_, i) => ran('exec', `echo ${i}`))).state;
    expect(s.actions).toHaveLength(LIMITS.actions);
    expect(s.actions[0]?.command).toBe('echo 3');
    s = apply(s, Array.from({ length: LIMITS.pending + 2 }, (_, i) => ask(`t${i}`))).state;
    expect(s.pending).toHaveLength(LIMITS.pending);
  });

  it('an ask followed by the tool running is remembered as a grant on that rule and target', () => {
    const s = apply(fresh(), [ask('t1')]).state;
    const r = apply(s, [ranTool('t1')]);
    expect(r.created).toHaveLength(1);
    expect(r.state.grants[0]).toMatchObject({ rule: 'paths-sensitive/env-files', target: 'read .env', source: 'approval' });
    expect(r.state.grants[0]?.until).toBeUndefined();
    expect(r.state.pending).toEqual([]);
    expect(r.notes[0]).toMatch(/^approval remembered: g\d+ paths-sensitive\/env-files on read \.env$/);
    // The same approval again adds nothing.
    const again = apply(apply(r.state, [ask('t2')]).state, [ranTool('t2')]);
    expect(again.created).toEqual([]);
    expect(again.state.grants).toHaveLength(1);
  });

  it('a duration setting gives the remembered approval a window that then closes', () => {
    const s = apply(fresh(), [ask('t1')], T0, '30m').state;
    const g = apply(s, [ranTool('t1')], T0, '30m').state;
    expect(g.grants[0]?.until).toBe(T0 + 30 * MIN);
    expect(activeGrants(g, T0 + 29 * MIN)).toHaveLength(1);
    expect(activeGrants(g, T0 + 30 * MIN)).toHaveLength(0);
  });

  it('remembers nothing when off, or when Claude Code asked nobody (bypassPermissions, dontAsk)', () => {
    expect(apply(apply(fresh(), [ask('t1')]).state, [ranTool('t1')], T0, 'off').state.grants).toEqual([]);
    for (const mode of ['bypassPermissions', 'dontAsk']) {
      expect(apply(apply(fresh(), [ask('t1', mode)]).state, [ranTool('t1')]).state.grants).toEqual([]);
    }
    // A tool running with no pending ask proves nothing either.
    expect(apply(fresh(), [ranTool('t9')]).state.grants).toEqual([]);
  });

  it('grants from the CLI and revokes, by id or all', () => {
    let r = apply(fresh(), [{ type: 'grant', grant: { capability: 'FileWrite', source: 'cli', until: T0 + MIN } }]);
    const id = r.created[0]?.id as string;
    expect(r.notes).toEqual([`grant created: ${id} FileWrite`]);
    r = apply(r.state, [{ type: 'grant', grant: { rule: 'bash-git', source: 'cli' } }]);
    expect(r.state.grants).toHaveLength(2);
    r = apply(r.state, [{ type: 'revoke', ids: [id] }]);
    expect(r.revoked.map((g) => g.id)).toEqual([id]);
    r = apply(r.state, [{ type: 'revoke', ids: 'all' }]);
    expect(r.state.grants).toEqual([]);
  });

  it('keeps at most LIMITS.grants, dropping remembered approvals before explicit grants', () => {
    let s = apply(fresh(), [{ type: 'grant', grant: { rule: 'bash-git', source: 'cli' } }]).state;
    for (let i = 0; i < LIMITS.grants + 5; i++) {
      s = apply(s, [ask(`t${i}`, undefined, `read .env.${i}`)]).state;
      s = apply(s, [ranTool(`t${i}`)]).state;
    }
    expect(s.grants).toHaveLength(LIMITS.grants);
    expect(s.grants.some((g) => g.source === 'cli')).toBe(true);
  });

  it('read-only: a cue lasts the turn, a prefix or the CLI lasts until lifted', () => {
    let s = apply(fresh(), [{ type: 'prompt', mode: { mode: 'readonly', scope: 'turn', cue: 'just investigate', id: 'session/read-only-cue' } }]).state;
    expect(readOnlyStatus(s)).toEqual({ scope: 'turn', why: 'the user\'s prompt said "just investigate"' });
    s = apply(s, [{ type: 'prompt' }]).state;
    expect(readOnlyStatus(s)).toBeUndefined();
    s = apply(s, [{ type: 'prompt', mode: { mode: 'readonly', scope: 'session', cue: 'prefix "ro:"', id: 'session/read-only-prefix' } }]).state;
    s = apply(s, [{ type: 'prompt' }, { type: 'prompt' }]).state;
    expect(readOnlyStatus(s)?.scope).toBe('session');
    s = apply(s, [{ type: 'mode', mode: 'normal', by: 'hookwarden mode normal' }]).state;
    expect(readOnlyStatus(s)).toBeUndefined();
    s = apply(s, [{ type: 'mode', mode: 'readonly', by: 'hookwarden mode readonly' }]).state;
    expect(readOnlyStatus(s)?.why).toContain('hookwarden mode readonly');
  });

  it('records each stop nudge once', () => {
    const s = apply(fresh(), [{ type: 'nudged', verifyWriteSeq: 4, claims: ['1:claims/tests-pass'] }, { type: 'nudged', claims: ['1:claims/tests-pass'] }]).state;
    expect(s.nudged).toEqual({ verifyWriteSeq: 4, claims: ['1:claims/tests-pass'] });
  });

  it('drops asks nobody answered within a day', () => {
    const s = apply(fresh(), [ask('t1')]).state;
    expect(apply(s, [], T0 + 25 * 60 * MIN).state.pending).toEqual([]);
  });
});

describe('grants and shapes', () => {
  it('a grant covers its rule (or pack) and target, or a whole capability', () => {
    const base = { createdAt: T0, source: 'cli' as const, id: 'g1' };
    expect(grantCovers({ ...base, rule: 'bash-git' }, 'bash-git/push-force', 'x', 'SystemExecute')).toBe(true);
    expect(grantCovers({ ...base, rule: 'bash-git' }, 'bash-gitx/y', 'x', 'SystemExecute')).toBe(false);
    expect(grantCovers({ ...base, rule: 'a/b', target: 't' }, 'a/b', 'u', 'FileRead')).toBe(false);
    expect(grantCovers({ ...base, capability: 'MCP:github' }, 'any/rule', 'x', 'MCP:github')).toBe(true);
    expect(grantCovers({ ...base, capability: 'MCP:github' }, 'any/rule', 'x', 'MCP:linear')).toBe(false);
  });

  it('recognises its own files and nothing else', () => {
    const s = fresh();
    expect(isSessionState(JSON.parse(JSON.stringify(s)), 's1')).toBe(true);
    expect(isSessionState(s, 'another-session')).toBe(false);
    expect(isSessionState({ ...s, v: 2 }, 's1')).toBe(false);
    expect(isSessionState({ ...s, changed: 'x' }, 's1')).toBe(false);
    expect(isSessionState(null, 's1')).toBe(false);
  });
});
