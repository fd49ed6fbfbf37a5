// Compiled registry shapes: what the engine matches against. Produced by compile.ts from patterns/*.json
// (validated by schema.ts). Compiled form holds only plain data and RegExp sources so it can be embedded
// in a bundle and loaded without zod or picomatch.

import type { ApprovalKey, EscalationFact } from './escalations.js';
import type { TargetClass } from './target-classes.js';
import type { PatternAction, Severity } from '../vocab/levels.js';

/** A RegExp kept as data: `new RegExp(source, flags)`. */
export interface RegexSource {
  source: string;
  flags: string;
  /** One of these is in every match (regex-literal.ts), read at compile time for the regexes the matchers
   * pre-check; null: nothing to pre-check with; absent: not read (an older compile cache). */
  literals?: string[] | null;
}

/**
 * Structural match on one parsed shell command (a "segment": argv after wrappers are stripped).
 * All present fields must hold.
 */
export interface ShellCommandSpec {
  /** Program basenames (after stripping paths, quotes and wrappers). Glob-like `mkfs.*` allowed. */
  program: string[];
  /** Positional words that must follow the program in order, e.g. ["push"] for git, ["s3", "rm"] for aws. Each entry lists alternatives. */
  subcommand?: string[][];
  /** Flag requirements after normalisation (-rf → -r -f). `all`: every group needs one alternative present. */
  flags?: { all?: string[][]; any?: string[]; none?: string[] };
  /** Globs over normalised operands (non-flag args after the subcommand). `~` stands for the home dir. */
  operands?: { any?: string[]; none?: string[] };
  /**
   * Classes of the operands' targets (see lib/analyzers/shell/targets.ts): at least one operand must fall in
   * one of them. Operands are resolved against the segment's cwd, after `cd`.
   */
  targets?: { any: TargetClass[] };
  /** Regex over the segment text (argv joined by one space, plus any here-string/heredoc body on stdin). */
  text?: string;
}

export type ShellMatchSpec =
  | { command: ShellCommandSpec }
  /** A pipeline where an earlier stage matches `from` and a later one matches `to` (e.g. curl | sh). */
  | { pipe: { from: ShellCommandSpec; to: ShellCommandSpec } }
  /** An output redirection whose target matches one of the globs (e.g. > /dev/sda). */
  | { redirect: { targets: string[] } }
  /** A structural fact the analyzer derives (e.g. "fork-bomb"). */
  | { fact: string };

export interface CompiledShellCommandSpec {
  program: RegexSource;
  /** The program names when none has a wildcard: `program` then matches exactly these, and the matcher compares
   * strings instead of compiling ~100 regular expressions per hook call. Absent in older compile caches. */
  programNames?: string[];
  subcommand?: string[][];
  flags?: { all?: string[][]; any?: string[]; none?: string[] };
  operands?: { any?: RegexSource[]; none?: RegexSource[] };
  targets?: { any: TargetClass[] };
  text?: RegexSource;
}

export type CompiledShellMatch =
  | { command: CompiledShellCommandSpec }
  | { pipe: { from: CompiledShellCommandSpec; to: CompiledShellCommandSpec } }
  | { redirect: { targets: RegexSource[] } }
  | { fact: string };

export type PathOp = 'read' | 'write' | 'delete';

interface CompiledBase {
  id: string;
  pack: string;
  severity: Exclude<Severity, 'none'>;
  action: PatternAction;
  message: string;
  hint: string;
}

export interface CompiledIntent extends CompiledBase {
  kind: 'intent';
  /** One word-boundary, case-insensitive regex built from the cue words and phrases. */
  cues: RegexSource;
  /** Paraphrases as slots of stem alternatives (lib/analyzers/intents/match.ts), with their source text. */
  phrases?: Array<{ text: string; slots: string[][] }>;
}

