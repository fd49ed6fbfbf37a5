// Rules applied after the merge, for Bash calls only: the non-interactive rewrite and the opt-in
// read-only auto-allow. They never lower a block and never drop a match: they only add an updated
// input or an explicit allow, and each records its name in decisionRules like the merge rules do.

import type { HookwardenConfig } from '../config/types.js';
import type { ExecutionIntent } from '../analyzers/shell/intent/index.js';
import type { FinalDecision, LocalResult } from './types.js';

export const NON_INTERACTIVE_REWRITE = 'NON_INTERACTIVE_REWRITE';
export const READ_ONLY_AUTO_ALLOW = 'READ_ONLY_AUTO_ALLOW';

/** A bounded replacement for an unbounded or interactive command. */
export interface Rewrite {
  ruleId: string;
  /** The complete tool input with only the command changed. */
  updatedInput: Record<string, unknown>;
  command: string;
  reason: string;
  /** The rewritten command is itself read-only, so it may run without a prompt. */
  readOnly: boolean;
}

export interface BashExtras {
  intent?: { intent: ExecutionIntent; reason: string };
  rewrite?: Rewrite;
}

/** The decision text with the merge rules and this one named, like composeDecision's messages. */
const withRules = (text: string, rules: readonly string[]): string => `${text} Rules: ${rules.join(', ')}.`;

export function applyFinalRules(
  decision: FinalDecision,
  rules: string[],
  local: LocalResult,
  extras: BashExtras,
  config: HookwardenConfig,
): FinalDecision {
  const { rewrite, intent } = extras;
  if (rewrite && decision.action !== 'block') {
    // Rewrite under ask too: the user is then asked about the bounded command, which will not hang.
    const action = decision.action === 'ask' || !rewrite.readOnly ? 'ask' : 'allow';
    rules.push(NON_INTERACTIVE_REWRITE);
    const what = `hookwarden rewrote the command: ${rewrite.reason} [${rewrite.ruleId}] — it now runs \`${rewrite.command}\`.`;
    return {
      ...decision,
      action,
      shouldProceed: true,
      message: decision.action === 'ask' ? `${decision.message} ${withRules(what, [NON_INTERACTIVE_REWRITE])}` : withRules(what, rules),
      updatedInput: rewrite.updatedInput,
    };
  }
  const readOnly = intent?.intent === 'read-only' || intent?.intent === 'read-only-inspected';
  if (config.autoAllowReadOnly && readOnly && local.matches.length === 0 && (decision.action === 'silent' || decision.action === 'allow')) {
    rules.push(READ_ONLY_AUTO_ALLOW);
    return {
      ...decision,
      action: 'allow',
      explicitAllow: true,
      message: withRules(`hookwarden allow: the command is read-only (${intent?.reason}); autoAllowReadOnly is on.`, rules),
    };
  }
  return decision;
}
