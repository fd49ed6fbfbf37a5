// Runs the real Gemini CLI headless and offline against the scripted Gemini API server (gemini-server.ts), with
// hookwarden installed by its own `install --agent gemini`, in a scratch HOME, project and HOOKWARDEN_HOME. A
// scenario's result is what the client did: the requests the server saw, the CLI's JSON result, the files left
// on disk.
//
// The CLI comes from test/clients/node_modules (`npm install --prefix test/clients`, pinned by its lockfile), or from
// HOOKWARDEN_GEMINI_BIN. It is never downloaded at hook or test run time.

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseEnv, installFor, workspace, type Workspace } from './claude.js';
import { startGeminiServer, type GeminiServer, type GeminiTurn } from './gemini-server.js';
import { clientBin, runCli, wrapped } from './spawn.js';


/** The gemini launcher, or null when it is not installed (the suite then says so, or fails in CI). */
export const geminiBin = (): string | null => clientBin('HOOKWARDEN_GEMINI_BIN', 'gemini');

export function geminiVersion(bin: string): string {
  return execFileSync(bin, ['--version'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: tmpdir() } }).trim();
}

/** ~/.gemini/settings.json: API-key auth (without it the CLI exits 41), nothing phoned home, no update checks. */
const USER_SETTINGS = {
  security: { auth: { selectedType: 'gemini-api-key' } },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
};

/** A scratch HOME (with the settings above), a git project holding `files`, and a private HOOKWARDEN_HOME; the
 * environment is Gemini's own, built from scratch: a fake key, the folder trusted (an untrusted one exits 55 and
 * runs no project hooks), no NODE_EXTRA_CA_CERTS. The server's URL is added per run. */
export function geminiWorkspace(files: Record<string, string> = {}): Workspace {
  const ws = workspace(files);
  mkdirSync(join(ws.home, '.gemini'), { recursive: true });
  writeFileSync(join(ws.home, '.gemini', 'settings.json'), `${JSON.stringify(USER_SETTINGS, null, 2)}\n`);
  ws.env = {
    ...baseEnv(ws),
    GEMINI_API_KEY: 'gemini-test-not-a-real-key',
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
  };
  return ws;
}

/** Installs hookwarden's command hooks with its own `install --agent gemini`: the project's .gemini/settings.json
 * (scope project; the workspace is trusted by GEMINI_CLI_TRUST_WORKSPACE) or ~/.gemini/settings.json (scope user),
 * each command told `--agent gemini`. */
export function installGeminiHooks(ws: Workspace, scope: 'project' | 'user' = 'project'): void {
  installFor(ws, 'gemini', scope);
}

/** The CLI's `--output-format json` result. */
export interface GeminiResult {
  session_id?: string;
  response?: string;
  /** What the CLI told the user besides the response (e.g. "Agent execution blocked: <reason>"). */
  warnings?: string[];
  error?: unknown;
  stats?: { tools?: { totalCalls?: number; byName?: Record<string, unknown> } };
  [k: string]: unknown;
}

export interface GeminiRun {
  exitCode: number | null;
  /** The parsed stdout, or null when it was not JSON (a crash, or the run was killed). */
  result: GeminiResult | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** Killed by us after `timeoutMs`: the CLI was still running. */
  killed: boolean;
}

export interface GeminiRunOptions {
  prompt: string;
  cwd?: string;
  /** Kill the CLI after this long (default 90 s). */
  timeoutMs?: number;
  /** A program the CLI is started through (spawn.ts wrapped). */
  wrap?: string[];
}

/** One headless `gemini -p … --yolo --output-format json` run against `server`. */
export async function runGemini(bin: string, ws: Workspace, server: GeminiServer, o: GeminiRunOptions): Promise<GeminiRun> {
  const args = ['-p', o.prompt, '--yolo', '--output-format', 'json'];
  const env = { ...ws.env, GOOGLE_GEMINI_BASE_URL: server.url };
  const [program, argv] = wrapped(bin, args, o.wrap);
  const run = await runCli<GeminiResult>(program, argv, { cwd: o.cwd ?? ws.project, env, timeoutMs: o.timeoutMs ?? 90_000 });
  // A document that is not an object (or no JSON at all: a crash, or the run was killed) is no result.
  const result = run.result && typeof run.result === 'object' && !Array.isArray(run.result) ? run.result : null;
  return { exitCode: run.exitCode, result, stdout: run.stdout, stderr: run.stderr, ms: run.ms, killed: run.killed };
}

/** A server for one scenario's script, closed by the caller. */
export const geminiScripted = (turns: GeminiTurn[]): Promise<GeminiServer> => startGeminiServer(turns);
