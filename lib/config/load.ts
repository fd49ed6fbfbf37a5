// Loads user and project config files over the defaults. A broken file is skipped with a one-line issue;
// the hook then runs on the remaining (still valid) configuration, never on a half-parsed one.

import { readRegularFile } from '../fs/read.js';
import * as z from 'zod/mini';
import { canonicalHash } from '../registry/hash.js';
import { AGENTS } from '../vocab/agents.js';
import { isDuration } from '../vocab/duration.js';
import { lazy } from '../vocab/lazy.js';
import { DEFAULT_CONFIG } from './defaults.js';
import { issueText } from './issue-text.js';
import type { AgentSettings, HookwardenConfig } from './types.js';

// Built on first use: most hook calls find no config file and never need it (docs/performance.md).
const fileSchema = lazy(() => {
  const level = z.enum(['silent', 'allow', 'notify', 'warn', 'ask', 'block']);
  const severity = z.enum(['none', 'low', 'medium', 'high', 'critical']);
  const unit = z.number().check(z.minimum(0), z.maximum(1));
  const weight = z.number().check(z.minimum(0), z.maximum(10));
  const candidateId = z.string().check(z.regex(/^(agent|skill|command):\S+$/, 'must look like "agent:<name>", "skill:<name>" or "command:<name>"'));

  return z.strictObject({
    $schema: z.optional(z.string()),
    keter: z.optional(
      z.strictObject({
        mode: z.optional(z.enum(['embedded', 'http', 'off'])),
        timeoutMs: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
        eScore: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
        tiers: z.optional(z.array(z.strictObject({ name: z.string(), min: z.number().check(z.minimum(0), z.maximum(1)) }))),
        matrix: z.optional(z.record(z.string(), z.record(severity, level))),
        toolRisk: z.optional(z.record(z.string(), severity)),
        url: z.optional(z.string().check(z.regex(/^https?:\/\//, 'must start with http:// or https://'))),
        headers: z.optional(z.record(z.string(), z.string())),
      }),
    ),
    onInternalError: z.optional(z.enum(['ask', 'deny'])),
    suggestAgents: z.optional(z.boolean()),
    maxSuggestions: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(10))),
    router: z.optional(
      z.strictObject({
        enabled: z.optional(z.boolean()),
        tau: z.optional(unit),
        margin: z.optional(unit),
        minTerms: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(10))),
        k1: z.optional(z.number().check(z.minimum(0), z.maximum(10))),
        b: z.optional(unit),
        K: z.optional(z.number().check(z.minimum(0.01), z.maximum(1000))),
        weights: z.optional(z.strictObject({ name: z.optional(weight), description: z.optional(weight), hints: z.optional(weight), body: z.optional(weight) })),
        synonymWeight: z.optional(unit),
        intentBonus: z.optional(unit),
        overrideBonus: z.optional(unit),
        unhealthyPenalty: z.optional(unit),
        prefer: z.optional(z.record(candidateId, z.number().check(z.minimum(-1), z.maximum(1)))),
        deny: z.optional(z.array(candidateId)),
        fallback: z.optional(z.nullable(candidateId)),
      }),
    ),
    autoAllowReadOnly: z.optional(z.boolean()),
    nonInteractive: z.optional(z.enum(['rewrite', 'ask', 'off'])),
    outsideProjectWrites: z.optional(z.enum(['ask', 'warn', 'off'])),
    askFallback: z.optional(z.enum(['deny', 'allow', 'ask'])),
    // Per host, by the name its hook command carries (--agent): settings that differ between the agents a user runs.
    agents: z.optional(z.partialRecord(z.enum(AGENTS), z.strictObject({ askFallback: z.optional(z.enum(['deny', 'allow', 'ask'])) }))),
    secretlint: z.optional(z.boolean()),
    session: z.optional(
      z.strictObject({
        ttlHours: z.optional(z.number().check(z.minimum(0.01), z.maximum(24 * 365))),
        maxSessions: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
        verifyAfterWrite: z.optional(z.enum(['off', 'remind', 'block'])),
        phantomClaims: z.optional(z.enum(['off', 'remind', 'block'])),
        rememberApprovals: z.optional(
          z.string().check(z.refine((s) => s === 'off' || s === 'session' || isDuration(s), 'must be "off", "session" or a duration such as "30m"')),
        ),
        readOnlyCues: z.optional(z.boolean()),
        readOnlyPrefix: z.optional(z.string().check(z.minLength(1), z.maxLength(32))),
        readWritePrefix: z.optional(z.string().check(z.minLength(1), z.maxLength(32))),
        verifyIgnore: z.optional(
          z.array(z.string().check(z.minLength(1), z.maxLength(256), z.refine((g) => !/^(?:\/|~|[A-Za-z]:[\\/])/.test(g), 'must be a project-relative glob'))).check(z.maxLength(64)),
        ),
      }),
    ),
    memory: z.optional(
      z.strictObject({
        enabled: z.optional(z.boolean()),
        pendingTtl: z.optional(z.string().check(z.refine(isDuration, 'must be a duration such as "24h" or "7d"'))),
        maxFacts: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
        maxFactChars: z.optional(z.number().check(z.int(), z.minimum(20), z.maximum(4000))),
        maxAgeDays: z.optional(z.number().check(z.minimum(0), z.maximum(36_500))),
        injectMaxChars: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(9000))),
        userStore: z.optional(z.boolean()),
      }),
    ),
    audit: z.optional(z.strictObject({ retentionDays: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(36_500))) })),
    serve: z.optional(
      z.strictObject({
        port: z.optional(z.number().check(z.int(), z.minimum(1024), z.maximum(65_535))),
        token: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be 32-128 characters of A-Z a-z 0-9 _ -'))),
      }),
    ),
    trustedRoots: z.optional(
      z.array(z.string().check(z.regex(/^(\/|~\/|~$|[A-Za-z]:[\\/])/, 'must be an absolute or ~/ path'))).check(z.maxLength(64)),
    ),
  });
});

