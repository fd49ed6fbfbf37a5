// The facts a shell pattern's `escalate.when` names (lib/registry/escalations.ts), decided on the segment the
// pattern matched. Each returns what showed the fact (for the match's `matched` text), or undefined.

import type { EscalationFact } from '../../registry/escalations.js';
import { forcesDefaultBranch } from './git-push.js';
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
