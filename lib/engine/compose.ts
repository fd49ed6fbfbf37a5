// Builds the final decision text: which matches explain the verdict, their rule ids and recovery hints.

import { actionToLevel, levelRank } from './lattice.js';
import type { MergeResult } from './merge-rules.js';
import type { FinalDecision, LocalResult, Match, OrchestrationResult } from './types.js';

export const KETER_HINT =
  'The orchestrator asked for this, not a local pattern: ask the user to confirm, or tune keter.eScore / keter.matrix in the hookwarden config.';

/** Matches whose own level reaches the verdict explain it; for warn and above only. */
function explaining(local: LocalResult, level: FinalDecision['action']): Match[] {
  if (levelRank(level) < levelRank('warn')) return [];
  return local.matches.filter((m) => actionToLevel(m.action) === level);
}

export function describeMatch(m: Match): string {
  return `${m.message} [${m.id}] — matched: ${m.matched}${m.where ? ` (${m.where})` : ''}`;
}

function suggestionText(local: LocalResult, max: number): string[] {
  return local.suggestions.slice(0, max).map((s) => {
    const target = s.agent ? `the \`${s.agent}\` agent` : s.skill ? `the \`${s.skill}\` skill` : '';
    return `hookwarden routing: ${s.why}${target ? `; consider ${target}` : ''} [${s.intent}].`;
  });
}

export function composeDecision(
  local: LocalResult,
  orch: OrchestrationResult,
  merged: MergeResult,
  maxSuggestions: number,
): FinalDecision {
  const level = merged.level;
  const shown = explaining(local, level);
  const fromKeter = levelRank(level) >= levelRank('warn') && shown.length === 0;
  const lines = shown.map(describeMatch);
  if (fromKeter) {
    const reason = orch.answer?.intervention.reason ?? 'no reason given';
    lines.push(`orchestrator ${orch.source} says ${orch.answer?.intervention.level ?? level}: ${reason}`);
  }
  const hints = [...new Set([...shown.map((m) => m.hint), ...(fromKeter ? [KETER_HINT] : [])])];
  const message = lines.length
    ? `hookwarden ${level}: ${lines.join('; ')}. Rules: ${merged.rules.join(', ')}.`
    : `hookwarden ${level}. Rules: ${merged.rules.join(', ')}.`;
  const injections = suggestionText(local, maxSuggestions);
  if (level === 'warn') injections.push(`${message} Hint: ${hints.join(' ')}`);
  return {
    action: level,
    shouldProceed: level !== 'block',
    severity: local.maxSeverity,
    confidence: merged.confidence,
    message,
    hints,
    injections,
  };
}
