// npm run bench: median wall time of each hook process on a small realistic mix of inputs, and its ratio to
// `node -e 0` measured in the same run. NODE_EXTRA_CA_CERTS is unset for both (it adds ~100 ms per start).
// Then the daemon (`hookwarden serve`): p50 and p99 of the request round trip per hook, over loopback with
// keep-alive, one request at a time, measured from this process after a warm-up, beside the command hooks.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fx = (name: string) => readFileSync(join(root, 'test', 'fixtures', 'claude-code', `${name}.json`), 'utf8');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const DAEMON_RUNS = Number(process.env.BENCH_DAEMON_RUNS ?? 400);
const DAEMON_WARMUP = 50;

const env: NodeJS.ProcessEnv = { ...process.env, HOOKWARDEN_HOME: mkdtempSync(join(tmpdir(), 'hw-bench-')) };
delete env.NODE_EXTRA_CA_CERTS;

const MIX: Record<string, string[]> = {
  'pre-tool-use': ['pre-bash-ls', 'pre-bash-git-status', 'pre-bash-rm-rf-root', 'pre-write-env', 'pre-read-source'],
  'user-prompt': ['prompt-decision', 'prompt-perform-review'],
  'post-tool-use': ['post-bash-ok', 'post-read-leaks-token'],
  stop: ['stop-normal'],
  'session-start': ['session-start-startup'],
};

function time(args: string[], input: string): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { input, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.error) throw r.error;
  return ms;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

// Interleave baseline and hook runs so machine noise hits both alike.
const baseline: number[] = [];
const samples = new Map<string, number[]>(Object.keys(MIX).map((h) => [h, []]));
// The separate secretlint bundle a hook requires only for texts that may hold a secret: its load alone.
const secretlintRequire = ['-e', `require(${JSON.stringify(join(root, 'dist', 'hooks', 'secretlint.cjs'))})`];
const secretlintLoad: number[] = [];
for (let i = 0; i < RUNS; i++) {
  for (const [hook, names] of Object.entries(MIX)) {
    for (const n of names) {
      baseline.push(time(['-e', '0'], ''));
      samples.get(hook)!.push(time([join(root, 'dist', 'hooks', `${hook}.js`)], fx(n)));
    }
  }
  secretlintLoad.push(time(secretlintRequire, ''));
}
const base = median(baseline);
const rows = [...samples].map(([hook, xs]) => ({ hook, median: median(xs), ratio: median(xs) / base }));
process.stdout.write(`node -e 0 baseline: median ${base.toFixed(1)} ms over ${baseline.length} runs\n\n`);
process.stdout.write(`${'hook'.padEnd(15)} ${'inputs'.padStart(6)} ${'median ms'.padStart(10)} ${'ratio'.padStart(6)} ${'over node'.padStart(10)}\n`);
for (const r of rows) {
  process.stdout.write(
    `${r.hook.padEnd(15)} ${String(MIX[r.hook]!.length).padStart(6)} ${r.median.toFixed(1).padStart(10)} ${r.ratio.toFixed(2).padStart(6)} ${`+${(r.median - base).toFixed(1)}`.padStart(10)}\n`,
  );
}
const sl = median(secretlintLoad);
process.stdout.write(
  `\n${'secretlint.cjs'.padEnd(15)} ${'-'.padStart(6)} ${sl.toFixed(1).padStart(10)} ${(sl / base).toFixed(2).padStart(6)} ${`+${(sl - base).toFixed(1)}`.padStart(10)}  (require only, over ${secretlintLoad.length} runs)\n`,
);

// The daemon: same inputs, same state directory, one request at a time on one kept-alive connection.
const token = 'bench-token-0123456789-abcdefghijklmnopqrstuvwxyz';
writeFileSync(join(env.HOOKWARDEN_HOME!, 'config.json'), JSON.stringify({ serve: { token } }), { mode: 0o600 });
const daemon = spawn(process.execPath, [join(root, 'dist', 'cli.js'), 'serve', '--port', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
let daemonErr = '';
daemon.stderr.setEncoding('utf8').on('data', (d: string) => (daemonErr += d));
process.on('exit', () => daemon.kill('SIGKILL'));
const port = await new Promise<number>((resolve, reject) => {
  const t = setTimeout(() => reject(new Error(`daemon did not start: ${daemonErr}`)), 15_000);
  daemon.stderr.on('data', () => {
    const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(daemonErr);
    if (m) {
      clearTimeout(t);
      resolve(Number(m[1]));
    }
  });
  daemon.once('exit', (code) => reject(new Error(`daemon exited ${code}: ${daemonErr}`)));
});
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function post(hook: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = request(
      { host: '127.0.0.1', port, path: `/hooks/${hook}`, method: 'POST', agent, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - t0) / 1e6) : reject(new Error(`${hook}: HTTP ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
};

const daemonRows: Array<{ hook: string; p50: number; p99: number; n: number }> = [];
for (const [hook, names] of Object.entries(MIX)) {
  const bodies = names.map(fx);
  for (let i = 0; i < DAEMON_WARMUP; i++) await post(hook, bodies[i % bodies.length]!);
  const xs: number[] = [];
  for (let i = 0; i < DAEMON_RUNS; i++) xs.push(await post(hook, bodies[i % bodies.length]!));
  daemonRows.push({ hook, p50: pct(xs, 50), p99: pct(xs, 99), n: xs.length });
}
agent.destroy();
daemon.kill('SIGTERM');
const stopped = await new Promise<number | null>((resolve) => daemon.once('exit', resolve));
process.stdout.write(
  `\ndaemon (hookwarden serve, http over loopback, keep-alive, sequential; ${DAEMON_RUNS} requests per hook after ${DAEMON_WARMUP} warm-up; exit ${stopped})\n`,
);
process.stdout.write(`${'hook'.padEnd(15)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'command ms'.padStart(11)} ${'command/p50'.padStart(12)}\n`);
for (const r of daemonRows) {
  const cmd = rows.find((x) => x.hook === r.hook)!.median;
  process.stdout.write(
    `${r.hook.padEnd(15)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${cmd.toFixed(1).padStart(11)} ${`${(cmd / r.p50).toFixed(0)}x`.padStart(12)}\n`,
  );
}
process.stdout.write('(session-start is measured for completeness: Claude Code runs only command hooks at SessionStart)\n');
