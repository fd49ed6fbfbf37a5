// hookwarden in the real OpenCode CLI (`opencode run`, offline, against test/clients/chat-server.ts), through its
// plugin installed in the project's .opencode/plugin/ by `hookwarden install --agent opencode`. Every assertion is
// about what the client did: what reached the model (the recorded requests), what ran, what is left on disk, what
// OpenCode stored, what the audit says. Each guard scenario has a control without the plugin that shows the script
// really does the damage, or the test would prove OpenCode's policy rather than ours (both runs allow OpenCode's
// external_directory, which `opencode run` would otherwise reject on its own).
//
// The CLI comes from `npm install --prefix test/clients`. Without it the suite is skipped with a message, unless
// HOOKWARDEN_REQUIRE_CLIENTS=1 (CI), which makes a missing CLI a failure.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatSeenText, textOf, toolResults, type ChatRequest, type ChatTurn } from './chat-server.js';
import { chatScripted, installOpenCodePlugin, opencodeBin, opencodeVersion, opencodeWorkspace, runOpenCode, type OpenCodeRunOptions, type OpenCodeWorkspace } from './opencode.js';
import { killLeftovers } from './spawn.js';
import { audit, count, filesHolding, machinePaths, remoteHas, withRemote } from './scenario.js';

const bin = opencodeBin();
const required = process.env.HOOKWARDEN_REQUIRE_CLIENTS === '1';
if (!bin && !required) process.stderr.write('test/clients: OpenCode not installed (npm install --prefix test/clients); real-client suite skipped\n');

const used: OpenCodeWorkspace[] = [];

/** One scenario: a workspace, the plugin installed (or not: the control), the script played, the server closed. */
async function play(turns: ChatTurn[], o: OpenCodeRunOptions & { files?: Record<string, string>; plugin?: boolean; ws?: OpenCodeWorkspace; setup?: (ws: OpenCodeWorkspace) => void }) {
  const ws = o.ws ?? opencodeWorkspace(o.files);
  used.push(ws);
  o.setup?.(ws);
  if (o.plugin !== false && !o.ws) installOpenCodePlugin(ws);
  const server = await chatScripted(turns);
  try {
    const run = await runOpenCode(bin as string, ws, server, o);
    return { ws, run, conv: server.conversation(), all: server.requests };
  } finally {
    await server.close();
  }
}

const bash = (command: string): ChatTurn => ({ tool: 'bash', args: { command, description: 'scripted' } });
/** The last tool result in a request: what the model got for its last call. */
const lastResult = (r: ChatRequest): string => toolResults(r).at(-1) ?? '';
/** The last user message of a request. */
const lastUser = (r: ChatRequest): string => textOf((r.body.messages ?? []).filter((m) => m.role === 'user').at(-1)?.content);




