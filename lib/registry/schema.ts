// zod schemas for the registry source files (zod/mini: the full zod build would add ~450 KB to every hook
// bundle, and source text size is start-up time). Used only when the registry must be (re)compiled.

import * as z from 'zod/mini';
import './zod-messages.js';
import { APPROVAL_KEYS, ESCALATION_FACTS } from './escalations.js';
import { shellMatchSchema } from './schema-shell.js';
import { ACTION_KINDS, CAPABILITIES, MEMORY_OPS, SENSITIVE_CATEGORIES } from './types.js';

const nonEmpty = z.string().check(z.trim(), z.minLength(1, 'must be a non-empty string'));
const idSchema = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/, 'must look like "<pack>/<slug>" in kebab-case'));

const examples = z.strictObject({
  match: z.array(z.string()).check(z.minLength(1, 'needs at least one example that must match')),
  noMatch: z.array(z.string()).check(z.minLength(1, 'needs at least one example that must not match')),
});

const base = {
  id: idSchema,
  severity: z.enum(['low', 'medium', 'high', 'critical']),
  action: z.enum(['block', 'ask', 'warn', 'context']),
  message: nonEmpty,
  hint: nonEmpty,
  examples,
  description: z.optional(z.string()),
};

export const intentPatternSchema = z.strictObject({
  ...base,
  kind: z.literal('intent'),
  /** Words or phrases; matched case-insensitively on word boundaries. */
  cues: z.array(nonEmpty).check(z.minLength(1)),
  /** Paraphrases: slots separated by spaces, each a |-list of words; matches when every slot has a word in the
   * prompt, in any order and any inflection ("delete|remove|wipe table|rows|records"). */
  phrases: z.optional(z.array(nonEmpty)),
});

export const shellPatternSchema = z.strictObject({
  ...base,
  kind: z.literal('shell'),
  match: shellMatchSchema,
  /** A stronger verdict when the matched segment has a fact (lib/registry/escalations.ts), e.g. a production target. */
  escalate: z.optional(
    z.strictObject({
      when: z.enum(ESCALATION_FACTS),
      action: z.enum(['block', 'ask', 'warn']),
      severity: z.enum(['low', 'medium', 'high', 'critical']),
      message: nonEmpty,
      hint: nonEmpty,
    }),
  ),
  /** What an approval is remembered for, when not the matched command text (lib/registry/escalations.ts). */
  approvalKey: z.optional(z.enum(APPROVAL_KEYS)),
});

const pathAction = z.enum(['block', 'ask', 'warn']);

/** Path patterns belong to a tier and say per operation what touching a matching path means; their severity
 * follows from that action (block → critical, ask → high, warn → medium), so an ask can never be raised to a
 * block by the orchestrator's matrix. */
export const pathPatternSchema = z.strictObject({
  id: idSchema,
  message: nonEmpty,
  hint: nonEmpty,
  examples,
  description: z.optional(z.string()),
  kind: z.literal('path'),
  tier: z.enum(['never-touch', 'protected', 'outside', 'no-delete']),
  on: z
    .strictObject({ read: z.optional(pathAction), write: z.optional(pathAction), delete: z.optional(pathAction) })
    .check(z.refine((o) => Object.keys(o).length > 0, 'must name at least one of read, write, delete')),
  /** picomatch globs over normalised paths (forward slashes, `~` for home, project-relative when inside). */
  globs: z.array(nonEmpty).check(z.minLength(1)),
  exclude: z._default(z.array(nonEmpty), []),
  /** Only paths outside the project (and outside config.trustedRoots) match. */
  outsideProject: z._default(z.boolean(), false),
  /** Match case-insensitively everywhere; otherwise only on case-insensitive file systems. */
  nocase: z._default(z.boolean(), false),
  /** Only writes whose content matches this regular expression (case-insensitive): a Write's text, an edit's
   * new text, a Bash command's own text. Such a pattern judges writes only. */
  whenContent: z.optional(nonEmpty.check(z.refine(validRegex, 'must be a valid regular expression'))),
});