export interface CompiledShell extends CompiledBase {
  kind: 'shell';
  match: CompiledShellMatch;
  /** The verdict, message (added to the pattern's) and hint when the matched segment has the fact `when`. */
  escalate?: { when: EscalationFact; action: PatternAction; severity: Exclude<Severity, 'none'>; message: string; hint: string };
  /** The match's `matched` text (and so a remembered approval's target) names this instead of the command text. */
  approvalKey?: ApprovalKey;
}

export type PathTier = 'never-touch' | 'protected' | 'outside' | 'no-delete';

export interface CompiledPath extends CompiledBase {
  kind: 'path';
  tier: PathTier;
  /** What each operation on a matching path means; base severity/action are the strongest of these. */
  on: Partial<Record<PathOp, { action: 'block' | 'ask' | 'warn'; severity: 'critical' | 'high' | 'medium' }>>;
  /** picomatch globs compiled to RegExp sources (dot: true; `i` only when the pattern says nocase). */
  include: RegexSource[];
  exclude: RegexSource[];
  outsideProject: boolean;
  /** Only writes whose content matches (a Write's text, an edit's new text, a Bash command's text) count. */
  whenContent?: RegexSource;
}

export interface CompiledSecret extends CompiledBase {
  kind: 'secret';
  regex: RegexSource;
  /** Documentation values that must never count as secrets. */
  allow: string[];
  scopes: Array<'prompt' | 'content' | 'output' | 'command'>;
}

