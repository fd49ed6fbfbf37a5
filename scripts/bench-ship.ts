// npm run bench:ship: "nothing lost, nothing slowed" (issue 22). Five simulated machines (five HOOKWARDEN_HOMEs, each
// with its own `hookwarden ship` and its own `hookwarden serve` on its own loopback port) each make BENCH_SHIP_CALLS
// (2,000) PreToolUse calls, command hooks (the built bundles) and http hooks (the daemon) alternating, while the
// OTLP receiver is down for BENCH_SHIP_DOWN_S (30) s and 40 % of the calls, then answers 503 with Retry-After for
// BENCH_SHIP_503_S (15) s and 10 % of the calls, then accepts for the other half; in that last phase each shipper is killed with SIGKILL (by its pid) and started again. Prints the
// distinct decision_ids received against the audit lines written (must be 100 %), the duplicates (<= 1 %), and
// hook p50/p99 per phase (down vs up: within 5 %). It prints; it asserts nothing.

import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hookEntryPath } from '../lib/cli/hook-command.js';
import { median, pct } from './bench/stats.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MACHINES = Number(process.env.BENCH_SHIP_MACHINES ?? 5);
const CALLS = Number(process.env.BENCH_SHIP_CALLS ?? 2000);
const DOWN_MS = Number(process.env.BENCH_SHIP_DOWN_S ?? 30) * 1000;
const RETRY_MS = Number(process.env.BENCH_SHIP_503_S ?? 15) * 1000;
const RETRY_AFTER_S = 3;
/** BENCH_SHIP_AB=N: instead, N pairs of BENCH_SHIP_AB_WINDOW_S (10) s windows, receiver down then up (or up then
 * down), for the latency comparison alone. */
const AB_PAIRS = Number(process.env.BENCH_SHIP_AB ?? 0);
const AB_WINDOW_MS = Number(process.env.BENCH_SHIP_AB_WINDOW_S ?? 10) * 1000;
let abDone = false;
const TOKEN = 'bench-ship-token-0123456789-abcdefghijklmnop';
const CLI = join(root, 'dist', 'cli.js');
const HOOK = hookEntryPath(root, 'pre-tool-use');

type Phase = 'down' | '503' | 'up';
let phase: Phase = 'down';
const PHASES: Phase[] = ['down', '503', 'up'];
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const children = new Set<ChildProcess>();
const killAll = (): void => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
};
process.on('exit', killAll);

// ---- the receiver, in its own process
const rx = fork(join(root, 'scripts', 'bench', 'ship-receiver.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
children.add(rx);
let msgId = 0;
const pending = new Map<number, (v: unknown) => void>();
rx.on('message', (m: { id: number; reply: unknown }) => pending.get(m.id)?.(m.reply));
function ask<T>(msg: Record<string, unknown>): Promise<T> {
  const id = ++msgId;
  return new Promise((r) => {
    pending.set(id, r as (v: unknown) => void);
    rx.send({ id, ...msg });
  });
}
type Counts = { byMachine: Record<string, number>; distinct: number; total: number; duplicates: number; requests: number; turnedAway: number };

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

// ---- the machines
interface Machine {
  n: number;
  home: string;
  env: NodeJS.ProcessEnv;
  port: number;
  shipper?: ChildProcess;
  kills: number;
  lat: Record<'command' | 'http', Record<Phase, number[]>>;
}

function baseEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOOKWARDEN_HOME: home, HOME: join(home, '..', 'home') };
  for (const k of ['NODE_EXTRA_CA_CERTS', 'CLAUDE_PROJECT_DIR', 'HOOKWARDEN_TIMING', 'HOOKWARDEN_OTLP_ENDPOINT']) delete env[k];
  return env;
}

function startShipper(m: Machine, endpoint: string): void {
  // The endpoint only in the shipper's environment: the daemon (same config.json) then does not ship too.
  const p = spawn(process.execPath, [CLI, 'ship'], { env: { ...m.env, HOOKWARDEN_OTLP_ENDPOINT: endpoint }, stdio: ['ignore', 'ignore', 'pipe'] });
  p.stderr!.resume();
  children.add(p);
  m.shipper = p;
}

