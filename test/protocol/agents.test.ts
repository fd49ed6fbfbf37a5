// The contract every host adapter runs: the same scenarios (deny, ask, rewrite, context, prompt block, stop block,
// malformed input, internal error) with each host's own stdin, judged by the same engine, answered in the host's
// shape. Each host's fail-open trap has its own test: the wrong shape is an allow there.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentName } from '../../lib/protocol/adapter.js';
import { runHook } from '../../lib/hook/run-hook.js';
import { STOP_REASON_MARK } from '../../lib/protocol/gemini/parse.js';
import { copilotToEvent } from '../../lib/protocol/copilot/parse.js';
import type { HookName } from '../../lib/hook/hooks.js';
import { ALL_ROUTERS } from '../../lib/hook/routers.js';
import type { RuntimeDeps } from '../../lib/hook/runtime.js';
import { hookEnv } from '../helpers/fixtures.js';
import { FIXED_NOW, ROOT } from '../helpers/registry.js';

const PROJECT = '/home/dev/project';

function rt(agent: AgentName, over: Partial<RuntimeDeps> = {}): RuntimeDeps {
  let n = 0;
  const home = mkdtempSync(join(tmpdir(), 'hw-agents-'));
  return { env: { ...hookEnv(home), CLAUDE_PROJECT_DIR: PROJECT }, now: () => FIXED_NOW, newId: () => `id-${++n}`, embedded: null, engineVersion: 'test', routers: ALL_ROUTERS, agent, ...over };
}

const base = { session_id: 's1', transcript_path: '/t/s1.jsonl', cwd: PROJECT };
const qw = { session_id: 's1', transcript_path: '/t/s1.jsonl', cwd: PROJECT, timestamp: '2026-11-25T00:00:00Z', permission_mode: 'default', tool_call_id: 'x' };
const cp = { sessionId: 's1', timestamp: 1764028800000, cwd: PROJECT };
const cx = { session_id: 's1', turn_id: 'turn-1', transcript_path: null, cwd: PROJECT, model: 'gpt-test', permission_mode: 'default' };
const cu = { conversation_id: 's1', generation_id: 'g1', model: 'test-model', cursor_version: '2.1.0', workspace_roots: [PROJECT], transcript_path: null };
const oc = { session_id: 'ses_1', cwd: PROJECT };

