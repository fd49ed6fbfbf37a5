// What is said to and heard from the KETER-style orchestrator: the request, its answer, and the engine's record of
// one consultation. The adapters (lib/keter) and the engine both speak it, so it lives below both.

import type { EventKind, KeterLevel, Level, Severity } from './levels.js';

export interface KeterAnswer {
  routing?: { domain?: string; suggestedAgent?: string; suggestedTools?: string[] };
  intervention: {
    level: KeterLevel;
    reason?: string;
    userTrustLevel?: string;
    userEScore?: number;
    actionRisk?: Severity;
  };
}

export interface OrchestrationResult {
  available: boolean;
  source: string;
  /** Why it is unavailable: timeout | error | malformed | disabled. */
  unavailableReason?: string;
  answer?: KeterAnswer;
  /** Orchestrator level mapped onto the engine lattice (notify → warn). */
  level?: Level;
  latencyMs: number;
}

/** The request sent to the orchestrator (CYNIC-style). */
export interface KeterRequest {
  eventType: EventKind;
  domain: string;
  content: string;
  toolName?: string;
  local: { maxSeverity: Severity; level: Level; patterns: string[] };
  context: { sessionId: string; cwd: string; permissionMode?: string };
}
