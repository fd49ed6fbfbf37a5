// The config file's schema (zod/mini). Its own module so that a hook bundle loads it, and zod, only when a config
// file is there to check (scripts/build-chunks.ts); built on first use.

import * as z from 'zod/mini';
import { AGENTS } from '../vocab/agents.js';
import { isDuration } from '../vocab/duration.js';
import { lazy } from '../vocab/lazy.js';

/** Up to 64 absolute or `~/…` folders (trustedRoots, trustedProjects). */
const folderList = () =>
  z.array(z.string().check(z.regex(/^(\/|~\/|~$|[A-Za-z]:[\\/])/, 'must be an absolute or ~/ path'))).check(z.maxLength(64));

export const fileSchema = lazy(() => {
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
    // Central policy bundles (lib/policy/, docs/team.md "Policy bundles"): honoured only from the managed config
    // (/etc/hookwarden/config.json); in a user's or project's file, and inside a bundle, it is ignored or refused.
    policy: z.optional(
      z.strictObject({
        bundle: z.optional(
          z.strictObject({
            url: z.string().check(z.regex(/^https?:\/\/\S+$/, 'must start with http:// or https://')),
            publicKey: z.string().check(z.minLength(40, 'must be an Ed25519 public key: PEM, or the 32 raw bytes in base64')),
            pollSeconds: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(86_400))),
          }),
        ),
      }),
    ),
    export: z.optional(
      z.strictObject({
        otlp: z.optional(
          z.strictObject({
            endpoint: z.string().check(z.regex(/^https?:\/\/[^\s/]+/, 'must start with http:// or https://')),
            headers: z.optional(z.record(z.string().check(z.regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'must be an HTTP header name')), z.string().check(z.maxLength(8192)))),
            timeoutMs: z.optional(z.number().check(z.int(), z.minimum(100), z.maximum(120_000))),
            batch: z.optional(
              z.strictObject({
                maxRecords: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
                maxBytes: z.optional(z.number().check(z.int(), z.minimum(1024), z.maximum(16 * 1024 * 1024))),
              }),
            ),
          }),
        ),
        labels: z.optional(z.record(z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/, 'must be an attribute name such as "team" or "deployment.environment"')), z.string().check(z.maxLength(256)))),
      }),
    ),
    trustedRoots: z.optional(folderList()),
    trustedProjects: z.optional(folderList()),
  });
});

export type ConfigFile = z.infer<ReturnType<typeof fileSchema>>;
