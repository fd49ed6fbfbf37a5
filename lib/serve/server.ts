// `hookwarden serve`: Claude Code "http" hooks answered by the same runHook as the hook bundles, in one long-lived
// process on 127.0.0.1. No per-call process start; the same engine, the same audit, the same verdicts.
//
//   POST /hooks/<hook>   (user-prompt, pre-tool-use, post-tool-use, stop, session-start), bearer token required
//                        → 200 + the hook's stdout JSON, or an empty 200 for no opinion (see httpAnswer)
//   GET  /healthz        → 200 {"ok":true,"version":…}, no token (nothing sensitive)
//   anything else        → 404, or 405 for a known path with the wrong method
//
// runHook is mostly synchronous (sync fs, locks held within one call), so the event loop serialises the judging
// while bodies are read concurrently; several requests in flight are safe. The memo (config + registry per
// project) is a ReloadingMemo: an edited config, override or patterns file is seen by the next request.
//
// Hardening (docs/daemon.md, "Hardening"): Host/Origin must be loopback (guard.ts, against DNS rebinding); header,
// request and keep-alive timeouts; a connection cap that evicts idle or slow sockets first (connections.ts); a body
// over the limit is answered at once and its connection closed; the token is compared in constant time (auth.ts).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { isAbsolute } from 'node:path';
import { statSync } from 'node:fs';
import { closeAuditLogs } from '../audit/write.js';
import { loadConfig } from '../config/load.js';
import { HookwardenError, oneLine } from '../errors.js';
import { auditRejectedInput } from '../hook/audit.js';
import { GUARD_HOOKS, HOOKS, type HookName } from '../hook/hooks.js';
import { newDecisionId } from '../hook/ids.js';
import { EMBEDDED, ENGINE_VERSION } from '../hook/main.js';
import { ALL_ROUTERS } from '../hook/routers.js';
import { MAX_GUARD_BYTES, MAX_OBSERVER_BYTES } from '../hook/stages/parse.js';
import { heartbeat } from '../hook/heartbeat.js';
import { runHook } from '../hook/run-hook.js';
import { type HookRun, type Prepared, type RuntimeDeps } from '../hook/runtime.js';
import { bearerMatches, refusalKind, TOKEN_PATTERN } from './auth.js';
import { bodyUnread, Connections, DAEMON_LIMITS, endAfterDrain, type ConnectionStats, type DaemonLimits } from './connections.js';
import { foreignRequest, logValue } from './guard.js';
import { ReloadingMemo } from './reload.js';
import { managedPolicyDir } from '../hook/locations.js';

export { DAEMON_LIMITS, type DaemonLimits } from './connections.js';

/** A project named by the caller (an entry a user wrote by hand). install writes none: Claude Code 2.1.332 leaves
 * `${CLAUDE_PROJECT_DIR}` empty in http headers, so the project comes from the call's transcript_path. */
export const PROJECT_DIR_HEADER = 'x-hookwarden-project-dir';

/** Header the http hook entries send with `${CLAUDE_CODE_ENTRYPOINT}` (`sdk-cli` for `claude -p`). */
export const ENTRYPOINT_HEADER = 'x-hookwarden-entrypoint';
const ENTRYPOINT = /^[a-z][a-z0-9-]{0,31}$/;

export interface DaemonOptions {
  /** 0 picks any free port (tests); the bound port is on the returned Daemon. */
  port: number;
  token: string;
  /** The environment hooks would run with; CLAUDE_PROJECT_DIR is ignored (it comes per request). */
  env: NodeJS.ProcessEnv;
  /** `$HOOKWARDEN_HOME/config.json`: re-read when it changes, for a rotated token. */
  configFile: string;
  /** One line per start, stop, reload or error (already ending in "\n"). */
  log: (line: string) => void;
  /** Also one line per request. */
  logRequests?: boolean;
  /** How long shutdown waits for requests in flight before closing their connections (ms). */
  graceMs?: number;
  /** Timeouts and the connection cap; DAEMON_LIMITS unless given (tests use short ones). */
  limits?: Partial<DaemonLimits>;
  now?: () => number;
}

