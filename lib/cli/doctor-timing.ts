// hookwarden doctor, the timed call: what the installed mode costs on this machine. The command hook is the built
// pre-tool-use bundle run on `rm -rf /` in a scratch HOOKWARDEN_HOME (the user's config copied in, the audit log
// untouched), paired run by run with `node -e 0`; the daemon is a few POSTs of the same call to the URL the
// PreToolUse http entry names, with the token it sends. Both are said in one line, with the faster route beside.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../config/defaults.js';
import { loadConfig } from '../config/load.js';
import { oneLine } from '../errors.js';
import { readRegularFile } from '../fs/read.js';
import { createExclusive } from '../fs/write.js';
import type { Locations } from '../hook/locations.js';
import { userConfigFile } from '../serve/auth.js';
import type { Check } from './doctor-hosts.js';
import type { CliIO } from './io.js';
import { HOOK_NODE_FLAGS, hookEntryPath } from './hook-command.js';

/** Claude Code's PreToolUse entry of ours: a command running a bundle, or an http hook to the daemon. */
export interface InstalledGuard {
  kind: 'command' | 'http';
  /** The bundle path (command) or URL (http). */
  target: string;
  /** The command's node flags of ours as written (none for the PATH bin or an older install's command). */
  nodeFlags?: string[];
  /** The http entry's Authorization header as written (`Bearer ${HOOKWARDEN_TOKEN}` or a literal token). */
  authorization?: string;
}

/** Paired runs of the command hook and of `node -e 0` after the first call (which writes the compile cache). */
const PAIRS = 5;
/** Requests to the daemon after one warm-up. */
const REQUESTS = 5;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

/** null when `url` answers 200, else why not (one line). */
export function healthz(url: string, timeoutMs: number): Promise<string | null> {
  // A URL written by hand that node cannot call is an answer too, not a crash of doctor.
  if (!URL.canParse(url) || new URL(url).protocol !== 'http:') return Promise.resolve(`${url} is not an http:// URL`);
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode === 200 ? null : `answered HTTP ${res.statusCode}`);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err) => resolve(oneLine(err)));
    req.end();
  });
}

const guardInput = (dir: string, cwd: string): string =>
  JSON.stringify({
    session_id: 'hookwarden-doctor',
    transcript_path: join(dir, 'transcript.jsonl'),
    cwd,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'rm -rf /' },
    tool_use_id: 'toolu_doctor',
  });

type CommandCost = { hook: number; node: number; ratio: number } | { problem: string };

