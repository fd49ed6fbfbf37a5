// What analyzers produce and the engine merges: a pattern that fired, and a routing suggestion.

import type { PatternAction, Severity } from './levels.js';

/** A single registry pattern that fired, with what it saw (already redacted). */
export interface Match {
  id: string;
  kind: string;
  severity: Exclude<Severity, 'none'>;
  action: PatternAction;
  message: string;
  hint: string;
  /** The piece of input that matched, redacted and truncated; never a raw secret. */
  matched: string;
  /** Where it matched, e.g. "segment 2 (via sudo)" or "file_path". */
  where?: string;
}

/** One routing suggestion: a candidate of the session's catalogue, named exactly as the agent invokes it. */
export interface Suggestion {
  /** "agent:sql-optimizer" (lib/catalogue/types.ts). */
  id: string;
  kind: 'agent' | 'skill' | 'command';
  name: string;
  score: number;
  /** A few words on why (the prompt's words that matched, or the hint that fired). */
  why: string;
  /** This suggestion replaces one that failed (re-route). */
  after?: string;
}
