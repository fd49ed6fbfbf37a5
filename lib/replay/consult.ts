// The orchestrator of a replay: it answers with what the audit logged for that decision, so the registry is the
// only thing that differs between the logged verdict and the replayed one.

import type { AuditEventV1 } from '../audit/event.js';
import type { EngineDeps } from '../engine/deps.js';
import { keterToLevel } from '../vocab/levels.js';
import { LEVELS, type Level } from '../vocab/levels.js';
import { type OrchestrationResult } from '../vocab/orchestrator.js';
import { parseKeterAnswer } from '../keter/validate.js';

export type LoggedConsult = { ok: true; result: OrchestrationResult; consult: EngineDeps['consult']; calls: () => number } | { ok: false; why: string };

/** The logged result as an OrchestrationResult, or why it cannot be one (an answer that no longer validates). */
export function loggedResult(o: AuditEventV1['orchestrator']): { ok: true; result: OrchestrationResult } | { ok: false; why: string } {
  const latencyMs = typeof o.latency_ms === 'number' && Number.isFinite(o.latency_ms) ? o.latency_ms : 0;
  const source = typeof o.source === 'string' ? o.source : 'none';
  if (!o.available) {
    return {
      ok: true,
      result: { available: false, source, unavailableReason: typeof o.unavailable_reason === 'string' ? o.unavailable_reason : 'unknown', latencyMs },
    };
  }
  const answer = parseKeterAnswer(o.answer);
  if (!answer) return { ok: false, why: 'the logged answer is not a valid KETER answer' };
  const mapped = keterToLevel(answer.intervention.level);
  // The level the merge used is the one logged; it must agree with the answer it was derived from.
  const level: Level = typeof o.level === 'string' && (LEVELS as readonly string[]).includes(o.level) ? (o.level as Level) : mapped;
  if (level !== mapped) return { ok: false, why: `the logged level ${level} does not follow from the answer (${answer.intervention.level})` };
  return { ok: true, result: { available: true, source, answer, level, latencyMs } };
}

/** A `consult` answering every request with the logged result (a fresh copy each call), counting its calls. */
export function loggedConsult(o: AuditEventV1['orchestrator']): LoggedConsult {
  const r = loggedResult(o);
  if (!r.ok) return r;
  let n = 0;
  const consult: EngineDeps['consult'] = async () => {
    n += 1;
    return structuredClone(r.result);
  };
  return { ok: true, result: r.result, consult, calls: () => n };
}
