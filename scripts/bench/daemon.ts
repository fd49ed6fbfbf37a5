// npm run bench, the daemon part: `hookwarden serve` started on a free port in the bench's HOOKWARDEN_HOME, then
// per hook its inputs in turn, one request at a time on one kept-alive loopback connection, after a warm-up.
// The round trip is measured from the bench process: what Claude Code waits for, HTTP included.

import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { pct } from './stats.js';

export interface DaemonRow {
  hook: string;
  p50: number;
  p99: number;
  n: number;
}

export async function benchDaemon(
  root: string,
  env: NodeJS.ProcessEnv,
  inputs: Array<{ hook: string; bodies: Array<() => string> }>,
  opts: { runs: number; warmup: number },
): Promise<{ rows: DaemonRow[]; exit: number | null }> {
  const token = 'bench-token-0123456789-abcdefghijklmnopqrstuvwxyz';
  writeFileSync(join(env.HOOKWARDEN_HOME!, 'config.json'), JSON.stringify({ serve: { token } }), { mode: 0o600 });
  const daemon = spawn(process.execPath, [join(root, 'dist', 'cli.js'), 'serve', '--port', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let daemonErr = '';
  daemon.stderr.setEncoding('utf8').on('data', (d: string) => (daemonErr += d));
  const kill = (): void => void daemon.kill('SIGKILL');
  process.on('exit', kill);
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

  const post = (hook: string, body: string): Promise<number> =>
    new Promise((resolve, reject) => {
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

  const rows: DaemonRow[] = [];
  for (const { hook, bodies } of inputs) {
    for (let i = 0; i < opts.warmup; i++) await post(hook, bodies[i % bodies.length]!());
    const xs: number[] = [];
    for (let i = 0; i < opts.runs; i++) {
      // Made before the clock starts: the stop block's fresh session id is not the daemon's time.
      const body = bodies[i % bodies.length]!();
      xs.push(await post(hook, body));
    }
    rows.push({ hook, p50: pct(xs, 50), p99: pct(xs, 99), n: xs.length });
  }
  agent.destroy();
  daemon.kill('SIGTERM');
  const exit = await new Promise<number | null>((resolve) => daemon.once('exit', resolve));
  process.off('exit', kill);
  return { rows, exit };
}
