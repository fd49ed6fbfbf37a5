// Runs the real Codex CLI headless and offline against the scripted Responses API server (codex-server.ts), with
// hookwarden installed by its own `install --agent codex --scope user`, in a scratch HOME (CODEX_HOME inside it),
// project and HOOKWARDEN_HOME. A scenario's result is what the client did: the requests the server saw, the
// CLI's JSONL events, the files left on disk.
//
// The CLI comes from test/clients/node_modules (`npm install --prefix test/clients`, pinned by its lockfile), or from
// HOOKWARDEN_CODEX_BIN. It is never downloaded at hook or test run time.

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseEnv, installFor, withGlobalBin, workspace, type Workspace } from './claude.js';
import { startCodexServer, type CodexServer, type CodexStep } from './codex-server.js';
import { clientBin, runCli, wrapped } from './spawn.js';


/** The codex launcher, or null when it is not installed (the suite then says so, or fails in CI). */
export const codexBin = (): string | null => clientBin('HOOKWARDEN_CODEX_BIN', 'codex');

export function codexVersion(bin: string): string {
  // stderr dropped: Codex warns there about a CODEX_HOME under /tmp even for --version.
  return execFileSync(bin, ['--version'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: tmpdir() }, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

/** The provider's key variable (`env_key`): Codex sends it as the bearer token, and passes it on to hooks. */
const KEY_ENV = 'HOOKWARDEN_TEST_MODEL_KEY';

/** $CODEX_HOME/config.toml: the scripted provider, no retries, nothing phoned home (no update check, no
 * analytics, no plugins: with plugins on it looks up three hosts). */
const config = (url: string, model: string): string =>
  [
    `model = "${model}"`,
    'model_provider = "mock"',
    'check_for_update_on_startup = false',
    '',
    '[model_providers.mock]',
    'name = "mock"',
    `base_url = "${url}/v1"`,
    `env_key = "${KEY_ENV}"`,
    'wire_api = "responses"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
    '[analytics]',
    'enabled = false',
    '',
    '[features]',
    'plugins = false',
    '',
  ].join('\n');

export interface CodexWorkspace extends Workspace {
  codexHome: string;
}

/** A scratch HOME with CODEX_HOME at ~/.codex, a git project holding `files`, and a private HOOKWARDEN_HOME; the
 * environment is built from scratch: a fake key, no NODE_EXTRA_CA_CERTS. config.toml is written per run (it
 * holds the server's URL). */
export function codexWorkspace(files: Record<string, string> = {}): CodexWorkspace {
  const ws = workspace(files);
  const codexHome = join(ws.home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  ws.env = {
    ...baseEnv(ws),
    CODEX_HOME: codexHome,
    [KEY_ENV]: 'codex-test-not-a-real-key',
  };
  return { ...ws, codexHome };
}

/** Installs hookwarden's command hooks with its own `install --agent codex` (scope user: $CODEX_HOME/hooks.json;
 * a project's .codex/hooks.json runs only in a project Codex trusts), each command told `--agent codex`. Codex gives
 * a hook no project variable, so a committed project file can only name `hookwarden-hook` on PATH: project scope
 * first puts this checkout's on the workspace's PATH, as a global install would (withGlobalBin). */
export function installCodexHooks(ws: CodexWorkspace, scope: 'project' | 'user' = 'user'): string {
  if (scope === 'project') withGlobalBin(ws);
  return installFor(ws, 'codex', scope);
}

/** One line of `codex exec --json`. */
export interface CodexEvent {
  type: string;
  item?: { type?: string; command?: string; aggregated_output?: string; exit_code?: number | null; status?: string; text?: string; [k: string]: unknown };
  [k: string]: unknown;
}

export interface CodexRun {
  exitCode: number | null;
  /** The JSONL events on stdout (lines that were not JSON are skipped). */
  events: CodexEvent[];
  stdout: string;
  stderr: string;
  ms: number;
  /** Killed by us after `timeoutMs`: the CLI was still running. */
  killed: boolean;
}

export interface CodexRunOptions {
  prompt: string;
  cwd?: string;
  /** Kill the CLI after this long (default 90 s). */
  timeoutMs?: number;
  /** false: without --dangerously-bypass-hook-trust (Codex then skips hooks nobody trusted). */
  trustHooks?: boolean;
  /** Marks the project trusted in config.toml (`[projects."<path>"] trust_level = "trusted"`): without it Codex
   * loads no project layer, so a project's .codex/hooks.json never runs. */
  trustProject?: boolean;
  /** The model Codex is told it talks to: its name picks the tools offered from Codex's bundled catalog (default
   * gpt-5.5: exec_command and the freeform apply_patch; a name not in the catalog gets fallback metadata, a warning,
   * and no patch tool). */
  model?: string;
  /** A program the CLI is started through (spawn.ts wrapped). */
  wrap?: string[];
}

/** One headless `codex exec --json … <prompt>` run against `server`, stdin closed. */
export async function runCodex(bin: string, ws: CodexWorkspace, server: CodexServer, o: CodexRunOptions): Promise<CodexRun> {
  const trust = o.trustProject ? `\n[projects.${JSON.stringify(o.cwd ?? ws.project)}]\ntrust_level = "trusted"\n` : '';
  writeFileSync(join(ws.codexHome, 'config.toml'), config(server.url, o.model ?? 'gpt-5.5') + trust);
  const args = ['exec', '--json', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', ...(o.trustHooks === false ? [] : ['--dangerously-bypass-hook-trust']), o.prompt];
  const [program, argv] = wrapped(bin, args, o.wrap);
  const run = await runCli<unknown>(program, argv, { cwd: o.cwd ?? ws.project, env: ws.env, timeoutMs: o.timeoutMs ?? 90_000 });
  return { exitCode: run.exitCode, events: run.lines as CodexEvent[], stdout: run.stdout, stderr: run.stderr, ms: run.ms, killed: run.killed };
}

/** A server for one scenario's script, closed by the caller. */
export const codexScripted = (turns: CodexStep[]): Promise<CodexServer> => startCodexServer(turns);
