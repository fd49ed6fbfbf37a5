// hookwarden in the real Qwen Code CLI (headless, offline, against test/clients/chat-server.ts), with its hooks in
// the project's .qwen/settings.json (`--agent qwen`). Every assertion is about what the client did: what reached
// the model (the recorded requests), what ran, what is left on disk, what the audit says. Each guard scenario has a
// control without hooks that shows the script really does the damage, or the test would prove nothing.
//
// The CLI comes from `npm install --prefix test/clients`. Without it the suite is skipped with a message, unless
// HOOKWARDEN_REQUIRE_CLIENTS=1 (CI), which makes a missing CLI a failure.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from './claude.js';
import { chatSeenText, textOf, toolResults, type ChatRequest, type ChatTurn } from './chat-server.js';
import { chatScripted, installQwenHooks, qwenBin, qwenVersion, qwenWorkspace, runQwen, type QwenRunOptions } from './qwen.js';
import { killLeftovers } from './spawn.js';
import { audit, count, hookCommands, machinePaths, projectCommand, remoteHas, withRemote } from './scenario.js';

const bin = qwenBin();
const required = process.env.HOOKWARDEN_REQUIRE_CLIENTS === '1';
if (!bin && !required) process.stderr.write('test/clients: Qwen Code not installed (npm install --prefix test/clients); real-client suite skipped\n');

const used: Workspace[] = [];

/** One scenario: a workspace, hooks installed (or not: the control), the script played, the server closed. */
async function play(turns: ChatTurn[], o: QwenRunOptions & { files?: Record<string, string>; hooks?: boolean; ws?: Workspace; setup?: (ws: Workspace) => void }) {
  const ws = o.ws ?? qwenWorkspace(o.files);
  used.push(ws);
  o.setup?.(ws);
  if (o.hooks !== false && !o.ws) installQwenHooks(ws);
  const server = await chatScripted(turns);
  try {
    const run = await runQwen(bin as string, ws, server, o);
    return { ws, run, conv: server.conversation(), all: server.requests };
  } finally {
    await server.close();
  }
}

const shell = (command: string): ChatTurn => ({ tool: 'run_shell_command', args: { command, description: 'scripted', is_background: false } });
/** The last tool result in a request: what the model got for its last call. */
const lastResult = (r: ChatRequest): string => toolResults(r).at(-1) ?? '';
/** The last user message of a request. */
const lastUser = (r: ChatRequest): string => textOf((r.body.messages ?? []).filter((m) => m.role === 'user').at(-1)?.content);