/** Each scenario's stdin, per host. */
const STDIN: Record<AgentName, Record<string, [HookName, unknown]>> = {
  'claude-code': {
    deny: ['pre-tool-use', { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf ~' }, tool_use_id: 't1' }],
    ask: ['pre-tool-use', { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git push --force origin feat/x' }, tool_use_id: 't2' }],
    rewrite: ['pre-tool-use', { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'tail -f app.log' }, tool_use_id: 't3' }],
    context: ['user-prompt', { ...base, hook_event_name: 'UserPromptSubmit', prompt: "just investigate why the build fails, don't change anything" }],
    promptBlock: ['user-prompt', { ...base, hook_event_name: 'UserPromptSubmit', prompt: `deploy with ${'AKIA'}QX7ZP3LM9KT2WB4N` }],
    stopBlock: ['stop', { ...base, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'All tests pass.' }],
    readEnv: ['pre-tool-use', { ...base, hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: `${PROJECT}/.env` }, tool_use_id: 't4' }],
  },
  codex: {
    deny: ['pre-tool-use', { ...cx, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf ~' }, tool_use_id: 'c1' }],
    ask: ['pre-tool-use', { ...cx, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git push --force origin feat/x' }, tool_use_id: 'c2' }],
    rewrite: ['pre-tool-use', { ...cx, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'tail -f app.log' }, tool_use_id: 'c3' }],
    context: ['user-prompt', { ...cx, hook_event_name: 'UserPromptSubmit', prompt: "just investigate why the build fails, don't change anything" }],
    promptBlock: ['user-prompt', { ...cx, hook_event_name: 'UserPromptSubmit', prompt: `deploy with ${'AKIA'}QX7ZP3LM9KT2WB4N` }],
    stopBlock: ['stop', { ...cx, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'All tests pass.' }],
    readEnv: ['pre-tool-use', { ...cx, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'cat .env' }, tool_use_id: 'c4' }],
  },
  copilot: {
    deny: ['pre-tool-use', { ...cp, toolName: 'bash', toolArgs: { command: 'rm -rf ~', description: 'clean' } }],
    ask: ['pre-tool-use', { ...cp, toolName: 'bash', toolArgs: JSON.stringify({ command: 'git push --force origin feat/x' }) }],
    rewrite: ['pre-tool-use', { ...cp, toolName: 'bash', toolArgs: { command: 'tail -f app.log', description: 'watch' } }],
    context: ['user-prompt', { ...cp, prompt: "just investigate why the build fails, don't change anything" }],
    promptBlock: ['user-prompt', { ...cp, prompt: `deploy with ${'AKIA'}QX7ZP3LM9KT2WB4N` }],
    stopBlock: ['stop', { ...cp, stopHookActive: false }],
    readEnv: ['pre-tool-use', { ...cp, toolName: 'view', toolArgs: { path: `${PROJECT}/.env` } }],
  },
  qwen: {
    deny: ['pre-tool-use', { ...qw, hook_event_name: 'PreToolUse', tool_name: 'run_shell_command', tool_input: { command: 'rm -rf ~', is_background: false }, tool_use_id: 'q1' }],
    ask: ['pre-tool-use', { ...qw, hook_event_name: 'PreToolUse', tool_name: 'run_shell_command', tool_input: { command: 'git push --force origin feat/x' }, tool_use_id: 'q2' }],
    rewrite: ['pre-tool-use', { ...qw, hook_event_name: 'PreToolUse', tool_name: 'run_shell_command', tool_input: { command: 'tail -f app.log' }, tool_use_id: 'q3' }],
    context: ['user-prompt', { ...qw, hook_event_name: 'UserPromptSubmit', prompt: "just investigate why the build fails, don't change anything" }],
    promptBlock: ['user-prompt', { ...qw, hook_event_name: 'UserPromptSubmit', prompt: `deploy with ${'AKIA'}QX7ZP3LM9KT2WB4N` }],
    stopBlock: ['stop', { ...qw, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'All tests pass.' }],
    readEnv: ['pre-tool-use', { ...qw, hook_event_name: 'PreToolUse', tool_name: 'read_file', tool_input: { absolute_path: `${PROJECT}/.env` }, tool_use_id: 'q4' }],
  },
  droid: {
    deny: ['pre-tool-use', { ...base, hook_event_name: 'PreToolUse', tool_name: 'Execute', tool_input: { command: 'rm -rf ~' } }],
    ask: ['pre-tool-use', { ...base, hook_event_name: 'PreToolUse', tool_name: 'Execute', tool_input: { command: 'git push --force origin feat/x' } }],
    rewrite: ['pre-tool-use', { ...base, hook_event_name: 'PreToolUse', tool_name: 'Execute', tool_input: { command: 'tail -f app.log' } }],
    context: ['user-prompt', { ...base, hook_event_name: 'UserPromptSubmit', prompt: "just investigate why the build fails, don't change anything" }],
    promptBlock: ['user-prompt', { ...base, hook_event_name: 'UserPromptSubmit', prompt: `deploy with ${'AKIA'}QX7ZP3LM9KT2WB4N` }],
    stopBlock: ['stop', { ...base, hook_event_name: 'Stop', stop_hook_active: false }],
    readEnv: ['pre-tool-use', { ...base, hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: `${PROJECT}/.env` } }],
  },
  gemini: {
    deny: ['pre-tool-use', { ...base, hook_event_name: 'BeforeTool', timestamp: '2026-11-25T00:00:00Z', tool_name: 'run_shell_command', tool_input: { command: 'rm -rf ~', description: 'clean' } }],
    ask: ['pre-tool-use', { ...base, hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'git push --force origin feat/x' } }],
    rewrite: ['pre-tool-use', { ...base, hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'tail -f app.log', description: 'watch' } }],
    context: ['user-prompt', { ...base, hook_event_name: 'BeforeAgent', prompt: "just investigate why the build fails, don't change anything" }],
    promptBlock: ['user-prompt', { ...base, hook_event_name: 'BeforeAgent', prompt: `deploy with ${'AKIA'}QX7ZP3LM9KT2WB4N` }],
    stopBlock: ['stop', { ...base, hook_event_name: 'AfterAgent', prompt: 'fix it', prompt_response: 'All tests pass.', stop_hook_active: false }],
    readEnv: ['pre-tool-use', { ...base, hook_event_name: 'BeforeTool', tool_name: 'read_file', tool_input: { absolute_path: `${PROJECT}/.env` } }],
  },
  cursor: {
    deny: ['pre-tool-use', { ...cu, hook_event_name: 'preToolUse', tool_name: 'Shell', tool_input: { command: 'rm -rf ~', cwd: PROJECT } }],
    ask: ['pre-tool-use', { ...cu, hook_event_name: 'beforeShellExecution', command: 'git push --force origin feat/x', cwd: PROJECT }],
    rewrite: ['pre-tool-use', { ...cu, hook_event_name: 'preToolUse', tool_name: 'Shell', tool_input: { command: 'tail -f app.log' } }],
    context: ['user-prompt', { ...cu, hook_event_name: 'beforeSubmitPrompt', prompt: "just investigate why the build fails, don't change anything", attachments: [] }],
    promptBlock: ['user-prompt', { ...cu, hook_event_name: 'beforeSubmitPrompt', prompt: `deploy with ${'AKIA'}QX7ZP3LM9KT2WB4N`, attachments: [] }],
    stopBlock: ['stop', { ...cu, hook_event_name: 'stop', status: 'completed', loop_count: 0 }],
    readEnv: ['pre-tool-use', { ...cu, hook_event_name: 'preToolUse', tool_name: 'Read', tool_input: { file_path: `${PROJECT}/.env` } }],
  },
  // The JSON hookwarden's OpenCode plugin sends (plugins/opencode/hookwarden.js); no stop event reaches a plugin.
  opencode: {
    deny: ['pre-tool-use', { ...oc, hook_event_name: 'tool.execute.before', tool: 'bash', call_id: 'call_1', args: { command: 'rm -rf ~', description: 'clean' } }],
    ask: ['pre-tool-use', { ...oc, hook_event_name: 'tool.execute.before', tool: 'bash', call_id: 'call_2', args: { command: 'git push --force origin feat/x', description: 'push' } }],
    rewrite: ['pre-tool-use', { ...oc, hook_event_name: 'tool.execute.before', tool: 'bash', call_id: 'call_3', args: { command: 'tail -f app.log', description: 'watch' } }],
    context: ['user-prompt', { ...oc, hook_event_name: 'chat.message', prompt: "just investigate why the build fails, don't change anything" }],
    promptBlock: ['user-prompt', { ...oc, hook_event_name: 'chat.message', prompt: `deploy with ${'AKIA'}QX7ZP3LM9KT2WB4N` }],
    readEnv: ['pre-tool-use', { ...oc, hook_event_name: 'tool.execute.before', tool: 'read', call_id: 'call_4', args: { filePath: `${PROJECT}/.env` } }],
  },
};

async function run(agent: AgentName, scenario: string, over: Partial<RuntimeDeps> = {}) {
  const [hook, stdin] = STDIN[agent][scenario] as [HookName, unknown];
  const r = await runHook(hook, JSON.stringify(stdin), rt(agent, over));
  return { ...r, json: r.stdout ? (JSON.parse(r.stdout) as Record<string, any>) : null };
}

describe('every host adapter judges the same scenarios the same way', () => {
  for (const agent of ['claude-code', 'gemini', 'codex', 'copilot', 'qwen', 'droid', 'cursor', 'opencode'] as const) {
    it(`${agent}: the verdicts and the rule ids do not depend on the host`, async () => {
      const verdicts: Record<string, [string | undefined, string[]]> = {};
      for (const s of Object.keys(STDIN[agent])) {
        const r = await run(agent, s);
        verdicts[s] = [r.decision?.decision.action, r.decision?.local.matches.map((m) => m.id) ?? []];
      }
      // Codex and Gemini cannot ask (Codex rejects it; Gemini headless waits forever): askFallback decides (deny by
      // default), the findings unchanged.
      // Cursor honours only deny, OpenCode has no ask: the same.
      const asked = agent === 'codex' || agent === 'gemini' || agent === 'cursor' || agent === 'opencode' ? 'block' : 'ask';
      const expected = {
        deny: ['block', ['bash-filesystem/rm-home']],
        ask: [asked, ['bash-git/force-push']],
        rewrite: ['allow', ['interactive/follow-log']],
        context: ['silent', expect.any(Array)],
        promptBlock: ['block', ['secrets/aws-access-key-id']],
        stopBlock: [expect.stringMatching(/block|silent|allow/), expect.any(Array)],
        readEnv: [asked, ['paths-sensitive/env-files']],
      };
      // A host whose hooks never see an event has no scenario for it (OpenCode's plugin: no stop).
      expect(verdicts).toEqual(Object.fromEntries(Object.entries(expected).filter(([s]) => s in STDIN[agent])));
    });
  }
});

describe('Claude Code output (hook-protocols.md; the real CLI: test/clients)', () => {
  it('deny, ask, rewrite, context', async () => {
    expect((await run('claude-code', 'deny')).json?.hookSpecificOutput).toMatchObject({ permissionDecision: 'deny' });
    expect((await run('claude-code', 'ask')).json?.hookSpecificOutput).toMatchObject({ permissionDecision: 'ask' });
    expect((await run('claude-code', 'rewrite')).json?.hookSpecificOutput).toMatchObject({ updatedInput: { command: 'tail -n 200 app.log' }, additionalContext: expect.any(String) });
    expect((await run('claude-code', 'context')).json?.hookSpecificOutput.additionalContext).toMatch(/read-only/i);
    expect((await run('claude-code', 'promptBlock')).json).toMatchObject({ decision: 'block' });
  });
});

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

describe('Codex CLI output (agent-protocols.md §1)', () => {
  const KEYS = new Set(['hookEventName', 'permissionDecision', 'permissionDecisionReason', 'updatedInput', 'additionalContext']);

  it('trap: never `ask` (Codex fails the hook and runs the tool): a deny saying who must approve and how, with a reason', async () => {
    const r = await run('codex', 'ask');
    const o = r.json?.hookSpecificOutput;
    expect(o).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
    expect(o.permissionDecisionReason).toContain('[bash-git/force-push]');
    expect(o.permissionDecisionReason).toContain('hookwarden grant');
    expect(r.stdout).not.toContain('"ask"');
    expect(r.decision?.audit.decisionRules).toContain('HEADLESS_ASK_DENIED');
  });

  it('trap: only the keys its closed schema takes (no systemMessage), a non-empty reason, exit 0', async () => {
    for (const s of ['deny', 'ask', 'rewrite', 'readEnv']) {
      const r = await run('codex', s);
      expect(r.exitCode, s).toBe(0);
      expect(Object.keys(r.json ?? {}), s).toEqual(['hookSpecificOutput']);
      for (const k of Object.keys(r.json?.hookSpecificOutput ?? {})) expect(KEYS.has(k), `${s}: ${k}`).toBe(true);
    }
    expect((await run('codex', 'rewrite')).json?.hookSpecificOutput).toMatchObject({ permissionDecision: 'allow', updatedInput: { command: 'tail -n 200 app.log' } });
    expect((await run('codex', 'promptBlock')).json).toEqual({ decision: 'block', reason: expect.stringContaining('[secrets/aws-access-key-id]') });
  });

  it('a deny reason ends without a full stop: Codex appends ". Command: <command>" (the real CLI showed "created.. Command:")', async () => {
    for (const s of ['deny', 'ask', 'readEnv']) {
      const reason = String((await run('codex', s)).json?.hookSpecificOutput?.permissionDecisionReason);
      expect(reason, s).toMatch(/\[[a-z-]+\/[a-z-]+\]/);
      expect(reason, s).not.toMatch(/[.\s]$/);
    }
  });

  it('apply_patch: every file it touches is judged (a key file, a deletion), added lines scanned for secrets', async () => {
    const patch = (body: string) => ({ ...cx, hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: `*** Begin Patch\n${body}\n*** End Patch` }, tool_use_id: 'p' });
    const judge = async (body: string) => (await runHook('pre-tool-use', JSON.stringify(patch(body)), rt('codex'))).decision;
    expect((await judge('*** Add File: src/a.ts\n+export const a = 1;'))?.decision.action).toBe('silent');
    const secret = await judge(`*** Add File: src/aws.ts\n+const key = '${'AKIA'}8ICWH3U28EM8LYYE';`);
    expect(secret?.local.matches.map((m) => m.id)).toContain('secrets/aws-access-key-id');
    const keys = await judge('*** Update File: src/a.ts\n+x\n*** Add File: /home/dev/.ssh/authorized_keys\n+ssh-ed25519 AAAA');
    // The key file is found (an ask today, issue 19 raises it), and Codex cannot ask: denied.
    expect(keys?.local.matches.map((m) => m.id)).toEqual(expect.arrayContaining(['paths-sensitive/ssh-config', 'paths-sensitive/outside-project']));
    expect(keys?.decision.action).toBe('block');
    // Codex's own config and hooks are the agent's guard rails (agent-settings), like Claude Code's settings.json.
    for (const file of ['.codex/config.toml', '.codex/hooks.json']) {
      const own = await judge(`*** Update File: ${file}\n+[features]\n+hooks = false`);
      expect(own?.local.matches.map((m) => m.id), file).toContain('paths-sensitive/agent-settings');
      expect(own?.decision.action, file).toBe('block');
    }
    const hosts = await judge('*** Delete File: /etc/hosts');
    expect(hosts?.decision.action).toBe('block');
    expect(hosts?.audit.decisionRules).not.toContain('HEADLESS_ASK_DENIED');
  });
});

