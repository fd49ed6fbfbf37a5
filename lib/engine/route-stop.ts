// routeStop: the agent wants to end its turn. v0.1 judges nothing locally; the orchestrator may ask the agent
// to continue (block). A stop that is already the result of a stop hook is never blocked again.

import type { CallContext, EngineDeps } from './deps.js';
import { runRoute } from './route.js';
import type { UnifiedRoutingDecision } from './types.js';

export const STOP_HOOK_ACTIVE_RULE = 'STOP_HOOK_ACTIVE_NEVER_BLOCKS';

export async function routeStop(
  stopHookActive: boolean,
  ctx: CallContext,
  deps: EngineDeps,
): Promise<UnifiedRoutingDecision> {
  const d = await runRoute('stop', 'stop', 'stop', ctx, deps, () => ({ matches: [] }), {
    ...(stopHookActive ? { skipOrchestrator: 'stop_hook_active' } : {}),
  });
  if (stopHookActive) {
    // Claude Code is already continuing because of a stop hook: never block again (no loops).
    if (d.decision.action === 'block') d.decision = { ...d.decision, action: 'allow', shouldProceed: true };
    d.audit.decisionRules.push(STOP_HOOK_ACTIVE_RULE);
  }
  return d;
}
