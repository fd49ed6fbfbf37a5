// Copilot CLI's answers (agent-protocols.md §3; the real CLI: test/clients/copilot.test.ts): a top-level
// permissionDecision, both payloads, and the stdin the real CLI sent.

import { describe, expect, it } from 'vitest';
import { runHook } from '../../../lib/hook/run-hook.js';
import { copilotToEvent } from '../../../lib/protocol/copilot/parse.js';
import { COPILOT_REAL, cp, PROJECT, rt, run, session } from './contract.js';

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