describe('Copilot CLI output (agent-protocols.md §3)', () => {
  it('trap: a top-level permissionDecision (Copilot ignores hookSpecificOutput and runs the tool), a reason on every deny', async () => {
    const r = await run('copilot', 'deny');
    expect(r.json).toEqual({ permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('[bash-filesystem/rm-home]') });
    expect((await run('copilot', 'ask')).json).toMatchObject({ permissionDecision: 'ask', permissionDecisionReason: expect.stringContaining('[bash-git/force-push]') });
    expect((await run('copilot', 'rewrite')).json).toMatchObject({ permissionDecision: 'allow', modifiedArgs: { command: 'tail -n 200 app.log', description: 'watch' }, additionalContext: expect.any(String) });
    expect((await run('copilot', 'context')).json?.additionalContext).toMatch(/read-only/i);
    expect((await run('copilot', 'promptBlock')).json).toMatchObject({ decision: 'block' });
  });

  it('reads the snake_case payload of a PascalCase config, and a failed tool as PostToolUseFailure', async () => {
    const snake = { session_id: 's1', timestamp: '2026-11-25T00:00:00Z', cwd: PROJECT, hook_event_name: 'PreToolUse', tool_name: 'bash', tool_input: { command: 'rm -rf ~' } };
    expect(JSON.parse((await runHook('pre-tool-use', JSON.stringify(snake), rt('copilot'))).stdout)).toMatchObject({ permissionDecision: 'deny' });
    const failed = { ...cp, toolName: 'bash', toolArgs: { command: 'npm test' }, error: 'exit 1' };
    const r = await runHook('post-tool-use', JSON.stringify(failed), rt('copilot'));
    expect(r.exitCode).toBe(0);
    // The failed check is recorded as failed (docs/session.md).
    expect(JSON.stringify(r.decision?.effects)).toContain('"failed":true');
  });
});