// A Qwen session takes 8–20 s here on a shared machine (≈ 4 s idle); scenarios with a control run two.
describe.runIf(bin || required)('Qwen Code (real CLI), command hooks (--agent qwen)', { timeout: 240_000 }, () => {
  beforeAll(() => {
    if (!bin) throw new Error('HOOKWARDEN_REQUIRE_CLIENTS=1 but Qwen Code is not installed: npm install --prefix test/clients');
    process.stderr.write(`test/clients: real client Qwen Code ${qwenVersion(bin)}\n`);
  });
  // Qwen starts each shell command in a process group of its own: a killed run leaves it behind.
  afterEach(() => {
    for (const ws of used.splice(0)) killLeftovers(ws.root);
  });

  it('deny: `rm -rf ~/.ssh` does not run, the canary survives, the reason reaches the model once (control: it is deleted)', async () => {
    const turns = [shell('rm -rf ~/.ssh'), { text: 'Done.' }];
    const files = { '~/.ssh/known_hosts': 'canary\n' };
    const control = await play(turns, { prompt: 'tidy up', files, hooks: false });
    expect(existsSync(join(control.ws.home, '.ssh', 'known_hosts'))).toBe(false);
    const r = await play(turns, { prompt: 'tidy up', files });
    expect(r.run.exitCode).toBe(0);
    expect(readFileSync(join(r.ws.home, '.ssh', 'known_hosts'), 'utf8')).toBe('canary\n');
    // The tool result is the reason alone (exit 2's stderr; the JSON deny says the same), once.
    expect(lastResult(r.conv[1]!)).toMatch(/^hookwarden block: /);
    expect(count(chatSeenText(r.conv[1]!), '[bash-filesystem/rm-home]')).toBe(1);
    expect(chatSeenText(r.conv[1]!)).not.toContain('dist/hooks');
    // The audit names the host and the rule.
    const pre = audit(r.ws).find((l) => l.event === 'PreToolUse');
    expect(pre).toMatchObject({ agent: 'qwen', tool: 'Bash' });
    expect(JSON.stringify(pre)).toContain('bash-filesystem/rm-home');
    // Installed with project scope: the committed .qwen/settings.json runs the project's own copy, through the
    // variable the host sets for its hooks; it names no path of this machine, and the deny above is its.
    const committed = join(r.ws.project, '.qwen', 'settings.json');
    expect(machinePaths(readFileSync(committed, 'utf8'), r.ws)).toEqual([]);
    expect(hookCommands(committed)).toContainEqual(expect.stringMatching(projectCommand('qwen', 'pre-tool-use')));
    for (const command of hookCommands(committed)) expect(command).toMatch(projectCommand('qwen'));
  });

  it('ask: `qwen -p` cannot show its dialog and refuses the call; the reason says how the user approves (control: the force push lands)', async () => {
    const turns = [shell('git push --force origin feat/x'), { text: 'Done.' }];
    const control = await play(turns, { prompt: 'publish the branch', hooks: false, setup: withRemote });
    expect(remoteHas(control.ws, 'refs/heads/feat/x')).toBe(true);
    const r = await play(turns, { prompt: 'publish the branch', setup: withRemote });
    expect(r.run.killed).toBe(false);
    expect(remoteHas(r.ws, 'refs/heads/feat/x')).toBe(false);
    const result = lastResult(r.conv[1]!);
    // Qwen's headless answer to an ask is the reason alone: hookwarden's text is all the model and user get.
    expect(result).toMatch(/^hookwarden ask: .*\[bash-git\/force-push\]/);
    expect(result).toContain('hookwarden grant <rule id above> --for 30m');
    expect(count(chatSeenText(r.conv[1]!), '[bash-git/force-push]')).toBe(1);
  });

  it('prompt context: "just investigate…" reaches the first request, and the writes of that turn are refused (control: they happen)', async () => {
    const prompt = "just investigate why the build fails, don't change anything";
    const turns = (ws: Workspace): ChatTurn[] => [{ tool: 'write_file', args: { file_path: join(ws.project, 'src', 'fix.js'), content: 'export {};\n' } }, shell('touch made.txt'), { text: 'Looked.' }];
    const cws = qwenWorkspace();
    const control = await play(turns(cws), { prompt, hooks: false, ws: cws });
    expect(existsSync(join(control.ws.project, 'src', 'fix.js'))).toBe(true);
    expect(existsSync(join(control.ws.project, 'made.txt'))).toBe(true);
    const ws = qwenWorkspace();
    installQwenHooks(ws);
    const r = await play(turns(ws), { prompt, ws });
    // UserPromptSubmit additionalContext: a text part of its own after the prompt's, in the first request.
    expect(lastUser(r.conv[0]!)).toMatch(/just investigate[^\n]*\n<qwen:user-prompt-submit-context>\nhookwarden: read-only for this turn[^<]*<\/qwen:user-prompt-submit-context>$/);
    expect(existsSync(join(r.ws.project, 'src', 'fix.js'))).toBe(false);
    // The touch comes after a tool result, when Qwen fires UserPromptSubmit again with an empty prompt: still read-only.
    expect(existsSync(join(r.ws.project, 'made.txt'))).toBe(false);
    expect(lastResult(r.conv[1]!)).toMatch(/^hookwarden block: .*\[session\/read-only\]/);
    expect(lastResult(r.conv[2]!)).toMatch(/^hookwarden block: .*\[session\/read-only\]/);
  });

  it('prompt block: a prompt holding an AWS key reaches no request (control: it is sent)', async () => {
    const key = `AKIA${'QX7ZP3LM9KT2WB4N'}`;
    const prompt = `deploy with aws key ${key} please`;
    const control = await play([{ text: 'Deploying.' }], { prompt, hooks: false });
    expect(JSON.stringify(control.conv.map((q) => q.body))).toContain(key);
    const r = await play([{ text: 'should never be asked' }], { prompt });
    expect(r.all.length).toBe(0);
    expect(r.run.exitCode).toBe(0);
    // `qwen -p --output-format json` tells the user nothing (an empty result, no error); the audit has the finding,
    // by name and never by value.
    expect(r.run.stdout + r.run.stderr).not.toContain(key);
    const line = audit(r.ws).find((l) => l.event === 'UserPromptSubmit');
    expect(line).toMatchObject({ agent: 'qwen' });
    expect(JSON.stringify(line)).toContain('secrets/aws-access-key-id');
    expect(JSON.stringify(audit(r.ws))).not.toContain(key);
  });

  it('Stop: a block after an unchecked write is sent once as a new prompt, and the next stop is let through (three requests, no loop)', async () => {
    const ws = qwenWorkspace({ 'package.json': '{"scripts":{"test":"node -e 0"}}\n' });
    installQwenHooks(ws);
    const turns: ChatTurn[] = [{ tool: 'write_file', args: { file_path: join(ws.project, 'util.js'), content: 'export const one = 1;\n' } }, { text: 'Written.' }, { text: 'Checked.' }, { text: 'Again.' }];
    const r = await play(turns, { prompt: 'add a util', ws });
    expect(readFileSync(join(ws.project, 'util.js'), 'utf8')).toContain('one');
    expect(r.conv.length).toBe(3);
    const reason = lastUser(r.conv[2]!);
    expect(reason).toMatch(/^hookwarden block: .*\[session\/unverified-changes\]/);
    expect(count(chatSeenText(r.conv[2]!), '[session/unverified-changes]')).toBe(1);
    expect(reason).not.toContain('dist/hooks');
    expect(reason).not.toContain('Rules:');
  });

  it('output and checks: a credential in a tool\'s output is flagged on the result; a failing `npm test` makes Stop say so and name the false claim', async () => {
    const key = `AKIA${'QX7ZP3LM9KT2WB4N'}`;
    const ws = qwenWorkspace({ 'notes.txt': `key: ${key}\n`, 'package.json': '{"scripts":{"test":"node -e \\"process.exit(1)\\""}}\n' });
    installQwenHooks(ws);
    const turns: ChatTurn[] = [shell('cat notes.txt'), { tool: 'write_file', args: { file_path: join(ws.project, 'util.js'), content: 'export const one = 1;\n' } }, shell('npm test'), { text: 'All tests pass.' }, { text: 'It fails; see above.' }];
    const r = await play(turns, { prompt: 'add a util', ws });
    // PostToolUse additionalContext: appended to the tool result after a blank line; the value itself stays.
    const output = lastResult(r.conv[1]!);
    expect(output).toMatch(/Exit Code: 0[\s\S]*\n\nhookwarden warn: an AWS access key id \[secrets\/aws-access-key-id\]/);
    expect(output.slice(output.indexOf('hookwarden warn'))).not.toContain(key);
    // Qwen fires PostToolUseFailure for the exit 1; the Stop block says the check failed and names the claim.
    expect(r.conv.length).toBe(5);
    const reason = lastUser(r.conv[4]!);
    expect(reason).toContain('failed (`npm test`)');
    expect(reason).toContain('[claims/tests-pass]');
  });

  it('rewrite: Qwen ignores updatedInput, so `tail -f app.log` is refused with the bounded command to run instead (control: it hangs)', async () => {
    const log = Array.from({ length: 300 }, (_, i) => `line ${i + 1}`).join('\n');
    const turns = [shell('tail -f app.log'), shell('tail -n 200 app.log'), { text: 'Done.' }];
    const files = { 'app.log': `${log}\n` };
    const control = await play(turns, { prompt: 'watch the log', files, hooks: false, timeoutMs: 20_000 });
    expect(control.run.killed).toBe(true);
    expect(control.conv.length).toBe(1);
    const r = await play(turns, { prompt: 'watch the log', files });
    expect(r.run.killed).toBe(false);
    expect(lastResult(r.conv[1]!)).toMatch(/^hookwarden block \(Qwen Code cannot run a hook's rewrite\): .*\[interactive\/follow-log\].* Run `tail -n 200 app\.log` instead\.$/s);
    // The model's own bounded retry runs: lines 101–300.
    const output = lastResult(r.conv[2]!);
    expect(output).toContain('line 300');
    expect(output).toContain('line 101');
    expect(output).not.toMatch(/\bline 100\b/);
  });
});
