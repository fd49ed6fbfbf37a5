// The one place raw orchestrator answers are validated. zod/mini keeps bundled hook start-up small.

import * as z from 'zod/mini';
import { KETER_LEVELS, SEVERITIES } from '../vocab/levels.js';
import { lazy } from '../vocab/lazy.js';
import { type KeterAnswer } from '../vocab/orchestrator.js';

// z.object strips unknown keys: extra fields are tolerated but not carried into the decision/audit. Built on first
// use, like every schema a hook may not need (docs/performance.md).
const keterAnswerSchema = lazy(() =>
  z.object({
    routing: z.optional(
      z.object({
        domain: z.optional(z.string()),
        suggestedAgent: z.optional(z.string()),
        suggestedTools: z.optional(z.array(z.string())),
      }),
    ),
    intervention: z.object({
      level: z.enum(KETER_LEVELS),
      reason: z.optional(z.string()),
      userTrustLevel: z.optional(z.string()),
      userEScore: z.optional(z.number()),
      actionRisk: z.optional(z.enum(SEVERITIES)),
    }),
  }),
);

/** A validated KETER answer, or null for anything that is not one (wrong level, wrong types, not an object). */
export function parseKeterAnswer(raw: unknown): KeterAnswer | null {
  const r = keterAnswerSchema().safeParse(raw);
  return r.success ? (r.data as KeterAnswer) : null;
}
