import { describe, expect, it } from 'vitest';
import type { FinalDecision } from '../../lib/engine/types.js';
import { renderDecision } from '../../lib/protocol/claude-code/render.js';
import { MAX_FIELD_CHARS } from '../../lib/protocol/text.js';

const d = (action: FinalDecision['action'], extra: Partial<FinalDecision> = {}): FinalDecision => ({
  action,
  shouldProceed: action !== 'block',
  severity: 'high',
  confidence: 0.5,
  message: `hookwarden ${action}: thing [pack/id] — matched: x. Rules: R.`,
  hints: ['do the safe thing'],
  injections: [],
  ...extra,
});

const json = (s: string) => JSON.parse(s) as Record<string, any>;

describe('Claude Code rendering', () => {
  it('PreToolUse block: deny JSON on stdout, exit 2, the reason on one stderr line', () => {
    const r = renderDecision('PreToolUse', d('block'));
    expect(r.exitCode).toBe(2);
    expect(json(r.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: expect.stringContaining('[pack/id]'),
      },
    });
    expect(r.stderr).toMatch(/^hookwarden block: .*Hint: do the safe thing\n$/);
    expect(r.stderr.split('\n')).toHaveLength(2);
    // The rule id and the hint, in plain words; the merge rules' names are for `explain` and the audit.
    expect(json(r.stdout).hookSpecificOutput.permissionDecisionReason).toBe('hookwarden block: thing [pack/id] — matched: x. Hint: do the safe thing');
    expect(r.stderr).not.toContain('Rules:');
  });

  it('PreToolUse ask: ask JSON with reason and hint, exit 0', () => {
    const r = renderDecision('PreToolUse', d('ask'));
    expect(r.exitCode).toBe(0);
    expect(json(r.stdout).hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'ask' });
    expect(json(r.stdout).hookSpecificOutput.permissionDecisionReason).toContain('Hint: do the safe thing');
    expect(json(r.stdout).hookSpecificOutput.permissionDecisionReason).toContain('[pack/id]');
    expect(json(r.stdout).hookSpecificOutput.permissionDecisionReason).not.toContain('Rules: R');
  });

  it('PreToolUse warn: additionalContext for the model, systemMessage for the user, no decision', () => {
    const r = renderDecision('PreToolUse', d('warn', { injections: ['careful'] }));
    expect(json(r.stdout)).toEqual({ systemMessage: expect.any(String), hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'careful' } });
  });

  it('PreToolUse silent/allow: no opinion is empty stdout, never permissionDecision allow', () => {
    for (const a of ['silent', 'allow'] as const) expect(renderDecision('PreToolUse', d(a))).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('UserPromptSubmit: context nested in hookSpecificOutput; block with decision+reason and exit 2', () => {
    const ctx = renderDecision('UserPromptSubmit', d('silent', { injections: ['consider the architect agent'] }));
    expect(json(ctx.stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'consider the architect agent' } });
    expect(json(ctx.stdout)).not.toHaveProperty('additionalContext');
    const blk = renderDecision('UserPromptSubmit', d('block'));
    expect(blk.exitCode).toBe(2);
    expect(json(blk.stdout)).toEqual({ decision: 'block', reason: expect.stringContaining('[pack/id]') });
  });

  it('PostToolUse: warn and block both reach the model as additionalContext (exit 0: the tool already ran)', () => {
    expect(json(renderDecision('PostToolUse', d('warn', { injections: ['w'] })).stdout).hookSpecificOutput).toEqual({ hookEventName: 'PostToolUse', additionalContext: 'w' });
    const b = renderDecision('PostToolUse', d('block'));
    expect(b.exitCode).toBe(0);
    // Not decision:block, which Claude Code shows the model with the hook's command line (install path) quoted.
    expect(json(b.stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'hookwarden block: thing [pack/id] — matched: x. Hint: do the safe thing' } });
  });

  it('Stop: a block is additionalContext alone (delivered once, no command line), exit 0, merge rules left out', () => {
    const r = renderDecision('Stop', d('block'));
    expect(r).toEqual({
      exitCode: 0,
      stderr: '',
      stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: 'Stop', additionalContext: 'hookwarden block: thing [pack/id] — matched: x. Hint: do the safe thing' } }),
    });
    expect(renderDecision('Stop', d('allow')).stdout).toBe('');
  });

  it('Stop: a reminder (warn) goes to the user only: anything the model reads at Stop makes it continue', () => {
    const r = renderDecision('Stop', d('warn'));
    expect(r.exitCode).toBe(0);
    expect(json(r.stdout)).toEqual({ systemMessage: expect.stringContaining('[pack/id]') });
  });

  it('PreToolUse rewrite: the model is told in additionalContext what ran instead (the reason on an allow never reaches it)', () => {
    const updatedInput = { command: 'tail -n 200 app.log' };
    const allow = json(renderDecision('PreToolUse', d('allow', { updatedInput, message: 'hookwarden rewrote the command: follows forever [x/tail-f] — it now runs `tail -n 200 app.log`. Rules: NON_INTERACTIVE_REWRITE.' })).stdout);
    expect(allow.hookSpecificOutput).toMatchObject({ permissionDecision: 'allow', updatedInput, additionalContext: expect.stringContaining('it now runs `tail -n 200 app.log`') });
    expect(allow.hookSpecificOutput.additionalContext).not.toContain('Rules:');
    const ask = json(renderDecision('PreToolUse', d('ask', { updatedInput })).stdout);
    expect(ask.hookSpecificOutput).toMatchObject({ permissionDecision: 'ask', updatedInput, additionalContext: expect.stringContaining('[pack/id]') });
    // No rewrite, no additionalContext on an ask.
    expect(json(renderDecision('PreToolUse', d('ask')).stdout).hookSpecificOutput).not.toHaveProperty('additionalContext');
  });

  it('is one compact line and keeps every string under Claude Code\'s 10,000-character cap', () => {
    const r = renderDecision('PreToolUse', d('ask', { message: 'x'.repeat(50_000) }));
    expect(r.stdout).not.toContain('\n');
    expect(json(r.stdout).hookSpecificOutput.permissionDecisionReason.length).toBeLessThanOrEqual(MAX_FIELD_CHARS);
  });
});
