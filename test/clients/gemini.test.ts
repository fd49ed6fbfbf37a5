// hookwarden in the real Gemini CLI (headless, offline, against test/clients/gemini-server.ts), with its hooks in
// the project's .gemini/settings.json (`--agent gemini`). Every assertion is about what the client did: what
// reached the model (the recorded requests), what ran, what is left on disk. Each guard scenario has a control
// without hooks that shows the script really does the damage, or the test would prove nothing.
//
// The CLI comes from `npm install --prefix test/clients`. Without it the suite is skipped with a message, unless
// HOOKWARDEN_REQUIRE_CLIENTS=1 (CI), which makes a missing CLI a failure. docs/agents.md says what it showed.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from './claude.js';
import { geminiBin, geminiScripted, geminiVersion, geminiWorkspace, installGeminiHooks, runGemini, type GeminiRunOptions } from './gemini.js';
import { functionResponses, geminiSeenText, type GeminiRequest, type GeminiTurn } from './gemini-server.js';
import { audit, count, filesHolding, hookCommands, machinePaths, projectCommand } from './scenario.js';
import { killLeftovers } from './spawn.js';

const bin = geminiBin();
const required = process.env.HOOKWARDEN_REQUIRE_CLIENTS === '1';
if (!bin && !required) process.stderr.write('test/clients: Gemini CLI not installed (npm install --prefix test/clients); real-client suite skipped\n');

/** One scenario: a workspace, hooks installed (or not: the control), the script played, the server closed. */
async function play(turns: GeminiTurn[], o: GeminiRunOptions & { files?: Record<string, string>; hooks?: boolean; ws?: Workspace }) {
  const ws = o.ws ?? geminiWorkspace(o.files);
  if (o.hooks !== false && !o.ws) installGeminiHooks(ws);
  const server = await geminiScripted(turns);
  try {
    const run = await runGemini(bin as string, ws, server, o);
    return { ws, run, conv: server.conversation(), all: server.requests };
  } finally {
    await server.close();
  }
}

const shell = (command: string): GeminiTurn => ({ tool: 'run_shell_command', args: { command, description: 'scripted' } });

/** The text of every request after the first: what the model saw as a result of its own actions. */
const after = (conv: GeminiRequest[], from = 1): string => conv.slice(from).map(geminiSeenText).join('\n');
/** The last function response in a request, as the model got it. */
const lastResponse = (r: GeminiRequest): Record<string, unknown> => functionResponses(r).at(-1)?.response ?? {};



