// Runs the real Qwen Code CLI headless and offline against the scripted Chat Completions server (chat-server.ts),
// with hookwarden installed by its own `install --agent qwen`, in a scratch HOME, project and HOOKWARDEN_HOME. A
// scenario's result is what the client did: the requests the server saw, the CLI's JSON output, the files on disk.
//
// The CLI comes from test/clients/node_modules (`npm install --prefix test/clients`, pinned by its lockfile), or from
// HOOKWARDEN_QWEN_BIN. It is never downloaded at hook or test run time.

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseEnv, installFor, workspace, type Workspace } from './claude.js';
import { startChatServer, type ChatServer, type ChatTurn } from './chat-server.js';
import { clientBin, runCli, type CliRun } from './spawn.js';


/** The qwen launcher, or null when it is not installed (the suite then says so, or fails in CI). */
export const qwenBin = (): string | null => clientBin('HOOKWARDEN_QWEN_BIN', 'qwen');

export function qwenVersion(bin: string): string {
  return execFileSync(bin, ['--version'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: tmpdir() } }).trim();
}

/** ~/.qwen/settings.json: OpenAI-compatible auth (the server's URL and key come from the environment), nothing phoned
 * home, no update checks. */
const USER_SETTINGS = {
  security: { auth: { selectedType: 'openai' } },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { disableAutoUpdate: true, disableUpdateNag: true },
};

/** A scratch HOME (with the settings above), a git project holding `files`, and a private HOOKWARDEN_HOME; the
 * environment built from scratch: a fake key, no NODE_EXTRA_CA_CERTS. The server's URL is added per run. */
export function qwenWorkspace(files: Record<string, string> = {}): Workspace {
  const ws = workspace(files);
  mkdirSync(join(ws.home, '.qwen'), { recursive: true });
  writeFileSync(join(ws.home, '.qwen', 'settings.json'), `${JSON.stringify(USER_SETTINGS, null, 2)}\n`);
  ws.env = {
    ...baseEnv(ws),
    OPENAI_API_KEY: 'sk-test-not-a-real-key',
    OPENAI_MODEL: 'scripted-model',
    QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
  };
  return ws;
}

/** Installs hookwarden's command hooks with its own `install --agent qwen` (project: .qwen/settings.json; user:
 * ~/.qwen/settings.json, the auth kept), each command told `--agent qwen`. */
export function installQwenHooks(ws: Workspace, scope: 'project' | 'user' = 'project'): string {
  return installFor(ws, 'qwen', scope);
}

export interface QwenRunOptions {
  prompt: string;
  cwd?: string;
  /** Kill the CLI after this long (default 120 s). */
  timeoutMs?: number;
  /** Instead of --yolo (e.g. ['--approval-mode', 'default']). */
  mode?: string[];
}

/** One headless `qwen -p … --yolo --output-format json` run against `server`. */
export function runQwen(bin: string, ws: Workspace, server: ChatServer, o: QwenRunOptions): Promise<CliRun> {
  const args = ['-p', o.prompt, ...(o.mode ?? ['--yolo']), '--output-format', 'json'];
  const env = { ...ws.env, OPENAI_BASE_URL: `${server.url}/v1` };
  return runCli(bin, args, { cwd: o.cwd ?? ws.project, env, timeoutMs: o.timeoutMs ?? 120_000 });
}

/** A server for one scenario's script, closed by the caller. */
export const chatScripted = (turns: ChatTurn[]): Promise<ChatServer> => startChatServer(turns);
