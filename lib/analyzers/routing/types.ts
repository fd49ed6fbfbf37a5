// The router's settings (config `router`, docs/routing.md) and its explainable trace: every candidate's features,
// weights, score and veto, the threshold, the tie-breaks and what was selected. The trace is what `explain` prints,
// what the audit keeps (top candidates) and what replay compares.

export interface RouterSettings {
  enabled: boolean;
  /** Minimum score to speak (the seeds' τ). */
  tau: number;
  /** The top must lead the next candidate by this much, else the choice is ambiguous. */
  margin: number;
  /** Distinct prompt words (stems, synonyms included) the top must match, unless a hint or an override fired. */
  minTerms: number;
  /** At most this many suggestions (each ≥ τ); an ambiguous pair is shown as "X or Y" only when this is ≥ 2. */
  maxSuggestions: number;
  /** BM25 term-frequency saturation and length normalisation. */
  k1: number;
  b: number;
  /** Raw BM25F score normalised as raw / (raw + K), so τ keeps its meaning whatever the catalogue's size. */
  K: number;
  /** Field weights (BM25F). */
  weights: { name: number; description: number; hints: number; body: number };
  /** Weight of a prompt word's synonyms (patterns/routing.json lexicon) against the word itself (1). */
  synonymWeight: number;
  /** Added when one of the candidate's hint intents is in the prompt. */
  intentBonus: number;
  /** Added when an intent override (patterns `routes`) names the candidate and its intent fired. */
  overrideBonus: number;
  /** Multiplied in when the candidate declares a tool the session does not have (an unknown tool or MCP server). */
  unhealthyPenalty: number;
  /** Per-candidate bias added to the score ("agent:sql-optimizer": 0.1): a team's preference. */
  prefer: Record<string, number>;
  /** Candidate ids never suggested. */
  deny: string[];
  /** A candidate to suggest when nothing reaches τ (null: stay silent). */
  fallback: string | null;
}

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
}
