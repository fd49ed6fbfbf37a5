// The built daemon as a real process (`node dist/cli.js serve`), driven over loopback: the load test from a
// second process, auth, routing, limits, malformed input, reload, graceful shutdown, refused starts.
// Every daemon started here is killed after the test that started it, whatever happened.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hookEnv, loadFixtures, type Fixture } from '../helpers/fixtures.js';
import { ROOT } from '../helpers/registry.js';
import { hookForEvent } from '../../lib/hook/hooks.js';

const CLI = join(ROOT, 'dist', 'cli.js');
const TOKEN = 'test-token-0123456789-abcdefghijklmnopqrstuvwxyz';
const fixtures = loadFixtures();
const byName = new Map(fixtures.map((f) => [f.name, f]));

interface Running {
  proc: ChildProcess;
  port: number;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

// Processes started by the running test (killed after it) and by a describe's beforeAll (killed after the file).
const live = new Set<ChildProcess>();
const shared = new Set<ChildProcess>();
const kill = (set: Set<ChildProcess>): void => {
  for (const p of set) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  set.clear();
};
afterEach(() => kill(live));
afterAll(() => kill(shared));

function newHome(config: object | null = { serve: { token: TOKEN } }): string {
  const home = mkdtempSync(join(tmpdir(), 'hw-serve-'));
  if (config) writeFileSync(join(home, 'config.json'), JSON.stringify(config), { mode: 0o600 });
  return home;
}

function spawnServe(home: string, args: string[] = ['--port', '0'], keep = false): { proc: ChildProcess; stderr: () => string; exited: Running['exited'] } {
  const proc = spawn(process.execPath, [CLI, 'serve', ...args], { env: hookEnv(home), stdio: ['ignore', 'pipe', 'pipe'] });
  (keep ? shared : live).add(proc);
  let err = '';
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  proc.stdout!.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  return { proc, stderr: () => err, exited };
}

async function startServe(home: string, args?: string[], keep = false): Promise<Running> {
  const s = spawnServe(home, args, keep);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(s.stderr());
    if (m) return { ...s, port: Number(m[1]) };
    if (s.proc.exitCode !== null) throw new Error(`daemon exited ${s.proc.exitCode}: ${s.stderr()}`);
    if (Date.now() > deadline) throw new Error(`daemon did not start: ${s.stderr()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });
afterAll(() => agent.destroy());

function call(port: number, path: string, opts: { method?: string; body?: string | Buffer; token?: string | null; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = opts.body ?? '';
    const headers: Record<string, string | number> = { 'Content-Length': Buffer.byteLength(body), ...opts.headers };
    if (opts.token !== null) headers.Authorization = `Bearer ${opts.token ?? TOKEN}`;
    const req = request({ host: '127.0.0.1', port, path, method: opts.method ?? 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** What the command hook process prints for `stdin` (the reference the daemon must agree with). */
function commandHook(hook: string, stdin: string, home: string): { status: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'hooks', `${hook}.js`)], { input: stdin, env: hookEnv(home), encoding: 'utf8', timeout: 20_000 });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function auditLines(home: string): Array<Record<string, unknown>> {
  const dir = join(home, 'audit');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>));
}

const EVENT_OF: Record<string, string> = {
  'user-prompt': 'UserPromptSubmit',
  'pre-tool-use': 'PreToolUse',
  'post-tool-use': 'PostToolUse',
  stop: 'Stop',
  'session-start': 'SessionStart',
};

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} missing: run npm run build`);
});

