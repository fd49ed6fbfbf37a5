// The daemon's parts in process: the http answer for every kind of hook result, the token check, the reload memo,
// the Host/Origin check and the connection cap's eviction order.

import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderDecision } from '../../lib/protocol/claude-code/render.js';
import type { FinalDecision } from '../../lib/engine/types.js';
import { bearerMatches, ensureServeToken, newToken, refusalKind, TOKEN_PATTERN } from '../../lib/serve/auth.js';
import { Connections } from '../../lib/serve/connections.js';
import { foreignRequest, isLoopbackHost, isLoopbackOrigin, logValue } from '../../lib/serve/guard.js';
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
      // Stop and PostToolUse blocks reach the model as additionalContext (docs/claude-code.md); the others decide.
      const told = hook === 'stop' || hook === 'post-tool-use' ? typeof j.hookSpecificOutput?.additionalContext === 'string' : false;
      expect(told || j.decision === 'block' || j.hookSpecificOutput?.permissionDecision === 'deny', hook).toBe(true);
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

describe('Host and Origin: loopback names only (against DNS rebinding)', () => {
  it('accepts 127.0.0.1, any 127.x.y.z, localhost in any case and [::1], with or without a port', () => {
    for (const h of ['127.0.0.1', '127.0.0.1:7437', '127.1.2.3:80', 'localhost', 'LocalHost:7437', '[::1]', '[::1]:7437']) expect(isLoopbackHost(h), h).toBe(true);
  });

  it('refuses every other name, look-alikes included, and a missing Host', () => {
    for (const h of [
      undefined,
      '',
      'evil.example',
      'evil.example:8787',
      'localhost.evil.example',
      '127.0.0.1.evil.example',
      'localhost.',
      '127.0.0.256',
      '127.0.0.1:99999',
      '127.0.0.1:',
      '[::1].evil.example',
      '::1',
      '[::2]:7437',
      '0.0.0.0',
      '10.0.0.1',
      'localhost:7437@evil.example',
    ]) {
      expect(isLoopbackHost(h), String(h)).toBe(false);
    }
  });

  it('accepts an http origin on a loopback name only; null, https and other hosts are refused', () => {
    for (const o of ['http://127.0.0.1:7437', 'http://localhost:3000', 'http://[::1]:8080', 'http://localhost']) expect(isLoopbackOrigin(o), o).toBe(true);
    for (const o of ['null', 'http://evil.example', 'https://localhost:7437', 'http://localhost:7437/', 'http://localhost.evil.example', 'http://127.0.0.1:1, http://evil.example', 'file://']) {
      expect(isLoopbackOrigin(o), o).toBe(false);
    }
  });

  it('refuses a request with two Host headers, even if the first is loopback (node keeps only the first)', () => {
    const req = (raw: string[]): IncomingMessage => {
      const headers: Record<string, string> = {};
      for (let i = 0; i < raw.length; i += 2) headers[raw[i]!.toLowerCase()] ??= raw[i + 1]!;
      return { rawHeaders: raw, headers } as unknown as IncomingMessage;
    };
    expect(foreignRequest(req(['Host', '127.0.0.1:1']))).toBeNull();
    expect(foreignRequest(req(['Host', '127.0.0.1:1', 'host', 'evil.example']))).toMatchObject({ header: 'Host' });
    expect(foreignRequest(req([]))).toEqual({ header: 'Host', value: '(none)' });
    expect(foreignRequest(req(['Host', 'localhost', 'Origin', 'http://evil.example']))).toEqual({ header: 'Origin', value: 'http://evil.example' });
  });

  it('logs a refused header value quoted, cut at 80 characters, with no byte that could drive the terminal', () => {
    // A latin-1 byte 0x9b in a header is a C1 CSI once decoded; with it, "evil" could repaint the daemon's terminal.
    expect(logValue('evil\u009b2J\u202e.example')).toBe('"evil\\u009b2J\\u202e.example"');
    expect(logValue('x'.repeat(100))).toBe(`"${'x'.repeat(80)}…"`);
    expect(logValue('a"b\\c')).toBe('"a\\"b\\\\c"');
  });
});

describe('Connections: the cap evicts the oldest connection with no request in progress', () => {
  class FakeSocket extends EventEmitter {
    destroyed = false;
    constructor(readonly name: string) {
      super();
    }
    destroy(): void {
      if (this.destroyed) return;
      this.destroyed = true;
      queueMicrotask(() => this.emit('close'));
    }
  }
  const sock = (name: string): Socket & FakeSocket => new FakeSocket(name) as unknown as Socket & FakeSocket;
  afterEach(() => vi.useRealTimers());

  it('evicts idle and slow connections oldest first, never one with a request in progress', () => {
    const c = new Connections(3, 60_000);
    const [a, b, d] = [sock('a'), sock('b'), sock('d')];
    for (const s of [a, b, d]) c.add(s);
    const doneA = c.begin(a); // a: headers complete, being judged
    const e = sock('e');
    c.add(e); // at the cap: b (the oldest without a request in progress) goes, not a
    expect([a.destroyed, b.destroyed, d.destroyed, e.destroyed]).toEqual([false, true, false, false]);
    doneA(); // a answered: evictable again, and now the oldest
    const f = sock('f');
    c.add(f);
    expect(a.destroyed).toBe(true);
    expect(c.stats()).toEqual({ open: 3, evicted: 2, refused: 0 });
  });

  it('refuses the newcomer only when every connection has a request in progress', async () => {
    const c = new Connections(2, 60_000);
    const [a, b] = [sock('a'), sock('b')];
    c.add(a);
    c.add(b);
    c.begin(a);
    const doneB = c.begin(b);
    const n = sock('n');
    c.add(n);
    expect([a.destroyed, b.destroyed, n.destroyed]).toEqual([false, false, true]);
    expect(c.stats()).toEqual({ open: 2, evicted: 0, refused: 1 });
    doneB();
    doneB(); // twice (close after finish) counts once
    b.destroy(); // its client went away
    await Promise.resolve();
    expect(c.stats().open).toBe(1);
    const m = sock('m');
    c.add(m);
    expect(m.destroyed).toBe(false);
  });

  it('closes a connection whose first request has not completed its headers in time, and only that one', () => {
    vi.useFakeTimers();
    const c = new Connections(10, 1_000);
    const [silent, served] = [sock('silent'), sock('served')];
    c.add(silent);
    c.add(served);
    vi.advanceTimersByTime(500);
    c.begin(served)();
    vi.advanceTimersByTime(600);
    expect(silent.destroyed).toBe(true);
    expect(served.destroyed).toBe(false); // kept alive between requests: node's keepAliveTimeout is in charge now
  });
});
