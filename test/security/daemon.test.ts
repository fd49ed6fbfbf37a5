// The daemon (`hookwarden serve`) as an attacker on the same machine sees it: no token, a foreign Host or Origin
// (DNS rebinding from a web page), slow or endless clients trying to starve real hook calls, oversized bodies.
// The daemon runs in process (startDaemon, as `hookwarden serve` calls it), each test with its own
// HOOKWARDEN_HOME, so tests can read its counters and give it short timeouts. Raw sockets play the attackers.
// No absolute time bound: latency under attack is compared with the same calls measured without it, in the same
// test; the fixed timeouts below only detect hangs.

import { allEvents } from '../helpers/audit-calls.js';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_GUARD_BYTES, MAX_OBSERVER_BYTES } from '../../lib/hook/stages/parse.js';
import { DAEMON_LIMITS, startDaemon, type Daemon, type DaemonLimits } from '../../lib/serve/server.js';
import { hookEnv, loadFixtures } from '../helpers/fixtures.js';

const TOKEN = 'security-token-0123456789-abcdefghijklmnopqrstu';
const HANG_MS = 10_000;
const fixtures = new Map(loadFixtures().map((f) => [f.name, f.stdin]));
const GIT_STATUS = fixtures.get('pre-bash-git-status')!;
const RM_RF_ROOT = fixtures.get('pre-bash-rm-rf-root')!;

interface Running {
  d: Daemon;
  home: string;
  logs: string[];
}

const running: Running[] = [];
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const s of sockets) s.destroy();
  sockets.clear();
  await Promise.all(running.splice(0).map((r) => r.d.close('test end')));
});

async function daemon(limits: Partial<DaemonLimits> = {}): Promise<Running> {
  const home = mkdtempSync(join(tmpdir(), 'hw-sec-serve-'));
  const configFile = join(home, 'config.json');
  writeFileSync(configFile, JSON.stringify({ serve: { token: TOKEN } }), { mode: 0o600 });
  const logs: string[] = [];
  const d = await startDaemon({ port: 0, token: TOKEN, env: hookEnv(home), configFile, log: (l) => logs.push(l), limits });
  const r = { d, home, logs };
  running.push(r);
  return r;
}

/** Nothing was judged: no audit line and no session state (a judged call writes at least the audit line). */
function nothingJudged(home: string): void {
  expect(allEvents(home)).toEqual([]);
  expect(existsSync(join(home, 'state'))).toBe(false);
}

/** A well-behaved client: one request on a fresh connection (no agent), as Claude Code's http hook makes it. */
function post(port: number, hook: string, body: string, headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: `/hooks/${hook}`, method: 'POST', agent: false, headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.setTimeout(HANG_MS, () => req.destroy(new Error(`no answer within ${HANG_MS} ms: the daemon is starved`)));
    req.on('error', reject);
    req.end(body);
  });
}

interface RawAnswer {
  status: number;
  head: string;
  body: string;
  /** The daemon closed the connection (checked after the answer, within the hang timeout). */
  closed: boolean;
}

/** Sends `text` as is on a raw socket and reads one answer; then waits for the close when `untilClose`. */
function raw(port: number, text: string | Buffer, untilClose = true): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1');
    sockets.add(s);
    let buf = Buffer.alloc(0);
    let answer: Omit<RawAnswer, 'closed'> | null = null;
    const timer = setTimeout(() => (answer ? resolve({ ...answer, closed: false }) : reject(new Error(`no answer within ${HANG_MS} ms`))), HANG_MS);
    const parse = (): void => {
      const end = buf.indexOf('\r\n\r\n');
      if (answer || end < 0) return;
      const head = buf.subarray(0, end).toString('latin1');
      const len = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buf.length < end + 4 + len) return;
      answer = { status: Number(head.split(' ')[1]), head, body: buf.subarray(end + 4, end + 4 + len).toString('utf8') };
      if (!untilClose) {
        clearTimeout(timer);
        resolve({ ...answer, closed: false });
      }
    };
    s.on('data', (c: Buffer) => {
      buf = Buffer.concat([buf, c]);
      parse();
    });
    s.on('error', () => undefined); // a reset after the answer is the daemon closing; judged by `closed`
    s.on('close', () => {
      clearTimeout(timer);
      if (answer) resolve({ ...answer, closed: true });
      else reject(new Error(`closed without an answer: ${JSON.stringify(buf.toString('latin1').slice(0, 200))}`));
    });
    s.write(text);
  });
}

