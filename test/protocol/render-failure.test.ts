// PostToolUseFailure rendering: the tool already failed, so there is nothing to block; every finding reaches the model
// as PostToolUseFailure additionalContext (the SDK's PostToolUseFailureHookSpecificOutput), exit 0, never
// `decision: "block"`. The SDK type check of every level is in contract.test.ts.

import { describe, expect, it } from 'vitest';
import type { FinalDecision } from '../../lib/engine/types.js';
import { renderDecision } from '../../lib/protocol/claude-code/render.js';

const d = (action: FinalDecision['action'], extra: Partial<FinalDecision> = {}): FinalDecision => ({
  action,
  shouldProceed: action !== 'block',
  severity: 'high',
  confidence: 0.5,
  message: `hookwarden ${action}: a token in the error [secrets/github-token] — matched: [REDACTED]. Rules: R.`,
  hints: ['Do not repeat it.'],
  injections: [],
  ...extra,
});

const json = (s: string) => JSON.parse(s) as Record<string, any>;

describe('PostToolUseFailure rendering', () => {
  it('warn: context for the model with the hint, a system message for the user, exit 0', () => {
    const r = renderDecision('PostToolUseFailure', d('warn'));
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    const j = json(r.stdout);
    expect(j.hookSpecificOutput).toEqual({ hookEventName: 'PostToolUseFailure', additionalContext: expect.stringContaining('Hint: Do not repeat it.') });
    expect(j.systemMessage).toContain('[secrets/github-token]');
    expect(j).not.toHaveProperty('decision');
  });

  it('block (an orchestrator that says so): still context, never decision:block', () => {
    for (const action of ['block', 'ask'] as const) {
      const r = renderDecision('PostToolUseFailure', d(action));
      expect(r.exitCode, action).toBe(0);
      const j = json(r.stdout);
      expect(j, action).not.toHaveProperty('decision');
      expect(j.hookSpecificOutput.hookEventName, action).toBe('PostToolUseFailure');
      expect(j.hookSpecificOutput.additionalContext, action).toContain('[secrets/github-token]');
    }
  });

  it('advice without a verdict (a re-route) as context alone; nothing at all otherwise', () => {
    const reroute = renderDecision('PostToolUseFailure', d('allow', { injections: ['hookwarden routing: `a` failed; the project\'s `b` agent is the next fit.'] }));
    expect(json(reroute.stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'PostToolUseFailure', additionalContext: expect.stringContaining('next fit') } });
    for (const action of ['silent', 'allow'] as const) expect(renderDecision('PostToolUseFailure', d(action))).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });
});
