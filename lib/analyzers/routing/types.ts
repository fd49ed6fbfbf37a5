// The router's explainable trace (its settings are configuration: lib/config/types.ts RouterSettings): every candidate's features,
// weights, score and veto, the threshold, the tie-breaks and what was selected. The trace is what `explain` prints,
// what the audit keeps (top candidates) and what replay compares.

export type { RouterSettings } from '../../config/types.js';

export type Outcome =
  | 'selected'
  | 'ambiguous'
  | 'no-match'
  | 'fallback'
  | 'slash-command'
  | 'named'
  | 'user-only'
  | 'no-candidates'
  | 'disabled';

export interface CandidateScore {
  id: string;
  name: string;
  kind: string;
  /** Normalised BM25F over name, description and hints. */
  text: number;
  /** Hint intents found in the prompt (bonus applied once). */
  intents: string[];
  /** Intent overrides that name it. */
  overrides: string[];
  prefer: number;
  /** Why it was penalised (a declared tool the session lacks). */
  unhealthy?: string;
  score: number;
  /** The prompt stems that matched, with their share of the raw text score, largest first (at most 6). */
  terms: Array<{ stem: string; weight: number }>;
}

export interface Veto {
  id: string;
  reason: string;
}

export interface RoutingTrace {
  /** Hash of the settings, the index (catalogue + lexicon) and the overrides: the router snapshot. */
  snapshot: string;
  outcome: Outcome;
  /** Selected candidate ids, best first. */
  selected: string[];
  /** The best allowed candidates with a non-zero score (at most RouteContext.detail), best first (ties by id). */
  ranked: CandidateScore[];
  vetoed: Veto[];
  tau: number;
  margin: number;
  /** Ties broken by id, e.g. "agent:a = agent:b (0.7)". */
  ties: string[];
  /** Why nothing was suggested, or how the choice was made, in one line. */
  reason: string;
}

export interface RouteContext {
  /** A read-only turn or session: candidates that can write are vetoed. */
  readOnly: boolean;
  /** Candidates that failed earlier in the session (re-route): vetoed. */
  excluded: readonly string[];
  /** Candidate ids named by intent overrides whose intent fired, with the intent id. */
  overrides: ReadonlyArray<{ id: string; intent: string }>;
  /** MCP servers the session has (from .mcp.json and settings); undefined: unknown, MCP tools are not judged. */
  mcpServers?: readonly string[];
  /** How many ranked candidates the trace describes in full (default 10; explain: all). */
  detail?: number;
  /** What a declared tool is, by the registry's capability patterns (lib/analyzers/session/capability.ts): known to
   * the session, and able to write or execute. Absent: every declared tool counts as writing, none as unknown. */
  toolAccess?: (tool: string) => { known: boolean; writes: boolean };
}
