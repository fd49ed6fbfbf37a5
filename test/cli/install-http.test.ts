// install --mode http: the daemon's hook entries, the token (stored 0600, kept out of project files), the fail
// mode, idempotence, switching modes both ways, and uninstall removing both kinds.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../lib/cli/main.js';
import type { CliIO } from '../../lib/cli/io.js';
import { ROOT } from '../helpers/registry.js';

function io(dir: string): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  let t = 1_000;
  return {
    stdout,
    stderr,
    out: (s) => stdout.push(s),
    err: (s) => stderr.push(s),
    readStdin: () => Buffer.alloc(0),
    env: { HOME: dir, HOOKWARDEN_HOME: join(dir, 'hw') },
    cwd: dir,
    now: () => ++t,
    newId: () => 'x',
  };
}

const EXISTING = {
  permissions: { allow: ['Bash(npm test)'] },
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'node /opt/other-guard.js' }] }] },
};

type Handler = { type: string; url?: string; command?: string; headers?: Record<string, string>; allowedEnvVars?: string[]; onFailure?: string; timeout?: number };
type Settings = { hooks: Record<string, Array<{ matcher?: string; hooks: Handler[] }>>; [k: string]: unknown };

const read = (file: string): Settings => JSON.parse(readFileSync(file, 'utf8')) as Settings;
const ours = (s: Settings, event: string): Handler[] =>
  (s.hooks[event] ?? []).flatMap((g) => g.hooks).filter((h) => h.url?.includes('/hooks/') || h.command?.includes('dist/hooks/'));
/** hookwarden in the project's node_modules (a link to this checkout): what a committed project install needs. */
function linkInstall(dir: string): void {
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'node_modules', 'hookwarden'));
}
const token = (dir: string): string => JSON.parse(readFileSync(join(dir, 'hw', 'config.json'), 'utf8')).serve.token;
const backups = (dir: string, sub: string): string[] => readdirSync(join(dir, sub)).filter((f) => f.includes('hookwarden-backup'));