const hookRequest = (port: number, headers: string, body: string): string =>
  `POST /hooks/pre-tool-use HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

const waitFor = async (what: string, ok: () => boolean): Promise<void> => {
  for (const t0 = Date.now(); !ok(); await new Promise((r) => setTimeout(r, 10))) {
    if (Date.now() - t0 > HANG_MS) throw new Error(`timed out waiting for ${what}`);
  }
};

describe('the token', () => {
  it('missing, wrong, or of another length: 401, and no hook runs, nothing is audited', async () => {
    const { d, home, logs } = await daemon();
    const wrongSameLength = `${TOKEN.slice(0, -1)}${TOKEN.endsWith('x') ? 'y' : 'x'}`;
    for (const auth of [undefined, 'Bearer ', `Bearer ${wrongSameLength}`, `Bearer ${TOKEN.slice(0, 10)}`, `Bearer ${TOKEN}${TOKEN}`, `Basic ${TOKEN}`]) {
      const r = await post(d.port, 'pre-tool-use', RM_RF_ROOT, auth === undefined ? {} : { Authorization: auth });
      expect({ auth, status: r.status, body: r.body, www: r.headers['www-authenticate'] }).toEqual({ auth, status: 401, body: '', www: 'Bearer' });
    }
    nothingJudged(home);
    // One line about refused tokens, however many arrive (at most one a minute).
    expect(logs.filter((l) => l.includes('refused a request with'))).toHaveLength(1);
    // The same call with the token is judged and audited: the absence above is not an audit that never works.
    const ok = await post(d.port, 'pre-tool-use', RM_RF_ROOT);
    expect(JSON.parse(ok.body).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(allEvents(home)).toHaveLength(1);
  });
});

describe('Host and Origin (DNS rebinding)', () => {
  it('a foreign or missing Host is refused before the token and before any body: no hook runs', async () => {
    const { d, home, logs } = await daemon();
    const auth = `Authorization: Bearer ${TOKEN}\r\n`;
    for (const host of ['evil.example', `evil.example:${d.port}`, `localhost.evil.example:${d.port}`, `127.0.0.1.evil.example`]) {
      const r = await raw(d.port, hookRequest(d.port, auth, RM_RF_ROOT).replace(`Host: 127.0.0.1:${d.port}`, `Host: ${host}`));
      expect({ host, status: r.status, closed: r.closed }).toEqual({ host, status: 403, closed: true });
      expect(r.body.split('\n').filter(Boolean)).toHaveLength(1);
    }
    // Headers only, the announced body never sent: the refusal does not wait for it.
    const noBody = await raw(d.port, `POST /hooks/pre-tool-use HTTP/1.1\r\nHost: evil.example\r\n${auth}Content-Length: 100000\r\n\r\n`);
    expect(noBody.status).toBe(403);
    // No Host at all (HTTP/1.1), two Host headers, and /healthz, which needs no token, from a foreign name.
    expect((await raw(d.port, `GET /healthz HTTP/1.1\r\n\r\n`)).status).toBe(403);
    expect((await raw(d.port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n`)).status).toBe(403);
    const health = await raw(d.port, `GET /healthz HTTP/1.1\r\nHost: evil.example\r\n\r\n`);
    expect(health.status).toBe(403);
    expect(health.body).not.toContain('version');
    nothingJudged(home);
    expect(logs.filter((l) => /refused a request with Host/.test(l))).toHaveLength(1);
    expect(logs.join('')).toContain('"evil.example"');
    // Loopback names are answered, with or without a port, localhost in any case.
    for (const host of [`127.0.0.1:${d.port}`, '127.0.0.1', '127.9.8.7', `LocalHost:${d.port}`, `[::1]:${d.port}`]) {
      const r = await raw(d.port, `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect({ host, status: r.status }).toEqual({ host, status: 200 });
    }
  });

  it('a foreign Origin is refused even with the right Host and token; a loopback one is answered', async () => {
    const { d, home } = await daemon();
    for (const origin of ['http://evil.example', `http://evil.example:${d.port}`, 'null', `https://127.0.0.1:${d.port}`]) {
      const r = await post(d.port, 'pre-tool-use', RM_RF_ROOT, { Authorization: `Bearer ${TOKEN}`, Origin: origin });
      expect({ origin, status: r.status }).toEqual({ origin, status: 403 });
    }
    nothingJudged(home);
    const r = await post(d.port, 'pre-tool-use', RM_RF_ROOT, { Authorization: `Bearer ${TOKEN}`, Origin: `http://localhost:${d.port}` });
    expect(JSON.parse(r.body).hookSpecificOutput.permissionDecision).toBe('deny');
  });
});

