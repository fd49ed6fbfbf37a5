// Facts about the segment a shell pattern matched that can raise the pattern's verdict (`escalate.when` in
// patterns/*.json); lib/analyzers/shell/escalations.ts decides them. A pattern stays one rule with one id: the same
// DROP TABLE asks on a dev database and blocks on a production one.

export const ESCALATION_FACTS = ['production-target', 'default-branch-target'] as const;
export type EscalationFact = (typeof ESCALATION_FACTS)[number];
