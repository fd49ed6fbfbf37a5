// The facts a shell pattern's `escalate.when` names (lib/registry/escalations.ts), decided on the segment the
// pattern matched. Each returns what showed the fact (for the match's `matched` text), or undefined.

import type { ApprovalKey, EscalationFact } from '../../registry/escalations.js';
import { forcesDefaultBranch, pushedBranches } from './git-push.js';
import { productionTarget } from './production.js';
import type { Segment, ShellContext } from './types.js';

const FACTS: Record<EscalationFact, (seg: Segment, ctx: ShellContext) => string | undefined> = {
  'production-target': (seg) => {
    const name = productionTarget(seg);
    return name === undefined ? undefined : `production target: ${name}`;
  },
  'default-branch-target': (seg, ctx) => forcesDefaultBranch(seg, ctx),
};

export function escalationFact(when: EscalationFact, seg: Segment, ctx: ShellContext): string | undefined {
  return FACTS[when](seg, ctx);
}

const KEYS: Record<ApprovalKey, (seg: Segment) => string | undefined> = {
  'push-branch': pushedBranches,
};

/** What an approval of the match is remembered for, or undefined to keep the matched command text. */
export function approvalKeyOf(key: ApprovalKey, seg: Segment): string | undefined {
  return KEYS[key](seg);
}
