// `hookwarden serve` with an endpoint configured runs the shipper in the same process: an http hook's decision
// reaches the receiver, and a receiver that hangs does not keep the daemon from answering.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hookEnv } from '../helpers/fixtures.js';
import { OtlpReceiver } from '../helpers/otlp-receiver.js';
import { until } from '../helpers/processes.js';
import { ROOT } from '../helpers/registry.js';

const CLI = join(ROOT, 'dist', 'cli.js');
const TOKEN = 'test-token-0123456789-abcdefghijklmnopqrstuvwxyz';
let home: string;
let receiver: OtlpReceiver;
let daemon: ChildProcess | undefined;

beforeEach(async () => {
  home = mkdtempSync(join(tmpdir(), 'hw-serve-ship-'));
  receiver = new OtlpReceiver();
  await receiver.start(0);
  writeFileSync(join(home, 'config.json'), JSON.stringify({ serve: { token: TOKEN }, export: { otlp: { endpoint: receiver.url, timeoutMs: 60_000 } } }), { mode: 0o600 });
});
afterEach(async () => {
  if (daemon && daemon.exitCode === null && daemon.signalCode === null) daemon.kill('SIGKILL');
  daemon = undefined;
  await receiver.stop();
  rmSync(home, { recursive: true, force: true });
});

async function startServe(): Promise<{ port: number; stderr: () => string }> {
  const proc = spawn(process.execPath, [CLI, 'serve', '--port', '0'], { env: hookEnv(home), stdio: ['ignore', 'pipe', 'pipe'] });
  daemon = proc;
  let err = '';
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  proc.stdout!.resume();
  const deadline = Date.now() + 45_000;
  for (;;) {
    const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(err);
    if (m) return { port: Number(m[1]), stderr: () => err };
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`daemon did not start: ${err}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function preToolUse(port: number, command: string, id: string): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({
    session_id: 'sess-serve',
    transcript_path: '/home/dev/.claude/projects/-home-dev-project/sess-serve.jsonl',
    cwd: '/home/dev/project',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
    tool_use_id: id,
  });
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/hooks/pre-tool-use', method: 'POST', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}


describe('hookwarden serve ships decisions', () => {
  it('sends an http hook decision to the receiver, and keeps answering while the receiver hangs', async () => {
    const d = await startServe();
    // Logged right after "listening", in a write of its own that may arrive a moment later.
    await until('the shipping line', () => d.stderr().includes(`shipping decisions to ${receiver.url}`), { ms: 45_000, said: d.stderr });
    const deny = await preToolUse(d.port, 'rm -rf ~', 'toolu_serve_1');
    expect(deny.body).toContain('"permissionDecision":"deny"');
    await until('the decision', () => receiver.hookwardenRecords().length === 1, { ms: 45_000, said: d.stderr });
    const [rec] = receiver.hookwardenRecords();
    expect(rec?.attrs).toMatchObject({ 'gen_ai.tool.call.id': 'toolu_serve_1', 'hookwarden.verdict': 'block', 'session.id': 'sess-serve' });
    expect(rec?.attrs['hookwarden.rules']).toContain('bash-filesystem/rm-home');

    // The receiver now hangs: the shipper's next request waits (60 s timeout), the daemon's answers do not.
    receiver.mode = { kind: 'hang' };
    await preToolUse(d.port, 'rm -rf ~', 'toolu_serve_2');
    await until('the shipper to be waiting on the receiver', () => receiver.requests === 2, { ms: 45_000, said: d.stderr });
    const again = await preToolUse(d.port, 'ls', 'toolu_serve_3');
    expect(again.status).toBe(200);
    daemon!.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => daemon!.once('exit', (c) => resolve(c)));
    expect(code).toBe(0);
  }, 150_000);
});
