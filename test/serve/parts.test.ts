// The daemon's parts in process: the http answer for every kind of hook result, the token check, the reload memo.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDecision } from '../../lib/protocol/claude-code/render.js';
import type { FinalDecision } from '../../lib/engine/types.js';
import { bearerMatches, ensureServeToken, newToken, refusalKind, TOKEN_PATTERN } from '../../lib/serve/auth.js';
import { filesForKey, ReloadingMemo } from '../../lib/serve/reload.js';
import { blockJson, httpAnswer } from '../../lib/serve/server.js';
import { HOOKS, type HookName } from '../../lib/hook/hooks.js';

const decision = (action: FinalDecision['action']): FinalDecision =>
  ({ action, message: `hookwarden ${action}: because`, hints: [], injections: [] }) as unknown as FinalDecision;

describe('httpAnswer: a command hook result as an http hook answer', () => {
  it('every block the renderer makes already carries a blocking JSON body, and the answer is that body', () => {
    for (const hook of ['pre-tool-use', 'user-prompt', 'post-tool-use', 'stop'] as HookName[]) {
      const run = renderDecision(HOOKS[hook], decision('block'));
      expect(run.stdout, hook).not.toBe('');
      const a = httpAnswer(hook, run);
      expect(a).toEqual({ status: 200, body: run.stdout, type: 'application/json' });
      const j = JSON.parse(a.body);
      expect(j.decision === 'block' || j.hookSpecificOutput?.permissionDecision === 'deny', hook).toBe(true);
    }
  });

  it('no opinion is an empty 200', () => {
    expect(httpAnswer('pre-tool-use', renderDecision('PreToolUse', decision('silent')))).toEqual({ status: 200, body: '' });
  });

  it('exit 2 with only stderr (input a guard could not judge) becomes the same block as JSON', () => {
    const stderr = 'hookwarden: stdin is empty (E_STDIN_EMPTY); the call was blocked because it could not be judged.\n';
    const pre = httpAnswer('pre-tool-use', { exitCode: 2, stdout: '', stderr });
    expect(pre.status).toBe(200);
    expect(JSON.parse(pre.body)).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: stderr.trim() },
    });
    expect(JSON.parse(httpAnswer('user-prompt', { exitCode: 2, stdout: '', stderr }).body)).toEqual({ decision: 'block', reason: stderr.trim() });
    // A block with an empty stderr still blocks.
    expect(JSON.parse(httpAnswer('stop', { exitCode: 2, stdout: '', stderr: '' }).body).decision).toBe('block');
  });

  it('exit 1 (an observer that could not judge) is a non-2xx answer: a non-blocking error for Claude Code', () => {
    expect(httpAnswer('post-tool-use', { exitCode: 1, stdout: '', stderr: 'hookwarden: stdin is not valid JSON: x (E_STDIN_JSON); nothing was judged.\n' })).toMatchObject({ status: 400 });
    expect(httpAnswer('stop', { exitCode: 1, stdout: '', stderr: 'hookwarden: internal error: boom\n' })).toMatchObject({ status: 500, body: 'hookwarden: internal error: boom\n' });
    // SessionStart cannot block: even exit 2 stays a non-blocking error.
    expect(httpAnswer('session-start', { exitCode: 2, stdout: '', stderr: 'hookwarden: internal error: x\n' }).status).toBe(500);
    expect(blockJson('SessionStart', 'x')).toBeNull();
  });
});

