// hookwarden doctor's timed call says what the installed mode costs: command mode through a real spawn of the built
// bundle (never a request to a port that may not be the user's daemon), http mode through a real `hookwarden serve` on a
// free port in a temp HOOKWARDEN_HOME, and a daemon that is down as a warn naming `hookwarden serve`. Only the shape
// of the line is checked (the mode, a number in ms, the ratio to `node -e 0`), never how fast anything is.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIO } from '../../lib/cli/io.js';
import { runCli } from '../../lib/cli/main.js';
import { children } from '../helpers/processes.js';
import { ROOT } from '../helpers/registry.js';

const TOKEN = 'doctor-token-0123456789-abcdefghijklmnopqrstuvw';

function rig() {
  const base = mkdtempSync(join(tmpdir(), 'hw-doctor-timing-'));
  const home = join(base, 'home');
  const project = join(base, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const out: string[] = [];
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, HOOKWARDEN_HOME: join(home, '.hookwarden'), CLAUDE_PROJECT_DIR: project };
  const io: CliIO = { out: (s) => out.push(s), err: () => {}, readStdin: () => Buffer.alloc(0), env, cwd: project, now: () => 1_000, newId: () => 'id' };
  return { env, io, text: () => out.join(''), clear: () => void out.splice(0) };
}

const line = (text: string, what: string): string => text.split('\n').find((l) => l.slice(6).startsWith(what)) ?? `(no "${what}" line in:\n${text})`;
const COMMAND_COST = String.raw`\d+ ms \(node -e 0: \d+ ms, ×\d+\.\d\d\)`;

const live = children();
afterEach(() => {
  live.killAll();
});

