// PostToolUseFailure through runHook: the post-tool-use hook takes both of its events (one bundle, two settings
// entries), audits each under its own name, records a failed check in the session, and the Stop that follows says
// the check failed instead of asking for one.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookForEvent, HOOK_EVENTS_OF } from '../../lib/hook/hooks.js';
import { ALL_ROUTERS } from '../../lib/hook/routers.js';
import { runHook } from '../../lib/hook/run-hook.js';
import { type RuntimeDeps } from '../../lib/hook/runtime.js';
import { sessionFile } from '../../lib/session/session-file.js';
import type { SessionState } from '../../lib/session/state.js';
import { hookEnv } from '../helpers/fixtures.js';
import { FIXED_NOW } from '../helpers/registry.js';

const TOKEN = `ghp_${'HwFailT0ken'.repeat(4).slice(0, 36)}`;

function rig() {
  const home = mkdtempSync(join(tmpdir(), 'hw-fail-'));
  const project = join(home, 'project');
  mkdirSync(project);
  let n = 0;
  let t = FIXED_NOW;
  const rt: RuntimeDeps = { env: { ...hookEnv(home), CLAUDE_PROJECT_DIR: project }, now: () => (t += 1000), newId: () => `id-${++n}`, embedded: null, engineVersion: 'test', routers: ALL_ROUTERS };
  const base = { session_id: 'fail-session', transcript_path: join(project, 'no-transcript.jsonl'), cwd: project, permission_mode: 'default' };
  const audit = () => readdirSync(join(home, 'audit')).flatMap((f) => readFileSync(join(home, 'audit', f), 'utf8').trim().split('\n')).map((l) => JSON.parse(l));
  const state = () => JSON.parse(readFileSync(sessionFile(home, 'fail-session'), 'utf8')) as SessionState;
  return { home, project, rt, base, audit, state };
}

const failure = (base: object, command: string, error: string, extra: object = {}) =>
  JSON.stringify({ ...base, hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_fail1', error, is_interrupt: false, ...extra });

describe('the post-tool-use hook takes PostToolUseFailure', () => {
  it('maps both events to one hook; the other hooks ignore it', async () => {
    expect(HOOK_EVENTS_OF['post-tool-use']).toEqual(['PostToolUse', 'PostToolUseFailure']);
    expect(hookForEvent('PostToolUseFailure')).toBe('post-tool-use');
    const r = rig();
    for (const hook of ['pre-tool-use', 'stop', 'user-prompt'] as const) {
      expect(await runHook(hook, failure(r.base, 'npm test', 'Exit code 1'), r.rt), hook).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    }
  });

  it('warns about a credential in the error as PostToolUseFailure context, never as a block, and audits the event by name', async () => {
    const r = rig();
    const out = await runHook('post-tool-use', failure(r.base, 'curl -sf https://api.example.dev', `Exit code 22\nunauthorized: ${TOKEN}`), r.rt);
    expect(out.exitCode).toBe(0);
    const json = JSON.parse(out.stdout);
    expect(json.hookSpecificOutput.hookEventName).toBe('PostToolUseFailure');
    expect(json.hookSpecificOutput.additionalContext).toContain('secrets/');
    expect(json).not.toHaveProperty('decision');
    expect(out.stdout + out.stderr).not.toContain(TOKEN);
    const [line] = r.audit();
    expect(line).toMatchObject({ event: 'PostToolUseFailure', tool: 'Bash', verdict: 'warn' });
    expect(JSON.stringify(line)).not.toContain(TOKEN);
  });

  it('rejects a failure without its error field like any bad observer input, audited under its own event', async () => {
    const r = rig();
    const bad = JSON.stringify({ ...r.base, hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: {}, tool_use_id: 't' });
    const out = await runHook('post-tool-use', bad, r.rt);
    expect(out).toMatchObject({ exitCode: 1, stdout: '' });
    expect(out.stderr).toMatch(/stdin field error: .*\(E_STDIN_SCHEMA\); nothing was judged/);
    expect(r.audit()[0]).toMatchObject({ event: 'PostToolUseFailure', rules: ['INPUT_REJECTED'] });
  });

  it('a write, then a failing npm test: the Stop says the test run failed, not that nothing checked the change', async () => {
    const r = rig();
    const write = JSON.stringify({ ...r.base, hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { file_path: join(r.project, 'src', 'a.ts'), content: 'x' }, tool_use_id: 'toolu_w', tool_response: {} });
    expect((await runHook('post-tool-use', write, r.rt)).exitCode).toBe(0);
    expect((await runHook('post-tool-use', failure(r.base, 'npm test', 'Exit code 1\nTests: 1 failed'), r.rt)).exitCode).toBe(0);
    expect(r.state().actions.filter((a) => a.kind === 'test')).toEqual([expect.objectContaining({ command: 'npm test', failed: true })]);
    expect(r.state().changed.map((c) => c.path)).toEqual(['src/a.ts']);
    const stop = await runHook('stop', JSON.stringify({ ...r.base, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Done.' }), r.rt);
    const text = stop.stdout + stop.stderr;
    expect(text).toContain('the last test run after the last change failed (`npm test`) (session.verifyAfterWrite: block; remind or off in ~/.hookwarden/config.json) [session/unverified-changes] — matched: src/a.ts');
    expect(text).not.toContain('nothing checked');
    expect(stop.decision?.decision.action).toBe('block');
  });
});
