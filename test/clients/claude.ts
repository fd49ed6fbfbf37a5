// Runs the real Claude Code CLI headless and offline against the scripted model server, with hookwarden installed
// by its own `install` command in a scratch HOME, project and HOOKWARDEN_HOME. A scenario's result is what the
// client did: the requests the model server saw, the stream-json events, and the files left on disk.
//
// The CLI comes from test/clients/node_modules (`npm install --prefix test/clients`, pinned by its lockfile), or from
// HOOKWARDEN_CLAUDE_BIN. It is never downloaded at hook or test run time.

import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startModelServer, type ModelServer, type Turn } from './model-server.js';
import { clientBin } from './spawn.js';

/** The hookwarden checkout: its build (dist/cli.js) installs the hooks. */
const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');

/** The claude binary, or null when it is not installed (the suite then says so, or fails in CI). */
export const claudeBin = (): string | null => clientBin('HOOKWARDEN_CLAUDE_BIN', 'claude');

export function claudeVersion(bin: string): string {
  return execFileSync(bin, ['--version'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: tmpdir() } }).trim();
}

export interface Workspace {
  root: string;
  home: string;
  project: string;
  hwHome: string;
  /** The environment the CLI runs with: built from scratch, no real keys, no NODE_EXTRA_CA_CERTS. */
  env: NodeJS.ProcessEnv;
}

/** A scratch HOME, a git project holding `files`, and a private HOOKWARDEN_HOME. The project is laid out as a team's
 * is: hookwarden is its dependency, `node_modules/hookwarden` linked to this checkout (what `npm link` or a `file:`
 * dependency gives) and node_modules ignored by git, so a project-scope install writes the portable
 * `$CLAUDE_PROJECT_DIR/node_modules/hookwarden/…` form (docs/install-scopes.md) and the client runs that. */
export function workspace(files: Record<string, string> = {}): Workspace {
  const root = mkdtempSync(join(tmpdir(), 'hw-client-'));
  const home = join(root, 'home');
  const project = join(root, 'project');
  const hwHome = join(root, 'hw');
  mkdirSync(home);
  mkdirSync(project);
  mkdirSync(hwHome, { mode: 0o700 });
  for (const [name, text] of Object.entries(files)) {
    const file = name.startsWith('~/') ? join(home, name.slice(2)) : join(project, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  const git = (...args: string[]) => execFileSync('git', args, { cwd: project, stdio: 'ignore', env: { PATH: process.env.PATH ?? '', HOME: home } });
  git('init', '-q');
  git('-c', 'user.email=dev@example.test', '-c', 'user.name=dev', 'add', '-A');
  git('-c', 'user.email=dev@example.test', '-c', 'user.name=dev', 'commit', '-q', '--allow-empty', '-m', 'init');
  // Ignored through .git/info/exclude, not a .gitignore: the tree a scenario sees holds only its own files.
  appendFileSync(join(project, '.git', 'info', 'exclude'), 'node_modules/\n');
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(ROOT, join(project, 'node_modules', 'hookwarden'), 'dir');
  const env: NodeJS.ProcessEnv = {
    ...baseEnv({ home, hwHome }),
    ANTHROPIC_API_KEY: 'sk-ant-test-not-a-real-key',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    // Root may not skip permissions outside a sandbox; this is one (a scratch HOME and project).
    IS_SANDBOX: '1',
  };
  return { root, home, project, hwHome, env };
}

/** What every client runs with: no key, no CA bundle, no setting of the developer's, and a dumb terminal. */
export const baseEnv = (ws: Pick<Workspace, 'home' | 'hwHome'>): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: ws.home,
  HOOKWARDEN_HOME: ws.hwHome,
  TMPDIR: tmpdir(),
  TERM: 'dumb',
});

/** Puts this checkout's `hookwarden-hook` first on the workspace's PATH, as `npm i -g hookwarden` does (a link in the
 * global bin folder to bin/hookwarden-hook.cjs): install then writes the path-free `hookwarden-hook <hook>` form
 * for a host that needs it (Codex project scope), and the client, run with the same PATH, finds it. Call it before
 * installing: install decides by the PATH it runs with. */
export function withGlobalBin(ws: Workspace): string {
  const dir = join(ws.root, 'global', 'bin');
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(ROOT, 'bin', 'hookwarden-hook.cjs'), join(dir, 'hookwarden-hook'));
  ws.env = { ...ws.env, PATH: `${dir}:${ws.env.PATH ?? ''}` };
  return dir;
}

/** hookwarden's own `install --agent <host>` in a workspace (its stdout: the notes install prints). */
export const installFor = (ws: Workspace, agent: string, scope: 'project' | 'user'): string => cli(ws, ['install', '--agent', agent, '--scope', scope]);

