// doctor says when each installed hook last ran, from the heartbeat the built hook leaves (npm run build first):
// hosts whose hooks ran (the installed command run as the host runs it), events installed but never called, a
// command whose bundle is missing, and a moved install (the file is gone, hookwarden is elsewhere: doctor says where).
// The daemon marks its calls as mode http.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ago } from '../../lib/cli/doctor-heartbeat.js';
import type { CliIO } from '../../lib/cli/io.js';
import { runCli } from '../../lib/cli/main.js';
import { startDaemon } from '../../lib/serve/server.js';
import { ROOT } from '../helpers/registry.js';

function rig() {
  const base = mkdtempSync(join(tmpdir(), 'hw-beat-doctor-'));
  const home = join(base, 'home');
  const project = join(base, 'project');
  const hw = join(home, '.hookwarden');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const env: NodeJS.ProcessEnv = { PATH: dirname(process.execPath), HOME: home, HOOKWARDEN_HOME: hw, CLAUDE_PROJECT_DIR: project };
  let out: string[] = [];
  const io: CliIO = { out: (s) => out.push(s), err: (s) => out.push(s), readStdin: () => Buffer.alloc(0), env, cwd: project, now: Date.now, newId: () => 'id' };
  return { base, home, project, hw, env, io, text: () => out.join(''), reset: () => (out = []) };
}

const line = (text: string, what: string): string => text.split('\n').find((l) => l.slice(6).startsWith(what)) ?? `(no "${what}" line)`;
const commandOf = (file: string, event: string): string => JSON.parse(readFileSync(file, 'utf8')).hooks[event][0].hooks[0].command;

/** Runs an installed command as the host does: sh -c in the project, $CLAUDE_PROJECT_DIR set, the user's home. */
function run(command: string, stdin: object, r: ReturnType<typeof rig>): void {
  const p = spawnSync('/bin/sh', ['-c', command], { cwd: r.project, input: JSON.stringify(stdin), env: r.env, encoding: 'utf8' });
  expect(p.error).toBeUndefined();
}