async function startDaemon(m: Machine): Promise<void> {
  const p = spawn(process.execPath, [CLI, 'serve', '--port', String(m.port)], { env: m.env, stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(p);
  let log = '';
  await new Promise<void>((res, rej) => {
    p.stderr!.on('data', (d: Buffer) => {
      log += d.toString();
      if (log.includes('listening on')) res();
    });
    p.on('exit', (c) => rej(new Error(`daemon ${m.n} exited ${c}: ${log}`)));
  });
}

const COMMANDS = ['ls -la', 'git status', 'rm -rf ~', 'npm test', 'cat README.md', 'git push --force origin main', 'echo ok', 'grep -rn TODO src'];
const input = (m: Machine, k: number): string =>
  JSON.stringify({
    session_id: `bench-m${m.n}`,
    transcript_path: `/home/dev/.claude/projects/-home-dev-project/bench-m${m.n}.jsonl`,
    cwd: '/home/dev/project',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: COMMANDS[k % COMMANDS.length] },
    tool_use_id: `toolu_m${m.n}_${k}`,
  });

function commandCall(m: Machine, body: string): Promise<number> {
  return new Promise((res, rej) => {
    const t0 = process.hrtime.bigint();
    const p = spawn(process.execPath, [HOOK], { env: m.env, stdio: ['pipe', 'ignore', 'ignore'] });
    p.on('error', rej);
    p.on('close', () => res(Number(process.hrtime.bigint() - t0) / 1e6));
    p.stdin!.end(body);
  });
}

function httpCall(m: Machine, body: string): Promise<number> {
  return new Promise((res, rej) => {
    const t0 = process.hrtime.bigint();
    const req = request(
      { host: '127.0.0.1', port: m.port, path: '/hooks/pre-tool-use', method: 'POST', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Length': Buffer.byteLength(body) } },
      (r) => {
        r.resume();
        r.on('end', () => res(Number(process.hrtime.bigint() - t0) / 1e6));
      },
    );
    req.on('error', rej);
    req.end(body);
  });
}

/** The phase call k is planned for: 40 % while the receiver is down, 10 % while it answers 503, 50 % while it is up. */
const plannedPhase = (k: number): Phase => (k < CALLS * 0.4 ? 'down' : k < CALLS * 0.5 ? '503' : 'up');
/** Calls each machine has finished. */
const progress: number[] = [];

/** Each call waits for its planned phase; its time is filed under the phase it actually ran in. */
async function drive(m: Machine): Promise<void> {
  for (let k = 0; k < CALLS; k++) {
    const planned = plannedPhase(k);
    while (PHASES.indexOf(phase) < PHASES.indexOf(planned)) await sleep(50);
    const kind = k % 2 === 0 ? 'command' : 'http';
    const at = phase;
    const ms = kind === 'command' ? await commandCall(m, input(m, k)) : await httpCall(m, input(m, k));
    if (phase === at) m.lat[kind][at].push(ms);
    progress[m.n] = k + 1;
  }
}

/** A/B mode: calls until the windows are over, each filed under the receiver's state when it started and ended. */
async function driveAb(m: Machine): Promise<void> {
  for (let k = 0; !abDone; k++) {
    const kind = k % 2 === 0 ? 'command' : 'http';
    const at = phase;
    const ms = kind === 'command' ? await commandCall(m, input(m, k)) : await httpCall(m, input(m, k));
    if (phase === at) m.lat[kind][at].push(ms);
  }
}

/** Resolves once every machine has made all the calls planned before phase `next` (so each phase gets its share
 * of the calls however slow the machine is today), and at least `ms` have passed. */
async function phaseDone(next: Phase, ms: number): Promise<void> {
  const until = Date.now() + ms;
  const first = Array.from({ length: CALLS }, (_, k) => k).find((k) => plannedPhase(k) === next) ?? CALLS;
  while (Date.now() < until || progress.some((p) => p < first)) await sleep(100);
}

function auditLines(home: string): number {
  const dir = join(home, 'audit');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .reduce((n, f) => n + readFileSync(join(dir, f), 'utf8').split('\n').filter((l) => l.trim()).length, 0);
}

/** The outage: down (at least DOWN_MS and 40 % of the calls), 503 + Retry-After, then up with each shipper
 * SIGKILLed at a different point of the stream and restarted. */
async function outage(machines: Machine[], endpoint: string, t0: number, loads: string[], load: () => string, setDownFor: (ms: number) => void): Promise<void> {
  process.stderr.write(`bench:ship: ${MACHINES} machines × ${CALLS} calls; receiver down for ${DOWN_MS / 1000} s\n`);
  await phaseDone('503', DOWN_MS);
  loads.push(load());
  phase = '503';
  await ask({ cmd: 'start' });
  await ask({ cmd: 'mode', mode: { kind: 'status', status: 503, retryAfter: String(RETRY_AFTER_S) } });
  setDownFor(Date.now() - t0);
  process.stderr.write(`bench:ship: receiver answers 503 Retry-After ${RETRY_AFTER_S} (t=${((Date.now() - t0) / 1000).toFixed(0)} s)\n`);
  await phaseDone('up', RETRY_MS);
  loads.push(load());
  phase = 'up';
  await ask({ cmd: 'mode', mode: { kind: 'ok' } });
  process.stderr.write(`bench:ship: receiver accepts (t=${((Date.now() - t0) / 1000).toFixed(0)} s); killing each shipper with SIGKILL in turn\n`);
  // Each shipper killed mid-stream (the hooks still writing, a backlog still being sent) and started again: machine
  // i once it has made 55 + 8·i % of its calls, so the kills fall at different points of the stream.
  for (const m of machines) {
    const at = Math.floor(CALLS * (0.55 + 0.08 * m.n));
    while ((progress[m.n] as number) < at) await sleep(20);
    const s = m.shipper as ChildProcess;
    const gone = new Promise((r) => s.once('exit', r));
    process.kill(s.pid as number, 'SIGKILL');
    await gone;
    m.kills++;
    startShipper(m, endpoint);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const { port: rxPort } = await ask<{ port: number }>({ cmd: 'start' });
  await ask({ cmd: 'stop' });
  const endpoint = `http://127.0.0.1:${rxPort}`;
  const base = mkdtempSync(join(tmpdir(), 'hw-bench-ship-'));
  const machines: Machine[] = [];
  for (let n = 0; n < MACHINES; n++) {
    const home = join(base, `m${n}`, 'hw');
    mkdirSync(join(base, `m${n}`, 'home'), { recursive: true });
    mkdirSync(home, { mode: 0o700 });
    writeFileSync(join(home, 'config.json'), JSON.stringify({ serve: { token: TOKEN }, export: { labels: { machine: `m${n}` } } }), { mode: 0o600 });
    const empty = (): Record<Phase, number[]> => ({ down: [], '503': [], up: [] });
    machines.push({ n, home, env: baseEnv(home), port: await freePort(), kills: 0, lat: { command: empty(), http: empty() } });
  }
  for (const m of machines) await startDaemon(m);
  for (const m of machines) startShipper(m, endpoint);
  // One call each before timing: the bundle's compile cache is written by a first call.
  for (const m of machines) await commandCall(m, input(m, -1));

  for (const m of machines) progress[m.n] = 0;
  const load = (): string => loadavg()[0]!.toFixed(1);
  const loads: string[] = [load()];
  const t0 = Date.now();
  let downFor = 0;
  let driving: Promise<unknown>;
  if (AB_PAIRS > 0) {
    // Latency only: the receiver alternates down and up in windows (down-up, up-down, …), every machine calling all
    // the while, so a shared machine's load drift falls on both alike. No 503s, no kills.
    driving = Promise.all(machines.map(driveAb));
    process.stderr.write(`bench:ship: A/B, ${AB_PAIRS} pairs of ${AB_WINDOW_MS / 1000} s windows\n`);
    for (let i = 0; i < AB_PAIRS; i++) {
      for (const state of (i % 2 === 0 ? ['down', 'up'] : ['up', 'down']) as Phase[]) {
        if (state === 'up') await ask({ cmd: 'start' });
        else await ask({ cmd: 'stop' });
        phase = state;
        await sleep(AB_WINDOW_MS);
      }
      loads.push(load());
    }
    abDone = true;
    await ask({ cmd: 'start' }).catch(() => undefined);
  } else {
    driving = Promise.all(machines.map(drive));
    await outage(machines, endpoint, t0, loads, load, (ms) => (downFor = ms));
  }
  await driving;
  loads.push(load());
  const callsDone = Date.now();
  process.stderr.write(`bench:ship: calls done (t=${((callsDone - t0) / 1000).toFixed(0)} s); waiting for the shippers to catch up\n`);

  const written: Record<string, number> = Object.fromEntries(machines.map((m) => [`m${m.n}`, auditLines(m.home)]));
  const totalWritten = Object.values(written).reduce((a, b) => a + b, 0);
  let c = await ask<Counts>({ cmd: 'counts' });
  const deadline = Date.now() + 180_000;
  while (c.distinct < totalWritten && Date.now() < deadline) {
    await sleep(500);
    c = await ask<Counts>({ cmd: 'counts' });
  }
  const caughtUp = (Date.now() - callsDone) / 1000;
  for (const m of machines) m.shipper?.kill('SIGTERM');
  killAll();

  const f = (x: number): string => (Number.isFinite(x) ? x.toFixed(1).padStart(7) : '      -');
  const row = (label: string, xs: number[]): string => `  ${label.padEnd(18)} ${f(median(xs))} ${f(pct(xs, 99))} ${String(xs.length).padStart(6)}`;
  const all = (kind: 'command' | 'http', p: Phase): number[] => machines.flatMap((m) => m.lat[kind][p]);
  const diff = (kind: 'command' | 'http', stat: (xs: number[]) => number): string => {
    const d = stat(all(kind, 'down'));
    const u = stat(all(kind, 'up'));
    return `${(((u - d) / d) * 100).toFixed(1)} %`;
  };
  const lines = [
    '',
    AB_PAIRS > 0
      ? `hookwarden bench:ship A/B — ${MACHINES} machines calling for ${AB_PAIRS} pairs of ${AB_WINDOW_MS / 1000} s windows, receiver down or up (command and http alternating), ${((Date.now() - started) / 1000).toFixed(0)} s`
      : `hookwarden bench:ship — ${MACHINES} machines × ${CALLS} PreToolUse calls (command and http alternating), ${((Date.now() - started) / 1000).toFixed(0)} s`,
    AB_PAIRS > 0 ? 'receiver: alternating down/up windows (down-up, up-down, …); no 503s, no kills' : `receiver: down ${(downFor / 1000).toFixed(0)} s (at least ${DOWN_MS / 1000} s and until 40 % of the calls were made), then 503 + Retry-After ${RETRY_AFTER_S} s (at least ${RETRY_MS / 1000} s, 10 % of the calls), then up; each shipper SIGKILLed once while up and restarted`,
    '',
    `audit lines written:           ${totalWritten}  (${Object.entries(written).map(([k, v]) => `${k} ${v}`).join(', ')})`,
    `distinct decision_ids received: ${c.distinct}  (${((c.distinct / totalWritten) * 100).toFixed(2)} %; ${Object.entries(c.byMachine).sort().map(([k, v]) => `${k} ${v}`).join(', ')})`,
    `duplicates:                    ${c.duplicates}  (${((c.duplicates / totalWritten) * 100).toFixed(2)} % of lines)`,
    `export requests: ${c.requests} (${c.turnedAway} turned away with 503); caught up ${caughtUp.toFixed(1)} s after the last call`,
    '',
    '  hook latency (ms)     p50     p99      n',
    row('command, down', all('command', 'down')),
    row('command, 503', all('command', '503')),
    row('command, up', all('command', 'up')),
    row('http, down', all('http', 'down')),
    row('http, 503', all('http', '503')),
    row('http, up', all('http', 'up')),
    '',
    `1-minute load average at ${AB_PAIRS > 0 ? 'the start and after each pair' : 'the start, 503, up and the end'}: ${loads.join(', ')} (${MACHINES} machines on ${cpus().length} cores, shared)`,
    `up vs down: command p50 ${diff('command', median)}, p99 ${diff('command', (xs) => pct(xs, 99))}; http p50 ${diff('http', median)}, p99 ${diff('http', (xs) => pct(xs, 99))}`,
    '',
  ];
  process.stdout.write(lines.join('\n'));
  rx.disconnect();
}

main().catch((err) => {
  killAll();
  process.stderr.write(`bench:ship failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
