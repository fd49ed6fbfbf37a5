// Qwen Code and Droid speak Claude Code's protocol with their own tool names; Qwen as the real CLI behaved
// (test/clients/qwen.test.ts).

import { describe, expect, it } from 'vitest';
import { PROJECT, QWEN_REAL, run, session, STDIN } from './contract.js';

describe('Qwen Code and Droid: Claude Code\'s protocol, their own tool names', () => {
  it('answer in Claude Code\'s shape, and never exit 3 (Droid aborts its whole run on it)', async () => {
    for (const agent of ['qwen', 'droid'] as const) {
      for (const s of Object.keys(STDIN[agent])) expect((await run(agent, s)).exitCode, `${agent} ${s}`).not.toBe(3);
      expect((await run(agent, 'deny')).json?.hookSpecificOutput).toMatchObject({ permissionDecision: 'deny' });
    }
    expect((await run('droid', 'rewrite')).json?.hookSpecificOutput.updatedInput.command).toBe('tail -n 200 app.log');
  });
});

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

describe('Droid 0.225.2 as the real CLI behaved (test/clients/droid.test.ts)', () => {
  // The stdin `droid exec --auto high` sent (paths made /home/dev/project).
  const dr = { session_id: 's1', transcript_path: '/home/dev/.factory/sessions/-home-dev-project/s1.jsonl', cwd: PROJECT, permission_mode: 'auto-high' };

  it('an ask is decided by askFallback: a deny saying how to approve (`droid exec` runs a call whose hook answered "ask")', async () => {
    const r = await run('droid', 'ask');
    expect(r.decision?.audit.decisionRules).toContain('HEADLESS_ASK_DENIED');
    expect(r.json?.hookSpecificOutput).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('[bash-git/force-push]') });
    expect(r.json?.hookSpecificOutput.permissionDecisionReason).toContain('hookwarden grant <rule id above> --for 30m');
  });

  it('a Stop block is `decision: "block"` with the reason (Droid stops on Claude Code\'s additionalContext form), once', async () => {
    const call = session('droid');
    const write = { ...dr, tool_name: 'Create', tool_input: { file_path: `${PROJECT}/util.js`, content: 'export const one = 1;\n' } };
    await call('pre-tool-use', { ...write, hook_event_name: 'PreToolUse' });
    await call('post-tool-use', { ...write, hook_event_name: 'PostToolUse', tool_response: { success: true } });
    const stop = await call('stop', { ...dr, hook_event_name: 'Stop', stop_hook_active: false });
    expect(stop.exitCode).toBe(0);
    expect(stop.json).toEqual({ decision: 'block', reason: expect.stringContaining('[session/unverified-changes]') });
    expect(stop.json?.reason).not.toContain('Rules:');
    expect((await call('stop', { ...dr, hook_event_name: 'Stop', stop_hook_active: true })).stdout).toBe('');
  });
});
