// The routing engine's decision record: what was routed, the local result, the final decision and its audit.

import type { ScopedChange } from '../memory/facts.js';
import type { SessionEffect } from '../session/state.js';
import type { RoutingTrace } from '../analyzers/routing/types.js';
import type { EventKind, Level, Severity } from '../vocab/levels.js';
import type { Match, Suggestion } from '../vocab/match.js';
import type { OrchestrationResult } from '../vocab/orchestrator.js';

/** A prompt's routing trace, or a re-route after a suggested candidate failed (iteration ≥ 2 of `of`). */
export type RoutingRecord = RoutingTrace | { iteration: number; of: string; failed: string; excluded: string[]; selected: string[]; reason: string };

export interface LocalResult {
  matches: Match[];
  maxSeverity: Severity;
  /** Level the local analysis alone would choose. */
  level: Level;
  /** Capped at PHI_INV. */
  confidence: number;
  reasoning: string;
  /** Advisory routing derived from intents (agents/skills to suggest). */
  suggestions: Suggestion[];
  /** Analyzer error summary when local analysis failed (the engine then asks). */
  error?: string;
  /** Bash only: read-only classification (read-only | read-only-inspected | write-or-unknown). */
  intent?: string;
}



export interface RoutedInput {
  type: EventKind;
  /** user_prompt | bash_command | file_write | file_read | tool_other | tool_result | stop */
  domain: string;
  toolName?: string;
  /** Normalised, redacted text the patterns were judged on. */
  content: string;
  sessionId: string;
  cwd: string;
  toolUseId?: string;
  /** `claude -p`: nobody can answer an ask (lib/engine/headless.ts). */
  headless?: boolean;
}

export interface FinalDecision {
  action: Level;
  shouldProceed: boolean;
  severity: Severity;
  confidence: number;
  /** Short reason naming rule ids; for the model and the user. */
  message: string;
  /** Recovery hints, one per firing pattern that raised the level. */
  hints: string[];
  /** Advisory text for the model (intents, warnings). */
  injections: string[];
  /** Optional full replacement tool input (PreToolUse updatedInput). */
  updatedInput?: Record<string, unknown>;
  /** An allow hookwarden grants itself (autoAllowReadOnly); a plain `allow` level means no opinion. */
  explicitAllow?: boolean;
}

/** What the session contributed to a decision or changed because of it. */
export interface SessionAudit {
  /** Read-only status the decision was taken under, e.g. `turn: the user's prompt said "just investigate"`. */
  readOnly?: string;
  /** Asks lifted by grants: "g3 bash-git/push-force on git push --force". */
  grantsUsed?: string[];
  /** State changes: approvals remembered, mode switches, a corrupt file replaced. */
  notes?: string[];
}

export interface DecisionAudit {
  decisionId: string;
  timestamp: number;
  localPatterns: string[];
  decisionRules: string[];
  sources: string[];
  session?: SessionAudit;
}

export interface UnifiedRoutingDecision {
  input: RoutedInput;
  local: LocalResult;
  orchestration: OrchestrationResult;
  decision: FinalDecision;
  audit: DecisionAudit;
  /** Session state changes this call asks for; the hook runner applies them under the session lock. */
  effects?: SessionEffect[];
  /** The router's trace for this prompt, or this re-route (lib/analyzers/routing). */
  routing?: RoutingRecord;
  /** Memory store changes this call asks for (applied under the store's lock, each audited on its own line);
   * `withheld`: the tool input holds facts that may not be recorded before consent, so the audit omits it. */
  memory?: { changes: ScopedChange[]; withheld?: boolean };
}

export const PHI_INV = 0.618;
export const AGREEMENT_BONUS = 0.15;
