// hookwarden in the real GitHub Copilot CLI (headless, offline, against test/clients/chat-server.ts), with its hooks
// in ~/.copilot/hooks/hookwarden.json (`--agent copilot`). Every assertion is about what the client did: what
// reached the model (the recorded requests), what ran, what is left on disk, what the audit says. Each guard scenario
// has a control without hooks that shows the script really does the damage, or the test would prove nothing.
//
// The CLI comes from `npm install --prefix test/clients`. Without it the suite is skipped with a message, unless
// HOOKWARDEN_REQUIRE_CLIENTS=1 (CI), which makes a missing CLI a failure.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from './claude.js';
import { chatSeenText, textOf, toolResults, type ChatRequest, type ChatTurn } from './chat-server.js';
import { copilotBin, copilotScripted, copilotVersion, copilotWorkspace, installCopilotHooks, runCopilot, type CopilotRunOptions } from './copilot.js';
import { killLeftovers } from './spawn.js';
import { audit, count, hookCommands, machinePaths, projectCommand, remoteHas, withRemote } from './scenario.js';

const bin = copilotBin();
const required = process.env.HOOKWARDEN_REQUIRE_CLIENTS === '1';
if (!bin && !required) process.stderr.write('test/clients: Copilot CLI not installed (npm install --prefix test/clients); real-client suite skipped\n');

const used: Workspace[] = [];

/** One scenario: a workspace, hooks installed (or not: the control), the script played, the server closed. */
async function play(turns: ChatTurn[], o: CopilotRunOptions & { files?: Record<string, string>; hooks?: boolean | 'project'; ws?: Workspace; setup?: (ws: Workspace) => void }) {
  const ws = o.ws ?? copilotWorkspace(o.files);
  used.push(ws);
  o.setup?.(ws);
  if (o.hooks !== false && !o.ws) installCopilotHooks(ws, o.hooks === 'project' ? 'project' : 'user');
  const server = await copilotScripted(turns);
  try {
    const run = await runCopilot(bin as string, ws, server, o);
    return { ws, run, conv: server.conversation(), all: server.requests };
  } finally {
    await server.close();
  }
}

const shell = (command: string): ChatTurn => ({ tool: 'bash', args: { command, description: 'scripted' } });
const lastResult = (r: ChatRequest): string => toolResults(r).at(-1) ?? '';
const userTexts = (r: ChatRequest): string[] => (r.body.messages ?? []).filter((m) => m.role === 'user').map((m) => textOf(m.content));



