// Runs the real Factory Droid CLI (`droid exec`) headless and offline against the scripted Chat Completions server
// (chat-server.ts), with hookwarden installed by its own `install --agent droid`, in a scratch HOME, project and
// HOOKWARDEN_HOME. No login: ~/.factory/settings.json names a custom model (generic-chat-completion-api) on the
// server, and `droid exec -m custom:local-test` makes only `POST /v1/chat/completions` (streamed). A scenario's
// result is what the client did: the requests the server saw, the files on disk, the audit.
//
// The binary comes from test/clients/node_modules (@factory/cli-linux-x64, an optionalDependency pinned by the
// lockfile: published for linux-x64 only), or from HOOKWARDEN_DROID_BIN. It is never downloaded at hook or test run
// time.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseEnv, installFor, workspace, type Workspace } from './claude.js';
import { startChatServer, type ChatServer, type ChatTurn } from './chat-server.js';
import { runCli, type CliRun } from './spawn.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** Whether this platform has a Droid package at all (only @factory/cli-linux-x64 is pinned). */
export const droidPlatform = (): boolean => process.platform === 'linux' && process.arch === 'x64';

/** The droid binary, or null when it is not installed (or this is not linux-x64). */
export function droidBin(): string | null {
  const explicit = process.env.HOOKWARDEN_DROID_BIN;
  if (explicit) return existsSync(explicit) ? explicit : null;
  const bin = join(ROOT, 'test', 'clients', 'node_modules', '@factory', 'cli-linux-x64', 'bin', 'droid');
  return droidPlatform() && existsSync(bin) ? bin : null;
}

export function droidVersion(bin: string): string {
  return execFileSync(bin, ['--version'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: tmpdir() } }).trim();
}

/** ~/.factory/settings.json: the scripted server as a custom model, so no login is needed. */
export function writeDroidSettings(ws: Workspace, server: ChatServer): void {
  const file = join(ws.home, '.factory', 'settings.json');
  const settings = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Record<string, unknown>;
  settings.customModels = [{ model: 'local-test', displayName: 'Local', baseUrl: `${server.url}/v1`, apiKey: 'fake-not-a-key', provider: 'generic-chat-completion-api', maxOutputTokens: 1024 }];
  writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
}

/** A scratch HOME (with ~/.factory), a git project holding `files`, and a private HOOKWARDEN_HOME; the environment
 * built from scratch: no keys, no NODE_EXTRA_CA_CERTS. The model's URL is written per run (writeDroidSettings). */
export function droidWorkspace(files: Record<string, string> = {}): Workspace {
  const ws = workspace(files);
  mkdirSync(join(ws.home, '.factory'), { recursive: true });
  ws.env = baseEnv(ws);
  return ws;
}

/** Installs hookwarden's command hooks with its own `install --agent droid` (project: .factory/settings.json; user:
 * ~/.factory/settings.json, the custom model kept), each command told `--agent droid`. */
export function installDroidHooks(ws: Workspace, scope: 'project' | 'user' = 'project'): string {
  return installFor(ws, 'droid', scope);
}

export interface DroidRunOptions {
  prompt: string;
  cwd?: string;
  /** Kill the CLI after this long (default 120 s). */
  timeoutMs?: number;
  /** `--auto` level (default high). */
  auto?: 'low' | 'medium' | 'high';
}

/** One `droid exec --auto <level> -m custom:local-test <prompt>` run against `server`. */
export function runDroid(bin: string, ws: Workspace, server: ChatServer, o: DroidRunOptions): Promise<CliRun> {
  writeDroidSettings(ws, server);
  const args = ['exec', '--auto', o.auto ?? 'high', '-m', 'custom:local-test', o.prompt];
  return runCli(bin, args, { cwd: o.cwd ?? ws.project, env: ws.env, timeoutMs: o.timeoutMs ?? 120_000 });
}

/** A server for one scenario's script, closed by the caller. */
export const chatScripted = (turns: ChatTurn[]): Promise<ChatServer> => startChatServer(turns);
