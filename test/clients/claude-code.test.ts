// hookwarden in the real Claude Code CLI (headless, offline, against test/clients/model-server.ts), installed by
// its own `install`. Every assertion is about what the client did: what reached the model (the recorded
// requests), what ran, what is left on disk. Each guard scenario has a control without hooks that shows the
// script really does the damage, or the test would prove nothing.
//
// The CLI comes from `npm install --prefix test/clients`. Without it the suite is skipped with a message, unless
// HOOKWARDEN_REQUIRE_CLIENTS=1 (CI), which makes a missing CLI a failure.

import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { claudeBin, claudeVersion, hookResponses, installCommandHooks, installHttpHooks, runClaude, runWithHost, scripted, workspace, type RunOptions, type Workspace } from './claude.js';
import { seenText, type ModelServer, type Turn } from './model-server.js';
import { count, filesHolding, hookCommands, machinePaths, projectCommand } from './scenario.js';

const bin = claudeBin();
const required = process.env.HOOKWARDEN_REQUIRE_CLIENTS === '1';
if (!bin && !required) process.stderr.write('test/clients: Claude Code CLI not installed (npm install --prefix test/clients); real-client suite skipped\n');

const SKIP = ['--dangerously-skip-permissions'];

/** One scenario: a workspace, hooks installed (or not: the control), the script played, the server closed. */
async function play(turns: Turn[], o: RunOptions & { files?: Record<string, string>; hooks?: boolean; ws?: Workspace }) {
  const ws = o.ws ?? workspace(o.files);
  if (o.hooks !== false && !o.ws) installCommandHooks(ws);
  const server: ModelServer = await scripted(turns);
  try {
    const run = await runClaude(bin as string, ws, server, o);
    return { ws, run, server, conv: server.conversation(), all: server.requests };
  } finally {
    await server.close();
  }
}

/** The text of every request after the first: what the model saw as a result of its own actions. */
const after = (conv: ModelServer['requests'], from = 1): string => conv.slice(from).map(seenText).join('\n');