function validRegex(s: string): boolean {
  try {
    new RegExp(s);
    return true;
  } catch {
    return false;
  }
}

export const secretPatternSchema = z.strictObject({
  ...base,
  kind: z.literal('secret'),
  regex: nonEmpty.check(z.refine(validRegex, 'must be a valid regular expression')),
  flags: z._default(z.string().check(z.regex(/^[imsu]*$/, 'only i, m, s, u flags are allowed')), ''),
  allow: z._default(z.array(z.string()), []),
  scopes: z.array(z.enum(['prompt', 'content', 'output', 'command'])).check(z.minLength(1)),
});

/** Session patterns carry no verdict of their own (action, capability, mode) or a fixed one (claim): they have
 * a message and hint but no severity/action fields. */
const sessionBase = {
  id: idSchema,
  message: nonEmpty,
  hint: nonEmpty,
  examples,
  description: z.optional(z.string()),
};

const actionKind = z.enum(ACTION_KINDS);

export const actionPatternSchema = z.strictObject({
  ...sessionBase,
  kind: z.literal('action'),
  does: actionKind,
  match: shellMatchSchema,
  readOnlySafe: z._default(z.boolean(), false),
});

export const claimPatternSchema = z.strictObject({
  ...sessionBase,
  kind: z.literal('claim'),
  requires: z.array(actionKind).check(z.minLength(1)),
  since: z.enum(['turn', 'write']),
  /** succeeded (default): only a command that succeeded backs the claim; ran: any that ran, failed ones too ("I ran
   * the tests" is true of a failing run, "the tests pass" is not). */
  outcome: z._default(z.enum(['ran', 'succeeded']), 'succeeded'),
  /** Lowercase substrings one of which every cue match contains: the cue regexes only run when one is present. */
  keywords: z.array(nonEmpty.check(z.refine((k) => k === k.toLowerCase(), 'must be lowercase'))).check(z.minLength(1)),
  cues: z.array(nonEmpty.check(z.refine(validRegex, 'must be a valid regular expression'))).check(z.minLength(1)),
});

export const capabilityPatternSchema = z.strictObject({
  ...sessionBase,
  kind: z.literal('capability'),
  capability: z.enum(CAPABILITIES),
  access: z.enum(['read', 'write', 'execute']),
  /** picomatch globs over tool names, e.g. "mcp__*__get_*". */
  tools: z.array(nonEmpty).check(z.minLength(1)),
});

export const modePatternSchema = z.strictObject({
  ...sessionBase,
  kind: z.literal('mode'),
  mode: z.enum(['readonly', 'normal']),
  cues: z.array(nonEmpty).check(z.minLength(1)),
});

const regexList = z.array(nonEmpty.check(z.refine(validRegex, 'must be a valid regular expression')));
const lowercaseList = z.array(nonEmpty.check(z.refine((k) => k === k.toLowerCase(), 'must be lowercase')));
const hasEvidence = (p: { words?: string[] | undefined; regex?: string[] | undefined }): boolean =>
  (p.words?.length ?? 0) + (p.regex?.length ?? 0) > 0;
const EVIDENCE_MESSAGE = 'needs at least one entry in words or regex';

/** Memory patterns (docs/memory.md): like session patterns they carry no verdict of their own. */
export const sensitivePatternSchema = z
  .strictObject({
    ...sessionBase,
    kind: z.literal('sensitive'),
    category: z.enum(SENSITIVE_CATEGORIES),
    /** Words or phrases; matched case-insensitively on word boundaries. */
    words: z.optional(z.array(nonEmpty)),
    regex: z.optional(regexList),
  })
  .check(z.refine(hasEvidence, EVIDENCE_MESSAGE));

