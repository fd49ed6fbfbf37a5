// hookwarden doctor on real folders and settings files: a fresh machine fails the install checks, an install
// passes, a stale bundle path, a broken config, an unwritable home and a daemon that is down each fail with a
// line that says what to do; a real local server answering /healthz passes; the timed call really runs the hook.

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIO } from '../../lib/cli/io.js';
import { runCli } from '../../lib/cli/main.js';

function rig() {
  const base = mkdtempSync(join(tmpdir(), 'hw-doctor-'));
  const home = join(base, 'home');
  const project = join(base, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const out: string[] = [];
  const err: string[] = [];
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, HOOKWARDEN_HOME: join(home, '.hookwarden'), CLAUDE_PROJECT_DIR: project };
  const io: CliIO = { out: (s) => out.push(s), err: (s) => err.push(s), readStdin: () => Buffer.alloc(0), env, cwd: project, now: () => 1_000, newId: () => 'id' };
  return { base, home, project, env, io, text: () => out.join(''), errText: () => err.join('') };
}

const line = (text: string, what: string): string => text.split('\n').find((l) => l.slice(6).startsWith(what)) ?? `(no "${what}" line)`;

let server: Server | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

describe('hookwarden doctor', () => {
  it('fails on a machine where nothing is installed, and says how to fix it', async () => {
    const r = rig();
    expect(await runCli(['doctor', '--no-timing'], r.io)).toBe(1);
    expect(line(r.text(), 'hook PreToolUse')).toMatch(/^FAIL .*not installed \(run `hookwarden install`\)/);
    expect(line(r.text(), 'node')).toMatch(/^ok /);
    expect(line(r.text(), 'audit folder')).toMatch(/^ok .*is writable/);
    expect(r.text()).toMatch(/6 checks failed\n$/);
  });

  it('passes after install, with the real hook call timed', async () => {
    const r = rig();
    expect(await runCli(['install', '--scope', 'local'], r.io)).toBe(0);
    const code = await runCli(['doctor'], r.io);
    expect(r.text(), r.text()).toContain('all checks passed');
    expect(code).toBe(0);
    for (const event of ['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'Stop', 'SessionStart']) expect(line(r.text(), `hook ${event} `)).toMatch(/^warn +hook \S+ +command → \/.*\.cjs; installed but never called: Claude Code has not run it here/);
    expect(line(r.text(), 'hook call')).toMatch(/^ok .*`rm -rf \/` denied in \d+ ms \(node -e 0: \d+ ms, ×\d+\.\d\d\)/);
    expect(line(r.text(), 'registry')).toMatch(/^ok .*\d+ patterns/);
  });

  it('fails an install from before failed tools were observed: PostToolUseFailure has no entry', async () => {
    const r = rig();
    expect(await runCli(['install', '--scope', 'local'], r.io)).toBe(0);
    const file = join(r.project, '.claude', 'settings.local.json');
    const s = JSON.parse(readFileSync(file, 'utf8'));
    delete s.hooks.PostToolUseFailure;
    writeFileSync(file, JSON.stringify(s));
    expect(await runCli(['doctor', '--no-timing'], r.io)).toBe(1);
    expect(line(r.text(), 'hook PostToolUseFailure')).toMatch(/^FAIL .*not installed \(run `hookwarden install`\)/);
    expect(line(r.text(), 'hook PostToolUse ')).toMatch(/^warn .*never called/);
    expect(r.text()).toMatch(/1 check failed\n$/);
  });

  it('flags a bundle path that no longer exists, and a hook installed twice', async () => {
    const r = rig();
    await runCli(['install', '--scope', 'local'], r.io);
    const user = join(r.home, '.claude', 'settings.json');
    mkdirSync(join(r.home, '.claude'), { recursive: true });
    writeFileSync(user, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'node "/opt/old-hookwarden/dist/hooks/stop.js"' }] }], SessionStart: [{ hooks: [{ type: 'command', command: `node "${join(process.cwd(), 'dist', 'hooks', 'session-start.js')}"` }] }] } }));
    expect(await runCli(['doctor', '--no-timing'], r.io)).toBe(1);
    expect(line(r.text(), 'hook Stop')).toMatch(/^FAIL .*\/opt\/old-hookwarden\/dist\/hooks\/stop\.js, which does not exist/);
    expect(line(r.text(), 'hook SessionStart')).toMatch(/^warn .*installed 2 times/);
  });

  it('fails on a broken config, a broken pattern override and an unwritable home', async () => {
    const r = rig();
    await runCli(['install', '--scope', 'local'], r.io);
    mkdirSync(join(r.project, '.hookwarden'), { recursive: true });
    writeFileSync(join(r.project, '.hookwarden', 'config.json'), '{ "session": { "ttlHours": "soon" } }');
    writeFileSync(join(r.project, '.hookwarden', 'patterns.json'), '{ not json');
    expect(await runCli(['doctor', '--no-timing'], r.io)).toBe(1);
    expect(line(r.text(), 'config')).toMatch(/^FAIL .*session\.ttlHours/);
    expect(line(r.text(), 'registry')).toMatch(/^FAIL .*patterns\.json/);
    const file = join(r.base, 'a-file');
    writeFileSync(file, 'not a folder');
    const bad = rig();
    bad.env.HOOKWARDEN_HOME = join(file, 'home');
    expect(await runCli(['doctor', '--no-timing'], bad.io)).toBe(1);
    expect(line(bad.text(), 'audit folder')).toMatch(/^FAIL .*is not writable: ENOTDIR/);
  });

  it('checks the daemon when http hooks are installed: a real server answering /healthz passes, a closed port fails', async () => {
    const r = rig();
    await runCli(['install', '--scope', 'local'], r.io);
    server = createServer((req, res) => {
      res.writeHead(req.url === '/healthz' ? 200 : 404, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const local = join(r.project, '.claude', 'settings.local.json');
    const http = (p: number) => JSON.stringify({ hooks: { Notification: [{ hooks: [{ type: 'http', url: `http://127.0.0.1:${p}/hooks/stop` }] }] } });
    writeFileSync(local, http(port));
    await runCli(['doctor', '--no-timing'], r.io);
    expect(line(r.text(), 'daemon')).toMatch(new RegExp(`^ok .*127\\.0\\.0\\.1:${port} answers`));
    server.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = rig();
    await runCli(['install', '--scope', 'local'], again.io);
    writeFileSync(join(again.project, '.claude', 'settings.local.json'), http(port));
    expect(await runCli(['doctor', '--no-timing'], again.io)).toBe(1);
    expect(line(again.text(), 'daemon')).toMatch(/^FAIL .*is not answering .*start it with `hookwarden serve`/);
  });
});