// An OpenCode run takes 15–40 s here on a shared machine; scenarios with a control run two.
describe.runIf(bin || required)('OpenCode (real CLI), plugin (--agent opencode)', { timeout: 300_000 }, () => {
  beforeAll(() => {
    if (!bin) throw new Error('HOOKWARDEN_REQUIRE_CLIENTS=1 but OpenCode is not installed: npm install --prefix test/clients');
    process.stderr.write(`test/clients: real client OpenCode ${opencodeVersion(bin)}\n`);
  });
  afterEach(() => {
    for (const ws of used.splice(0)) killLeftovers(ws.root);
  });

  it('deny: `rm -rf ~/.ssh` does not run, the canary survives, the thrown reason reaches the model once (control: it is deleted)', async () => {
    const turns = [bash('rm -rf ~/.ssh'), { text: 'Done.' }];
    const files = { '~/.ssh/known_hosts': 'canary\n' };
    const control = await play(turns, { prompt: 'tidy up', files, plugin: false });
    expect(existsSync(join(control.ws.home, '.ssh', 'known_hosts'))).toBe(false);
    const r = await play(turns, { prompt: 'tidy up', files });
    expect(r.run.exitCode).toBe(0);
    expect(readFileSync(join(r.ws.home, '.ssh', 'known_hosts'), 'utf8')).toBe('canary\n');
    // The thrown Error's message is the tool's error result: hookwarden's reason, once, without the bundle's path.
    expect(lastResult(r.conv[1]!)).toMatch(/^(Error: )?hookwarden block: .*\[bash-filesystem\/rm-home\]/);
    expect(count(chatSeenText(r.conv[1]!), '[bash-filesystem/rm-home]')).toBe(1);
    expect(chatSeenText(r.conv[1]!)).not.toContain('dist/hooks');
    expect(r.run.stdout + r.run.stderr).toContain('[bash-filesystem/rm-home]');
    // The audit names the host and the rule.
    const pre = audit(r.ws).find((l) => l.event === 'PreToolUse');
    expect(pre).toMatchObject({ agent: 'opencode', tool: 'Bash' });
    expect(JSON.stringify(pre)).toContain('bash-filesystem/rm-home');
    // Installed with project scope: the committed plugin finds the project's own copy from its own file, names no
    // path of this machine, and the deny above is its.
    const plugin = readFileSync(join(r.ws.project, '.opencode', 'plugin', 'hookwarden.js'), 'utf8');
    expect(plugin).toContain('const HOOKS_DIR = fileURLToPath(new URL("../../node_modules/hookwarden/dist/hooks/", import.meta.url));');
    expect(machinePaths(plugin, r.ws)).toEqual([]);
  });

  it('ask: OpenCode has no hook-level ask, so askFallback refuses the force push with how to grant it (control: it lands)', async () => {
    const turns = [bash('git push --force origin feat/x'), { text: 'Done.' }];
    const control = await play(turns, { prompt: 'publish the branch', plugin: false, setup: withRemote });
    expect(remoteHas(control.ws, 'refs/heads/feat/x')).toBe(true);
    const r = await play(turns, { prompt: 'publish the branch', setup: withRemote });
    expect(r.run.killed).toBe(false);
    expect(remoteHas(r.ws, 'refs/heads/feat/x')).toBe(false);
    const result = lastResult(r.conv[1]!);
    expect(result).toMatch(/^(Error: )?hookwarden block \(nobody to ask\): .*\[bash-git\/force-push\]/);
    expect(result).toContain('hookwarden grant <rule id above> --for 30m');
    expect(count(chatSeenText(r.conv[1]!), '[bash-git/force-push]')).toBe(1);
    const pre = audit(r.ws).find((l) => l.event === 'PreToolUse');
    expect(pre).toMatchObject({ agent: 'opencode' });
  });

  it('rewrite: `tail -f app.log` runs as `tail -n 200 app.log`, lines 101–300 reach the model with what ran instead (control: it hangs)', async () => {
    const log = Array.from({ length: 300 }, (_, i) => `line ${i + 1}`).join('\n');
    const turns = [bash('tail -f app.log'), { text: 'Done.' }];
    const files = { 'app.log': `${log}\n` };
    const control = await play(turns, { prompt: 'watch the log', files, plugin: false, timeoutMs: 60_000 });
    expect(control.run.killed).toBe(true);
    expect(control.conv.length).toBe(1);
    const r = await play(turns, { prompt: 'watch the log', files });
    expect(r.run.killed).toBe(false);
    const output = lastResult(r.conv[1]!);
    expect(output).toContain('line 300');
    expect(output).toContain('line 101');
    expect(output).not.toMatch(/\bline 100\b/);
    expect(output).toMatch(/<hookwarden>\nhookwarden rewrote the command: .*\[interactive\/follow-log\].*`tail -n 200 app\.log`/s);
    expect(count(chatSeenText(r.conv[1]!), '[interactive/follow-log]')).toBe(1);
  });

  it('prompt block: a prompt holding an AWS key reaches no request and is not stored (control: it is sent)', async () => {
    const key = `AKIA${'QX7ZP3LM9KT2WB4N'}`;
    const prompt = `deploy with aws key ${key} please`;
    const control = await play([{ text: 'Deploying.' }], { prompt, plugin: false });
    expect(JSON.stringify(control.all.map((q) => q.body))).toContain(key);
    const r = await play([{ text: 'should never be asked' }], { prompt });
    expect(r.all.length).toBe(0);
    expect(r.run.killed).toBe(false);
    expect(filesHolding(r.ws.data, key)).toEqual([]);
    expect(r.run.stdout + r.run.stderr).not.toContain(key);
    // OpenCode reports the throw as "Unexpected server error" and exits 1; the plugin's stderr line says why.
    expect(r.run.exitCode).toBe(1);
    expect(r.run.stderr).toMatch(/hookwarden block: this prompt was not sent to the model\. .*\[secrets\/aws-access-key-id\]/);
    // The audit has the finding, by name and never by value.
    const line = audit(r.ws).find((l) => l.event === 'UserPromptSubmit');
    expect(line).toMatchObject({ agent: 'opencode' });
    expect(JSON.stringify(line)).toContain('secrets/aws-access-key-id');
    expect(JSON.stringify(audit(r.ws))).not.toContain(key);
  });

  it('user scope and audit: the plugin in $XDG_CONFIG_HOME/opencode/plugin/ refuses `rm -rf .git` in the project, lets `echo` run, and every audit line names agent "opencode" (control: .git is deleted)', async () => {
    const turns = [bash('echo ok > ok.txt'), bash('rm -rf .git'), { text: 'Done.' }];
    const control = await play(turns, { prompt: 'start over', plugin: false });
    expect(existsSync(join(control.ws.project, '.git'))).toBe(false);
    const ws = opencodeWorkspace();
    installOpenCodePlugin(ws, 'user');
    expect(existsSync(join(ws.config, 'plugin', 'hookwarden.js'))).toBe(true);
    expect(existsSync(join(ws.project, '.opencode'))).toBe(false);
    const r = await play(turns, { prompt: 'start over', ws });
    expect(readFileSync(join(ws.project, 'ok.txt'), 'utf8')).toBe('ok\n');
    expect(existsSync(join(ws.project, '.git', 'HEAD'))).toBe(true);
    // `rm -rf .git` is an ask (the project's history): OpenCode cannot ask, so askFallback refuses it.
    expect(lastResult(r.conv[2]!)).toMatch(/^(Error: )?hookwarden block \(nobody to ask\): .*\[bash-filesystem\/rm-project\]/);
    const lines = audit(r.ws);
    expect(lines.map((l) => l.event)).toEqual(expect.arrayContaining(['UserPromptSubmit', 'PreToolUse', 'PostToolUse']));
    for (const line of lines) expect(line).toMatchObject({ agent: 'opencode' });
    expect(JSON.stringify(lines.filter((l) => l.event === 'PreToolUse'))).toContain('bash-filesystem/rm-project');
  });

  it('prompt context: "just investigate…" reaches the first request, and the writes of that turn are refused (control: they happen)', async () => {
    const prompt = "just investigate why the build fails, don't change anything";
    const turns = (ws: OpenCodeWorkspace): ChatTurn[] => [{ tool: 'write', args: { filePath: join(ws.project, 'src', 'fix.js'), content: 'export {};\n' } }, bash('touch made.txt'), { text: 'Looked.' }];
    const cws = opencodeWorkspace();
    const control = await play(turns(cws), { prompt, plugin: false, ws: cws });
    expect(existsSync(join(control.ws.project, 'src', 'fix.js'))).toBe(true);
    expect(existsSync(join(control.ws.project, 'made.txt'))).toBe(true);
    const ws = opencodeWorkspace();
    installOpenCodePlugin(ws);
    const r = await play(turns(ws), { prompt, ws });
    expect(lastUser(r.conv[0]!)).toMatch(/just investigate[^\n]*\n\n<hookwarden>\nhookwarden: read-only for this turn[^<]*<\/hookwarden>$/);
    expect(existsSync(join(r.ws.project, 'src', 'fix.js'))).toBe(false);
    expect(existsSync(join(r.ws.project, 'made.txt'))).toBe(false);
    expect(lastResult(r.conv[1]!)).toMatch(/^(Error: )?hookwarden block: .*\[session\/read-only\]/);
    expect(lastResult(r.conv[2]!)).toMatch(/^(Error: )?hookwarden block: .*\[session\/read-only\]/);
    expect(audit(r.ws).length).toBeGreaterThan(0);
    for (const line of audit(r.ws)) expect(line).toMatchObject({ agent: 'opencode' });
  });
});
