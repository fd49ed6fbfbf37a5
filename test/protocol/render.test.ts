import { describe, expect, it } from 'vitest';
import type { FinalDecision } from '../../lib/engine/types.js';
import { MAX_FIELD_CHARS, renderDecision } from '../../lib/protocol/claude-code/render.js';

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
  });

  it('PreToolUse ask: ask JSON with reason and hint, exit 0', () => {
    const r = renderDecision('PreToolUse', d('ask'));
    expect(r.exitCode).toBe(0);
    expect(json(r.stdout).hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'ask' });
    expect(json(r.stdout).hookSpecificOutput.permissionDecisionReason).toContain('Hint: do the safe thing');
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

  it('PostToolUse: warn as additionalContext, block as decision:block (exit 0: the tool already ran)', () => {
    expect(json(renderDecision('PostToolUse', d('warn', { injections: ['w'] })).stdout).hookSpecificOutput).toEqual({ hookEventName: 'PostToolUse', additionalContext: 'w' });
    const b = renderDecision('PostToolUse', d('block'));
    expect(b.exitCode).toBe(0);
    expect(json(b.stdout)).toEqual({ decision: 'block', reason: expect.any(String) });
  });

  it('Stop: block with a non-empty reason', () => {
    const r = renderDecision('Stop', d('block'));
    expect(json(r.stdout)).toEqual({ decision: 'block', reason: expect.stringMatching(/\S/) });
    expect(renderDecision('Stop', d('allow')).stdout).toBe('');
  });

  it('Stop: a reminder (warn) is additionalContext under hookSpecificOutput, never a block', () => {
    const r = renderDecision('Stop', d('warn'));
    expect(r.exitCode).toBe(0);
    expect(json(r.stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'Stop', additionalContext: expect.stringMatching(/\S/) } });
  });

  it('is one compact line and keeps every string under Claude Code\'s 10,000-character cap', () => {
    const r = renderDecision('PreToolUse', d('ask', { message: 'x'.repeat(50_000) }));
    expect(r.stdout).not.toContain('\n');
    expect(json(r.stdout).hookSpecificOutput.permissionDecisionReason.length).toBeLessThanOrEqual(MAX_FIELD_CHARS);
  });
});
