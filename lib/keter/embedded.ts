// Embedded KETER: the trust-tier × action-risk matrix from the config, evaluated in-process.
// Pure and deterministic: the answer depends only on cfg and req.

import { severityRank } from '../vocab/levels.js';
import { SEVERITIES, type KeterLevel, type Severity } from '../vocab/levels.js';
import { type KeterAnswer, type KeterRequest } from '../vocab/orchestrator.js';
import type { KeterConfig, TrustTier } from '../config/types.js';
import type { Orchestrator } from './types.js';

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

function isSeverity(s: unknown): s is Severity {
  return typeof s === 'string' && (SEVERITIES as readonly string[]).includes(s);
}

/** E-score on one 0–1 scale: clamped; NaN (or anything non-numeric) counts as 0. */
export function clampEScore(e: unknown): number {
  if (typeof e !== 'number' || Number.isNaN(e)) return 0;
  return Math.min(1, Math.max(0, e));
}

/**
 * The highest tier whose `min <= eScore`. NaN picks the lowest tier; an E-score below every
 * tier's min also falls back to the lowest tier. Throws if there are no tiers.
 */
export function trustTier(tiers: readonly TrustTier[], eScore: number): TrustTier {
  if (tiers.length === 0) throw new Error('keter.tiers is empty');
  const sorted = [...tiers].sort((a, b) => a.min - b.min);
  const lowest = sorted[0] as TrustTier;
  if (typeof eScore !== 'number' || Number.isNaN(eScore)) return lowest;
  const e = clampEScore(eScore);
  let tier = lowest;
  for (const t of sorted) if (t.min <= e) tier = t;
  return tier;
}

/** Intrinsic risk of the event (tool risk table, or "<prompt>" for prompts) raised by the local max severity. */
export function actionRisk(cfg: Pick<KeterConfig, 'toolRisk'>, req: KeterRequest): Severity {
  const table = cfg.toolRisk ?? {};
  const pick = (key: string | undefined): Severity | undefined => {
    if (key === undefined || !hasOwn(table, key)) return undefined;
    const v = table[key];
    return isSeverity(v) ? v : undefined;
  };
  const base: Severity =
    req.eventType === 'user_prompt'
      ? (pick('<prompt>') ?? 'none')
      : (pick(req.toolName) ?? pick('*') ?? 'low');
  const local = isSeverity(req.local?.maxSeverity) ? req.local.maxSeverity : 'none';
  return severityRank(local) > severityRank(base) ? local : base;
}

/** The full embedded decision, exposed for tests and `hookwarden explain`-style tooling. */
export function embeddedAnswer(cfg: KeterConfig, req: KeterRequest): KeterAnswer {
  const e = clampEScore(cfg.eScore);
  const tier = trustTier(cfg.tiers, cfg.eScore);
  const risk = actionRisk(cfg, req);
  const row = hasOwn(cfg.matrix, tier.name) ? cfg.matrix[tier.name] : undefined;
  const level: KeterLevel | undefined = row && hasOwn(row, risk) ? row[risk] : undefined;
  if (level === undefined) throw new Error(`keter.matrix has no entry for tier ${tier.name} × risk ${risk}`);
  return {
    routing: { domain: req.domain },
    intervention: {
      level,
      reason: `tier ${tier.name} × risk ${risk} → ${level}`,
      userTrustLevel: tier.name,
      userEScore: e,
      actionRisk: risk,
    },
  };
}

export function createEmbeddedKeter(cfg: KeterConfig): Orchestrator {
  return {
    name: 'keter:embedded',
    answerNow: (req: KeterRequest): KeterAnswer => embeddedAnswer(cfg, req),
    consult(req: KeterRequest, _signal: AbortSignal): Promise<unknown> {
      try {
        return Promise.resolve(embeddedAnswer(cfg, req));
      } catch (err) {
        return Promise.reject(err);
      }
    },
  };
}
