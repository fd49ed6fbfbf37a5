// One orchestrator call per decision, with a hard timeout. Never throws.

import type { KeterAnswer, KeterRequest, OrchestrationResult } from '../vocab/orchestrator.js';
import { keterToLevel } from '../vocab/levels.js';
import { oneLine } from '../errors.js';
import { isMalformedAnswerError, type Orchestrator } from './types.js';
import { parseKeterAnswer } from './validate.js';

/** Source recorded when no orchestrator is configured. */
export const NO_ORCHESTRATOR = 'none';

export interface ConsultOptions {
  timeoutMs: number;
  now: () => number;
}

const MAX_TIMER_MS = 2 ** 31 - 1;
const TIMEOUT = Symbol('timeout');

function safeNow(now: () => number): number {
  try {
    const t = now();
    return typeof t === 'number' && Number.isFinite(t) ? t : 0;
  } catch {
    return 0;
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown } | typeof TIMEOUT;

export async function consultKeter(
  orch: Orchestrator | null,
  req: KeterRequest,
  opts: ConsultOptions,
): Promise<OrchestrationResult> {
  const start = safeNow(opts.now);
  if (!orch) return { available: false, source: NO_ORCHESTRATOR, unavailableReason: 'disabled', latencyMs: 0 };
  let source = 'keter';
  try {
    source = String(orch.name);
  } catch {
    /* keep default */
  }
  const elapsed = (): number => Math.max(0, safeNow(opts.now) - start);
  if (orch.answerNow) return answeredNow(orch, req, source, elapsed);

  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeoutMs = Number.isFinite(opts.timeoutMs) ? Math.min(MAX_TIMER_MS, Math.max(0, opts.timeoutMs)) : 0;

  let outcome: Outcome;
  try {
    let call: Promise<unknown>;
    try {
      call = Promise.resolve(orch.consult(req, controller.signal));
    } catch (err) {
      call = Promise.reject(err);
    }
    const settled: Promise<Outcome> = call.then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, error }),
    );
    const timedOut = new Promise<typeof TIMEOUT>((resolve) => {
      timer = setTimeout(() => {
        resolve(TIMEOUT);
        controller.abort(new Error(`keter timeout after ${timeoutMs} ms`));
      }, timeoutMs);
      // Not unref'd: a pending orchestrator must not let the hook process exit without a verdict.
    });
    outcome = await Promise.race([settled, timedOut]);
  } catch (err) {
    outcome = { ok: false, error: err };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }

  const latencyMs = elapsed();
  if (outcome === TIMEOUT) return { available: false, source, unavailableReason: 'timeout', latencyMs };
  if (!outcome.ok) {
    if (!controller.signal.aborted) controller.abort(new Error('keter call failed'));
    const reason = isMalformedAnswerError(outcome.error) ? 'malformed' : `error: ${oneLine(outcome.error)}`;
    return { available: false, source, unavailableReason: reason, latencyMs };
  }
  const answer = parseKeterAnswer(outcome.value);
  if (!answer) return { available: false, source, unavailableReason: 'malformed', latencyMs };
  return { available: true, source, answer, level: keterToLevel(answer.intervention.level), latencyMs };
}

/** An in-process orchestrator (types.ts: answerNow): the same result as its `consult` through the path above. */
function answeredNow(orch: Orchestrator, req: KeterRequest, source: string, elapsed: () => number): OrchestrationResult {
  let answer: KeterAnswer;
  try {
    answer = (orch.answerNow as (r: KeterRequest) => KeterAnswer)(req);
  } catch (err) {
    return { available: false, source, unavailableReason: isMalformedAnswerError(err) ? 'malformed' : `error: ${oneLine(err)}`, latencyMs: elapsed() };
  }
  return { available: true, source, answer, level: keterToLevel(answer.intervention.level), latencyMs: elapsed() };
}