export const conventionPatternSchema = z
  .strictObject({
    ...sessionBase,
    kind: z.literal('convention'),
    words: z.optional(z.array(nonEmpty)),
    regex: z.optional(regexList),
    /** Technical proper nouns that are never a person's name ("vitest", "github"). */
    names: z._default(lowercaseList, []),
  })
  .check(z.refine(hasEvidence, EVIDENCE_MESSAGE));

export const memoryCuePatternSchema = z.strictObject({
  ...sessionBase,
  kind: z.literal('memory-cue'),
  op: z.enum(MEMORY_OPS),
  keywords: lowercaseList.check(z.minLength(1)),
  cues: regexList.check(z.minLength(1)),
});

export const memoryTargetPatternSchema = z
  .strictObject({
    ...sessionBase,
    kind: z.literal('memory-target'),
    /** picomatch globs over tool names. */
    tools: z._default(z.array(nonEmpty), []),
    /** picomatch globs over normalised paths (like path patterns: project-relative inside, `~/…` under home). */
    paths: z._default(z.array(nonEmpty), []),
    shape: z.enum(['mcp-memory', 'file', 'strings']),
    loadedByAgent: z._default(z.boolean(), false),
  })
  .check(z.refine((p) => p.tools.length + p.paths.length > 0, 'needs at least one of tools, paths'));

export const patternSchema = z.discriminatedUnion('kind', [
  intentPatternSchema,
  shellPatternSchema,
  pathPatternSchema,
  secretPatternSchema,
  actionPatternSchema,
  claimPatternSchema,
  capabilityPatternSchema,
  modePatternSchema,
  sensitivePatternSchema,
  conventionPatternSchema,
  memoryCuePatternSchema,
  memoryTargetPatternSchema,
]);

export const packSchema = z.strictObject({
  pack: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]*$/, 'must be kebab-case')),
  description: z._default(z.string(), ''),
  patterns: z.array(z.unknown()),
});

/** An intent → candidate override: when the intent fires and the candidate exists, it gets router.overrideBonus. */
const routeSchema = z.strictObject({
  intent: idSchema,
  agent: z.optional(nonEmpty),
  skill: z.optional(nonEmpty),
  command: z.optional(nonEmpty),
});

/** patterns/routing.json: the router's vocabulary (docs/routing.md) and shipped intent overrides (none by default:
 * only what a project defines can be suggested). */
export const routingSchema = z.strictObject({
  description: z.optional(z.string()),
  routes: z._default(z.array(routeSchema), []),
  lexicon: z.strictObject({
    description: z.optional(z.string()),
    stopwords: z.array(nonEmpty),
    synonyms: z.array(z.array(nonEmpty).check(z.minLength(2, 'a synonym group needs at least two words'))),
  }),
});

/** What a one-line override may set a pattern's verdict to (`off` disables it): overrides.ts. */
export const ACTION_OVERRIDES = ['block', 'ask', 'warn', 'context', 'off'] as const;
export type ActionOverride = (typeof ACTION_OVERRIDES)[number];

/** A user or project override file: adds patterns (ids prefixed "user/" or "project/"), disables or changes the
 * verdict of patterns by id, and maps intents to the project's own agents, skills or commands. */
export const overrideSchema = z.strictObject({
  description: z.optional(z.string()),
  disable: z._default(z.array(idSchema), []),
  /** A pattern's verdict changed by id ("bash-publish/npm-publish": "block"; "off" disables it): overrides.ts. */
  actions: z._default(z.record(idSchema, z.enum(ACTION_OVERRIDES)), {}),
  patterns: z._default(z.array(z.unknown()), []),
  routes: z._default(z.array(routeSchema), []),
});

export type PatternSource = z.infer<typeof patternSchema>;
export type PackSource = z.infer<typeof packSchema>;
export type RoutingSource = z.infer<typeof routingSchema>;
export type OverrideSource = z.infer<typeof overrideSchema>;