describe('hookwarden serve under load (a second process, keep-alive, 16 in flight)', () => {
  it('answers 2,000 mixed requests of the five hooks like the command hooks, and audits every one', async () => {
    // The cases: every fixture that is valid JSON, with the command hook's own answer as reference (computed by
    // `hookwarden eval`, which agrees with the hook processes byte for byte: test/e2e/hooks.test.ts).
    const cases = fixtures.filter((f) => f.stdin.trim().startsWith('{') && !f.expect.hook);
    const refHome = newHome(null);
    const expectBody = new Map<string, string>();
    for (const hook of Object.keys(EVENT_OF)) {
      const mine = cases.filter((f) => f.hook === hook);
      if (!mine.length) continue;
      const input = mine.map((f) => JSON.stringify({ ...JSON.parse(f.stdin), session_id: `ref-${f.name}` })).join('\n');
      const r = spawnSync(process.execPath, [CLI, 'eval', '--hook', hook, '--audit'], { input, env: hookEnv(refHome), encoding: 'utf8', timeout: 30_000 });
      expect(r.status, r.stderr).toBe(0);
      r.stdout.trim().split('\n').forEach((line, i) => {
        const out = JSON.parse(line) as { exit_code: number; stdout: string };
        expect(out.exit_code === 0 || (out.exit_code === 2 && out.stdout), mine[i]!.name).toBeTruthy();
        expectBody.set(mine[i]!.name, out.stdout);
      });
    }
    expect(new Set(cases.map((c) => c.hook))).toEqual(new Set(Object.keys(EVENT_OF)));

    const home = newHome();
    const d = await startServe(home);
    const plan = {
      port: d.port,
      token: TOKEN,
      total: 2000,
      concurrency: 16,
      cases: cases.map((f) => ({ name: f.name, hook: f.hook, body: f.stdin, expectBody: expectBody.get(f.name), ...(f.expect.verdict ? { verdict: f.expect.verdict } : {}) })),
    };
    const planFile = join(home, 'plan.json');
    writeFileSync(planFile, JSON.stringify(plan));
    const client = spawn(process.execPath, [join(ROOT, 'test', 'helpers', 'load-client.mjs'), planFile], { env: hookEnv(home), stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(client);
    let out = '';
    let err = '';
    client.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    client.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    const code = await new Promise<number | null>((resolve) => client.once('exit', resolve));
    expect(code, err).toBe(0);
    const summary = JSON.parse(out) as { sent: number; answered: number; ok: number; failures: unknown[]; byHook: Record<string, number>; verdicts: Record<string, Record<string, number>> };
    expect(summary.failures).toEqual([]);
    expect(summary).toMatchObject({ sent: 2000, answered: 2000, ok: 2000 });
    for (const hook of Object.keys(EVENT_OF)) expect(summary.byHook[hook], hook).toBeGreaterThan(0);
    // Blocks are among the answers (the verdicts were checked per request against expected.json).
    expect(summary.verdicts['pre-bash-rm-rf-root']).toEqual({ block: expect.any(Number) });

    d.proc.kill('SIGTERM');
    expect(await d.exited).toEqual({ code: 0, signal: null });
    // One audit line per request: a decision for each routed call, a SESSION_START line for each session start.
    const lines = auditLines(home);
    const calls = lines.filter((l) => l.event !== 'memory');
    expect(calls).toHaveLength(2000);
    for (const hook of Object.keys(EVENT_OF)) {
      expect(calls.filter((l) => hookForEvent(String(l.event)) === hook).length, hook).toBe(summary.byHook[hook]);
    }
    expect(calls.some((l) => l.event === 'PostToolUseFailure')).toBe(true); // posted to /hooks/post-tool-use
    const routed = calls.filter((l) => l.event !== 'SessionStart');
    expect(routed.every((l) => Array.isArray(l.rules) && (l.rules as string[]).length > 0 && /^[0-9a-f]{64}$/.test(String(l.registry_hash)))).toBe(true);
    const ids = lines.map((l) => l.decision_id);
    expect(new Set(ids).size).toBe(ids.length);
    // No per-request noise: the start line, the stop line, nothing else.
    expect(d.stderr().trim().split('\n')).toHaveLength(2);
  }, 120_000);
});

describe('hookwarden serve: one daemon, many checks', () => {
  let d: Running;
  let home: string;
  beforeAll(async () => {
    home = newHome();
    d = await startServe(home, undefined, true);
  });

  const fx = (name: string): Fixture => byName.get(name)!;

  it('GET /healthz answers without a token and says nothing sensitive', async () => {
    const r = await call(d.port, '/healthz', { method: 'GET', token: null });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body)).toEqual({ ok: true, version: expect.any(String) });
    expect(r.body).not.toContain(TOKEN);
    expect((await call(d.port, '/healthz', { method: 'POST', token: null })).status).toBe(405);
  });

  it('refuses a missing, empty, wrong or differently-schemed token with a bare 401', async () => {
    const body = fx('pre-bash-rm-rf-root').stdin;
    for (const auth of [null, '', 'x', TOKEN.slice(0, -1), `${TOKEN}x`]) {
      const r = await call(d.port, '/hooks/pre-tool-use', { body, token: auth });
      expect(r.status, String(auth)).toBe(401);
      expect(r.body).toBe('');
    }
    const basic = await call(d.port, '/hooks/pre-tool-use', { body, token: null, headers: { Authorization: `Basic ${TOKEN}` } });
    expect(basic.status).toBe(401);
    const good = await call(d.port, '/hooks/pre-tool-use', { body });
    expect(good.status).toBe(200);
    expect(JSON.parse(good.body).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('404 for unknown paths, 405 for a hook path with another method', async () => {
    for (const path of ['/', '/hooks', '/hooks/', '/hooks/notification', '/hooks/pre-tool-use/x', '/hooks/constructor', '/healthz/x']) {
      expect((await call(d.port, path, { body: '{}' })).status, path).toBe(404);
    }
    const get = await call(d.port, '/hooks/pre-tool-use', { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect((await call(d.port, '/hooks/stop', { method: 'PUT', body: '{}' })).status).toBe(405);
  });

  it('answers an input it cannot read as the command hook does: guards block (as JSON), observers report', async () => {
    const refHome = newHome(null);
    for (const f of fixtures.filter((x) => !x.stdin.trim().startsWith('{') || x.expect.hook)) {
      const cmd = commandHook(f.hook, f.stdin, refHome);
      const r = await call(d.port, `/hooks/${f.hook}`, { body: f.stdin });
      if (cmd.stdout) {
        expect({ name: f.name, status: r.status, body: r.body }).toEqual({ name: f.name, status: 200, body: cmd.stdout });
      } else if (cmd.status === 2) {
        // Exit 2 and a stderr line: the same block as JSON, since an http hook cannot block by status.
        expect(r.status, f.name).toBe(200);
        const j = JSON.parse(r.body);
        const reason = cmd.stderr.trim();
        if (f.hook === 'pre-tool-use') expect(j, f.name).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
        else expect(j, f.name).toEqual({ decision: 'block', reason });
      } else {
        // Exit 1: a non-blocking error, which is what a non-2xx answer is to Claude Code.
        expect(cmd.status, f.name).toBe(1);
        expect(r.status, f.name).toBe(400);
        expect(r.body.trim(), f.name).toBe(cmd.stderr.trim());
      }
    }
    // Those calls are audited like the command hooks' (input dropped, fail closed for guards).
    const rejected = auditLines(home).filter((l) => String((l.rules as string[])[0]).startsWith('INPUT_REJECTED'));
    expect(rejected.length).toBeGreaterThanOrEqual(4);
    expect(rejected.every((l) => l.input === null)).toBe(true);
  });

  it('a body over the limit: the guard blocks, the observer reports 413, the connection closes, the daemon goes on', async () => {
    const big = Buffer.alloc(4 * 1024 * 1024 + 1, 0x20);
    const r = await call(d.port, '/hooks/pre-tool-use', { body: big });
    expect(r.status).toBe(200);
    expect(r.headers.connection).toBe('close'); // answered before the body was read (test/security/daemon.test.ts)
    // Every time: a close while the client still sends would reset it, and node's client would often report EPIPE.
    for (let i = 0; i < 10; i++) expect(JSON.parse((await call(d.port, '/hooks/pre-tool-use', { body: big })).body).hookSpecificOutput.permissionDecision).toBe('deny');
    const j = JSON.parse(r.body);
    expect(j.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(j.hookSpecificOutput.permissionDecisionReason).toMatch(/request body is 4194305 bytes, over the 4194304-byte limit \(E_STDIN_TOO_LARGE\); the call was blocked/);
    const prompt = await call(d.port, '/hooks/user-prompt', { body: big });
    expect(JSON.parse(prompt.body)).toMatchObject({ decision: 'block' });
    const huge = await call(d.port, '/hooks/post-tool-use', { body: Buffer.alloc(32 * 1024 * 1024 + 1, 0x20) });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatch(/E_STDIN_TOO_LARGE.*nothing was judged/);
    // Just under the guard limit is judged (here: not JSON → the parse error, not the size), and kept alive.
    const under = await call(d.port, '/hooks/pre-tool-use', { body: Buffer.alloc(4 * 1024 * 1024, 0x20) });
    expect([JSON.parse(under.body).hookSpecificOutput.permissionDecisionReason, under.headers.connection]).toEqual([expect.stringMatching(/E_STDIN_EMPTY/), 'keep-alive']);
    const after = await call(d.port, '/hooks/pre-tool-use', { body: fx('pre-bash-ls').stdin });
    expect({ status: after.status, body: after.body }).toEqual({ status: 200, body: '' });
    const size = auditLines(home).filter((l) => String(l.error ?? '').includes('E_STDIN_TOO_LARGE'));
    expect(size.map((l) => [l.event, (l.rules as string[])[0]])).toEqual([
      ...Array.from({ length: 11 }, () => ['PreToolUse', 'INPUT_REJECTED_FAIL_CLOSED']),
      ['UserPromptSubmit', 'INPUT_REJECTED_FAIL_CLOSED'],
      ['PostToolUse', 'INPUT_REJECTED'],
    ]);
  });

  it('sees a pattern override and a config change written while it runs on the very next request', async () => {
    const ls = fx('pre-bash-ls').stdin;
    expect((await call(d.port, '/hooks/pre-tool-use', { body: ls })).body).toBe('');
    const override = join(home, 'patterns.json');
    writeFileSync(
      override,
      JSON.stringify({
        patterns: [
          {
            id: 'user/no-ls',
            kind: 'shell',
            severity: 'critical',
            action: 'block',
            message: 'ls is not allowed in this test.',
            hint: 'Use the Glob tool.',
            match: { command: { program: ['ls'] } },
            examples: { match: ['ls -la'], noMatch: ['git status'] },
          },
        ],
      }),
    );
    const blocked = JSON.parse((await call(d.port, '/hooks/pre-tool-use', { body: ls })).body);
    expect(blocked.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(blocked.hookSpecificOutput.permissionDecisionReason).toContain('user/no-ls');
    rmSync(override);
    expect((await call(d.port, '/hooks/pre-tool-use', { body: ls })).body).toBe('');
    // A project config (the project is the hook's cwd here).
    const project = mkdtempSync(join(tmpdir(), 'hw-serve-project-'));
    const input = JSON.stringify({ ...JSON.parse(ls), cwd: project });
    expect((await call(d.port, '/hooks/pre-tool-use', { body: input })).body).toBe('');
    mkdirSync(join(project, '.hookwarden'));
    writeFileSync(join(project, '.hookwarden', 'config.json'), JSON.stringify({ autoAllowReadOnly: true }));
    // A project may not loosen on its own (docs/configuration.md): untrusted, its auto-allow is ignored…
    expect((await call(d.port, '/hooks/pre-tool-use', { body: input })).body).toBe('');
    // …and once the user's own config trusts it, the next request applies it.
    const userConfig = join(home, 'config.json');
    const mine = existsSync(userConfig) ? (JSON.parse(readFileSync(userConfig, 'utf8')) as Record<string, unknown>) : {};
    writeFileSync(userConfig, JSON.stringify({ ...mine, trustedProjects: [project] }));
    const allowed = JSON.parse((await call(d.port, '/hooks/pre-tool-use', { body: input })).body);
    expect(allowed.hookSpecificOutput.permissionDecision).toBe('allow');
    // The project-dir header (what Claude Code sends from ${CLAUDE_PROJECT_DIR}) picks the project, not cwd.
    const viaHeader = await call(d.port, '/hooks/pre-tool-use', { body: ls, headers: { 'X-Hookwarden-Project-Dir': project } });
    expect(JSON.parse(viaHeader.body).hookSpecificOutput.permissionDecision).toBe('allow');
    const uninterpolated = await call(d.port, '/hooks/pre-tool-use', { body: ls, headers: { 'X-Hookwarden-Project-Dir': '${CLAUDE_PROJECT_DIR}' } });
    expect(uninterpolated.body).toBe('');
    // Claude Code leaves that header empty; started in the project and now in a subfolder of it, the transcript's
    // folder name still says which project (lib/hook/locations.ts).
    mkdirSync(join(project, 'src', 'deep'), { recursive: true });
    const transcript = join(tmpdir(), 'projects', project.replace(/[^A-Za-z0-9]/g, '-'), 's.jsonl');
    const fromSub = JSON.stringify({ ...JSON.parse(ls), cwd: join(project, 'src', 'deep'), transcript_path: transcript });
    const viaTranscript = await call(d.port, '/hooks/pre-tool-use', { body: fromSub, headers: { 'X-Hookwarden-Project-Dir': '' } });
    expect(JSON.parse(viaTranscript.body).hookSpecificOutput.permissionDecision).toBe('allow');
    // Without a transcript naming it, the subfolder is the project, and the project's config is not found.
    const noTranscript = JSON.stringify({ ...JSON.parse(ls), cwd: join(project, 'src', 'deep') });
    expect((await call(d.port, '/hooks/pre-tool-use', { body: noTranscript })).body).toBe('');
    expect(d.stderr()).toMatch(/reloading config and registry for .*patterns\.json/);
  });

  it('takes a rotated token from the config file without a restart', async () => {
    const rotated = 'rotated-token-0123456789-abcdefghijklmnopqrstuv';
    writeFileSync(join(home, 'config.json'), JSON.stringify({ serve: { token: rotated } }));
    const body = fx('pre-bash-ls').stdin;
    expect((await call(d.port, '/hooks/pre-tool-use', { body })).status).toBe(401);
    expect((await call(d.port, '/hooks/pre-tool-use', { body, token: rotated })).status).toBe(200);
    writeFileSync(join(home, 'config.json'), JSON.stringify({ serve: { token: TOKEN } }));
    expect((await call(d.port, '/hooks/pre-tool-use', { body })).status).toBe(200);
  });

  it('refuses to start on a port in use: exit 1, one line', async () => {
    const second = spawnServe(newHome(), ['--port', String(d.port)]);
    const { code } = await second.exited;
    expect(code).toBe(1);
    const lines = second.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^hookwarden serve: 127\\.0\\.0\\.1:${d.port} is already in use`));
  });
});

describe('hookwarden serve: start and stop', () => {
  it('refuses to start without a token: exit 1, one line', async () => {
    for (const config of [null, { serve: { port: 7437 } }, { serve: { token: 'short' } }]) {
      const s = spawnServe(newHome(config));
      expect((await s.exited).code).toBe(1);
      const lines = s.stderr().trim().split('\n');
      expect(lines, JSON.stringify(config)).toHaveLength(1);
      expect(lines[0]).toMatch(/^hookwarden serve: no token in .*config\.json \(serve\.token\).*hookwarden install --mode http/);
    }
  });

  it('listens on 127.0.0.1 only', async () => {
    const d = await startServe(newHome());
    const other = await new Promise<string>((resolve) => {
      const req = request({ host: '::1', port: d.port, path: '/healthz', family: 6 }, (res) => resolve(String(res.statusCode)));
      req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
      req.end();
    });
    expect(other).not.toBe('200');
    expect(d.stderr()).toContain(`listening on http://127.0.0.1:${d.port}`);
    d.proc.kill('SIGINT');
    expect((await d.exited).code).toBe(0);
  });

  it('on SIGTERM answers every request in flight, then exits 0', async () => {
    const home = newHome();
    const d = await startServe(home);
    const cases = ['pre-bash-rm-rf-root', 'pre-bash-ls', 'prompt-danger', 'post-read-leaks-token', 'stop-normal', 'pre-bash-vim', 'prompt-secret', 'pre-read-env'];
    // Each request sends its headers with Expect: 100-continue; the daemon's "100 Continue" proves it holds the
    // request. Only then comes SIGTERM, and only after it the bodies.
    const pending = cases.map((name) => {
      const f = byName.get(name)!;
      const body = Buffer.from(f.stdin);
      let got!: () => void;
      const continued = new Promise<void>((r) => (got = r));
      const req = request({
        host: '127.0.0.1',
        port: d.port,
        path: `/hooks/${f.hook}`,
        method: 'POST',
        agent: false,
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Length': body.length, Expect: '100-continue' },
      });
      const answer = new Promise<Answer>((resolve, reject) => {
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        });
        req.on('error', reject);
      });
      req.on('continue', () => got());
      req.flushHeaders();
      return { f, req, body, continued, answer };
    });
    await Promise.all(pending.map((p) => p.continued));
    d.proc.kill('SIGTERM');
    // The daemon has taken the signal while every body is still missing.
    for (let i = 0; !/stopping \(SIGTERM\)/.test(d.stderr()); i++) {
      if (i > 500) throw new Error(`no stopping line: ${d.stderr()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(d.stderr()).toContain(`answering ${cases.length} requests in flight first`);
    // No new connection is accepted any more.
    await expect(call(d.port, '/healthz', { method: 'GET', token: null })).rejects.toThrow(/ECONNREFUSED/);
    for (const p of pending) p.req.end(p.body);
    const answers = await Promise.all(pending.map((p) => p.answer));
    answers.forEach((a, i) => {
      const f = pending[i]!.f;
      expect(a.status, f.name).toBe(200);
      if (f.expect.verdict === 'block') expect(a.body, f.name).toMatch(/"deny"|"block"/);
      if (f.expect.verdict === 'silent') expect(a.body, f.name).toBe('');
      expect(a.headers.connection, f.name).toBe('close');
    });
    expect(await d.exited).toEqual({ code: 0, signal: null });
    expect(d.stderr()).toMatch(/stopped \(SIGTERM\) after 8 requests/);
    expect(auditLines(home).filter((l) => l.event !== 'memory')).toHaveLength(cases.length);
  });
});
