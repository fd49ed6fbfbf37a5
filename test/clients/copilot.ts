// Runs the real GitHub Copilot CLI headless and offline against the scripted Chat Completions server
// (chat-server.ts), with hookwarden installed by its own `install --agent copilot`, in a scratch HOME, project and
// HOOKWARDEN_HOME. A scenario's result is what the client did: the requests the server saw, the CLI's JSON lines,
// the files on disk.
//
// The CLI comes from test/clients/node_modules (`npm install --prefix test/clients`, pinned by its lockfile), or from
// HOOKWARDEN_COPILOT_BIN. It is never downloaded at hook or test run time. Its first start unpacks itself into
// ~/.cache/copilot (≈ 235 MB): every workspace shares one cache folder (XDG_CACHE_HOME) so that happens once.

import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseEnv, installFor, workspace, type Workspace } from './claude.js';
import { startChatServer, type ChatServer, type ChatTurn } from './chat-server.js';
import { clientBin, runCli, wrapped, type CliRun } from './spawn.js';


/** One unpack cache for every run of the suite (outside the scratch HOMEs). */
const CACHE = join(tmpdir(), 'hookwarden-copilot-cache');

/** The copilot launcher, or null when it is not installed (the suite then says so, or fails in CI). */
export const copilotBin = (): string | null => clientBin('HOOKWARDEN_COPILOT_BIN', 'copilot');

export function copilotVersion(bin: string): string {
  mkdirSync(CACHE, { recursive: true });
  return execFileSync(bin, ['--version'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), XDG_CACHE_HOME: CACHE, COPILOT_AUTO_UPDATE: 'false' } }).split('\n')[0]!.trim();
}

/** A scratch HOME, a git project holding `files`, and a private HOOKWARDEN_HOME; the environment built from scratch:
 * offline mode, a fake provider key, no update checks, no NODE_EXTRA_CA_CERTS. The server's URL is added per run. */
export function copilotWorkspace(files: Record<string, string> = {}): Workspace {
  const ws = workspace(files);
  mkdirSync(CACHE, { recursive: true });
  ws.env = {
    ...baseEnv(ws),
    XDG_CACHE_HOME: CACHE,
    COPILOT_OFFLINE: 'true',
    COPILOT_PROVIDER_API_KEY: 'sk-test-not-a-real-key',
    COPILOT_MODEL: 'scripted-model',
    COPILOT_AUTO_UPDATE: 'false',
  };
  return ws;
}

/** Installs hookwarden's command hooks with its own `install --agent copilot` (user: ~/.copilot/hooks/hookwarden.json;
 * project: .github/hooks/hookwarden.json, run only in a trusted folder), each command told `--agent copilot`. */
export function installCopilotHooks(ws: Workspace, scope: 'project' | 'user' = 'user'): string {
  return installFor(ws, 'copilot', scope);
}

export interface CopilotRunOptions {
  prompt: string;
  cwd?: string;
  /** Kill the CLI after this long (default 120 s). */
  timeoutMs?: number;
  /** Extra environment for this run (e.g. COPILOT_ALLOW_ALL). */
  env?: NodeJS.ProcessEnv;
  flags?: string[];
  /** A program the CLI is started through (spawn.ts wrapped). */
  wrap?: string[];
}

/** One headless `copilot -p … --allow-all-tools --output-format json` run against `server`. */
export function runCopilot(bin: string, ws: Workspace, server: ChatServer, o: CopilotRunOptions): Promise<CliRun> {
  const args = ['-p', o.prompt, '--allow-all-tools', '--output-format', 'json', ...(o.flags ?? [])];
  const env = { ...ws.env, COPILOT_PROVIDER_BASE_URL: `${server.url}/v1`, ...o.env };
  const [program, argv] = wrapped(bin, args, o.wrap);
  return runCli(program, argv, { cwd: o.cwd ?? ws.project, env, timeoutMs: o.timeoutMs ?? 120_000 });
}

/** A server for one scenario's script, closed by the caller. */
export const copilotScripted = (turns: ChatTurn[]): Promise<ChatServer> => startChatServer(turns);
