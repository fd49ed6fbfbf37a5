// "Ask once per branch" for --force-with-lease: the approval is remembered for the remote and branch the push
// rewrites (approvalKey push-branch), so the same push spelled differently is not asked again and another
// branch is. A push whose branch is only known at run time keeps the command text as its key.

import { describe, expect, it } from 'vitest';
import { routeToolExecution } from '../../lib/engine/route-tool.js';
import { applyEffects, freshState, type SessionEffect, type SessionState } from '../../lib/session/state.js';
import { CTX, engineDeps, FIXED_NOW } from '../helpers/registry.js';

async function pre(command: string, session: SessionState, toolUseId = 'toolu_1') {
  return routeToolExecution('Bash', { command }, { ...CTX, toolUseId }, await engineDeps({ session }));
}

/** The user approves the ask: the PreToolUse effects, then the tool ran (PostToolUse observed). */
async function approve(command: string, s: SessionState): Promise<SessionState> {
  const d = await pre(command, s, 't1');
  expect(d.decision.action).toBe('ask');
  const effects = [...(d.effects ?? []), { type: 'observed', tool: 'Bash', toolUseId: 't1', writes: [], reads: [], actions: [] }] as SessionEffect[];
  return applyEffects(s, effects, { now: FIXED_NOW, config: { rememberApprovals: 'session' } }).state;
}

describe('force-with-lease approvals, per branch', () => {
  it('names the remote and branch as what matched', async () => {
    const d = await pre('git push --force-with-lease -u origin feature/x', freshState('s-1', '/home/dev/project', FIXED_NOW));
    expect(d.local.matches.find((m) => m.id === 'bash-git/force-with-lease')?.matched).toBe('git push to origin feature/x');
  });

  it('an approved push to a branch is not asked again, however it is spelled; another branch is', async () => {
    const s = await approve('git push --force-with-lease origin feature/x', freshState('s-1', '/home/dev/project', FIXED_NOW));
    for (const again of ['git push --force-with-lease origin feature/x', 'git push -u --force-with-lease origin feature/x', 'git push origin refs/heads/feature/x --force-with-lease']) {
      const d = await pre(again, s);
      expect(d.decision.action, again).not.toBe('ask');
      expect(d.audit.decisionRules, again).toContain('GRANT_APPLIED');
    }
    expect((await pre('git push --force-with-lease origin feature/y', s)).decision.action).toBe('ask');
    expect((await pre('git push --force-with-lease upstream feature/x', s)).decision.action).toBe('ask');
    // A plain --force is another rule: the lease approval does not lift it.
    expect((await pre('git push --force origin feature/x', s)).decision.action).toBe('ask');
  });

  it('a push whose branch is unknown before it runs is remembered by its exact text', async () => {
    const s = await approve('git push --force-with-lease', freshState('s-1', '/home/dev/project', FIXED_NOW));
    expect((await pre('git push --force-with-lease', s)).decision.action).not.toBe('ask');
    expect((await pre('git push --force-with-lease origin main', s)).decision.action).toBe('ask');
  });
});
