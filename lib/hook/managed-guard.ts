// While a managed policy file (or its folder) is refused for its owner or permissions (managed.ts), every tool call
// and prompt a guard hook judges is denied: the admin's policy cannot be read, so nothing may run as if it allowed it, and loosening the file's
// permissions gains nobody anything. What the engine decided is kept in the audit line (its matches and rules); the
// message names the file and the fix the administrator runs.

import type { UnifiedRoutingDecision } from '../engine/types.js';

export const MANAGED_REFUSED_ID = 'engine/managed-policy-refused';
const RULE = 'MANAGED_POLICY_REFUSED_DENY';

/** `d` raised to a block naming the refused managed file (`note`, from managed.ts refusedNote). */
export function refusedManagedDecision(d: UnifiedRoutingDecision, note: string): UnifiedRoutingDecision {
  const hint = `Tell the user that hookwarden's managed policy is refused (${note}). Only an administrator can fix it; do not change it yourself.`;
  const match = { id: MANAGED_REFUSED_ID, kind: 'engine', severity: 'critical' as const, action: 'block' as const, message: 'the managed policy is refused', hint, matched: note };
  const audit = { ...d.audit, localPatterns: [...d.audit.localPatterns, MANAGED_REFUSED_ID], decisionRules: [...d.audit.decisionRules, RULE] };
  const local = { ...d.local, matches: [...d.local.matches, match] };
  const shown = d.decision.action === 'warn' || d.decision.action === 'ask' || d.decision.action === 'block';
  const before = shown && d.decision.message ? ` The call itself: ${d.decision.message}` : '';
  const message = `hookwarden block: the managed policy is refused, so nothing runs until it is fixed: ${note} [${MANAGED_REFUSED_ID}]. Rules: ${RULE}.${before}`;
  // A rewrite or a self-granted allow no longer stands.
  const { updatedInput: _rewrite, explicitAllow: _allow, ...rest } = d.decision;
  return { ...d, local, audit, decision: { ...rest, action: 'block', shouldProceed: false, severity: 'critical', message, hints: [hint, ...d.decision.hints] } };
}