/** The command hook's median wall time, `node -e 0`'s, and the median ratio of the pairs. */
function timeCommand(io: CliIO, loc: Locations, bundle: string, flags: readonly string[]): CommandCost {
  if (!existsSync(bundle)) return { problem: `${bundle} does not exist (run \`npm run build\`)` };
  const scratch = mkdtempSync(join(tmpdir(), 'hookwarden-doctor-'));
  try {
    const cfg = readRegularFile(join(loc.hookwardenHome, 'config.json'), { maxBytes: 1024 * 1024 });
    if (cfg.status === 'ok') createExclusive(join(scratch, 'config.json'), cfg.bytes);
    const env: NodeJS.ProcessEnv = { ...io.env, HOOKWARDEN_HOME: scratch };
    delete env.NODE_EXTRA_CA_CERTS;
    delete env.HOOKWARDEN_TIMING;
    const input = guardInput(scratch, loc.projectDir);
    const run = (args: string[], stdin: string) => {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(process.execPath, args, { input: stdin, env, encoding: 'utf8', timeout: 10_000 });
      return { ms: Number(process.hrtime.bigint() - t0) / 1e6, r };
    };
    const first = run([...flags, bundle], input);
    if (first.r.status !== 2 || !first.r.stdout.includes('"deny"')) {
      return { problem: `\`rm -rf /\` was not denied by the command hook (exit ${first.r.status}): ${oneLine(first.r.stderr || first.r.stdout || first.r.error)}` };
    }
    const hook: number[] = [];
    const node: number[] = [];
    const ratio: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const n = run(['-e', '0'], '').ms;
      const h = run([...flags, bundle], input).ms;
      node.push(n);
      hook.push(h);
      ratio.push(h / n);
    }
    return { hook: median(hook), node: median(node), ratio: median(ratio) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

type DaemonCost = { p50: number } | { problem: string; why: 'down' | 'token' | 'other' };

/** The daemon's round trip for the same call: one warm-up, then REQUESTS on one kept-alive connection. */
async function timeDaemon(url: string, token: string, loc: Locations): Promise<DaemonCost> {
  // An entry written by hand may hold anything after its scheme: node's request would throw on it.
  const target = URL.canParse(url) ? new URL(url) : null;
  if (target?.protocol !== 'http:') return { problem: 'is not an http:// URL doctor can call', why: 'other' };
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  // A transcript that does not exist, in a private folder of ours: the daemon finds the project from cwd, as for
  // the command hook, and has nothing another user planted to read.
  const scratch = mkdtempSync(join(tmpdir(), 'hookwarden-doctor-'));
  const body = guardInput(scratch, loc.projectDir);
  const post = (): Promise<{ ms: number; status: number; text: string } | { error: string }> =>
    new Promise((resolve) => {
      const t0 = process.hrtime.bigint();
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) };
      const req = request(target, { method: 'POST', agent, headers, timeout: 5000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('timeout', () => req.destroy(new Error('no answer within 5000 ms')));
      req.on('error', (err) => resolve({ error: oneLine(err) }));
      req.end(body);
    });
  try {
    const times: number[] = [];
    for (let i = 0; i <= REQUESTS; i++) {
      const a = await post();
      if ('error' in a) return { problem: `is not answering (${a.error})`, why: 'down' };
      if (a.status === 401) return { problem: 'refused the token (HTTP 401)', why: 'token' };
      if (a.status !== 200 || !a.text.includes('"deny"')) return { problem: `did not deny \`rm -rf /\` (HTTP ${a.status}: ${oneLine(a.text || '(empty)', 160)})`, why: 'other' };
      if (i > 0) times.push(a.ms);
    }
    return { p50: median(times) };
  } finally {
    agent.destroy();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The token an http entry sends: its literal one, else the `${VAR}` it names from this environment, else the
 * daemon's own (serve.token, what install says to put in $HOOKWARDEN_TOKEN); and where it came from. */
function entryToken(authorization: string | undefined, env: NodeJS.ProcessEnv, stored: string | undefined): { token: string; from: string; fallback: boolean } | null {
  const raw = /^Bearer\s+(.*)$/i.exec(authorization?.trim() ?? '')?.[1] ?? '';
  const names = [...raw.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => `$${m[1] as string}`);
  const token = raw.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, n: string) => env[n] ?? '').trim();
  if (token) return { token, from: names.length ? `from ${names.join(', ')}` : 'written in the settings', fallback: false };
  if (!stored) return null;
  return { token: stored, from: `from serve.token${names.length ? `, as ${names.join(', ')} is not set here` : ''}`, fallback: true };
}

const commandPart = (c: Extract<CommandCost, { hook: number }>): string => `${c.hook.toFixed(0)} ms (node -e 0: ${c.node.toFixed(0)} ms, ×${c.ratio.toFixed(2)})`;

/** One `hook call` line: the installed mode's measured cost, and the command hook's ratio to `node -e 0`. */
export async function timeInstalledMode(io: CliIO, loc: Locations, root: string, guard: InstalledGuard | undefined): Promise<Check> {
  const what = 'hook call';
  const served = loadConfig([userConfigFile(io.env)]).config.serve;
  const port = served.port ?? DEFAULT_CONFIG.serve.port;
  // The installed command when its bundle is there (what Claude Code runs), else the one install would write.
  const installed = guard?.kind === 'command' && existsSync(guard.target);
  const bundle = installed ? guard.target : hookEntryPath(root, 'pre-tool-use');
  const command = timeCommand(io, loc, bundle, installed ? (guard.nodeFlags ?? []) : HOOK_NODE_FLAGS);
  if (guard?.kind === 'http') {
    const base = guard.target.replace(/\/hooks\/[a-z-]+$/, '');
    const cmd = 'problem' in command ? `the command hook: ${command.problem}` : `as a command hook a call takes ${commandPart(command)}`;
    const urlPort = /:(\d+)$/.exec(base)?.[1];
    const serve = `\`hookwarden serve${!urlPort || urlPort === String(port) ? '' : ` --port ${urlPort}`}\``;
    const token = entryToken(guard.authorization, io.env, served.token);
    if (!token) return { status: 'warn', what, detail: `http mode: no token to call ${base} with (the entry sends none and ${userConfigFile(io.env)} has no serve.token); ${cmd}` };
    const d = await timeDaemon(guard.target, token.token, loc);
    const status = 'problem' in command ? 'fail' : 'problem' in d ? 'warn' : 'ok';
    if ('problem' in d) {
      const why = d.why === 'down' ? `; start it with ${serve}` : d.why === 'token' ? ` (token ${token.from})` : '';
      return { status, what, detail: `http mode: the daemon at ${base} ${d.problem}, so its cost is not measured${why}; ${cmd}` };
    }
    const note = token.fallback ? `; token ${token.from}` : '';
    return { status, what, detail: `http mode: \`rm -rf /\` denied by the daemon at ${base} in ${d.p50.toFixed(1)} ms (p50 of ${REQUESTS} requests${note}); ${cmd}` };
  }
  if ('problem' in command) return { status: 'fail', what, detail: command.problem };
  // No number for the daemon here: in command mode nothing says the port is the user's daemon, and doctor does not
  // send serve.token to whatever listens there (another local user may).
  return {
    status: 'ok',
    what,
    detail: `command mode: \`rm -rf /\` denied in ${commandPart(command)}; the fastest route is the daemon (\`hookwarden install --mode http\` + \`hookwarden serve\`)`,
  };
}
