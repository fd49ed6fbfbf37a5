// The verdict every phase returns (three strengths, with a reason), its constructors, and the
// signature of a per-program judge.

import type { NormalisedArgs } from '../operands.js';
import type { Segment } from '../types.js';

export type ExecutionIntent = 'read-only' | 'read-only-inspected' | 'write-or-unknown';

export interface IntentResult {
  intent: ExecutionIntent;
  /** Why, e.g. "sed -i edits files in place", "tee writes output.txt", "all segments read-only". */
  reason: string;
}

export type Judge = (seg: Segment, args: NormalisedArgs) => IntentResult;

export const readOnly = (reason: string): IntentResult => ({ intent: 'read-only', reason });
export const inspected = (reason: string): IntentResult => ({ intent: 'read-only-inspected', reason });
export const unsafe = (reason: string): IntentResult => ({ intent: 'write-or-unknown', reason });
export const PLAIN_READ = readOnly('read-only program');