// A Copilot session takes 3–10 s here on a shared machine; its first start unpacks ≈ 235 MB (once per machine).
describe.runIf(bin || required)('Copilot CLI (real CLI), command hooks (--agent copilot)', { timeout: 240_000 }, () => {
  beforeAll(() => {
    if (!bin) throw new Error('HOOKWARDEN_REQUIRE_CLIENTS=1 but the Copilot CLI is not installed: npm install --prefix test/clients');
    process.stderr.write(`test/clients: real client ${copilotVersion(bin)}\n`);
  }, 240_000);
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
    expect(lastResult(r.conv[1]!)).toMatch(/^Denied by preToolUse hook: hookwarden block: /);
    expect(count(chatSeenText(r.conv[1]!), '[bash-filesystem/rm-home]')).toBe(1);
    expect(chatSeenText(r.conv[1]!)).not.toContain('dist/hooks');
    const pre = audit(r.ws).find((l) => l.event === 'PreToolUse');
    expect(pre).toMatchObject({ agent: 'copilot', tool: 'Bash' });
  });

  it('trust: project hooks (.github/hooks) run only in a trusted folder (trusted_folders) or with COPILOT_ALLOW_ALL; otherwise they are skipped silently', async () => {
    const turns = [shell('rm -rf ~/.ssh'), { text: 'Done.' }];
    const files = { '~/.ssh/known_hosts': 'canary\n' };
    const untrusted = await play(turns, { prompt: 'tidy up', files, hooks: 'project' });
    expect(existsSync(join(untrusted.ws.project, '.github', 'hooks', 'hookwarden.json'))).toBe(true);
    expect(existsSync(join(untrusted.ws.home, '.ssh', 'known_hosts'))).toBe(false);
    const trusted = await play(turns, { prompt: 'tidy up', files, hooks: 'project', env: { COPILOT_ALLOW_ALL: 'true' } });
    expect(readFileSync(join(trusted.ws.home, '.ssh', 'known_hosts'), 'utf8')).toBe('canary\n');
    expect(lastResult(trusted.conv[1]!)).toContain('[bash-filesystem/rm-home]');
    // Installed with project scope: the committed .github/hooks/hookwarden.json runs the project's own copy, through the
    // variable the host sets for its hooks; it names no path of this machine, and the trusted deny above is its.
    const committed = join(trusted.ws.project, '.github', 'hooks', 'hookwarden.json');
    expect(machinePaths(readFileSync(committed, 'utf8'), trusted.ws)).toEqual([]);
    expect(hookCommands(committed)).toContainEqual(expect.stringMatching(projectCommand('copilot', 'pre-tool-use')));
    for (const command of hookCommands(committed)) expect(command).toMatch(projectCommand('copilot'));
    // The folder in Copilot's persisted trusted-folder list, ~/.copilot/config.json `trusted_folders` (seen: `trustedFolders`
    // works too, an unknown key does not).
    const listed = await play(turns, { prompt: 'tidy up', files, hooks: 'project', setup: (ws) => (mkdirSync(join(ws.home, '.copilot'), { recursive: true }), writeFileSync(join(ws.home, '.copilot', 'config.json'), JSON.stringify({ trusted_folders: [ws.project] }))) });
    expect(readFileSync(join(listed.ws.home, '.ssh', 'known_hosts'), 'utf8')).toBe('canary\n');
  });

  it('ask: `copilot -p` refuses it ("unable to ask user"); the reason says how the user approves (control: the force push lands)', async () => {
    const turns = [shell('git push --force origin feat/x'), { text: 'Done.' }];
    const control = await play(turns, { prompt: 'publish the branch', hooks: false, setup: withRemote });
    expect(remoteHas(control.ws, 'refs/heads/feat/x')).toBe(true);
    const r = await play(turns, { prompt: 'publish the branch', setup: withRemote });
    expect(remoteHas(r.ws, 'refs/heads/feat/x')).toBe(false);
    const result = lastResult(r.conv[1]!);
    expect(result).toMatch(/^Denied by preToolUse hook \(unable to ask user for confirmation\): hookwarden ask: .*\[bash-git\/force-push\]/);
    expect(result).toContain('hookwarden grant <rule id above> --for 30m');
    expect(count(chatSeenText(r.conv[1]!), '[bash-git/force-push]')).toBe(1);
  });

  it('prompt context: "just investigate…" reaches the first request, and the writes of that turn are refused (control: they happen)', async () => {
    const prompt = "just investigate why the build fails, don't change anything";
    const turns = (ws: Workspace): ChatTurn[] => [{ tool: 'create', args: { path: join(ws.project, 'fix.js'), file_text: 'export {};\n' } }, shell('touch made.txt'), { text: 'Looked.' }];
    const cws = copilotWorkspace();
    const control = await play(turns(cws), { prompt, hooks: false, ws: cws });
    expect(existsSync(join(control.ws.project, 'fix.js'))).toBe(true);
    expect(existsSync(join(control.ws.project, 'made.txt'))).toBe(true);
    const ws = copilotWorkspace();
    installCopilotHooks(ws);
    const r = await play(turns(ws), { prompt, ws });
    // userPromptSubmitted additionalContext: a <system_reminder> after the prompt, in the same user message.
    expect(userTexts(r.conv[0]!).at(-1)).toMatch(/just investigate[^\n]*\n\n<system_reminder>\nhookwarden: read-only for this turn/);
    expect(existsSync(join(ws.project, 'fix.js'))).toBe(false);
    expect(existsSync(join(ws.project, 'made.txt'))).toBe(false);
    // The create is judged by its path (Copilot sends Claude's name `Write` with its own `path` argument).
    expect(lastResult(r.conv[1]!)).toMatch(/^Denied by preToolUse hook: .*\[session\/read-only\] — matched: \S*fix\.js/);
    expect(lastResult(r.conv[2]!)).toMatch(/^Denied by preToolUse hook: .*\[session\/read-only\]/);
  });

  it('prompt block: a prompt holding an AWS key reaches no request, the user is told why (control: it is sent)', async () => {
    const key = `AKIA${'QX7ZP3LM9KT2WB4N'}`;
    const prompt = `deploy with aws key ${key} please`;
    const control = await play([{ text: 'Deploying.' }], { prompt, hooks: false });
    expect(JSON.stringify(control.conv.map((q) => q.body))).toContain(key);
    const r = await play([{ text: 'should never be asked' }], { prompt });
    expect(r.all.length).toBe(0);
    expect(r.run.exitCode).toBe(1);
    const warning = r.run.lines.find((l) => (l as { type?: string }).type === 'session.warning') as { data?: { warningType?: string; message?: string } } | undefined;
    expect(warning?.data?.warningType).toBe('policy_blocked');
    expect(warning?.data?.message).toMatch(/^hookwarden block: .*\[secrets\/aws-access-key-id\]/);
    expect(r.run.stdout + r.run.stderr).not.toContain(key);
  });

  it('Stop: a block after an unchecked write is sent once as a new prompt, and the next stop is let through (three requests, no loop)', async () => {
    const ws = copilotWorkspace({ 'package.json': '{"scripts":{"test":"node -e 0"}}\n' });
    installCopilotHooks(ws);
    const turns: ChatTurn[] = [{ tool: 'create', args: { path: join(ws.project, 'util.js'), file_text: 'export const one = 1;\n' } }, { text: 'Written.' }, { text: 'Checked.' }, { text: 'Again.' }];
    const r = await play(turns, { prompt: 'add a util', ws });
    expect(readFileSync(join(ws.project, 'util.js'), 'utf8')).toContain('one');
    expect(r.conv.length).toBe(3);
    const reason = userTexts(r.conv[2]!).at(-1) ?? '';
    expect(reason).toMatch(/hookwarden block: .*\[session\/unverified-changes\]/);
    expect(count(chatSeenText(r.conv[2]!), '[session/unverified-changes]')).toBe(1);
    expect(reason).not.toContain('dist/hooks');
  });

  it('output and checks: a credential in a tool\'s output is flagged on the result; a failing `npm test` makes Stop say so', async () => {
    const key = `AKIA${'QX7ZP3LM9KT2WB4N'}`;
    const ws = copilotWorkspace({ 'notes.txt': `key: ${key}\n`, 'package.json': '{"scripts":{"test":"node -e \\"process.exit(1)\\""}}\n' });
    installCopilotHooks(ws);
    const turns: ChatTurn[] = [shell('cat notes.txt'), { tool: 'create', args: { path: join(ws.project, 'util.js'), file_text: 'export const one = 1;\n' } }, shell('npm test'), { text: 'All tests pass.' }, { text: 'It fails; see above.' }];
    const r = await play(turns, { prompt: 'add a util', ws });
    // postToolUse additionalContext: appended to the tool result (read from the PascalCase payload's tool_result).
    const output = lastResult(r.conv[1]!);
    expect(output).toMatch(/exit code 0>\n\nTool "bash" succeeded\. Additional guidance from postToolUse hooks:\nhookwarden warn: an AWS access key id \[secrets\/aws-access-key-id\]/);
    expect(output.slice(output.indexOf('hookwarden warn'))).not.toContain(key);
    // Copilot reports the exit 1 as a success ("…completed with exit code 1>"): hookwarden still counts it as failed.
    expect(lastResult(r.conv[3]!)).toMatch(/exit code 1>/);
    expect(r.conv.length).toBe(5);
    expect(userTexts(r.conv[4]!).at(-1)).toMatch(/hookwarden block: the last test run after the last change failed \(`npm test`\)/);
  });

  it('rewrite: `tail -f app.log` runs bounded through modifiedArgs, and the model is told why (control: the session never ends)', async () => {
    const log = Array.from({ length: 300 }, (_, i) => `line ${i + 1}`).join('\n');
    const turns = [shell('tail -f app.log'), { text: 'Done.' }];
    const files = { 'app.log': `${log}\n` };
    // Without hooks Copilot hands the model the last lines after 30 s ("still running"), then waits for the command.
    const control = await play(turns, { prompt: 'watch the log', files, hooks: false, timeoutMs: 45_000 });
    expect(control.run.killed).toBe(true);
    expect(lastResult(control.conv[1]!)).toContain('is still running after 30 seconds');
    const r = await play(turns, { prompt: 'watch the log', files });
    expect(r.run.killed).toBe(false);
    const output = lastResult(r.conv[1]!);
    expect(output).toContain('line 300');
    expect(output).toContain('line 101');
    expect(output).not.toMatch(/\bline 100\b/);
    // additionalContext: a user message of its own after the result.
    expect(userTexts(r.conv[1]!).at(-1)).toMatch(/^Additional context from preToolUse hook:\nhookwarden rewrote the command: .*\[interactive\/follow-log\]/s);
  });
});
