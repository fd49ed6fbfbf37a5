// The plugin route in the real Claude Code, offline: this repository's marketplace.json (unchanged) added from a
// scratch folder, its npm source fetched from a registry on 127.0.0.1 that serves the packed tarball (the user's
// default registry, as ~/.npmrc says), the plugin installed by `claude plugin install`, then one headless session
// against the scripted model server whose model runs a dangerous command.

import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli, type CliRun } from '../clients/spawn.js';
import { seenText, startModelServer, type Turn } from '../clients/model-server.js';
import { ROOT } from './pack.js';

export interface FakeRegistry {
  url: string;
  /** Every path requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** An npm registry that knows one package: its packument and its tarball. */
export async function serveTarball(tarball: string): Promise<FakeRegistry> {
  const tgz = readFileSync(tarball);
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; bin?: unknown; engines?: unknown };
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push(url);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (url === `/${pkg.name}`) {
      const dist = {
        tarball: `${base}/${pkg.name}/-/${pkg.name}-${pkg.version}.tgz`,
        integrity: `sha512-${createHash('sha512').update(tgz).digest('base64')}`,
        shasum: createHash('sha1').update(tgz).digest('hex'),
      };
      const version = { name: pkg.name, version: pkg.version, bin: pkg.bin, engines: pkg.engines, dist };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ name: pkg.name, 'dist-tags': { latest: pkg.version }, versions: { [pkg.version]: version } }));
    } else if (url === `/${pkg.name}/-/${pkg.name}-${pkg.version}.tgz`) {
      res.setHeader('content-type', 'application/octet-stream');
      res.end(tgz);
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface PluginWorld {
  home: string;
  hwHome: string;
  project: string;
  env: NodeJS.ProcessEnv;
}

/** A scratch HOME whose npm registry is `registry`, a git project, a private HOOKWARDEN_HOME. */
export function pluginWorld(root: string, registry: string): PluginWorld {
  const home = join(root, 'home');
  const hwHome = join(root, 'hw');
  const project = join(root, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  mkdirSync(hwHome, { mode: 0o700 });
  mkdirSync(join(root, 'marketplace', '.claude-plugin'), { recursive: true });
  copyFileSync(join(ROOT, '.claude-plugin', 'marketplace.json'), join(root, 'marketplace', '.claude-plugin', 'marketplace.json'));
  writeFileSync(join(home, '.npmrc'), `registry=${registry}\n`);
  const env: NodeJS.ProcessEnv = {
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: home,
    HOOKWARDEN_HOME: hwHome,
    TMPDIR: tmpdir(),
    TERM: 'dumb',
    npm_config_cache: join(root, 'npm-cache'),
    npm_config_update_notifier: 'false',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    // Root may not skip permissions outside a sandbox; this is one (a scratch HOME and project).
    IS_SANDBOX: '1',
  };
  return { home, hwHome, project, env };
}

/** `claude plugin marketplace add` + `claude plugin install hookwarden@hookwarden`; the installed plugin's folder.
 * No API key in their environment: with one, each command first waits ~16 s on an API host it cannot reach. */
export async function installPlugin(claude: string, world: PluginWorld, root: string): Promise<{ add: CliRun; install: CliRun; installPath: string | null }> {
  const o = { cwd: world.project, env: world.env, timeoutMs: 90_000 };
  const add = await runCli(claude, ['plugin', 'marketplace', 'add', '--json', join(root, 'marketplace')], o);
  const install = await runCli(claude, ['plugin', 'install', '--json', 'hookwarden@hookwarden'], o);
  let installPath: string | null = null;
  try {
    const installed = JSON.parse(readFileSync(join(world.home, '.claude', 'plugins', 'installed_plugins.json'), 'utf8')) as { plugins: Record<string, { installPath: string }[]> };
    installPath = installed.plugins['hookwarden@hookwarden']?.[0]?.installPath ?? null;
  } catch {
    // not installed: the caller's assertions say so
  }
  return { add, install, installPath };
}

export interface Session {
  run: CliRun;
  /** What the model saw after its first turn. */
  seen: string;
  /** hook_response events of the stream, by event name. */
  responses: (event: string) => Record<string, unknown>[];
}

/** One headless `claude -p` session in which the model's script is `turns`. */
export async function playSession(claude: string, world: PluginWorld, turns: Turn[]): Promise<Session> {
  const server = await startModelServer(turns);
  try {
    const args = ['-p', 'tidy up', '--output-format', 'stream-json', '--verbose', '--include-hook-events', '--no-session-persistence', '--dangerously-skip-permissions'];
    const run = await runCli(claude, args, { cwd: world.project, env: { ...world.env, ANTHROPIC_API_KEY: 'sk-ant-test-not-a-real-key', ANTHROPIC_BASE_URL: server.url }, timeoutMs: 90_000 });
    const events = run.lines as Record<string, unknown>[];
    return {
      run,
      seen: server.conversation().slice(1).map(seenText).join('\n'),
      responses: (event) => events.filter((e) => e.type === 'system' && e.subtype === 'hook_response' && e.hook_event === event),
    };
  } finally {
    await server.close();
  }
}
