// What a session can use besides its built-in tools: the project's, the user's and enabled plugins' subagents,
// skills and slash commands, as discovered from their files (lib/catalogue/discover.ts). Plain data: the router
// (lib/analyzers/routing) scores these, the engine never reads files.

export const CANDIDATE_KINDS = ['agent', 'skill', 'command'] as const;
export type CandidateKind = (typeof CANDIDATE_KINDS)[number];

export type CandidateScope = 'project' | 'user' | 'plugin';

/** hookwarden's optional hints in a candidate's front matter (`hookwarden: {intents, anti_intents, examples}`). */
export interface CandidateHints {
  /** Phrases a fitting prompt tends to contain ("slow query", "add an index"). */
  intents: string[];
  /** Phrases that mean the prompt is not for this candidate, even if its words match ("commit message"). */
  antiIntents: string[];
  /** Whole example prompts this candidate fits. */
  examples: string[];
}

export interface Candidate {
  /** `<kind>:<name>`, unique in a catalogue: "agent:sql-optimizer", "skill:pdf", "command:deploy". */
  id: string;
  kind: CandidateKind;
  /** Exactly as the agent invokes it: the Task tool's `subagent_type`, the skill's name, the command without its
   * slash. Plugin ones are namespaced `<plugin>:<name>`. */
  name: string;
  description: string;
  /** Declared tools (an agent's `tools`, a skill's or command's `allowed-tools`); absent: not declared (an agent
   * then inherits every tool). */
  tools?: string[];
  model?: string;
  scope: CandidateScope;
  /** The plugin it comes from (scope "plugin"). */
  plugin?: string;
  /** The file it was read from (absolute). */
  source: string;
  hints: CandidateHints;
  /** The start of the file's Markdown body (its instructions), bounded: words the description leaves out. */
  body?: string;
  /** `disable-model-invocation: true` (skills, commands): only the user may invoke it, so it is never suggested. */
  userOnly?: boolean;
}

/** A file that looked like a candidate but was not used, and why (one line, for `routes` and `doctor`). */
export interface SkippedFile {
  path: string;
  reason: string;
}

export interface Catalogue {
  candidates: Candidate[];
  skipped: SkippedFile[];
  /** Hash of every candidate file's path, size and mtime (the cache key) — changes when any file does. */
  fingerprint: string;
}