describe('Qwen Code and Droid: Claude Code\'s protocol, their own tool names', () => {
  it('answer in Claude Code\'s shape, and never exit 3 (Droid aborts its whole run on it)', async () => {
    for (const agent of ['qwen', 'droid'] as const) {
      for (const s of Object.keys(STDIN[agent])) expect((await run(agent, s)).exitCode, `${agent} ${s}`).not.toBe(3);
      expect((await run(agent, 'deny')).json?.hookSpecificOutput).toMatchObject({ permissionDecision: 'deny' });
    }
    expect((await run('droid', 'rewrite')).json?.hookSpecificOutput.updatedInput.command).toBe('tail -n 200 app.log');
  });
});

/** The stdin the real CLIs sent to hookwarden's hooks (captured in test/clients runs; paths made /home/dev/project). */
const QWEN_REAL = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'qwen-0.24.4.json'), 'utf8')) as Record<string, Record<string, unknown>>;
const COPILOT_REAL = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'copilot-1.0.102.json'), 'utf8')) as Record<string, Record<string, unknown>>;

/** Several calls of one session against one HOOKWARDEN_HOME (session state carries over). */
function session(agent: AgentName) {
  const deps = rt(agent);
  return async (hook: HookName, stdin: unknown) => {
    const r = await runHook(hook, JSON.stringify(stdin), deps);
    return { ...r, json: r.stdout ? (JSON.parse(r.stdout) as Record<string, any>) : null };
  };
}