export interface Daemon {
  port: number;
  url: string;
  /** Stop accepting, finish requests in flight, close the audit log. Resolves once done (idempotent). */
  close: (reason?: string) => Promise<void>;
  stats: () => { requests: number; inFlight: number; connections: ConnectionStats };
}

export interface HttpAnswer {
  status: number;
  body: string;
  type?: string;
  /** The call's heartbeat name (lib/hook/heartbeat.ts), marked once the answer is sent. */
  beat?: string;
}

const JSON_TYPE = 'application/json';
const TEXT_TYPE = 'text/plain; charset=utf-8';

const firstLine = (s: string): string => (s.split('\n').find((l) => l.trim()) ?? '').trim();

/** The JSON that blocks `event` with `reason`, or null for events that cannot block. */
export function blockJson(event: string, reason: string): string | null {
  switch (event) {
    case 'PreToolUse':
      return JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
    case 'UserPromptSubmit':
    case 'PostToolUse':
    case 'Stop':
      return JSON.stringify({ decision: 'block', reason });
    default:
      return null;
  }
}

/**
 * A command hook's result as an http hook answer. Claude Code reads an http hook's 2xx JSON body exactly as a
 * command hook's stdout, and cannot be blocked by a status code, so:
 * - stdout JSON (every decision the renderer makes, blocks included) → 200 with that JSON;
 * - exit 0 and nothing on stdout → an empty 200 (no opinion);
 * - exit 2 and nothing on stdout (a guard that could not judge its input: a block carried by the exit code and
 *   stderr alone) → 200 with the same block as JSON, its reason the stderr line;
 * - any other exit (an observer that could not judge: a non-blocking error for Claude Code) → a non-2xx status,
 *   which Claude Code also treats as a non-blocking error: 400 for input it could not read, 500 otherwise.
 */
export function httpAnswer(hook: HookName, run: Pick<HookRun, 'exitCode' | 'stdout' | 'stderr'>): HttpAnswer {
  if (run.stdout) return { status: 200, body: run.stdout, type: JSON_TYPE };
  if (run.exitCode === 0) return { status: 200, body: '' };
  const reason = firstLine(run.stderr) || 'hookwarden: the call could not be judged';
  if (run.exitCode === 2) {
    const block = blockJson(HOOKS[hook], reason);
    if (block) return { status: 200, body: block, type: JSON_TYPE };
  }
  return { status: /\(E_STDIN_[A-Z_]+\)/.test(reason) ? 400 : 500, body: `${reason}\n`, type: TEXT_TYPE };
}

/** What a fingerprint of one file looks like; changes on any rewrite (atomic rename included). */
function fileStamp(path: string): string {
  try {
    const st = statSync(path, { throwIfNoEntry: false });
    return st ? `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}` : '-';
  } catch {
    return '?';
  }
}

type Body = { buf: Buffer } | { tooLarge: true; size: number; exact: boolean };

/**
 * The request body, up to `max` bytes. Past the limit (or when Content-Length already announces more) it stops at
 * once and nothing is kept; the caller answers at once with `Connection: close` (send, then endAfterDrain bounds
 * what is still read before the close), so a client cannot make the daemon read or hold an endless body. null when
 * the client went away first.
 */
function readBody(req: IncomingMessage, max: number): Promise<Body | null> {
  const declared = req.headers['content-length'];
  // node's parser has checked the header's syntax, and will not deliver more bytes than it announces.
  if (declared !== undefined && Number(declared) > max) return Promise.resolve({ tooLarge: true, size: Number(declared), exact: true });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (b: Body | null): void => {
      if (done) return;
      done = true;
      req.off('data', onData);
      resolve(b);
    };
    const onData = (c: Buffer): void => {
      size += c.length;
      if (size <= max) return void chunks.push(c);
      chunks.length = 0;
      req.pause(); // nothing is read until the answer is out (node's backpressure stops reading the socket)
      finish({ tooLarge: true, size, exact: false });
    };
    req.on('data', onData);
    req.on('end', () => finish({ buf: Buffer.concat(chunks, size) }));
    req.on('error', () => finish(null));
    req.on('close', () => finish(null));
  });
}

