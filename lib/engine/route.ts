// The one pipeline every route shares: local analysis → one orchestrator call → named merge → decision.

import type { CallContext, EngineDeps } from './deps.js';
import { composeDecision } from './compose.js';
import { applyFinalRules, type BashExtras } from './final-rules.js';
import { merge } from './merge-rules.js';
import { summariseLocal } from './local.js';
import type { RoutedInput, SessionAudit, UnifiedRoutingDecision } from './types.js';
import type { EventKind } from '../vocab/levels.js';
import type { Match, Suggestion } from '../vocab/match.js';
import type { OrchestrationResult } from '../vocab/orchestrator.js';
import { oneLine } from '../errors.js';

export interface LocalFindings extends BashExtras {
  matches: Match[];
  suggestions?: Suggestion[];
  /** What the session contributed (read-only status, grants used), for the audit. */
  session?: SessionAudit;
  /** Named session rules that shaped the matches (e.g. GRANT_APPLIED), recorded with the merge rules. */
  rules?: string[];
}

export const INTERNAL_ERROR_ID = 'engine/internal-error';

function internalErrorMatch(err: unknown, deps: EngineDeps): Match {
  return {
    id: INTERNAL_ERROR_ID,
    kind: 'engine',
    severity: 'high',
    action: deps.config.onInternalError === 'deny' ? 'block' : 'ask',
    message: 'hookwarden could not judge this call',
    hint: 'Ask the user to review the call; run `hookwarden explain` on it to see the failure.',
    matched: oneLine(err, 200),
  };
}

export async function runRoute(
  type: EventKind,
  domain: string,
  content: string,
  ctx: CallContext,
  deps: EngineDeps,
  analyze: () => LocalFindings,
  extra: { toolName?: string; skipOrchestrator?: string } = {},
): Promise<UnifiedRoutingDecision> {
  const timestamp = deps.now();
  let findings: LocalFindings;
  let error: string | undefined;
  try {
    findings = analyze();
  } catch (err) {
    error = oneLine(err);
    findings = { matches: [internalErrorMatch(err, deps)] };
  }
  const local = summariseLocal(findings.matches, findings.suggestions ?? [], error);
  if (findings.intent) local.intent = findings.intent.intent;
  const input: RoutedInput = {
    type,
    domain,
    content,
    sessionId: ctx.sessionId,
    cwd: ctx.cwd,
    ...(extra.toolName ? { toolName: extra.toolName } : {}),
    ...(ctx.toolUseId ? { toolUseId: ctx.toolUseId } : {}),
    ...(ctx.headless ? { headless: true } : {}),
  };
  const orchestration: OrchestrationResult = extra.skipOrchestrator
    ? { available: false, source: 'none', unavailableReason: extra.skipOrchestrator, latencyMs: 0 }
    : await deps.consult({
        eventType: type,
        domain,
        content,
        ...(extra.toolName ? { toolName: extra.toolName } : {}),
        local: { maxSeverity: local.maxSeverity, level: local.level, patterns: local.matches.map((m) => m.id) },
        context: {
          sessionId: ctx.sessionId,
          cwd: ctx.cwd,
          ...(ctx.permissionMode ? { permissionMode: ctx.permissionMode } : {}),
        },
      });
  const merged = merge({ local, orchestration });
  if (findings.rules?.length) merged.rules.push(...findings.rules);
  const decision = applyFinalRules(
    composeDecision(local, orchestration, merged, deps.config.maxSuggestions),
    merged.rules,
    local,
    findings,
    deps.config,
  );
  const sources = [
    ...local.matches.map((m) => `local_pattern:${m.id}`),
    ...(orchestration.available ? [`keter:${orchestration.answer?.intervention.level}`] : []),
  ];
  return {
    input,
    local,
    orchestration,
    decision,
    audit: {
      decisionId: deps.newId(),
      timestamp,
      localPatterns: local.matches.map((m) => m.id),
      decisionRules: merged.rules,
      sources,
      ...(findings.session ? { session: findings.session } : {}),
    },
  };
}