describe('Qwen Code 0.24.4 as the real CLI behaved (test/clients/qwen.test.ts)', () => {
  it('the empty UserPromptSubmit Qwen fires before each request after a tool result is no prompt: no opinion, and read-only holds', async () => {
    const call = session('qwen');
    const prompt = { ...QWEN_REAL.userPrompt, prompt: "just investigate why the build fails, don't change anything" };
    expect((await call('user-prompt', prompt)).json?.hookSpecificOutput.additionalContext).toMatch(/read-only/);
    const cont = await call('user-prompt', QWEN_REAL.userPromptContinuation);
    expect(cont).toMatchObject({ exitCode: 0, stdout: '' });
    expect(cont.decision).toBeUndefined();
    const { session_id, transcript_path } = QWEN_REAL.userPrompt!;
    const write = await call('pre-tool-use', { ...QWEN_REAL.preToolUseWrite, session_id, transcript_path });
    expect(write.json?.hookSpecificOutput).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('[session/read-only]') });
    expect(write.decision?.local.matches.map((m) => m.id)).toEqual(['session/read-only']);
  });

  it('a Stop block is `decision: "block"` with the reason (Qwen stops on Claude Code\'s additionalContext form)', async () => {
    const call = session('qwen');
    await call('user-prompt', QWEN_REAL.userPrompt);
    await call('pre-tool-use', QWEN_REAL.preToolUseWrite);
    await call('post-tool-use', QWEN_REAL.postToolUseWrite);
    const stop = await call('stop', QWEN_REAL.stop);
    expect(stop.exitCode).toBe(0);
    expect(stop.json).toEqual({ decision: 'block', reason: expect.stringContaining('[session/unverified-changes]') });
    expect(stop.json?.reason).not.toContain('Rules:');
    expect((await call('stop', { ...QWEN_REAL.stop, stop_hook_active: true })).stdout).toBe('');
  });

  it('a rewrite is a deny naming the command to run instead (Qwen ignores a PreToolUse updatedInput and runs the original)', async () => {
    const r = await run('qwen', 'rewrite');
    expect(r.decision?.decision.action).toBe('allow');
    expect(r.json?.hookSpecificOutput).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('Run `tail -n 200 app.log` instead.') });
    expect(r.json?.hookSpecificOutput.permissionDecisionReason).toContain('[interactive/follow-log]');
    expect(r.json?.hookSpecificOutput).not.toHaveProperty('updatedInput');
    // exit 2: Qwen feeds stderr (the same reason) to the model.
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('tail -n 200 app.log');
  });

  it('an ask stays an ask (Qwen\'s dialog in a terminal) and says how to approve when `qwen -p` refuses it', async () => {
    const r = await run('qwen', 'ask');
    expect(r.json?.hookSpecificOutput).toMatchObject({ permissionDecision: 'ask', permissionDecisionReason: expect.stringContaining('hookwarden grant <rule id above> --for 30m') });
    expect(r.json?.hookSpecificOutput.permissionDecisionReason).toContain('[bash-git/force-push]');
  });

  it('the real shell call is judged: rm -rf ~/.ssh is denied with exit 2 and the reason on stderr', async () => {
    const r = await run('qwen', 'deny');
    expect(r.exitCode).toBe(2);
    const real = await session('qwen')('pre-tool-use', { ...QWEN_REAL.preToolUseShell, tool_input: { command: 'rm -rf ~/.ssh', description: 'x' } });
    expect(real.json?.hookSpecificOutput.permissionDecisionReason).toContain('[bash-filesystem/rm-home]');
  });
});

