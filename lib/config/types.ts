// Configuration shapes. Defaults live in defaults.ts; files are merged user < project (see docs/configuration.md).

import type { AgentName } from '../vocab/agents.js';
import type { KeterLevel, Severity } from '../vocab/levels.js';

export interface TrustTier {
  name: string;
  /** Lowest E-score (0–1) that reaches this tier. */
  min: number;
}

export interface KeterConfig {
  /** embedded: local trust × risk matrix; http: POST to url; off: never consulted (recorded unavailable). */
  mode: 'embedded' | 'http' | 'off';
  timeoutMs: number;
  /** The user's E-score on one 0–1 scale. */
  eScore: number;
  /** Tiers sorted by min ascending. */
  tiers: TrustTier[];
  /** tier name → action risk → level. One matrix. */
  matrix: Record<string, Record<Severity, KeterLevel>>;
  /** Intrinsic risk of a tool before local findings, by tool name; "*" is the fallback. */
  toolRisk: Record<string, Severity>;
  url?: string;
  headers?: Record<string, string>;
}

/** Session awareness (docs/session.md). */
export interface SessionConfig {
  /** A session's state file is removed this long after its last update. */
  ttlHours: number;
  /** At most this many session files are kept; the least recently updated go first. */
  maxSessions: number;
  /** Stop while files changed since the last check: leave alone, remind (additionalContext) or block once. */
  verifyAfterWrite: 'off' | 'remind' | 'block';
  /** Claims in the final message with no backing tool call: leave alone, remind or block once. */
  phantomClaims: 'off' | 'remind' | 'block';
  /** An ask the user approved (the tool then ran) is not asked again: off, for the session, or a duration ("30m"). */
  rememberApprovals: string;
  /** Prompt cues such as "just investigate" make the turn read-only. */
  readOnlyCues: boolean;
  /** A prompt starting with this makes the whole session read-only until readWritePrefix or `hookwarden mode normal`. */
  readOnlyPrefix: string;
  readWritePrefix: string;
  /** picomatch globs (project-relative, case-sensitive, dot files included) of files whose changes need no check:
   * documentation and prose. They never arm verify-after-write. */
  verifyIgnore: string[];
}

/** Memory with consent (docs/memory.md). */
export interface MemoryConfig {
  /** Read memory requests and proposals, store facts, inject them at session start. */
  enabled: boolean;
  /** A sensitive fact the model proposed waits this long for the user's consent, then expires ("24h"). */
  pendingTtl: string;
  /** Facts kept per store; past it the oldest are evicted (audited). */
  maxFacts: number;
  /** A longer fact is refused (say it shorter). */
  maxFactChars: number;
  /** Facts older than this many days expire (audited); 0 keeps them until forgotten. */
  maxAgeDays: number;
  /** Session start injects approved facts up to this many characters (newest first); 0 injects nothing. */
  injectMaxChars: number;
  /** Requests that say they hold in every project ("in all my projects") go to a user-wide store. */
  userStore: boolean;
}

/** The audit log's retention (docs/audit-review.md). */
export interface AuditConfig {
  /** Daily files older than this many days are removed (today's file never is); 0 keeps every file. */
  retentionDays: number;
}

/** Decisions to OpenTelemetry (docs/team.md): where `hookwarden ship` and the daemon's shipper send the audit. */
export interface ExportConfig {
  otlp?: {
    /** The OTLP/HTTP base URL; records go to `<endpoint>/v1/logs`. `HOOKWARDEN_OTLP_ENDPOINT` overrides it. */
    endpoint: string;
    /** Sent with every export request (e.g. an Authorization header the collector wants). */
    headers?: Record<string, string>;
    /** One request's deadline: connect, send and answer. */
    timeoutMs?: number;
    /** Records and bytes of audit lines per request. */
    batch?: { maxRecords?: number; maxBytes?: number };
  };
  /** Resource attributes every record of this machine carries (team, region, fleet…). */
  labels?: Record<string, string>;
}

/** `hookwarden serve`: the local daemon answering Claude Code http hooks (docs/daemon.md). */
export interface ServeConfig {
  /** Port on 127.0.0.1. */
  port: number;
  /** The per-install bearer token requests must carry; absent until `hookwarden install --mode http` makes one. */
  token?: string;
}

/** The router's scoring and decision settings (config `router`, docs/routing.md). */
export interface RouterConfig {
  enabled: boolean;
  /** Minimum score to speak (the seeds' τ). */
  tau: number;
  /** The top must lead the next candidate by this much, else the choice is ambiguous. */
  margin: number;
  /** Distinct prompt words (stems, synonyms included) the top must match, unless a hint or an override fired. */
  minTerms: number;
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

/** What the router runs with: its config, on only when `suggestAgents` is too, and the top-level maxSuggestions
 * (at most this many suggestions, each ≥ τ; an ambiguous pair is shown as "X or Y" only when this is ≥ 2). */
export type RouterSettings = RouterConfig & { maxSuggestions: number };

/** What can differ per agent host (`agents.<name>` in the config). */
export interface AgentSettings {
  /** askFallback for this host's calls (docs/agents.md: Codex and Gemini cannot ask). */
  askFallback?: 'deny' | 'allow' | 'ask';
}

/** The askFallback a call from `agent` is decided by: the host's own, else the global one. */
export const askFallbackFor = (config: Pick<HookwardenConfig, 'askFallback' | 'agents'>, agent: AgentName | undefined): HookwardenConfig['askFallback'] =>
  config.agents[agent ?? 'claude-code']?.askFallback ?? config.askFallback;

export interface HookwardenConfig {
  keter: KeterConfig;
  /** What an internal error while judging a tool call becomes. */
  onInternalError: 'ask' | 'deny';
  /** Suggest the project's agents, skills and commands as additionalContext (the router; docs/routing.md). */
  suggestAgents: boolean;
  /** Max suggestions per prompt. */
  maxSuggestions: number;
  /** The router's scoring and decision settings (maxSuggestions and the on/off switch are the two above). */
  router: RouterConfig;
  /** Answer `allow` (skipping Claude Code's permission prompt) for Bash commands proven read-only. Opt-in. */
  autoAllowReadOnly: boolean;
  /** Unbounded or interactive commands: rewrite to a bounded form (else ask), only ask, or leave alone. */
  nonInteractive: 'rewrite' | 'ask' | 'off';
  /** Writes outside the project (and outside trustedRoots): ask, only warn, or leave alone. */
  outsideProjectWrites: 'ask' | 'warn' | 'off';
  /** An ask in a session nobody can answer (`claude -p`: Claude Code turns it into a deny): deny it ourselves with
   * a reason saying so, let the call through to Claude Code's own permission rules, or pass the ask on. */
  askFallback: 'deny' | 'allow' | 'ask';
  /** Settings for one host only (by its `--agent` name), over the ones above. */
  agents: Partial<Record<AgentName, AgentSettings>>;
  /** Directories (absolute or `~/…`) that count as the project for the outside-the-project tier. */
  trustedRoots: string[];
  /** Projects (absolute or `~/…` folders, and everything inside them) whose own `.hookwarden/` files may loosen what
   * this config and the shipped registry say. Read from the user's config only (project-trust.ts). */
  trustedProjects: string[];
  /** Also scan prompts, written content, commands and output with secretlint's recommended preset (loaded only
   * when a cheap prefilter says a text could hold one of its findings). */
  secretlint: boolean;
  session: SessionConfig;
  memory: MemoryConfig;
  audit: AuditConfig;
  serve: ServeConfig;
  /** Absent unless a config file sets it (so a config without it hashes as before). */
  export?: ExportConfig;
}