// A slowloris: the start of a request, then one more header byte every 100 ms (or nothing at all); never done.
function slowClients(port: number, n: number): { sockets: Socket[]; closed: () => number; stop: () => void } {
  const list: Socket[] = [];
  let closed = 0;
  for (let i = 0; i < n; i++) {
    const s = connect(port, '127.0.0.1');
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => closed++);
    // Read (and drop) what comes back: a paused socket may never read the server's FIN, and then never closes
    // (CLOSE-WAIT), although the daemon did close its side.
    s.resume();
    // A third send nothing, a third half a request line, a third the headers a byte at a time.
    if (i % 3 === 1) s.write('POST /hooks/pre-tool-use HTT');
    if (i % 3 === 2) s.write(`POST /hooks/pre-tool-use HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
    list.push(s);
  }
  const drip = setInterval(() => {
    for (let i = 2; i < list.length; i += 3) if (!list[i]!.destroyed) list[i]!.write('a');
  }, 100);
  return { sockets: list, closed: () => closed, stop: () => clearInterval(drip) };
}

/** 20 real calls (Bash `git status` and `rm -rf /`, alternating), one at a time; answers and times per call. */
async function realCalls(port: number): Promise<Array<{ body: string; ms: number }>> {
  const out: Array<{ body: string; ms: number }> = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    const r = await post(port, 'pre-tool-use', i % 2 ? RM_RF_ROOT : GIT_STATUS);
    out.push({ body: `${r.status} ${r.body}`, ms: performance.now() - t0 });
  }
  return out;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Generous: the typical call within 10 times the unloaded one, each call within 50 times the slowest unloaded
 * call, each with a floor. Starvation would be seconds (the slow clients hold on for 120 s); what the floors allow
 * for is the rest of a CI run on two cores: another test file busy during the loaded window and not the unloaded
 * one took a 1.3 ms call to 18 ms once (×13.7), while this file alone reads ×0.9-1.0. */
const TYPICAL_FLOOR_MS = 100;
const WORST_FLOOR_MS = 1_000;
function compareTimes(label: string, baseline: Array<{ ms: number }>, loaded: Array<{ ms: number }>): void {
  const [b, l] = [median(baseline.map((c) => c.ms)), median(loaded.map((c) => c.ms))];
  const [worstB, worstL] = [Math.max(...baseline.map((c) => c.ms)), Math.max(...loaded.map((c) => c.ms))];
  console.log(`${label}: real call median ${l.toFixed(2)} ms vs ${b.toFixed(2)} ms without (×${(l / b).toFixed(1)}); worst ${worstL.toFixed(2)} vs ${worstB.toFixed(2)} ms`);
  expect(l).toBeLessThan(Math.max(10 * b, TYPICAL_FLOOR_MS));
  expect(worstL).toBeLessThan(Math.max(50 * worstB, WORST_FLOOR_MS));
}

describe('slow and many clients do not starve real hook calls', () => {
  // Long timeouts here, so that the slow clients are still there when the real calls run: what lets the calls
  // through is the daemon itself (and, past the cap, eviction), not a timeout that happened to clear the way.
  const patient = { headersTimeoutMs: 120_000, requestTimeoutMs: 120_000 };

  it('200 slow clients held open: 20 real calls answer the same, in time comparable to no load', async () => {
    const { d } = await daemon(patient);
    await realCalls(d.port); // warm-up: the first call compiles the registry
    const baseline = await realCalls(d.port);
    const slow = slowClients(d.port, 200);
    try {
      await waitFor('200 slow connections', () => d.stats().connections.open >= 200);
      await new Promise((r) => setTimeout(r, 300)); // a few drips in
      const loaded = await realCalls(d.port);
      expect(loaded.map((c) => c.body)).toEqual(baseline.map((c) => c.body));
      expect(loaded[1]!.body).toMatch(/^200 .*"permissionDecision":"deny"/);
      expect(loaded[0]!.body).not.toMatch(/deny/);
      // Every slow client is still connected: the calls did not get through by pushing them out.
      expect(slow.closed()).toBe(0);
      expect(d.stats().connections).toMatchObject({ evicted: 0, refused: 0 });
      compareTimes('slow clients ×200', baseline, loaded);
    } finally {
      slow.stop();
    }
  }, 60_000);

  it('300 slow clients, more than the cap of 256: the oldest idle ones are evicted and real calls still answer', async () => {
    const { d, logs } = await daemon(patient);
    await realCalls(d.port);
    const baseline = await realCalls(d.port);
    await waitFor('the baseline connections to close', () => d.stats().connections.open === 0);
    const slow = slowClients(d.port, 300);
    try {
      // At the cap: the daemon holds 256 connections, the 44 oldest slow ones were closed to make room.
      await waitFor('the slow clients to be admitted or evicted', () => d.stats().connections.evicted + d.stats().connections.open >= 300);
      expect(d.stats().connections.open).toBe(DAEMON_LIMITS.maxConnections);
      await waitFor('the evicted clients to see their close', () => slow.closed() >= 44);
      const loaded = await realCalls(d.port);
      expect(loaded.map((c) => c.body)).toEqual(baseline.map((c) => c.body));
      // The first real call, a new connection at the cap, pushed out one more slow client (later ones may find the
      // place the previous call left); no connection was refused.
      const after = d.stats().connections;
      expect(after.evicted).toBeGreaterThanOrEqual(44 + 1);
      expect(after.refused).toBe(0);
      expect(after.open).toBeLessThanOrEqual(DAEMON_LIMITS.maxConnections);
      expect(logs.filter((l) => l.includes('closed the oldest one with no request in progress'))).toHaveLength(1);
      compareTimes('slow clients ×300 (cap 256)', baseline, loaded);
    } finally {
      slow.stop();
    }
  }, 60_000);

  it('at the cap with every connection mid-request, a newcomer is refused rather than a call dropped', async () => {
    const { d, home } = await daemon({ maxConnections: 2 });
    // Two authenticated calls whose bodies have not arrived yet: in progress, so never evicted.
    const body = RM_RF_ROOT;
    const held = [0, 1].map(() => {
      const s = connect(d.port, '127.0.0.1');
      sockets.add(s);
      s.write(`POST /hooks/pre-tool-use HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
      let got = '';
      s.on('data', (c: Buffer) => (got += c.toString('utf8')));
      return { s, got: () => got };
    });
    await waitFor('two requests in progress', () => d.stats().inFlight === 2);
    await expect(raw(d.port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)).rejects.toThrow(/closed without an answer/);
    expect(d.stats().connections).toMatchObject({ open: 2, refused: 1, evicted: 0 });
    // Both calls are then answered as usual.
    for (const h of held) h.s.write(body);
    await waitFor('both answers', () => held.every((h) => h.got().includes('"deny"')));
    expect(allEvents(home)).toHaveLength(2);
  });
});