function cli(ws: Workspace, args: string[], cwd = ws.project): string {
  return execFileSync(process.execPath, [CLI, ...args], { cwd, env: ws.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Installs hookwarden's command hooks into the project's committed .claude/settings.json, as `hookwarden install`
 * does by default: hookwarden is the workspace project's dependency, so the commands run the project's own copy
 * (`$CLAUDE_PROJECT_DIR/node_modules/hookwarden/…`, docs/install-scopes.md), and the Agent SDK's `project` setting
 * source loads them too. */
export function installCommandHooks(ws: Workspace): void {
  cli(ws, ['install', '--scope', 'project']);
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

export interface Daemon {
  port: number;
  stop(): Promise<void>;
}

/** Installs the http hooks (user scope: the token is written into ~/.claude/settings.json) and starts the daemon. */
export async function installHttpHooks(ws: Workspace): Promise<Daemon> {
  const port = await freePort();
  cli(ws, ['install', '--scope', 'user', '--mode', 'http', '--port', String(port)]);
  const child = spawn(process.execPath, [CLI, 'serve', '--port', String(port)], { cwd: ws.root, env: ws.env, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`daemon did not start: ${log}`)), 15_000);
    child.stderr.on('data', (d: Buffer) => {
      log += d.toString();
      if (log.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`daemon exited ${code}: ${log}`)));
  });
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface StreamEvent {
  type: string;
  subtype?: string;
  hook_event?: string;
  [k: string]: unknown;
}

export interface RunResult {
  exitCode: number | null;
  events: StreamEvent[];
  stderr: string;
  ms: number;
}

export interface RunOptions {
  prompt: string;
  cwd?: string;
  /** Extra CLI flags, e.g. ['--dangerously-skip-permissions']. */
  flags?: string[];
  /** Keep the session on disk (the CLI's own transcript); off by default. */
  persist?: boolean;
  /** A program (and its arguments) the CLI is started through, e.g. one that mounts a scratch /etc (managed-settings.test.ts). */
  wrap?: string[];
}

/** One headless `claude -p` run against `server`. */
export function runClaude(bin: string, ws: Workspace, server: ModelServer, o: RunOptions): Promise<RunResult> {
  const args = ['-p', o.prompt, '--output-format', 'stream-json', '--verbose', '--include-hook-events', ...(o.persist ? [] : ['--no-session-persistence']), ...(o.flags ?? [])];
  const env = { ...ws.env, ANTHROPIC_BASE_URL: server.url };
  const started = Date.now();
  return new Promise((resolve) => {
    const [program, ...pre] = o.wrap?.length ? [...o.wrap, bin] : [bin];
    const child = spawn(program!, [...pre, ...args], { cwd: o.cwd ?? ws.project, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      const events = out
        .split('\n')
        .filter((l) => l.trim())
        .flatMap((l) => {
          try {
            return [JSON.parse(l) as StreamEvent];
          } catch {
            return [];
          }
        });
      resolve({ exitCode: code, events, stderr: err, ms: Date.now() - started });
    });
  });
}

/** A server for one scenario's script, closed by the caller. */
export const scripted = (turns: Turn[]): Promise<ModelServer> => startModelServer(turns);

/** The hook responses the stream reported (`--include-hook-events`), by event name. */
export const hookResponses = (r: RunResult, event: string): StreamEvent[] =>
  r.events.filter((e) => e.type === 'system' && e.subtype === 'hook_response' && e.hook_event === event);

export interface HostAsk {
  tool: string;
  input: Record<string, unknown>;
  reason: string | undefined;
}

/** One Agent SDK session over the same CLI, with a permission host (canUseTool) that records what it is asked
 * and answers `answer`. Project settings are loaded, so the project's hooks run as in the CLI. */
export async function runWithHost(bin: string, ws: Workspace, server: ModelServer, prompt: string, answer: 'allow' | 'deny'): Promise<HostAsk[]> {
  const { query } = await import('@anthropic-ai/claude-agent-sdk');
  const asked: HostAsk[] = [];
  const env = { ...ws.env, ANTHROPIC_BASE_URL: server.url } as Record<string, string>;
  const session = query({
    prompt,
    options: {
      cwd: ws.project,
      env,
      pathToClaudeCodeExecutable: bin,
      settingSources: ['project'],
      canUseTool: async (tool, input, opts) => {
        asked.push({ tool, input, reason: opts.decisionReason });
        return answer === 'allow' ? { behavior: 'allow', updatedInput: input } : { behavior: 'deny', message: 'The user said no.' };
      },
    },
  });
  for await (const _message of session) {
    // drain: the session ends with its result message
  }
  return asked;
}
