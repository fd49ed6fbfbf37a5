// Facts about the segment a shell pattern matched that can raise the pattern's verdict (`escalate.when` in
// patterns/*.json), and what an approval is remembered for (`approvalKey`); lib/analyzers/shell/escalations.ts
// decides both. A pattern stays one rule with one id: the same
// DROP TABLE asks on a dev database and blocks on a production one.

export const ESCALATION_FACTS = ['production-target', 'default-branch-target'] as const;
export type EscalationFact = (typeof ESCALATION_FACTS)[number];

/** What an approval of a shell pattern is remembered for (`approvalKey`), instead of the matched command text:
 * `push-branch` is the remote and the branches a push rewrites, so the same push spelled differently
 * (`-u`, option order) is not asked again, and a push to another branch is. */
export const APPROVAL_KEYS = ['push-branch'] as const;
export type ApprovalKey = (typeof APPROVAL_KEYS)[number];