describe('timeouts', () => {
  const quick = { headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 300, checkIntervalMs: 50 };

  it('a client that never completes its headers, or never sends a byte, is disconnected after the headers timeout', async () => {
    const { d } = await daemon(quick);
    const t0 = performance.now();
    const slow = slowClients(d.port, 6);
    try {
      await waitFor('every slow client to be disconnected', () => slow.closed() === 6);
    } finally {
      slow.stop();
    }
    // Not before the timeout (the hang detector in waitFor bounds it from above).
    expect(performance.now() - t0).toBeGreaterThanOrEqual(quick.headersTimeoutMs - 5);
    expect(d.stats().connections.open).toBe(0);
  });

  it('an idle kept-alive connection is closed after the keep-alive timeout', async () => {
    const { d } = await daemon(quick);
    const r = await raw(d.port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(r.head).toMatch(/\r\nConnection: keep-alive/i);
    expect({ status: r.status, closed: r.closed }).toEqual({ status: 200, closed: true });
  });

  it('a body that trickles in slower than the request timeout is cut off, unjudged', async () => {
    const { d, home } = await daemon(quick);
    const s = connect(d.port, '127.0.0.1');
    sockets.add(s);
    let got = '';
    s.on('data', (c: Buffer) => (got += c.toString('latin1')));
    const closed = new Promise<void>((r) => s.on('close', () => r()));
    s.on('error', () => undefined);
    s.write(`POST /hooks/pre-tool-use HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: ${RM_RF_ROOT.length}\r\n\r\n{`);
    const drip = setInterval(() => s.write(' '), 50);
    await closed;
    clearInterval(drip);
    expect(got).toMatch(/^HTTP\/1\.1 408/);
    expect(allEvents(home)).toEqual([]);
  });
});

describe('a body over the limit', () => {
  it('streamed without end: the block comes at once, the daemon stops reading and closes the connection', async () => {
    const { d, home } = await daemon();
    const s = connect(d.port, '127.0.0.1');
    sockets.add(s);
    s.on('error', () => undefined);
    let got = '';
    s.on('data', (c: Buffer) => (got += c.toString('latin1')));
    const closed = new Promise<void>((r) => s.on('close', () => r()));
    s.write(`POST /hooks/pre-tool-use HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nTransfer-Encoding: chunked\r\n\r\n`);
    // Chunks for as long as the daemon takes them, up to 512 MiB (the old daemon read every one of them).
    const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 0x20), Buffer.from('\r\n')]);
    let sent = 0;
    await new Promise<void>((resolve) => {
      const pump = (): void => {
        while (!s.destroyed && sent < 512 * 1024 * 1024) {
          sent += 0x10000;
          if (!s.write(chunk)) return void s.once('drain', pump);
        }
        resolve();
      };
      s.once('close', resolve);
      pump();
    });
    await closed;
    expect(got).toMatch(/^HTTP\/1\.1 200 /);
    expect(got).toMatch(/\r\nConnection: close\r\n/i);
    const reason = JSON.parse(got.slice(got.indexOf('\r\n\r\n') + 4)).hookSpecificOutput;
    expect(reason.permissionDecision).toBe('deny');
    expect(reason.permissionDecisionReason).toMatch(new RegExp(`request body is at least \\d+ bytes, over the ${MAX_GUARD_BYTES}-byte limit \\(E_STDIN_TOO_LARGE\\)`));
    // The limit, the bounded drain after the answer (16 MiB) and the kernel's socket buffers: far from all of it.
    expect(sent).toBeLessThan(MAX_GUARD_BYTES + 64 * 1024 * 1024);
    expect(allEvents(home).map((l) => [l.event, (l.rules as string[])[0], String(l.error).includes('E_STDIN_TOO_LARGE')])).toEqual([
      ['PreToolUse', 'INPUT_REJECTED_FAIL_CLOSED', true],
    ]);
  }, 60_000);

  it('announced by Content-Length: answered before any of it is sent, then closed; the observer gets 413', async () => {
    const { d, home } = await daemon();
    const auth = `Authorization: Bearer ${TOKEN}\r\n`;
    const huge = 1024 * 1024 * 1024;
    const guard = await raw(d.port, `POST /hooks/pre-tool-use HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Content-Length: ${huge}\r\n\r\n`);
    expect({ status: guard.status, closed: guard.closed }).toEqual({ status: 200, closed: true });
    expect(guard.head).toMatch(/\r\nConnection: close/i);
    expect(JSON.parse(guard.body).hookSpecificOutput.permissionDecisionReason).toContain(`request body is ${huge} bytes, over the ${MAX_GUARD_BYTES}-byte limit (E_STDIN_TOO_LARGE)`);
    const observer = await raw(d.port, `POST /hooks/post-tool-use HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Content-Length: ${MAX_OBSERVER_BYTES + 1}\r\n\r\n`);
    expect({ status: observer.status, closed: observer.closed }).toEqual({ status: 413, closed: true });
    expect(observer.body).toMatch(/E_STDIN_TOO_LARGE.*nothing was judged/);
    expect(allEvents(home).map((l) => [l.event, (l.rules as string[])[0]])).toEqual([
      ['PreToolUse', 'INPUT_REJECTED_FAIL_CLOSED'],
      ['PostToolUse', 'INPUT_REJECTED'],
    ]);
  });
});
