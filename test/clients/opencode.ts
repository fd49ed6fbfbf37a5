// Runs the real OpenCode CLI (`opencode run`) headless and offline against the scripted Chat Completions server
// (chat-server.ts), with hookwarden's plugin installed by its own `install --agent opencode`, in a scratch HOME,
// scratch XDG dirs, project and HOOKWARDEN_HOME. A scenario's result is what the client did: the requests the server
// saw, what `opencode run` printed, the files on disk.
//
// The model is a custom provider `local` on `@ai-sdk/openai-compatible` (OpenCode bundles that package: nothing is
// fetched for it) pointed at the server; models.dev cannot be reached and OpenCode only logs it. npm runs offline
// (see the environment below): OpenCode's own plugin-SDK install fails fast instead of downloading.
// The CLI comes from test/clients/node_modules (`npm install --prefix test/clients`, pinned by its lockfile), or from
// HOOKWARDEN_OPENCODE_BIN. It is never downloaded at hook or test run time.

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseEnv, installFor, workspace, type Workspace } from './claude.js';
import { startChatServer, type ChatServer, type ChatTurn } from './chat-server.js';
import { clientBin, runCli, type CliRun } from './spawn.js';


/** The opencode launcher, or null when it is not installed (the suite then says so, or fails in CI). */
export const opencodeBin = (): string | null => clientBin('HOOKWARDEN_OPENCODE_BIN', 'opencode');

export function opencodeVersion(bin: string): string {
  const scratch = join(tmpdir(), 'hw-opencode-version');
  return execFileSync(bin, ['--version'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: scratch, XDG_CONFIG_HOME: join(scratch, 'c'), XDG_DATA_HOME: join(scratch, 'd'), XDG_CACHE_HOME: join(scratch, 'k'), XDG_STATE_HOME: join(scratch, 's') } }).trim();
}

export interface OpenCodeWorkspace extends Workspace {
  /** $XDG_CONFIG_HOME/opencode: the user config (opencode.json, the user-scope plugin). */
  config: string;
  /** $XDG_DATA_HOME/opencode: OpenCode's store (opencode.db, logs). */
  data: string;
}

/** A scratch HOME and XDG dirs, a git project holding `files`, and a private HOOKWARDEN_HOME; the environment built
 * from scratch: no real keys, no NODE_EXTRA_CA_CERTS, nothing phoned home. The server's URL is written per run. */
export function opencodeWorkspace(files: Record<string, string> = {}): OpenCodeWorkspace {
  const ws = workspace(files);
  const xdg = (name: string) => join(ws.root, 'xdg', name);
  for (const d of ['config', 'data', 'cache', 'state']) mkdirSync(xdg(d), { recursive: true });
  mkdirSync(join(xdg('config'), 'opencode'), { recursive: true });
  ws.env = {
    ...baseEnv(ws),
    XDG_CONFIG_HOME: xdg('config'),
    XDG_DATA_HOME: xdg('data'),
    XDG_CACHE_HOME: xdg('cache'),
    XDG_STATE_HOME: xdg('state'),
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    // Whenever a plugin folder exists (.opencode/ or the config folder), OpenCode 1.18.33 writes a package.json
    // there and npm-installs `@opencode-ai/plugin` from the registry in the background (~20 s here, a download at
    // test time). hookwarden's plugin imports nothing from it: npm offline makes that install fail at once (a WARN
    // "background dependency install failed" in OpenCode's log) and the plugin works the same.
    npm_config_offline: 'true',
  };
  return { ...ws, config: join(xdg('config'), 'opencode'), data: join(xdg('data'), 'opencode') };
}

/** Installs hookwarden's plugin with its own `install --agent opencode` (project: .opencode/plugin/; user:
 * $XDG_CONFIG_HOME/opencode/plugin/). */
export function installOpenCodePlugin(ws: OpenCodeWorkspace, scope: 'project' | 'user' = 'project'): string {
  return installFor(ws, 'opencode', scope);
}

export interface OpenCodeRunOptions {
  prompt: string;
  cwd?: string;
  /** Kill the CLI after this long (default 120 s). */
  timeoutMs?: number;
  /** More `opencode run` flags (e.g. ['--print-logs']). */
  args?: string[];
}

/** One `opencode run <prompt>` against `server`: the provider written into the user config first. */
export function runOpenCode(bin: string, ws: OpenCodeWorkspace, server: ChatServer, o: OpenCodeRunOptions): Promise<CliRun> {
  const config = {
    $schema: 'https://opencode.ai/config.json',
    provider: { local: { npm: '@ai-sdk/openai-compatible', name: 'scripted', options: { baseURL: `${server.url}/v1`, apiKey: 'sk-test-not-a-real-key' }, models: { test: { name: 'test', tool_call: true } } } },
    model: 'local/test',
    // `opencode run` rejects commands on paths outside the project by itself (external_directory): allowed here, in
    // the hookwarden runs and their controls alike, so a control shows the script really does the damage.
    permission: { external_directory: 'allow' },
    autoupdate: false,
    share: 'disabled',
  };
  writeFileSync(join(ws.config, 'opencode.json'), `${JSON.stringify(config, null, 2)}\n`);
  return runCli(bin, ['run', ...(o.args ?? []), o.prompt], { cwd: o.cwd ?? ws.project, env: ws.env, timeoutMs: o.timeoutMs ?? 120_000 });
}

/** A server for one scenario's script, closed by the caller. */
export const chatScripted = (turns: ChatTurn[]): Promise<ChatServer> => startChatServer(turns);
