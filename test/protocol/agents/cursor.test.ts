// Cursor's answers (agent-protocols.md §7; docs only, Cursor is not runnable here).

import { describe, expect, it } from 'vitest';
import { runHook } from '../../../lib/hook/run-hook.js';
import type { HookName } from '../../../lib/hook/hooks.js';
import { cu, PROJECT, rt, run } from './contract.js';

describe('Cursor output (agent-protocols.md §7; docs only, Cursor is not runnable here)', () => {
  const cursorRun = async (hook: HookName, stdin: unknown) => {
    const r = await runHook(hook, JSON.stringify(stdin), rt('cursor'));
    return { ...r, json: r.stdout ? (JSON.parse(r.stdout) as Record<string, any>) : null };
  };

  it('a deny is `permission: "deny"` with a message for the user and one for the model, exit 0', async () => {
    const r = await run('cursor', 'deny');
    expect(r.exitCode).toBe(0);
    expect(r.json).toEqual({ permission: 'deny', user_message: expect.stringContaining('[bash-filesystem/rm-home]'), agent_message: expect.stringContaining('[bash-filesystem/rm-home]') });
    expect((await run('cursor', 'readEnv')).json).toMatchObject({ permission: 'deny', user_message: expect.stringContaining('[paths-sensitive/env-files]') });
  });

  it('trap: with failClosed a guard that prints nothing blocks, so no opinion is an explicit allow (which keeps Cursor\'s own approvals)', async () => {
    const ls = await cursorRun('pre-tool-use', { ...cu, hook_event_name: 'preToolUse', tool_name: 'Shell', tool_input: { command: 'ls -la' } });
    expect(ls.decision?.decision.action).toBe('silent');
    expect(ls.json).toEqual({ permission: 'allow' });
    const prompt = await cursorRun('user-prompt', { ...cu, hook_event_name: 'beforeSubmitPrompt', prompt: 'add a test for the parser' });
    expect(prompt.json).toEqual({ continue: true });
  });

  it('trap: only deny is honoured everywhere, so an ask is a deny saying how to approve; a rewrite is a deny naming the call to run', async () => {
    const ask = await run('cursor', 'ask');
    expect(ask.json).toMatchObject({ permission: 'deny', user_message: expect.stringContaining('hookwarden grant') });
    expect(ask.stdout).not.toContain('"ask"');
    const rewrite = await run('cursor', 'rewrite');
    expect(rewrite.json).toMatchObject({ permission: 'deny', agent_message: expect.stringContaining('run this instead: tail -n 200 app.log') });
  });

  it('a prompt holding a credential is `continue: false`, the credential not echoed', async () => {
    const b = await run('cursor', 'promptBlock');
    expect(b.json).toEqual({ continue: false, user_message: expect.stringContaining('[secrets/aws-access-key-id]') });
    expect(b.stdout).not.toContain('QX7ZP3LM9KT2WB4N');
  });

  it('every tool surface is judged: Delete as rm, beforeReadFile, MCP tools in Claude Code\'s mcp__ form, StrReplace as an Edit', async () => {
    const del = await cursorRun('pre-tool-use', { ...cu, hook_event_name: 'preToolUse', tool_name: 'Delete', tool_input: { file_path: '/etc/hosts' } });
    expect(del.json).toMatchObject({ permission: 'deny' });
    const read = await cursorRun('pre-tool-use', { ...cu, hook_event_name: 'beforeReadFile', file_path: `${PROJECT}/.env`, content: '' });
    expect(read.decision?.local.matches.map((m) => m.id)).toContain('paths-sensitive/env-files');
    const mcp = await cursorRun('pre-tool-use', { ...cu, hook_event_name: 'preToolUse', tool_name: 'MCP:github:create_issue', tool_input: { title: 'x' } });
    expect(mcp.decision?.input.toolName).toBe('mcp__github__create_issue');
    const edit = await cursorRun('pre-tool-use', { ...cu, hook_event_name: 'preToolUse', tool_name: 'StrReplace', tool_input: { file_path: `${PROJECT}/src/a.ts`, old_string: 'a', new_string: `const k = '${'AKIA'}8ICWH3U28EM8LYYE';` } });
    expect(edit.decision?.local.matches.map((m) => m.id)).toContain('secrets/aws-access-key-id');
  });

  it('the session is the conversation, the project the first workspace root; malformed input exits 2 (a deny in Cursor)', async () => {
    const r = await run('cursor', 'deny');
    expect(r.decision?.input).toMatchObject({ sessionId: 's1', cwd: PROJECT });
    const bad = await runHook('pre-tool-use', '{"hook_event_name":"preToolUse"', rt('cursor'));
    expect(bad).toMatchObject({ exitCode: 2, stdout: '' });
    const other = await runHook('pre-tool-use', JSON.stringify({ ...cu, hook_event_name: 'afterAgentThought', text: 'hm' }), rt('cursor'));
    expect(other).toMatchObject({ exitCode: 0, stdout: '' });
  });
});