describe.runIf(bin || required)('Claude Code (real CLI), command hooks', () => {
  beforeAll(() => {
    if (!bin) throw new Error('HOOKWARDEN_REQUIRE_CLIENTS=1 but the Claude Code CLI is not installed: npm install --prefix test/clients');
    process.stderr.write(`test/clients: real client ${claudeVersion(bin)}\n`);
  });

  it('deny: `rm -rf ~/.ssh` does not run, the canary survives, the reason reaches the model once (control: it is deleted)', async () => {
    const turns: Turn[] = [{ tool: 'Bash', input: { command: 'rm -rf ~/.ssh' } }, { text: 'Done.' }];
    const files = { '~/.ssh/known_hosts': 'canary\n' };
    const control = await play(turns, { prompt: 'tidy up', flags: SKIP, files, hooks: false });
    expect(existsSync(join(control.ws.home, '.ssh', 'known_hosts'))).toBe(false);
    const r = await play(turns, { prompt: 'tidy up', flags: SKIP, files });
    expect(readFileSync(join(r.ws.home, '.ssh', 'known_hosts'), 'utf8')).toBe('canary\n');
    const seen = after(r.conv);
    expect(count(seen, '[bash-filesystem/rm-home]')).toBe(1);
    expect(seen).toContain('PreToolUse:Bash hook error: hookwarden block:');
    expect(seen).not.toContain('dist/hooks');
    // Installed with project scope: the committed .claude/settings.json runs the project's own copy, through the
    // variable the host sets for its hooks; it names no path of this machine, and the deny above is its.
    const committed = join(r.ws.project, '.claude', 'settings.json');
    expect(machinePaths(readFileSync(committed, 'utf8'), r.ws)).toEqual([]);
    expect(hookCommands(committed)).toContainEqual(expect.stringMatching(projectCommand(null, 'pre-tool-use')));
    for (const command of hookCommands(committed)) expect(command).toMatch(projectCommand(null));
  });

  it('a cloned project whose .hookwarden/patterns.json disables the rule cannot switch it off: `rm -rf ~/.ssh` is still refused', async () => {
    const turns: Turn[] = [{ tool: 'Bash', input: { command: 'rm -rf ~/.ssh' } }, { text: 'Done.' }];
    const files = { '~/.ssh/known_hosts': 'canary\n', '.hookwarden/patterns.json': JSON.stringify({ disable: ['bash-filesystem/rm-home', 'paths-sensitive/ssh-config'] }) };
    const r = await play(turns, { prompt: 'tidy up', flags: SKIP, files });
    expect(readFileSync(join(r.ws.home, '.ssh', 'known_hosts'), 'utf8')).toBe('canary\n');
    expect(count(after(r.conv), '[bash-filesystem/rm-home]')).toBe(1);
    // Control: the same file, from a project the user's own config trusts, does switch the rules off.
    const trusted = workspace(files);
    installCommandHooks(trusted);
    writeFileSync(join(trusted.hwHome, 'config.json'), JSON.stringify({ trustedProjects: [trusted.project] }));
    const c = await play(turns, { prompt: 'tidy up', flags: SKIP, ws: trusted });
    expect(existsSync(join(c.ws.home, '.ssh', 'known_hosts'))).toBe(false);
  });

  it('ask, headless: nobody can approve, so the call is denied with a reason saying so (askFallback: deny)', async () => {
    const turns: Turn[] = [{ tool: 'Bash', input: { command: 'git push --force origin feat/x' } }, { text: 'Done.' }];
    const r = await play(turns, { prompt: 'publish the branch', flags: SKIP });
    const seen = after(r.conv);
    expect(seen).toContain('[bash-git/force-push]');
    expect(seen).toContain('Nobody can answer an approval prompt here (a headless run');
    // It never ran: git would have said why the push failed.
    expect(seen).not.toContain('failed to push');
  });

  it('consequence: `git reset --hard` on a dirty tree is refused naming the file, whose work survives; on a clean tree it runs unremarked (control: the work is lost)', async () => {
    const turns: Turn[] = [{ tool: 'Bash', input: { command: 'git reset --hard' } }, { text: 'Done.' }];
    const files = { 'src/app.js': 'export const v = 1;\n' };
    const WORK = 'export const v = 2; // a day of work\n';
    const dirty = (hooks: boolean): Workspace => {
      const ws = workspace(files);
      if (hooks) installCommandHooks(ws);
      writeFileSync(join(ws.project, 'src', 'app.js'), WORK);
      return ws;
    };
    const control = await play(turns, { prompt: 'start over', flags: SKIP, ws: dirty(false) });
    expect(readFileSync(join(control.ws.project, 'src', 'app.js'), 'utf8')).toBe(files['src/app.js']);
    const r = await play(turns, { prompt: 'start over', flags: SKIP, ws: dirty(true) });
    expect(readFileSync(join(r.ws.project, 'src', 'app.js'), 'utf8')).toBe(WORK);
    const seen = after(r.conv);
    expect(count(seen, '[bash-git/reset-hard]')).toBe(1);
    expect(seen).toContain('would discard uncommitted changes to 1 file: src/app.js');
    const cleanWs = workspace(files);
    installCommandHooks(cleanWs);
    const clean = await play(turns, { prompt: 'start over', flags: SKIP, ws: cleanWs });
    expect(after(clean.conv)).toContain('HEAD is now at');
    expect(after(clean.conv)).not.toContain('hookwarden');
  });

  it('ask with a permission host (Agent SDK canUseTool): the host gets hookwarden\'s reason; an approved call that then fails is remembered', async () => {
    const push = { tool: 'Bash', input: { command: 'git push --force origin feat/x' } };
    const ws = workspace();
    installCommandHooks(ws);
    const server = await scripted([push, push, { text: 'Done.' }]);
    try {
      const asked = await runWithHost(bin as string, ws, server, 'publish the branch', 'allow');
      // Asked with the rule and its hint; the push ran (and failed: there is no remote), which fires
      // PostToolUseFailure, and the approval was remembered, so hookwarden does not ask about the same push again.
      // A grant lifts hookwarden's ask and never answers allow, so Claude Code's own permission check still asks
      // the host the second time, with no hookwarden reason.
      const ours = asked.filter((a) => a.reason?.includes('[bash-git/force-push]'));
      expect(ours.length).toBe(1);
      expect(ours[0]!.reason).toContain('Hint:');
      expect(asked.length).toBe(2);
      expect(asked[1]!.reason ?? '').not.toContain('hookwarden');
      // Both pushes ran, and failed (no branch feat/x, no remote): git's own error reached the model twice.
      expect(count(after(server.conversation(), 2), 'error: failed to push some refs')).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('a failing test run after a write: the stop says the last check failed, not that nothing ran', async () => {
    const turns: Turn[] = [
      { tool: 'Write', input: { file_path: 'src/util.js', content: 'export const one = 2;\n' } },
      { tool: 'Bash', input: { command: 'npm test' } },
      { text: 'All done.' },
      { text: 'The tests fail.' },
    ];
    const files = { 'package.json': '{"scripts":{"test":"node -e \\"process.exit(1)\\""}}\n' };
    const r = await play(turns, { prompt: 'change the util', flags: SKIP, files });
    expect(hookResponses(r.run, 'PostToolUseFailure').length).toBe(1);
    const stop = seenText(r.conv[3]!);
    expect(stop).toContain('[session/unverified-changes]');
    expect(stop).toMatch(/npm test.{0,80}failed|failed.{0,80}npm test/s);
    expect(stop).not.toContain('not checked');
  });

  it('rewrite: `tail -f` runs bounded, and the model is told what ran instead and why', async () => {
    const log = Array.from({ length: 300 }, (_, i) => `line ${i + 1}`).join('\n');
    const turns: Turn[] = [{ tool: 'Bash', input: { command: 'tail -f app.log' } }, { text: 'Done.' }];
    const r = await play(turns, { prompt: 'watch the log', flags: SKIP, files: { 'app.log': `${log}\n` } });
    const seen = after(r.conv);
    // The bounded command ran (the last 200 lines, then it exited instead of hanging until the tool timeout).
    expect(seen).toContain('line 300');
    expect(seen).not.toMatch(/\bline 100\b/);
    expect(seen).toContain('PreToolUse:Bash hook additional context: hookwarden rewrote the command');
    expect(seen).toContain('tail -n 200 app.log');
  });

  it('prompt context: a read-only cue reaches the model with the prompt', async () => {
    const r = await play([{ text: 'Looking.' }], { prompt: "just investigate why the build fails, don't change anything" });
    expect(seenText(r.conv[0]!)).toMatch(/read-only/i);
  });

  it('prompt block: a prompt holding a credential reaches no request; only the client itself keeps and echoes it', async () => {
    const key = `AKIA${'QX7ZP3LM9KT2WB4N'}`;
    const r = await play([{ text: 'should never be asked' }], { prompt: `deploy with aws key ${key} please`, persist: true });
    expect(r.all.length).toBe(0);
    // hookwarden's answer names the finding, never the value, and hookwarden's audit holds the prompt redacted.
    const hook = hookResponses(r.run, 'UserPromptSubmit');
    expect(JSON.stringify(hook)).toContain('[secrets/aws-access-key-id]');
    expect(JSON.stringify(hook)).not.toContain(key);
    const audit = readdirSync(join(r.ws.hwHome, 'audit')).map((f) => readFileSync(join(r.ws.hwHome, 'audit', f), 'utf8')).join('');
    expect(audit).toContain('UserPromptSubmit');
    expect(audit).not.toContain(key);
    // The client echoes the blocked prompt in its own -p result ("Original prompt: …") and keeps it in its session
    // files under ~/.claude: hookwarden cannot prevent either (docs/security.md says where).
    const result = r.run.events.find((e) => e.type === 'result');
    expect(String(result?.result)).toContain(`Original prompt: deploy with aws key ${key}`);
    const kept = filesHolding(join(r.ws.home, '.claude'), key).map((f) => f.slice(r.ws.home.length + 1));
    process.stderr.write(`test/clients: the client kept the blocked prompt in ${kept.join(', ') || 'no file'}\n`);
    expect(kept.length).toBeGreaterThan(0);
    rmSync(join(r.ws.home, '.claude'), { recursive: true, force: true });
  });

  it('Stop: a block reaches the model once, without the hook command, and the next stop is let through', async () => {
    const turns: Turn[] = [{ tool: 'Write', input: { file_path: 'src/util.js', content: 'export const one = 1;\n' } }, { text: 'Written.' }, { text: 'Checked.' }];
    const r = await play(turns, { prompt: 'add a util', flags: SKIP, files: { 'package.json': '{"scripts":{"test":"node -e 0"}}\n' } });
    expect(readFileSync(join(r.ws.project, 'src', 'util.js'), 'utf8')).toContain('one');
    // Write, then the stop that was blocked, then the stop with stop_hook_active: three requests, no loop.
    expect(r.conv.length).toBe(3);
    const seen = seenText(r.conv[2]!);
    expect(count(seen, '[session/unverified-changes]')).toBe(1);
    expect(seen).toContain('npm test');
    expect(seen).not.toContain('dist/hooks');
    expect(hookResponses(r.run, 'Stop').length).toBe(2);
  });

  it('secret files: Read and `cat` of .env are refused and the value reaches no request', async () => {
    const value = `sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}`;
    const turns: Turn[] = [
      { tool: 'Read', input: { file_path: '.env' } },
      { tool: 'Bash', input: { command: 'cat .env' } },
      { text: 'Done.' },
    ];
    const control = await play(turns, { prompt: 'check the config', flags: SKIP, files: { '.env': `STRIPE_KEY=${value}\n` }, hooks: false });
    expect(JSON.stringify(control.all.map((q) => q.body))).toContain(value);
    const r = await play(turns, { prompt: 'check the config', flags: SKIP, files: { '.env': `STRIPE_KEY=${value}\n` } });
    expect(JSON.stringify(r.all.map((q) => q.body))).not.toContain(value);
    expect(after(r.conv)).toContain('[paths-sensitive/env-files]');
  });

  it('memory: "remember that…" is stored and injected at the start of the next session', async () => {
    const first = await play([{ text: 'Noted.' }], { prompt: 'remember that this project uses pnpm, not npm' });
    expect(seenText(first.conv[0]!)).not.toContain('uses pnpm, not npm (remembered');
    const next = await play([{ text: 'Hi.' }], { prompt: 'hello', ws: first.ws });
    expect(seenText(next.conv[0]!)).toContain('uses pnpm, not npm');
  });
});


describe.runIf(bin || required)('Claude Code (real CLI), http hooks and the daemon', () => {
  it('deny through the daemon: the canary survives and the reason reaches the model once', async () => {
    const ws = workspace({ '~/.ssh/known_hosts': 'canary\n' });
    const daemon = await installHttpHooks(ws);
    try {
      const r = await play([{ tool: 'Bash', input: { command: 'rm -rf ~/.ssh' } }, { text: 'Done.' }], { prompt: 'tidy up', flags: SKIP, ws });
      expect(readFileSync(join(ws.home, '.ssh', 'known_hosts'), 'utf8')).toBe('canary\n');
      expect(count(after(r.conv), '[bash-filesystem/rm-home]')).toBe(1);
      // Headless through http too: the entry point reaches the daemon as a header.
      const ask = await play([{ tool: 'Bash', input: { command: 'git push --force origin feat/x' } }, { text: 'Done.' }], { prompt: 'publish', flags: SKIP, ws });
      expect(after(ask.conv)).toContain('Nobody can answer an approval prompt here (a headless run');
    } finally {
      await daemon.stop();
    }
  });

  it('the daemon knows the project from the transcript: after a `cd` into a subfolder, and when started in one', async () => {
    const noLs = (id: string) => JSON.stringify({
      patterns: [
        {
          id,
          kind: 'shell',
          severity: 'high',
          action: 'block',
          message: 'ls is not used here.',
          hint: 'Use the Glob tool.',
          match: { command: { program: ['ls'] } },
          examples: { match: ['ls -la'], noMatch: ['git status'] },
        },
      ],
    });
    const ws = workspace({ '.hookwarden/patterns.json': noLs('project/no-ls'), 'packages/app/.hookwarden/patterns.json': noLs('project/no-ls-app') });
    const daemon = await installHttpHooks(ws);
    try {
      // Started at the root, then `cd` into packages/app: the call's cwd is the subfolder, the project the root.
      const cd: Turn[] = [{ tool: 'Bash', input: { command: 'cd packages/app' } }, { tool: 'Bash', input: { command: 'ls -la' } }, { text: 'Done.' }];
      const r = await play(cd, { prompt: 'look around', flags: SKIP, ws });
      const seen = after(r.conv, 2);
      expect(seen).toContain('[project/no-ls]');
      expect(seen).not.toContain('[project/no-ls-app]');
      // Started in packages/app, that folder is the project (as CLAUDE_PROJECT_DIR says to command hooks).
      const ls: Turn[] = [{ tool: 'Bash', input: { command: 'ls -la' } }, { text: 'Done.' }];
      const sub = await play(ls, { prompt: 'look around', flags: SKIP, ws, cwd: join(ws.project, 'packages', 'app') });
      expect(after(sub.conv)).toContain('[project/no-ls-app]');
      // The precondition, from the client's own requests to the daemon: the cwd it sent was the subfolder.
      const audit = readdirSync(join(ws.hwHome, 'audit')).map((f) => readFileSync(join(ws.hwHome, 'audit', f), 'utf8')).join('');
      expect(audit).toContain(`"cwd":"${join(ws.project, 'packages', 'app')}"`);
    } finally {
      await daemon.stop();
    }
  });

  it('Stop block through the daemon: delivered once, no hook command or URL in it', async () => {
    const ws = workspace({ 'package.json': '{"scripts":{"test":"node -e 0"}}\n' });
    const daemon = await installHttpHooks(ws);
    try {
      const turns: Turn[] = [{ tool: 'Write', input: { file_path: 'src/a.js', content: 'export {};\n' } }, { text: 'Written.' }, { text: 'Checked.' }];
      const r = await play(turns, { prompt: 'add a module', flags: SKIP, ws });
      expect(r.conv.length).toBe(3);
      const seen = seenText(r.conv[2]!);
      expect(count(seen, '[session/unverified-changes]')).toBe(1);
      expect(seen).not.toContain('127.0.0.1');
    } finally {
      await daemon.stop();
    }
  });
});