describe('Copilot CLI 1.0.102 as the real CLI behaved (test/clients/copilot.test.ts)', () => {
  it('a PascalCase config gets Claude\'s tool names with Copilot\'s arguments: a create is judged by its path and content', async () => {
    const key = `${'AKIA'}QX7ZP3LM9KT2WB4N`;
    const write = { ...COPILOT_REAL.preToolUseWrite, tool_input: { path: '/home/dev/project/src/aws.js', file_text: `export const key = '${key}';\n` } };
    const r = await session('copilot')('pre-tool-use', write);
    expect(r.decision?.local.matches.map((m) => m.id)).toContain('secrets/aws-access-key-id');
    expect(r.json?.permissionDecisionReason).toContain('[secrets/aws-access-key-id]');
    const call = session('copilot');
    await call('user-prompt', COPILOT_REAL.userPrompt);
    const ro = await call('pre-tool-use', COPILOT_REAL.preToolUseWrite);
    expect(ro.json?.permissionDecisionReason).toMatch(/matched: \S*project\/src\/fix\.js \(FileWrite\)/);
    expect((await call('pre-tool-use', COPILOT_REAL.preToolUseShell)).json?.permissionDecisionReason).toContain('[session/read-only]');
  });

  it('an ask stays an ask (Copilot\'s prompt when interactive) and says how to approve when `copilot -p` refuses it', async () => {
    const r = await run('copilot', 'ask');
    expect(r.json).toMatchObject({ permissionDecision: 'ask', permissionDecisionReason: expect.stringContaining('hookwarden grant <rule id above> --for 30m') });
  });

  it('reads the tool\'s output from `tool_result` (PascalCase config): a credential in it is flagged for the model', async () => {
    const key = `${'AKIA'}QX7ZP3LM9KT2WB4N`;
    const fx = COPILOT_REAL.postToolUseShellSecret as { tool_result: { text_result_for_llm: string } };
    const stdin = { ...fx, tool_result: { ...fx.tool_result, text_result_for_llm: fx.tool_result.text_result_for_llm.replace('<AWS_KEY>', key) } };
    const r = await session('copilot')('post-tool-use', stdin);
    expect(r.decision?.local.matches.map((m) => m.id)).toContain('secrets/aws-access-key-id');
    expect(r.json?.additionalContext).toContain('[secrets/aws-access-key-id]');
    expect(r.stdout).not.toContain(key);
  });

  it('a shell command that exits non-zero (Copilot says result_type "success", text "…exit code 1>") is a failed call, in both payloads', async () => {
    for (const fx of [COPILOT_REAL.postToolUseShellFailed, COPILOT_REAL.camelPostToolUseShellFailed]) {
      const r = await session('copilot')('post-tool-use', fx);
      expect(r.exitCode).toBe(0);
      expect(JSON.stringify(r.decision?.effects)).toContain('"failed":true');
    }
    const ok = await session('copilot')('post-tool-use', COPILOT_REAL.postToolUseShellSecret);
    expect(JSON.stringify(ok.decision?.effects ?? [])).not.toContain('"failed":true');
  });

  it('after a failing `npm test` the Stop block says the check failed (before: the failure counted as a passing check)', async () => {
    const call = session('copilot');
    const same = (fx: Record<string, unknown> | undefined) => ({ ...fx, session_id: 'cp-real' });
    await call('user-prompt', same({ ...COPILOT_REAL.userPrompt, prompt: 'add a util' }));
    await call('post-tool-use', same(COPILOT_REAL.postToolUseWrite));
    await call('post-tool-use', same(COPILOT_REAL.postToolUseShellFailed));
    const stop = await call('stop', same(COPILOT_REAL.stop));
    expect(stop.json).toEqual({ decision: 'block', reason: expect.stringContaining('failed (`npm test`)') });
  });

  it('the camelCase payload (a hand-written camelCase config): create judged by its path, transcriptPath read', async () => {
    const call = session('copilot');
    await call('user-prompt', COPILOT_REAL.camelUserPrompt);
    const r = await call('pre-tool-use', COPILOT_REAL.camelPreToolUseCreate);
    expect(r.json?.permissionDecisionReason).toMatch(/\[session\/read-only\] — matched: \S*project\/util\.js/);
    expect(copilotToEvent(COPILOT_REAL.camelStop!, 'Stop')).toMatchObject({ hook_event_name: 'Stop', transcript_path: expect.stringMatching(/events\.jsonl$/), stop_hook_active: false });
  });

  it('a Stop block after an unchecked write is `decision: "block"`; the next Stop (stop_hook_active) is let through', async () => {
    const call = session('copilot');
    await call('user-prompt', { ...COPILOT_REAL.userPrompt, prompt: 'add a util' });
    await call('post-tool-use', COPILOT_REAL.postToolUseWrite);
    expect((await call('stop', COPILOT_REAL.stop)).json).toEqual({ decision: 'block', reason: expect.stringContaining('[session/unverified-changes]') });
    expect((await call('stop', { ...COPILOT_REAL.stop, stop_hook_active: true })).stdout).toBe('');
  });
});

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

