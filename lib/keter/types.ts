// The orchestrator contract: one call per decision, raw answer out. Validation happens once, in consult.ts.

import type { KeterAnswer, KeterRequest } from '../vocab/orchestrator.js';

export interface Orchestrator {
  /** Recorded as OrchestrationResult.source, e.g. "keter:embedded" or "keter:http". */
  readonly name: string;
  /**
   * Ask the orchestrator about one event. Resolves with the raw (unvalidated) answer.
   * Must stop work and settle (reject) when `signal` aborts.
   */
  consult(req: KeterRequest, signal: AbortSignal): Promise<unknown>;
  /**
   * An in-process orchestrator's answer, synchronously and already typed (the embedded KETER). consultKeter then
   * needs no timer, abort signal or validation: they guard against a remote or slow answer, and cost every hook
   * call ~1-2 ms of start-up. Throws as `consult` rejects.
   */
  answerNow?(req: KeterRequest): KeterAnswer;
}

/** Code carried by errors meaning "the orchestrator answered, but not with a KETER answer" (e.g. bad JSON). */
export const MALFORMED_ANSWER = 'KETER_MALFORMED_ANSWER';

/** Thrown (rejected) by adapters when the answer cannot even be decoded; consultKeter reports it as 'malformed'. */
export class MalformedAnswerError extends Error {
  readonly code = MALFORMED_ANSWER;
  constructor(message: string) {
    super(message);
    this.name = 'MalformedAnswerError';
  }
}

export function isMalformedAnswerError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === MALFORMED_ANSWER;
}