export async function startDaemon(o: DaemonOptions): Promise<Daemon> {
  const now = o.now ?? Date.now;
  const baseEnv: NodeJS.ProcessEnv = { ...o.env };
  delete baseEnv.CLAUDE_PROJECT_DIR;
  delete baseEnv.CLAUDE_CODE_ENTRYPOINT;
  const envs = new Map<string, NodeJS.ProcessEnv>();
  const envFor = (projectDir: string | undefined, entrypoint: string | undefined): NodeJS.ProcessEnv => {
    if (!projectDir && !entrypoint) return baseEnv;
    const key = `${projectDir ?? ''}\0${entrypoint ?? ''}`;
    let env = envs.get(key);
    if (!env) {
      if (envs.size >= 256) envs.clear();
      env = { ...baseEnv, ...(projectDir ? { CLAUDE_PROJECT_DIR: projectDir } : {}), ...(entrypoint ? { CLAUDE_CODE_ENTRYPOINT: entrypoint } : {}) };
      envs.set(key, env);
    }
    return env;
  };

  const memo = new ReloadingMemo<Promise<Prepared>>((e) => {
    o.log(`hookwarden serve: reloading config and registry for ${e.projectDir} (changed: ${e.changed.join(', ')})\n`);
  }, undefined, managedPolicyDir(baseEnv));

  // The token, re-read when the user config file changes (a rotated token applies without a restart).
  let token = o.token;
  let configStamp = fileStamp(o.configFile);
  const currentToken = (): string => {
    const stamp = fileStamp(o.configFile);
    if (stamp === configStamp) return token;
    configStamp = stamp;
    const cfg = loadConfig([o.configFile]);
    const next = cfg.config.serve.token;
    if (next && TOKEN_PATTERN.test(next)) {
      if (next !== token) o.log(`hookwarden serve: token changed in ${o.configFile}; requests now need the new one\n`);
      token = next;
    } else {
      o.log(`hookwarden serve: ${o.configFile} has no valid serve.token${cfg.issues.length ? ` (${cfg.issues[0]})` : ''}; keeping the current token\n`);
    }
    return token;
  };

  // Problems that would have gone to a command hook's stderr: logged once each, not once per request.
  const noted = new Set<string>();
  const noteOnce = (line: string): void => {
    if (noted.has(line)) return;
    if (noted.size >= 256) noted.clear();
    noted.add(line);
    o.log(`hookwarden serve: ${line.replace(/^hookwarden: /, '')}\n`);
  };
  // Refusals are logged at most once a minute per kind: whoever sends them cannot flood the log.
  const lastLog = new Map<string, number>();
  const oncePerMinute = (kind: string, line: () => string): void => {
    const t = now();
    if (t - (lastLog.get(kind) ?? -Infinity) < 60_000) return;
    lastLog.set(kind, t);
    o.log(`hookwarden serve: ${line()}; at most one such line a minute\n`);
  };
  const refused = (header: string | undefined): void => {
    const kind = refusalKind(header);
    const hint =
      kind === 'empty'
        ? 'an empty bearer token (is HOOKWARDEN_TOKEN set in the environment Claude Code starts from?)'
        : kind === 'missing'
          ? 'no Authorization header'
          : 'a wrong token (rotated? run `hookwarden install --mode http` again)';
    oncePerMinute('token', () => `refused a request with ${hint}`);
  };

  let closing = false;
  let inFlight = 0;
  let requests = 0;
  const drained: Array<() => void> = [];

  /** `drain`: an answer to an authenticated call whose body is still unread lingers (endAfterDrain); refusals do not. */
  function send(res: ServerResponse, a: HttpAnswer, extra: Record<string, string> = {}, drain = false): void {
    if (res.headersSent || res.destroyed) return;
    const headers: Record<string, string | number> = { ...extra, 'Content-Length': Buffer.byteLength(a.body) };
    if (a.type) headers['Content-Type'] = a.type;
    // An answer given before the body was read (a refusal, a body over the limit) ends the connection (node closes
    // it after a "Connection: close" answer): reading the rest to keep it alive would let the client stream forever.
    const unread = bodyUnread(res.req);
    if (closing || unread) headers.Connection = 'close';
    res.writeHead(a.status, headers);
    if (unread && drain) {
      res.write(a.body); // the whole answer now (Content-Length); the end, and so the close, after the drain
      return endAfterDrain(res.req, res);
    }
    res.end(a.body);
  }

  function runtime(req: IncomingMessage): RuntimeDeps {
    const raw = req.headers[PROJECT_DIR_HEADER];
    const dir = typeof raw === 'string' ? raw.trim() : '';
    // An uninterpolated "${CLAUDE_PROJECT_DIR}" or an empty value is not a project: the hook's cwd is then.
    const projectDir = dir && isAbsolute(dir) && !dir.includes('$') ? dir : undefined;
    const ep = req.headers[ENTRYPOINT_HEADER];
    const entrypoint = typeof ep === 'string' && ENTRYPOINT.test(ep.trim()) ? ep.trim() : undefined;
    return { env: envFor(projectDir, entrypoint), now, newId: () => newDecisionId(now), embedded: EMBEDDED, engineVersion: ENGINE_VERSION, memo, routers: ALL_ROUTERS };
  }

  async function judge(hook: HookName, req: IncomingMessage): Promise<HttpAnswer | null> {
    const max = GUARD_HOOKS.has(hook) ? MAX_GUARD_BYTES : MAX_OBSERVER_BYTES;
    const started = now();
    const body = await readBody(req, max);
    if (!body) return null; // the client went away: nobody to answer
    const rt = runtime(req);
    if ('tooLarge' in body) {
      // The same verdict runHook gives oversized stdin (a guard blocks, an observer reports), audited the same way.
      const size = body.exact ? `${body.size} bytes` : `at least ${body.size} bytes`;
      const err = new HookwardenError('E_STDIN_TOO_LARGE', `request body is ${size}, over the ${max}-byte limit`);
      auditRejectedInput(hook, HOOKS[hook], err, rt, started);
      const guard = GUARD_HOOKS.has(hook);
      const what = guard ? 'the call was blocked because it could not be judged' : 'nothing was judged';
      const a = httpAnswer(hook, { exitCode: guard ? 2 : 1, stdout: '', stderr: `hookwarden: ${err.message} (${err.code}); ${what}.\n` });
      return a.status === 200 ? a : { ...a, status: 413 };
    }
    let run: HookRun;
    try {
      run = await runHook(hook, body.buf, rt);
    } catch (err) {
      // runHook never throws by design; if it does, the guards still fail closed, as the hook bundles do.
      const line = `hookwarden: internal error: ${oneLine(err)}`;
      o.log(`hookwarden serve: ${hook}: ${line.slice('hookwarden: '.length)}\n`);
      return httpAnswer(hook, { exitCode: GUARD_HOOKS.has(hook) ? 2 : 1, stdout: '', stderr: `${line}\n` });
    }
    // Notes a command hook prints on stderr beside its answer (config problems, audit not written…). The input
    // problems of a refused call are the answer itself, not a daemon problem.
    const lines = run.stderr.split('\n').filter((l) => l.trim());
    const notes = run.exitCode === 0 ? lines : run.stdout ? lines.slice(1) : [];
    for (const l of notes) noteOnce(l.trim());
    return { ...httpAnswer(hook, run), ...(run.beat ? { beat: run.beat } : {}) };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // First of all, before the token and before any body: a request for another name is not ours (DNS rebinding).
    const foreign = foreignRequest(req);
    if (foreign) {
      oncePerMinute('host', () => `refused a request with ${foreign.header} ${logValue(foreign.value)} (only loopback names are answered)`);
      return send(res, { status: 403, body: `forbidden: ${foreign.header} is not a loopback name\n`, type: TEXT_TYPE }, { Connection: 'close' });
    }
    const path = (req.url ?? '/').split('?', 1)[0] as string;
    if (path === '/healthz') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, { status: 405, body: '' }, { Allow: 'GET, HEAD' });
      return send(res, { status: 200, body: JSON.stringify({ ok: true, version: ENGINE_VERSION }), type: JSON_TYPE });
    }
    const m = /^\/hooks\/([a-z-]+)$/.exec(path);
    const hook = m && Object.hasOwn(HOOKS, m[1] as string) ? (m[1] as HookName) : null;
    if (!hook) return send(res, { status: 404, body: '' });
    if (req.method !== 'POST') return send(res, { status: 405, body: '' }, { Allow: 'POST' });
    if (!bearerMatches(req.headers.authorization, currentToken())) {
      refused(req.headers.authorization);
      return send(res, { status: 401, body: '' }, { 'WWW-Authenticate': 'Bearer' });
    }
    const t0 = now();
    const a = await judge(hook, req);
    if (!a) return;
    send(res, a, {}, true);
    const refusedBeat = heartbeat(a.beat, 'http', o.env);
    if (refusedBeat) o.log(`hookwarden serve: ${refusedBeat}\n`);
    if (o.logRequests) o.log(`hookwarden serve: ${hook} ${a.status} ${a.body ? `${Buffer.byteLength(a.body)} bytes` : 'empty'} ${now() - t0} ms\n`);
  }

  const limits: DaemonLimits = { ...DAEMON_LIMITS, ...o.limits };
  const conns = new Connections(limits.maxConnections, limits.headersTimeoutMs, (what) =>
    oncePerMinute(`conn-${what}`, () =>
      what === 'evicted'
        ? `${limits.maxConnections} connections open (the cap): closed the oldest one with no request in progress`
        : `${limits.maxConnections} connections open (the cap), each with a request in progress: refused a new one`,
    ),
  );
  const timeouts = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
  };
  // requireHostHeader: false, so a missing Host gets the Host check's 403 like any foreign one (not node's 400).
  const server = createServer({ ...timeouts, requireHostHeader: false }, (req, res) => {
    requests++;
    inFlight++;
    res.once('close', conns.begin(req.socket));
    res.once('close', () => {
      inFlight--;
      if (closing && inFlight === 0) for (const f of drained.splice(0)) f();
    });
    handle(req, res).catch((err: unknown) => {
      o.log(`hookwarden serve: error answering ${req.method} ${req.url}: ${oneLine(err)}\n`);
      if (!res.headersSent) send(res, { status: 500, body: '' });
      else res.destroy();
    });
  });
  server.on('connection', (socket: Socket) => conns.add(socket));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: o.port, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => o.log(`hookwarden serve: server error: ${oneLine(err)}\n`));
  const port = (server.address() as AddressInfo).port;

  let closed: Promise<void> | undefined;
  const close = (reason = 'close'): Promise<void> => {
    closed ??= new Promise<void>((resolve) => {
      closing = true;
      server.close(); // no new connections, before the line says so (else a client could land in the backlog)
      if (inFlight) o.log(`hookwarden serve: stopping (${reason}); answering ${inFlight} request${inFlight === 1 ? '' : 's'} in flight first\n`);
      server.closeIdleConnections(); // kept-alive connections with nothing in flight
      const finish = (): void => {
        clearTimeout(deadline);
        server.closeAllConnections();
        closeAuditLogs();
        o.log(`hookwarden serve: stopped (${reason}) after ${requests} request${requests === 1 ? '' : 's'}\n`);
        resolve();
      };
      const grace = o.graceMs ?? 10_000;
      const deadline = setTimeout(() => {
        o.log(`hookwarden serve: ${inFlight} request(s) still in flight after ${grace} ms; closing their connections\n`);
        drained.length = 0;
        finish();
      }, grace);
      if (inFlight === 0) finish();
      else drained.push(finish);
    });
    return closed;
  };

  return { port, url: `http://127.0.0.1:${port}`, close, stats: () => ({ requests, inFlight, connections: conns.stats() }) };
}