describe('the bearer token', () => {
  it('is 43 base64url characters from a CSPRNG, valid for the config schema', () => {
    const a = newToken();
    expect(a).toMatch(TOKEN_PATTERN);
    expect(a).toHaveLength(43);
    expect(newToken()).not.toBe(a);
  });

  it('matches only "Bearer <token>" exactly', () => {
    const t = newToken();
    expect(bearerMatches(`Bearer ${t}`, t)).toBe(true);
    expect(bearerMatches(`bearer ${t}`, t)).toBe(true);
    for (const h of [undefined, '', 'Bearer', 'Bearer ', `Basic ${t}`, `Bearer ${t}x`, `Bearer ${t.slice(1)}`, t]) expect(bearerMatches(h, t), String(h)).toBe(false);
    expect(refusalKind(undefined)).toBe('missing');
    expect(refusalKind('Bearer ')).toBe('empty');
    expect(refusalKind('Bearer x')).toBe('wrong');
  });

  it('is stored in $HOOKWARDEN_HOME/config.json, mode 0600, next to the settings already there, and kept', () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-token-'));
    const env = { HOOKWARDEN_HOME: home, HOME: home };
    writeFileSync(join(home, 'config.json'), JSON.stringify({ autoAllowReadOnly: true, serve: { port: 7500 } }), { mode: 0o644 });
    const first = ensureServeToken(env);
    expect(first).toMatchObject({ created: true, written: true });
    const cfg = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8'));
    expect(cfg).toEqual({ autoAllowReadOnly: true, serve: { port: 7500, token: first.token } });
    expect(statSync(join(home, 'config.json')).mode & 0o777).toBe(0o600);
    expect(ensureServeToken(env)).toMatchObject({ token: first.token, created: false, written: false });
    expect(ensureServeToken(env, 7600)).toMatchObject({ token: first.token, created: false, written: true });
    expect(JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')).serve.port).toBe(7600);
    writeFileSync(join(home, 'config.json'), '{ broken');
    expect(() => ensureServeToken(env)).toThrow(/cannot read .*config\.json/);
    expect(readFileSync(join(home, 'config.json'), 'utf8')).toBe('{ broken');
  });
});

describe('ReloadingMemo', () => {
  function layout() {
    const root = mkdtempSync(join(tmpdir(), 'hw-memo-'));
    const hw = join(root, 'hw');
    const project = join(root, 'project');
    const patterns = join(root, 'patterns');
    for (const d of [hw, join(project, '.hookwarden'), patterns]) mkdirSync(d, { recursive: true });
    writeFileSync(join(patterns, 'a.json'), '{}');
    return { hw, project, patterns, key: `${hw}\0${project}\0${patterns}` };
  }

  it('keeps an entry until one of its files changes, appears or goes, then rebuilds once', () => {
    const l = layout();
    const reloads: string[][] = [];
    const memo = new ReloadingMemo<string>((e) => reloads.push(e.changed));
    expect(memo.get(l.key)).toBeUndefined();
    memo.set(l.key, 'v1');
    expect(memo.get(l.key)).toBe('v1');
    for (const change of [
      () => writeFileSync(join(l.hw, 'patterns.json'), '{"patterns":[]}'), // appears
      () => writeFileSync(join(l.project, '.hookwarden', 'config.json'), '{}'),
      () => writeFileSync(join(l.patterns, 'a.json'), '{ }'), // a shipped pack edited
      () => writeFileSync(join(l.patterns, 'b.json'), '{}'), // a pack added
      () => rmSync(join(l.hw, 'patterns.json')), // goes
      () => writeFileSync(join(l.hw, 'config.json'), '{}'),
    ]) {
      change();
      expect(memo.get(l.key)).toBeUndefined();
      memo.set(l.key, 'v');
      expect(memo.get(l.key)).toBe('v');
    }
    expect(reloads).toHaveLength(6);
    expect(reloads[0]).toEqual([join(l.hw, 'patterns.json')]);
  });

  it('never caches a key of another shape, drops a failed build, and keeps at most max entries', async () => {
    const memo = new ReloadingMemo<Promise<string>>(undefined, 2);
    expect(filesForKey('one-part')).toBeNull();
    memo.get('one-part');
    memo.set('one-part', Promise.resolve('x'));
    expect(memo.get('one-part')).toBeUndefined();
    const l = layout();
    memo.get(l.key);
    const failed = Promise.reject(new Error('boom'));
    memo.set(l.key, failed);
    await failed.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 0));
    expect(memo.get(l.key)).toBeUndefined();
    const keys = [layout().key, layout().key, layout().key];
    for (const k of keys) {
      memo.get(k);
      memo.set(k, Promise.resolve(k));
    }
    expect(memo.size).toBe(2);
    expect(memo.get(keys[0]!)).toBeUndefined();
    expect(memo.get(keys[2]!)).toBeDefined();
  });
});
