// The contract every host adapter runs (test/protocol/agents/*.test.ts): each scenario's stdin in every host's own
// shape, one runtime per call (a fresh HOOKWARDEN_HOME), and a runner returning the answer as JSON. The same
// scenarios (deny, ask, rewrite, context, prompt block, stop block, a secret file read) judged by the same engine
// must give the same verdicts and rule ids on every host, answered in each host's shape.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentName } from '../../../lib/protocol/adapter.js';
import { runHook } from '../../../lib/hook/run-hook.js';
import type { HookName } from '../../../lib/hook/hooks.js';
import { ALL_ROUTERS } from '../../../lib/hook/routers.js';
import type { RuntimeDeps } from '../../../lib/hook/runtime.js';
import { hookEnv } from '../../helpers/fixtures.js';
import { FIXED_NOW } from '../../helpers/registry.js';

export const PROJECT = '/home/dev/project';

export function rt(agent: AgentName, over: Partial<RuntimeDeps> = {}): RuntimeDeps {
  let n = 0;
  const home = mkdtempSync(join(tmpdir(), 'hw-agents-'));
  return { env: { ...hookEnv(home), CLAUDE_PROJECT_DIR: PROJECT }, now: () => FIXED_NOW, newId: () => `id-${++n}`, embedded: null, engineVersion: 'test', routers: ALL_ROUTERS, agent, ...over };
}

export const base = { session_id: 's1', transcript_path: '/t/s1.jsonl', cwd: PROJECT };
export const qw = { session_id: 's1', transcript_path: '/t/s1.jsonl', cwd: PROJECT, timestamp: '2026-11-25T00:00:00Z', permission_mode: 'default', tool_call_id: 'x' };
export const cp = { sessionId: 's1', timestamp: 1764028800000, cwd: PROJECT };
export const cx = { session_id: 's1', turn_id: 'turn-1', transcript_path: null, cwd: PROJECT, model: 'gpt-test', permission_mode: 'default' };
export const cu = { conversation_id: 's1', generation_id: 'g1', model: 'test-model', cursor_version: '2.1.0', workspace_roots: [PROJECT], transcript_path: null };
export const oc = { session_id: 'ses_1', cwd: PROJECT };

/** Each scenario's stdin, per host. */
export const STDIN: Record<AgentName, Record<string, [HookName, unknown]>> = {
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

export async function run(agent: AgentName, scenario: string, over: Partial<RuntimeDeps> = {}) {
  const [hook, stdin] = STDIN[agent][scenario] as [HookName, unknown];
  const r = await runHook(hook, JSON.stringify(stdin), rt(agent, over));
  return { ...r, json: r.stdout ? (JSON.parse(r.stdout) as Record<string, any>) : null };
}


/** The stdin the real CLIs sent to hookwarden's hooks (captured in test/clients runs; paths made /home/dev/project). */
export const QWEN_REAL = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'qwen-0.24.4.json'), 'utf8')) as Record<string, Record<string, unknown>>;
export const COPILOT_REAL = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'copilot-1.0.102.json'), 'utf8')) as Record<string, Record<string, unknown>>;

/** Several calls of one session against one HOOKWARDEN_HOME (session state carries over). */
export function session(agent: AgentName) {
  const deps = rt(agent);
  return async (hook: HookName, stdin: unknown) => {
    const r = await runHook(hook, JSON.stringify(stdin), deps);
    return { ...r, json: r.stdout ? (JSON.parse(r.stdout) as Record<string, any>) : null };
  };
}