/** `hookwarden serve --port 0` as a real process in the rig's HOOKWARDEN_HOME (which must hold the token). */
async function serve(env: NodeJS.ProcessEnv): Promise<{ port: number; stop: () => Promise<void> }> {
  const proc = spawn(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'serve', '--port', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  live.track(proc);
  let err = '';
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(err);
    if (m) return { port: Number(m[1]), stop: () => (proc.kill('SIGTERM'), exited) };
    if (proc.exitCode !== null) throw new Error(`daemon exited ${proc.exitCode}: ${err}`);
    if (Date.now() > deadline) throw new Error(`daemon did not start: ${err}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const writeConfig = (env: NodeJS.ProcessEnv, serveCfg: object): void => {
  mkdirSync(env.HOOKWARDEN_HOME!, { recursive: true, mode: 0o700 });
  writeFileSync(join(env.HOOKWARDEN_HOME!, 'config.json'), JSON.stringify({ serve: serveCfg }), { mode: 0o600 });
};

describe('hookwarden doctor: what the installed mode costs', () => {
  it('command mode: the bundle really run and timed beside node -e 0, the daemon named as the fastest route without a number', async () => {
    const r = rig();
    expect(await runCli(['install', '--scope', 'local'], r.io)).toBe(0);
    expect(await runCli(['doctor'], r.io)).toBe(0);
    expect(line(r.text(), 'hook call')).toMatch(
      new RegExp(`^ok +hook call +command mode: \`rm -rf /\` denied in ${COMMAND_COST}; the fastest route is the daemon \\(\`hookwarden install --mode http\` \\+ \`hookwarden serve\`\\)$`),
    );
  });

  it('command mode with a daemon running on serve.port: still no number, and no request carries the token there', async () => {
    const r = rig();
    writeConfig(r.env, { token: TOKEN });
    const d = await serve(r.env);
    writeConfig(r.env, { token: TOKEN, port: d.port });
    expect(await runCli(['install', '--scope', 'local'], r.io)).toBe(0);
    await runCli(['doctor'], r.io);
    expect(line(r.text(), 'hook call')).toMatch(
      new RegExp(`^ok +hook call +command mode: \`rm -rf /\` denied in ${COMMAND_COST}; the fastest route is the daemon \\(\`hookwarden install --mode http\` \\+ \`hookwarden serve\`\\)$`),
    );
    // The daemon audits every call it judges: it judged none of doctor's.
    const audit = join(r.env.HOOKWARDEN_HOME!, 'audit');
    const lines = existsSync(audit) ? readdirSync(audit).flatMap((f) => readFileSync(join(audit, f), 'utf8').split('\n')) : [];
    expect(lines.filter((l) => l.includes('hookwarden-doctor'))).toEqual([]);
  });

  it('http mode: requests to the daemon the entry names, with the token install configured; down, a warn naming `hookwarden serve`', async () => {
    const r = rig();
    writeConfig(r.env, { token: TOKEN });
    const d = await serve(r.env);
    // Project scope: the entries send ${HOOKWARDEN_TOKEN}; install keeps the token and records the port.
    expect(await runCli(['install', '--scope', 'local', '--mode', 'http', '--port', String(d.port)], r.io)).toBe(0);
    r.clear();
    expect(await runCli(['doctor'], r.io)).toBe(0);
    const url = `http://127\\.0\\.0\\.1:${d.port}`;
    expect(line(r.text(), 'hook call')).toMatch(
      new RegExp(`^ok +hook call +http mode: \`rm -rf /\` denied by the daemon at ${url} in \\d+\\.\\d ms \\(p50 of 5 requests; token from serve\\.token, as \\$HOOKWARDEN_TOKEN is not set here\\); as a command hook a call takes ${COMMAND_COST}$`),
    );
    // With $HOOKWARDEN_TOKEN set, as Claude Code would have it, that token is the one sent.
    r.clear();
    r.env.HOOKWARDEN_TOKEN = TOKEN;
    await runCli(['doctor'], r.io);
    expect(line(r.text(), 'hook call')).toMatch(new RegExp(`^ok +hook call +http mode: .* in \\d+\\.\\d ms \\(p50 of 5 requests\\); as a command hook a call takes ${COMMAND_COST}$`));
    r.env.HOOKWARDEN_TOKEN = 'wrong-token-0123456789-abcdefghijklmnopqrstuvwx';
    r.clear();
    await runCli(['doctor'], r.io);
    expect(line(r.text(), 'hook call')).toMatch(new RegExp(`^warn +hook call +http mode: the daemon at ${url} refused the token \\(HTTP 401\\), so its cost is not measured \\(token from \\$HOOKWARDEN_TOKEN\\); as a command hook`));
    await d.stop();
    r.clear();
    expect(await runCli(['doctor'], r.io)).toBe(1);
    expect(line(r.text(), 'hook call')).toMatch(
      new RegExp(`^warn +hook call +http mode: the daemon at ${url} is not answering \\(.*\\), so its cost is not measured; start it with \`hookwarden serve\`; as a command hook a call takes ${COMMAND_COST}$`),
    );
    expect(line(r.text(), 'daemon')).toMatch(/^FAIL /);
  }, 90_000);

  it('an http entry written by hand with a URL node cannot call: a line each, not a crash of doctor', async () => {
    const r = rig();
    writeConfig(r.env, { token: TOKEN });
    expect(await runCli(['install', '--scope', 'local'], r.io)).toBe(0);
    const local = join(r.env.CLAUDE_PROJECT_DIR!, '.claude', 'settings.local.json');
    writeFileSync(local, JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'http', url: 'localhost:99/hooks/pre-tool-use' }] }] } }));
    r.clear();
    expect(await runCli(['doctor'], r.io)).toBe(1);
    expect(line(r.text(), 'daemon')).toMatch(/^FAIL .*localhost:99\/healthz is not an http:\/\/ URL/);
    expect(line(r.text(), 'hook call')).toMatch(new RegExp(`^warn +hook call +http mode: the daemon at localhost:99 is not an http:// URL doctor can call, so its cost is not measured; as a command hook a call takes ${COMMAND_COST}$`));
  });
});