/** What a successful command did, as far as the session cares (verification, claims, read-only mode). */
export const ACTION_KINDS = ['test', 'build', 'typecheck', 'lint', 'commit', 'push', 'deploy', 'install', 'exec'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/** A shell command spec naming what a command does (e.g. `npm test` → test). Never a verdict of its own. */
export interface CompiledAction extends CompiledBase {
  kind: 'action';
  does: ActionKind;
  match: CompiledShellMatch;
  /** May run in a read-only session although it is not provably read-only (test runners, type-checks). */
  readOnlySafe: boolean;
}

/** A claim in the assistant's final message that needs a matching tool call (phantom-claim detection). */
export interface CompiledClaim extends CompiledBase {
  kind: 'claim';
  /** Any one of these action kinds, run successfully (or at all, with outcome `ran`), backs the claim. */
  requires: ActionKind[];
  /** turn: a backing call in this turn; write: in this turn and after the session's last file change. */
  since: 'turn' | 'write';
  /** ran: a failed command backs it too ("I ran the tests"); succeeded: only one that succeeded. Absent (a registry
   * cached before the field existed) means succeeded. */
  outcome?: 'ran' | 'succeeded';
  /** Lowercase substrings one of which every cue match contains (a gate before the costly cue regexes). */
  keywords: string[];
  /** Case-insensitive regexes (flags "iu") over one sentence of the message. */
  cues: RegexSource[];
}

export const CAPABILITIES = ['FileRead', 'FileWrite', 'SystemExecute', 'Network', 'Memory', 'Agent', 'MCP', 'None'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Tool name → capability (registry data; first matching pattern wins, unknown tools count as FileWrite). */
export interface CompiledCapability extends CompiledBase {
  kind: 'capability';
  capability: Capability;
  /** read: allowed in a read-only session; write: denied there; execute: judged by the command (Bash). */
  access: 'read' | 'write' | 'execute';
  tools: RegexSource[];
}

/** Prompt cues that switch a session's mode (read-only for the turn, or back to normal). */
export interface CompiledMode extends CompiledBase {
  kind: 'mode';
  mode: 'readonly' | 'normal';
  cues: RegexSource;
}

/** Categories of personal facts a memory needs consent for (docs/memory.md). */
export const SENSITIVE_CATEGORIES = ['person', 'location', 'health', 'finance', 'government-id', 'contact'] as const;
export type SensitiveCategory = (typeof SENSITIVE_CATEGORIES)[number];

/** Evidence that a fact is personal: lexicon words (whole words, case-insensitive) and/or regexes (flags "iu"). */
export interface CompiledSensitive extends CompiledBase {
  kind: 'sensitive';
  category: SensitiveCategory;
  words?: RegexSource;
  regex: RegexSource[];
}

/** Evidence that a fact is a preference or project convention (a low-sensitivity fact), and the technical proper
 * nouns ("Vitest", "GitHub") that are never a person's name. */
export interface CompiledConvention extends CompiledBase {
  kind: 'convention';
  words?: RegexSource;
  regex: RegexSource[];
  /** Lowercase technical names. */
  names: string[];
}

export const MEMORY_OPS = ['remember', 'forget', 'approve', 'reject'] as const;
export type MemoryOp = (typeof MEMORY_OPS)[number];

/** A prompt cue asking hookwarden to remember or forget a fact, or answering a pending memory item. Remember and
 * forget cues capture the fact in a named group `fact`; approve and reject cues capture the item id in `id`. */
export interface CompiledMemoryCue extends CompiledBase {
  kind: 'memory-cue';
  op: MemoryOp;
  /** Lowercase substrings one of which every cue match contains (a gate before the cue regexes). */
  keywords: string[];
  /** Case-insensitive regexes (flags "iu"). */
  cues: RegexSource[];
}

/** Where the model writes memory: MCP memory tools (by name) and memory files (by normalised path). */
export interface CompiledMemoryTarget extends CompiledBase {
  kind: 'memory-target';
  tools: RegexSource[];
  paths: RegexSource[];
  /** How facts are read from the tool input: a memory server's entities/observations/relations, a file's added
   * lines, or every string in the input. */
  shape: 'mcp-memory' | 'file' | 'strings';
  /** The agent loads these files itself (CLAUDE.md): their facts are not injected again at session start. */
  loadedByAgent: boolean;
}

export type CompiledPattern =
  | CompiledIntent
  | CompiledShell
  | CompiledPath
  | CompiledSecret
  | CompiledAction
  | CompiledClaim
  | CompiledCapability
  | CompiledMode
  | CompiledSensitive
  | CompiledConvention
  | CompiledMemoryCue
  | CompiledMemoryTarget;

export interface Route {
  intent: string;
  agent?: string;
  skill?: string;
  command?: string;
  /** The file that declared it (for `patterns check` and `doctor` when it names a missing candidate). */
  file?: string;
}

/** The candidate id a route names ("agent:x", "skill:y", "command:z"), or null when it names none. */
export function routeCandidate(r: Route): string | null {
  return r.agent ? `agent:${r.agent}` : r.skill ? `skill:${r.skill}` : r.command ? `command:${r.command}` : null;
}

/** The router's vocabulary: stopwords and synonym groups (patterns/routing.json `lexicon`). */
export interface RouterLexiconSource {
  stopwords: string[];
  /** Groups of words that mean the same thing to a developer ("containerize", "docker", "dockerfile"). */
  synonyms: string[][];
}

/** Where a rule came from, lowest rank first (docs/team.md "The managed layer"). */
export type PatternLayer = 'shipped' | 'managed' | 'bundle' | 'user' | 'project';

export interface CompiledRegistry {
  /** sha256 over the canonical JSON of every source file's content (after overrides). */
  hash: string;
  /** Where each source came from, for errors and `explain`. */
  sources: string[];
  patterns: CompiledPattern[];
  routes: Route[];
  lexicon: RouterLexiconSource;
  disabled: string[];
  /** The layer that gave each pattern its verdict, for the patterns not hookwarden's own as shipped: the file that
   * defined it, or the last whose `actions` entry changed it (the audit's `local.matches[].layer`). Absent: all
   * shipped (a build's embedded copy, an older compile cache). */
  layers?: Record<string, Exclude<PatternLayer, 'shipped'>>;
  /** Set only on a hook bundle's embedded copy: the pattern kinds it carries (its route reads no others). The
   * hash stays the full registry's. */
  kinds?: Array<CompiledPattern['kind']>;
}