// A Gemini session takes 4–7 s here (≈ 2 s on an idle machine); scenarios with a control run two or three.
describe.runIf(bin || required)('Gemini CLI (real CLI), command hooks (--agent gemini)', { timeout: 120_000 }, () => {
  beforeAll(() => {
    if (!bin) throw new Error('HOOKWARDEN_REQUIRE_CLIENTS=1 but the Gemini CLI is not installed: npm install --prefix test/clients');
    process.stderr.write(`test/clients: real client Gemini CLI ${geminiVersion(bin)}\n`);
  });

  it('deny: `rm -rf ~/.ssh` does not run, the canary survives, the reason reaches the model once (control: it is deleted)', async () => {
    const turns = [shell('rm -rf ~/.ssh'), { text: 'Done.' }];
    const files = { '~/.ssh/known_hosts': 'canary\n' };
    const control = await play(turns, { prompt: 'tidy up', files, hooks: false });
    expect(existsSync(join(control.ws.home, '.ssh', 'known_hosts'))).toBe(false);
    const r = await play(turns, { prompt: 'tidy up', files });
    expect(r.run.exitCode).toBe(0);
    expect(readFileSync(join(r.ws.home, '.ssh', 'known_hosts'), 'utf8')).toBe('canary\n');
    // Gemini's top-level `decision: "deny"`: the call is an error result carrying the reason.
    const error = String(lastResponse(r.conv[1]!).error);
    expect(error).toMatch(/^Tool execution blocked: hookwarden block: /);
    expect(count(after(r.conv), '[bash-filesystem/rm-home]')).toBe(1);
    expect(after(r.conv)).not.toContain('dist/hooks');
    // Installed with project scope: the committed .gemini/settings.json runs the project's own copy, through the
    // variable the host sets for its hooks; it names no path of this machine, and the deny above is its.
    const committed = join(r.ws.project, '.gemini', 'settings.json');
    expect(machinePaths(readFileSync(committed, 'utf8'), r.ws)).toEqual([]);
    expect(hookCommands(committed)).toContainEqual(expect.stringMatching(projectCommand('gemini', 'pre-tool-use')));
    for (const command of hookCommands(committed)) expect(command).toMatch(projectCommand('gemini'));
  });

  it('prompt block: a prompt holding an AWS key reaches no request, and the CLI keeps it nowhere (control: it is sent)', async () => {
    const key = `AKIA${'QX7ZP3LM9KT2WB4N'}`;
    const prompt = `deploy with aws key ${key} please`;
    const control = await play([{ text: 'Deploying.' }], { prompt, hooks: false });
    expect(JSON.stringify(control.conv.map((q) => q.body))).toContain(key);
    const r = await play([{ text: 'should never be asked' }], { prompt });
    // BeforeAgent `decision: "deny"`: not even the model router's request is made.
    expect(r.all.length).toBe(0);
    expect(r.run.exitCode).toBe(0);
    // The user is told why, by finding and never by value.
    const warnings = (r.run.result?.warnings ?? []).join('\n');
    expect(warnings).toContain('Agent execution blocked: hookwarden block');
    expect(warnings).toContain('[secrets/aws-access-key-id]');
    expect(r.run.stdout + r.run.stderr).not.toContain(key);
    // Unlike Claude Code, Gemini does not keep the blocked prompt in its session files.
    expect(filesHolding(join(r.ws.home, '.gemini'), key)).toEqual([]);
  });

  it('rewrite: `tail -f app.log` runs bounded (the last 200 lines); the model is told only that a hook changed it (control: it hangs)', async () => {
    const log = Array.from({ length: 300 }, (_, i) => `line ${i + 1}`).join('\n');
    const turns = [shell('tail -f app.log'), { text: 'Done.' }];
    const files = { 'app.log': `${log}\n` };
    // Without hooks the call never ends by itself: Gemini cancels a command only after 5 minutes without output
    // (tools.shell.inactivityTimeout; seen: the model then got the last 10 lines). Still running after 30 s here (15 s was too short on a loaded machine: the CLI had not yet asked the model).
    const control = await play(turns, { prompt: 'watch the log', files, hooks: false, timeoutMs: 30_000 });
    // Gemini starts shell commands in a process group of their own: the hung tail outlives the killed CLI.
    killLeftovers(control.ws.project);
    expect(control.run.killed).toBe(true);
    expect(control.conv.length).toBe(1);
    const r = await play(turns, { prompt: 'watch the log', files });
    expect(r.run.exitCode).toBe(0);
    const output = String(lastResponse(r.conv[1]!).output);
    // The bounded command ran and exited: lines 101–300, not the whole file.
    expect(output).toContain('line 300');
    expect(output).toContain('line 101');
    expect(output).not.toMatch(/\bline 100\b/);
    // Gemini's own note, without the keys it names in its source; hookwarden's reason went to the user only
    // (BeforeTool has no context for the model), and the model's history keeps the call it made.
    expect(output).toContain('[System] Tool input parameters were modified by a hook before execution.');
    expect(after(r.conv)).not.toContain('tail -n 200');
    const call = (r.conv[1]!.body.contents ?? []).flatMap((c) => c.parts ?? []).find((p) => p.functionCall)?.functionCall;
    expect(call?.args).toMatchObject({ command: 'tail -f app.log' });
    expect(r.run.stderr).toContain('tail -n 200 app.log');
  });

  it('prompt context: "just investigate…" reaches the model as hook context, and the turn stays read-only (control: the writes happen)', async () => {
    const prompt = "just investigate why the build fails, don't change anything";
    const turns = [{ tool: 'write_file', args: { file_path: 'src/fix.js', content: 'export {};\n' } }, shell('touch made.txt'), { text: 'Looked.' }];
    const control = await play(turns, { prompt, hooks: false });
    expect(existsSync(join(control.ws.project, 'src', 'fix.js'))).toBe(true);
    expect(existsSync(join(control.ws.project, 'made.txt'))).toBe(true);
    const r = await play(turns, { prompt });
    // BeforeAgent additionalContext: a <hook_context> part of the prompt's own turn, in the first request.
    const first = geminiSeenText(r.conv[0]!);
    expect(first).toMatch(/<hook_context>hookwarden: read-only[^<]*<\/hook_context>/);
    expect(first).toContain('just investigate');
    expect(existsSync(join(r.ws.project, 'src', 'fix.js'))).toBe(false);
    expect(existsSync(join(r.ws.project, 'made.txt'))).toBe(false);
    expect(String(lastResponse(r.conv[1]!).error)).toMatch(/^Tool execution blocked: .*\[session\/read-only\]/s);
    expect(String(lastResponse(r.conv[2]!).error)).toMatch(/^Tool execution blocked: .*\[session\/read-only\]/s);
  });

  it('Stop: a block is sent once as a new prompt, without the hook command, and the next stop is let through', async () => {
    const turns: GeminiTurn[] = [{ tool: 'write_file', args: { file_path: 'src/util.js', content: 'export const one = 1;\n' } }, { text: 'Written.' }, { text: 'Checked.' }];
    const r = await play(turns, { prompt: 'add a util', files: { 'package.json': '{"scripts":{"test":"node -e 0"}}\n' } });
    expect(readFileSync(join(r.ws.project, 'src', 'util.js'), 'utf8')).toContain('one');
    // Write, then the stop that was blocked (AfterAgent `decision: "block"`), then the stop with
    // stop_hook_active: three requests, no loop.
    expect(r.conv.length).toBe(3);
    const contents = r.conv[2]!.body.contents ?? [];
    const reason = contents.at(-1)!;
    expect(reason.role).toBe('user');
    const text = (reason.parts ?? []).map((p) => p.text ?? '').join('\n');
    expect(text).toContain('[session/unverified-changes]');
    expect(count(geminiSeenText(r.conv[2]!), '[session/unverified-changes]')).toBe(1);
    expect(text).not.toContain('dist/hooks');
    expect(text).not.toContain('Rules:');
    expect(r.run.result?.response).toContain('Checked.');
    // Gemini fires BeforeAgent with that reason as the prompt: known for hookwarden's own, it is not judged or
    // audited as a prompt the user typed. One prompt, the user's.
    const prompts = audit(r.ws).filter((l) => l.event === 'UserPromptSubmit');
    expect(prompts.map((l) => (l.input as { prompt?: string }).prompt)).toEqual(['add a util']);
    expect(prompts.every((l) => l.agent === 'gemini')).toBe(true);
  });

  it('a credential in a tool\'s output: the model is told not to repeat it, as context on the result', async () => {
    const key = `AKIA${'QX7ZP3LM9KT2WB4N'}`;
    const r = await play([shell('cat notes.txt'), { text: 'Done.' }], { prompt: 'read the notes', files: { 'notes.txt': `key: ${key}\n` } });
    const output = String(lastResponse(r.conv[1]!).output);
    // AfterTool additionalContext, appended to the result inside <hook_context>; the value itself stays (a warn,
    // as on every host: the tool already ran and its output is what the model asked for).
    expect(output).toMatch(/<hook_context>hookwarden warn: [^<]*\[secrets\/aws-access-key-id\][^<]*<\/hook_context>/);
    expect(output.slice(output.indexOf('<hook_context>'))).not.toContain(key);
  });

  it('user scope: install merges into ~/.gemini/settings.json (auth kept) and the deny holds there too', async () => {
    const ws = geminiWorkspace({ '~/.ssh/known_hosts': 'canary\n' });
    installGeminiHooks(ws, 'user');
    const r = await play([shell('rm -rf ~/.ssh'), { text: 'Done.' }], { prompt: 'tidy up', ws });
    // Auth lost would exit 41 before any request.
    expect(r.run.exitCode).toBe(0);
    expect(readFileSync(join(ws.home, '.ssh', 'known_hosts'), 'utf8')).toBe('canary\n');
    expect(count(after(r.conv), '[bash-filesystem/rm-home]')).toBe(1);
  });

  it('memory: "remember that…" is stored and injected by SessionStart into the next session', async () => {
    const first = await play([{ text: 'Noted.' }], { prompt: 'remember that this project uses pnpm, not npm' });
    const next = await play([{ text: 'Hi.' }], { prompt: 'hello', ws: first.ws });
    // SessionStart additionalContext: a <hook_context> put in front of the first prompt of the session.
    expect(geminiSeenText(next.conv[0]!)).toMatch(/^<hook_context>hookwarden memory:[^<]*uses pnpm, not npm[^<]*<\/hook_context>\s*hello$/m);
  });

  // Gemini shows an ask as a confirmation dialog even with --yolo, and `gemini -p` then waits forever (seen: the
  // run never ended). So Gemini asks are decided by askFallback: a deny saying who must approve and how.
  it('ask: decided by askFallback (Gemini would wait forever headless): a deny with how to approve; the push never runs', async () => {
    const turns = [shell('git push --force origin feat/x'), { text: 'Done.' }];
    const control = await play(turns, { prompt: 'publish the branch', hooks: false });
    expect(after(control.conv)).toContain('failed to push some refs');
    const r = await play(turns, { prompt: 'publish the branch', timeoutMs: 60_000 });
    expect(r.run.killed).toBe(false);
    const seen = after(r.conv);
    expect(seen).toContain('[bash-git/force-push]');
    expect(seen).toContain('hookwarden grant');
    expect(seen).not.toContain('failed to push some refs');
  });
});
