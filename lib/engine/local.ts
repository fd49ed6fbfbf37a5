// Summarises local matches into the local half of a decision: level, max severity, capped confidence.

import { actionToLevel, maxLevel, maxSeverity } from '../vocab/levels.js';
import { PHI_INV, type LocalResult } from './types.js';
import { type Severity } from '../vocab/levels.js';
import { type Match, type Suggestion } from '../vocab/match.js';

const SEVERITY_WEIGHT: Record<Severity, number> = { none: 0.3, low: 0.3, medium: 0.4, high: 0.5, critical: PHI_INV };

export const round3 = (n: number): number => Math.round(n * 1000) / 1000;

export function summariseLocal(matches: Match[], suggestions: Suggestion[] = [], error?: string): LocalResult {
  let level: LocalResult['level'] = 'silent';
  let sev: Severity = 'none';
  for (const m of matches) {
    level = maxLevel(level, actionToLevel(m.action));
    sev = maxSeverity(sev, m.severity);
  }
  // Local patterns alone never exceed φ⁻¹: agreement with the orchestrator is needed to go higher.
  const confidence = round3(Math.min(PHI_INV, SEVERITY_WEIGHT[sev] + 0.05 * Math.max(0, matches.length - 1)));
  const reasoning = matches.length
    ? `Detected ${matches.length} pattern(s): ${matches.map((m) => m.id).join(', ')}`
    : 'No pattern matched';
  return { matches, maxSeverity: sev, level, confidence, reasoning, suggestions, ...(error ? { error } : {}) };
}