describe('OpenCode answers to its plugin (agent-protocols.md §4; the plugin itself: opencode-plugin.test.ts)', () => {
  it('a deny carries the reason the plugin throws; an ask is a deny (no ask in OpenCode); a rewrite sends OpenCode\'s own arguments', async () => {
    expect((await run('opencode', 'deny')).json).toEqual({ decision: 'deny', reason: expect.stringContaining('[bash-filesystem/rm-home]') });
    expect((await run('opencode', 'ask')).json).toEqual({ decision: 'deny', reason: expect.stringContaining('hookwarden grant') });
    expect((await run('opencode', 'rewrite')).json).toEqual({ decision: 'allow', args: { command: 'tail -n 200 app.log', description: 'watch' }, context: expect.any(String) });
    expect((await run('opencode', 'context')).json?.context).toMatch(/read-only/i);
    expect((await run('opencode', 'promptBlock')).json).toMatchObject({ decision: 'block' });
  });

  it('camelCase file arguments are judged (filePath, content), apply_patch by the files it touches', async () => {
    const write = { ...oc, hook_event_name: 'tool.execute.before', tool: 'write', call_id: 'w', args: { filePath: `${PROJECT}/src/aws.ts`, content: `const key = '${'AKIA'}8ICWH3U28EM8LYYE';` } };
    const r = await runHook('pre-tool-use', JSON.stringify(write), rt('opencode'));
    expect(r.decision?.local.matches.map((m) => m.id)).toContain('secrets/aws-access-key-id');
    const patch = { ...oc, hook_event_name: 'tool.execute.before', tool: 'apply_patch', call_id: 'p', args: { patchText: '*** Begin Patch\n*** Delete File: /etc/hosts\n*** End Patch' } };
    expect(JSON.parse((await runHook('pre-tool-use', JSON.stringify(patch), rt('opencode'))).stdout)).toMatchObject({ decision: 'deny' });
  });
});

describe('the bundles take the host from --agent', () => {
  const hook = (args: string[], stdin: unknown) =>
    spawnSync(process.execPath, [join(ROOT, 'dist', 'hooks', 'pre-tool-use.js'), ...args], { input: JSON.stringify(stdin), env: { ...hookEnv(mkdtempSync(join(tmpdir(), 'hw-agents-'))), CLAUDE_PROJECT_DIR: PROJECT }, encoding: 'utf8' });

  it('--agent gemini answers in Gemini\'s shape; no flag is Claude Code; an unknown host fails closed', () => {
    const [, stdin] = STDIN.gemini.deny as [HookName, unknown];
    expect(JSON.parse(hook(['--agent', 'gemini'], stdin).stdout)).toMatchObject({ decision: 'deny' });
    const [, claude] = STDIN['claude-code'].deny as [HookName, unknown];
    expect(JSON.parse(hook([], claude).stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    const unknown = hook(['--agent', 'vim'], claude);
    expect(unknown.status).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('unknown --agent "vim"');
  });
});
