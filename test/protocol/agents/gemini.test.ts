// Gemini CLI's answers (agent-protocols.md §2; the real CLI: test/clients/gemini.test.ts): a top-level `decision`
// (a Claude-shaped deny is an allow there), asks decided by askFallback, its echo of a Stop reason.

import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHook } from '../../../lib/hook/run-hook.js';
import { STOP_REASON_MARK } from '../../../lib/protocol/gemini/parse.js';
import { hookEnv } from '../../helpers/fixtures.js';
import { base, PROJECT, rt, run } from './contract.js';

describe('Gemini CLI output (agent-protocols.md §2)', () => {
  it('trap: a deny says `decision` at the top (Gemini runs the tool on a Claude-shaped deny), exit 0 with JSON', async () => {
    const claude = await run('claude-code', 'deny');
    expect(claude.json).not.toHaveProperty('decision');
    const r = await run('gemini', 'deny');
    expect(r.exitCode).toBe(0);
    expect(r.json).toEqual({ decision: 'deny', reason: expect.stringContaining('[bash-filesystem/rm-home]') });
  });

  it('an ask is decided by askFallback (a headless Gemini would wait forever); a rewrite sends the whole tool_input, Gemini\'s own keys kept; the read_file path is judged', async () => {
    expect((await run('gemini', 'ask')).json).toMatchObject({ decision: 'deny', reason: expect.stringContaining('hookwarden grant') });
    expect((await run('gemini', 'rewrite')).json).toEqual({ systemMessage: expect.stringContaining('tail -n 200 app.log'), hookSpecificOutput: { tool_input: { command: 'tail -n 200 app.log', description: 'watch' } } });
    expect((await run('gemini', 'readEnv')).json).toMatchObject({ decision: 'deny', reason: expect.stringContaining('[paths-sensitive/env-files]') });
  });

  it('prompt: context as hookSpecificOutput.additionalContext; a credential denies the prompt', async () => {
    expect((await run('gemini', 'context')).json?.hookSpecificOutput.additionalContext).toMatch(/read-only/i);
    const b = await run('gemini', 'promptBlock');
    expect(b.json).toMatchObject({ decision: 'deny' });
    expect(b.stdout).not.toContain('QX7ZP3LM9KT2WB4N');
  });

  it('a credential in a tool result: the model is told not to repeat it, appended to the result as context', async () => {
    const after = { ...base, hook_event_name: 'AfterTool', tool_name: 'run_shell_command', tool_input: { command: 'cat notes' }, tool_response: { llmContent: `key ${'ghp_'}abcdefghijklmnopqrstuvwxyz0123456789` } };
    const r = await runHook('post-tool-use', JSON.stringify(after), rt('gemini'));
    expect(r.decision?.decision.action).toBe('warn');
    expect(JSON.parse(r.stdout)).toEqual({ systemMessage: expect.any(String), hookSpecificOutput: { additionalContext: expect.stringContaining('secrets/github') } });
  });

  it('a failed tool result is a PostToolUseFailure; an event hookwarden does not judge is no opinion', async () => {
    const failed = { ...base, hook_event_name: 'AfterTool', tool_name: 'run_shell_command', tool_input: { command: 'npm test' }, tool_response: { error: 'exit 1' } };
    const r = await runHook('post-tool-use', JSON.stringify(failed), rt('gemini'));
    expect(r.decision?.audit).toBeDefined();
    expect(r.exitCode).toBe(0);
    const other = await runHook('pre-tool-use', JSON.stringify({ ...base, hook_event_name: 'BeforeModel' }), rt('gemini'));
    expect(other).toMatchObject({ exitCode: 0, stdout: '' });
  });

  it('malformed input: guards exit 2 with one stderr line (Gemini reads exit ≥ 2 as a deny); internal errors answer by policy', async () => {
    const bad = await runHook('pre-tool-use', '{"hook_event_name":"BeforeTool"', rt('gemini'));
    expect(bad.exitCode).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^hookwarden: stdin is not valid JSON/);
    // An ask would hang a headless Gemini: an internal error is a deny there, whatever onInternalError says.
    const internal = await run('gemini', 'deny', { routers: {} });
    expect(internal.json).toMatchObject({ decision: 'deny', reason: expect.stringContaining('could not judge this call') });
  });

  it('a Stop block\'s reason, which Gemini sends back as a new prompt, is known for hookwarden\'s own: no opinion, not audited', async () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-agents-echo-'));
    const r = rt('gemini', { env: { ...hookEnv(home), CLAUDE_PROJECT_DIR: PROJECT } });
    const echo = { ...base, hook_event_name: 'BeforeAgent', prompt: `${STOP_REASON_MARK}hookwarden block: [session/unverified-changes] run the tests`, timestamp: 'x' };
    expect(await runHook('user-prompt', JSON.stringify(echo), r)).toMatchObject({ exitCode: 0, stdout: '' });
    expect(existsSync(join(home, 'audit'))).toBe(false);
    // The same words typed without the mark are a prompt like any other.
    const typed = await runHook('user-prompt', JSON.stringify({ ...echo, prompt: 'hookwarden block: [session/unverified-changes] run the tests' }), r);
    expect(typed.decision?.input.type).toBe('user_prompt');
    expect(existsSync(join(home, 'audit'))).toBe(true);
  });
});