const claudeBash = (r: ReturnType<typeof rig>) => ({ session_id: 's', transcript_path: '', cwd: r.project, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' });

describe('doctor: when each hook last ran', () => {
  it('Claude Code: the event whose hook ran says when (local time), the others are flagged as never called', async () => {
    const r = rig();
    expect(await runCli(['install', '--scope', 'local'], r.io)).toBe(0);
    run(commandOf(join(r.project, '.claude', 'settings.local.json'), 'PreToolUse'), claudeBash(r), r);
    const beat = join(r.hw, 'heartbeat', 'claude-code.PreToolUse.command');
    expect(existsSync(beat)).toBe(true);
    r.reset();
    await runCli(['doctor', '--no-timing'], r.io);
    const clock = ago(statSync(beat).mtimeMs, Date.now()).replace(/^.*\(/, '(');
    expect(line(r.text(), 'hook PreToolUse')).toMatch(new RegExp(`^ok +hook PreToolUse +command → /.*pre-tool-use\\.cjs; last ran \\d+ s ago \\${clock.slice(0, -1)}\\)$`));
    for (const event of ['UserPromptSubmit', 'PostToolUse', 'Stop', 'SessionStart']) expect(line(r.text(), `hook ${event} `)).toMatch(/^warn .*installed but never called: Claude Code has not run it here/);
  });

  it('another host (Gemini, project scope, hookwarden in node_modules): per event, ran or never called', async () => {
    const r = rig();
    mkdirSync(join(r.project, 'node_modules'));
    symlinkSync(ROOT, join(r.project, 'node_modules', 'hookwarden'));
    expect(await runCli(['install', '--agent', 'gemini'], r.io)).toBe(0);
    const file = join(r.project, '.gemini', 'settings.json');
    run(commandOf(file, 'BeforeTool'), { session_id: 's', cwd: r.project, hook_event_name: 'BeforeTool', timestamp: '1970-01-01T00:00:00Z', tool_name: 'run_shell_command', tool_input: { command: 'ls' } }, r);
    r.reset();
    await runCli(['doctor', '--no-timing'], r.io);
    expect(line(r.text(), 'gemini ')).toMatch(/^ok +gemini +5 events in /);
    expect(line(r.text(), 'gemini BeforeTool')).toMatch(/^ok .*last ran \d+ s ago \(\d\d:\d\d\)$/);
    for (const event of ['BeforeAgent', 'AfterTool', 'AfterAgent', 'SessionStart']) expect(line(r.text(), `gemini ${event}`)).toMatch(/^warn .*installed but never called$/);
  });

  it('OpenCode (project plugin finding node_modules from its own file): the plugin\'s hooks, ran or never called', async () => {
    const r = rig();
    mkdirSync(join(r.project, 'node_modules'));
    symlinkSync(ROOT, join(r.project, 'node_modules', 'hookwarden'));
    expect(await runCli(['install', '--agent', 'opencode'], r.io)).toBe(0);
    const file = join(r.project, '.opencode', 'plugin', 'hookwarden.js');
    // The plugin's hook processes inherit this process's environment.
    const saved = process.env.HOOKWARDEN_HOME;
    process.env.HOOKWARDEN_HOME = r.hw;
    try {
      const mod = (await import(pathToFileURL(file).href)) as { HookwardenPlugin: (i: unknown) => Promise<Record<string, (i: unknown, o: unknown) => Promise<void>>> };
      const hooks = await mod.HookwardenPlugin({ directory: r.project });
      await hooks['tool.execute.before']!({ tool: 'bash', sessionID: 's', callID: 'c' }, { args: { command: 'ls' } });
    } finally {
      if (saved === undefined) delete process.env.HOOKWARDEN_HOME;
      else process.env.HOOKWARDEN_HOME = saved;
    }
    r.reset();
    await runCli(['doctor', '--no-timing'], r.io);
    expect(line(r.text(), 'opencode ')).toMatch(/^ok +opencode +plugin /);
    expect(line(r.text(), 'opencode PreToolUse')).toMatch(/^ok .*last ran \d+ s ago/);
    expect(line(r.text(), 'opencode PostToolUse')).toMatch(/^warn .*installed but never called$/);
  });

  it('a command whose bundle is missing, and a moved install: the file is gone, doctor says where hookwarden is now', async () => {
    const r = rig();
    // An install into the project's node_modules that has since gone (the package removed; this checkout is the one running).
    mkdirSync(join(r.project, 'node_modules'));
    symlinkSync(ROOT, join(r.project, 'node_modules', 'hookwarden'));
    expect(await runCli(['install'], r.io)).toBe(0);
    rmSync(join(r.project, 'node_modules', 'hookwarden'));
    // And a user-scope entry from a checkout that was moved away.
    mkdirSync(join(r.home, '.claude'));
    writeFileSync(join(r.home, '.claude', 'settings.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'node "/opt/moved-hookwarden/dist/hooks/stop.js"' }] }] } }));
    r.reset();
    expect(await runCli(['doctor', '--no-timing'], r.io)).toBe(1);
    expect(line(r.text(), 'hook PreToolUse').replace(/ {2,}/g, ' ')).toBe(
      `FAIL hook PreToolUse ${join(r.project, '.claude', 'settings.json')} runs ${join(r.project, 'node_modules', 'hookwarden', 'dist', 'hooks', 'pre-tool-use.cjs')}, which does not exist; hookwarden is installed at ${ROOT}: re-run \`hookwarden install\` from there`,
    );
    expect(line(r.text(), 'hook Stop')).toMatch(/^FAIL .*(\/opt\/moved-hookwarden\/dist\/hooks\/stop\.js|node_modules\/hookwarden\/dist\/hooks\/stop\.js), which does not exist; hookwarden is installed at /);
  });

  it('the daemon marks its calls as mode http', async () => {
    const r = rig();
    mkdirSync(r.hw, { mode: 0o700 });
    const token = 'test-token-0123456789-abcdefghijklmnopqrstuvwxyz';
    const d = await startDaemon({ port: 0, token, env: r.env, configFile: join(r.hw, 'config.json'), log: () => {} });
    try {
      const body = JSON.stringify(claudeBash(r));
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: d.port, path: '/hooks/pre-tool-use', method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Length': Buffer.byteLength(body) } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end(body);
      });
      expect(status).toBe(200);
    } finally {
      await d.close();
    }
    expect(existsSync(join(r.hw, 'heartbeat', 'claude-code.PreToolUse.http'))).toBe(true);
    expect(existsSync(join(r.hw, 'heartbeat', 'claude-code.PreToolUse.command'))).toBe(false);
  });
});

describe('ago', () => {
  it('says how long ago in words and the local clock, with the date when it was not today', () => {
    const now = new Date(2026, 10, 26, 14, 5, 30).getTime();
    expect(ago(now - 12_000, now)).toBe('12 s ago (14:05)');
    expect(ago(now - 3 * 60_000, now)).toBe('3 min ago (14:02)');
    expect(ago(now - 5 * 3_600_000, now)).toBe('5 h ago (09:05)');
    expect(ago(now - 3 * 86_400_000, now)).toBe('3 days ago (2026-11-23 14:05)');
  });
});