type ConfigFile = z.infer<ReturnType<typeof fileSchema>>;

declare const __HW_DEFAULT_CONFIG_HASH__: string | undefined;

/** Hash of the built-in defaults, computed at build time so a hook with no config file never hashes. */
const DEFAULT_HASH = typeof __HW_DEFAULT_CONFIG_HASH__ === 'string' ? __HW_DEFAULT_CONFIG_HASH__ : null;

export interface LoadedConfig {
  config: HookwardenConfig;
  hash: string;
  issues: string[];
  files: string[];
}

/** A later file's per-host settings override an earlier one's, setting by setting. */
function mergeAgents(base: HookwardenConfig['agents'], file: ConfigFile['agents']): HookwardenConfig['agents'] {
  const next: HookwardenConfig['agents'] = { ...base };
  for (const [name, settings] of Object.entries(file ?? {}) as Array<[keyof HookwardenConfig['agents'], AgentSettings | undefined]>) {
    next[name] = { ...base[name], ...settings };
  }
  return next;
}

function merge(base: HookwardenConfig, file: ConfigFile): HookwardenConfig {
  const { $schema: _ignored, keter, session, memory, audit, serve, router, agents, ...rest } = file;
  const next: HookwardenConfig = {
    ...base,
    ...rest,
    // A later file's preferences add to (and override) an earlier one's; deny and fallback replace.
    router: { ...base.router, ...router, weights: { ...base.router.weights, ...router?.weights }, prefer: { ...base.router.prefer, ...router?.prefer } },
    keter: { ...base.keter },
    session: { ...base.session, ...session },
    memory: { ...base.memory, ...memory },
    audit: { ...base.audit, ...audit },
    serve: { ...base.serve, ...serve },
    agents: mergeAgents(base.agents, agents),
  };
  if (keter) {
    const { matrix, toolRisk, ...k } = keter;
    Object.assign(next.keter, k);
    if (matrix) next.keter.matrix = { ...base.keter.matrix, ...(matrix as HookwardenConfig['keter']['matrix']) };
    if (toolRisk) next.keter.toolRisk = { ...base.keter.toolRisk, ...toolRisk };
  }
  return next;
}

/** Cross-field checks zod/mini cannot express in the per-field schema. */
function consistencyIssue(c: HookwardenConfig): string | null {
  if (!c.keter.tiers.length) return 'keter.tiers must not be empty';
  for (const t of c.keter.tiers) {
    const row = c.keter.matrix[t.name];
    if (!row) return `keter.matrix has no row for tier "${t.name}"`;
    for (const s of ['none', 'low', 'medium', 'high', 'critical'] as const) {
      if (!row[s]) return `keter.matrix.${t.name}.${s} is missing`;
    }
  }
  if (c.keter.mode === 'http' && !c.keter.url) return 'keter.url is required when keter.mode is "http"';
  return null;
}

/** A config file is a few KB; anything past this is not one. */
const MAX_CONFIG_BYTES = 1024 * 1024;

export function loadConfig(paths: string[]): LoadedConfig {
  let config = DEFAULT_CONFIG;
  const issues: string[] = [];
  const files: string[] = [];
  for (const path of paths) {
    // A regular file, bounded, opened non-blocking: a FIFO at a cloned repository's .hookwarden/config.json
    // is a broken file like any other, not a hang.
    const r = readRegularFile(path, { maxBytes: MAX_CONFIG_BYTES });
    if (r.status === 'missing') continue;
    if (r.status !== 'ok') {
      issues.push(`${path}: ${r.status === 'unsafe' ? `it ${r.reason}` : `unreadable (${r.reason})`}; file ignored`);
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(r.bytes.toString('utf8'));
    } catch (err) {
      issues.push(`${path}: not valid JSON (${(err as Error).message}); file ignored`);
      continue;
    }
    const parsed = fileSchema().safeParse(json);
    if (!parsed.success) {
      issues.push(`${path}: ${issueText(parsed.error.issues[0], json)}; file ignored`);
      continue;
    }
    const next = merge(config, parsed.data);
    const problem = consistencyIssue(next);
    if (problem) {
      issues.push(`${path}: ${problem}; file ignored`);
      continue;
    }
    config = next;
    files.push(path);
  }
  if (!files.length) return { config, hash: DEFAULT_HASH ?? canonicalHash(config), issues, files };
  config = { ...config, keter: { ...config.keter, tiers: [...config.keter.tiers].sort((a, b) => a.min - b.min) } };
  return { config, hash: canonicalHash(config), issues, files };
}