describe('install --mode http', () => {
  it('project scope: http entries for the guard and observer hooks, the token from $HOOKWARDEN_TOKEN, never literal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-http-'));
    const file = join(dir, '.claude', 'settings.json');
    linkInstall(dir);
    const cli = io(dir);
    expect(await runCli(['install', '--mode', 'http', '--port', '7600'], cli)).toBe(0);
    const out = cli.stdout.join('');
    expect(out).toContain(`installed 6 hook entries (http) in ${file}`);
    expect(out).toContain(`export HOOKWARDEN_TOKEN="$(node "${join(ROOT, 'dist', 'cli.js')}" serve --print-token)"`);
    expect(out).toContain(`start the daemon before Claude Code: node "${join(ROOT, 'dist', 'cli.js')}" serve --port 7600`);
    // Already the fastest route: command mode's note about the daemon is not said.
    expect(out).not.toContain('fastest route');
    expect(out).not.toContain('start node for every call');
    const s = read(file);
    const t = token(dir);
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(join(dir, 'hw', 'config.json')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dir, 'hw', 'config.json'), 'utf8')).serve.port).toBe(7600);
    expect(readFileSync(file, 'utf8')).not.toContain(t);
    for (const [event, hook] of [['UserPromptSubmit', 'user-prompt'], ['PreToolUse', 'pre-tool-use'], ['PostToolUse', 'post-tool-use'], ['PostToolUseFailure', 'post-tool-use'], ['Stop', 'stop']] as const) {
      expect(ours(s, event), event).toEqual([
        {
          type: 'http',
          url: `http://127.0.0.1:7600/hooks/${hook}`,
          headers: { Authorization: 'Bearer ${HOOKWARDEN_TOKEN}', 'X-Hookwarden-Entrypoint': '${CLAUDE_CODE_ENTRYPOINT}' },
          allowedEnvVars: ['HOOKWARDEN_TOKEN', 'CLAUDE_CODE_ENTRYPOINT'],
          timeout: 10,
        },
      ]);
    }
    // Same matchers as command mode; SessionStart stays a command hook (no http hooks run there).
    expect(s.hooks.PreToolUse![0]!.matcher).toBe('^(?:Bash|Write|Edit|MultiEdit|NotebookEdit|Read|Glob|Grep|mcp__.+)$');
    expect(s.hooks.PostToolUse![0]!.matcher).toBe(s.hooks.PreToolUse![0]!.matcher);
    expect(ours(s, 'SessionStart')).toEqual([{ type: 'command', command: 'node --jitless --no-expose-wasm "$CLAUDE_PROJECT_DIR/node_modules/hookwarden/dist/hooks/session-start.cjs"', timeout: 10 }]);
  });

  it('user scope writes the literal token into ~/.claude/settings.json made 0600 (or the env reference with --token-env)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-http-user-'));
    const file = join(dir, '.claude', 'settings.json');
    expect(await runCli(['install', '--mode', 'http', '--scope', 'user'], io(dir))).toBe(0);
    const t = token(dir);
    const pre = ours(read(file), 'PreToolUse')[0]!;
    expect(pre).toMatchObject({ url: 'http://127.0.0.1:7437/hooks/pre-tool-use', headers: { Authorization: `Bearer ${t}` }, allowedEnvVars: ['CLAUDE_CODE_ENTRYPOINT'] });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Re-running keeps the token (and so the file).
    const before = readFileSync(file, 'utf8');
    const again = io(dir);
    expect(await runCli(['install', '--mode', 'http', '--scope', 'user'], again)).toBe(0);
    expect(again.stdout.join('')).toContain('already installed (http)');
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(await runCli(['install', '--mode', 'http', '--scope', 'user', '--token-env'], io(dir))).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toContain(t);
    for (const b of backups(dir, '.claude')) expect(statSync(join(dir, '.claude', b)).mode & 0o777, b).toBe(0o600);
  });

  it('--on-daemon-down closed adds onFailure "block" to the guard hooks only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-http-closed-'));
    const file = join(dir, 'settings.json');
    expect(await runCli(['install', '--settings', file, '--mode', 'http', '--on-daemon-down', 'closed'], io(dir))).toBe(0);
    const s = read(file);
    expect(ours(s, 'PreToolUse')[0]!.onFailure).toBe('block');
    expect(ours(s, 'UserPromptSubmit')[0]!.onFailure).toBe('block');
    for (const e of ['PostToolUse', 'PostToolUseFailure', 'Stop', 'SessionStart']) expect(ours(s, e)[0]!.onFailure, e).toBeUndefined();
    // Back to open: the entries change, nothing else.
    const cli = io(dir);
    expect(await runCli(['install', '--settings', file, '--mode', 'http'], cli)).toBe(0);
    expect(cli.stdout.join('')).toContain('installed 2 hook entries (http)');
    expect(ours(read(file), 'PreToolUse')[0]!.onFailure).toBeUndefined();
  });

  it('is idempotent, keeps other settings and hooks, and backs up before each change', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-http-idem-'));
    const file = join(dir, '.claude', 'settings.json');
    linkInstall(dir);
    await runCli(['install'], io(dir)); // creates .claude/
    writeFileSync(file, JSON.stringify(EXISTING));
    expect(await runCli(['install', '--mode', 'http'], io(dir))).toBe(0);
    const s = read(file);
    expect(s.permissions).toEqual(EXISTING.permissions);
    expect(s.hooks.PreToolUse![0]).toEqual(EXISTING.hooks.PreToolUse[0]);
    const before = readFileSync(file, 'utf8');
    const configBefore = readFileSync(join(dir, 'hw', 'config.json'), 'utf8');
    expect(await runCli(['install', '--mode', 'http'], io(dir))).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(readFileSync(join(dir, 'hw', 'config.json'), 'utf8')).toBe(configBefore);
    expect(backups(dir, '.claude')).toHaveLength(1);
  });

  it('switching modes replaces the other mode\'s entries in place, both ways; uninstall removes both kinds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-switch-'));
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify(EXISTING));
    expect(await runCli(['install', '--settings', file], io(dir))).toBe(0);
    const commandMode = read(file);
    const toHttp = io(dir);
    expect(await runCli(['install', '--settings', file, '--mode', 'http'], toHttp)).toBe(0);
    expect(toHttp.stdout.join('')).toContain('installed 5 hook entries (http)'); // SessionStart was already right
    const http = read(file);
    for (const e of ['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'Stop']) {
      expect(ours(http, e).map((h) => h.type), e).toEqual(['http']);
      expect(http.hooks[e]).toHaveLength(commandMode.hooks[e]!.length); // replaced where it was, not appended
    }
    expect(http.hooks.PreToolUse![0]).toEqual(EXISTING.hooks.PreToolUse[0]);
    // Another port: the http entries move, still one per event.
    expect(await runCli(['install', '--settings', file, '--mode', 'http', '--port', '7700'], io(dir))).toBe(0);
    expect(ours(read(file), 'Stop').map((h) => h.url)).toEqual(['http://127.0.0.1:7700/hooks/stop']);
    const back = io(dir);
    expect(await runCli(['install', '--settings', file], back)).toBe(0);
    expect(back.stdout.join('')).toContain('installed 5 hook entries');
    expect(read(file)).toEqual(commandMode);
    // A file holding both kinds (edited by hand): uninstall removes every entry of ours.
    const both = read(file);
    both.hooks.Stop!.push({ hooks: [{ type: 'http', url: 'http://127.0.0.1:7437/hooks/stop' }] });
    writeFileSync(file, JSON.stringify(both));
    expect(await runCli(['uninstall', '--settings', file], io(dir))).toBe(0);
    expect(read(file)).toEqual(EXISTING);
  });

  it('rejects bad arguments and a config file that is not JSON, changing nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-http-bad-'));
    const file = join(dir, 'settings.json');
    for (const args of [
      ['--mode', 'grpc'],
      ['--mode', 'http', '--port', '80'],
      ['--mode', 'http', '--port', 'x'],
      ['--mode', 'http', '--on-daemon-down', 'maybe'],
      ['--port', '7600'], // command mode takes no daemon options
      ['--token-env'],
    ]) {
      const cli = io(dir);
      expect(await runCli(['install', '--settings', file, ...args], cli), args.join(' ')).toBe(2);
      expect(cli.stderr.join('')).toContain('bad arguments');
    }
    expect(existsSync(file)).toBe(false);
    const cfg = join(dir, 'hw', 'config.json');
    await runCli(['install', '--settings', file, '--mode', 'http'], io(dir));
    const settings = readFileSync(file, 'utf8');
    writeFileSync(cfg, '{ not json');
    writeFileSync(file, JSON.stringify(EXISTING));
    const cli = io(dir);
    expect(await runCli(['install', '--settings', file, '--mode', 'http'], cli)).toBe(1);
    expect(cli.stderr.join('')).toMatch(/cannot read .*config\.json.*nothing changed/);
    expect(readFileSync(cfg, 'utf8')).toBe('{ not json');
    expect(readFileSync(file, 'utf8')).toBe(JSON.stringify(EXISTING));
    expect(settings).toContain('/hooks/pre-tool-use');
  });
});
