// Builds the final decision text: which matches explain the verdict, their rule ids and recovery hints.

import { actionToLevel, levelRank } from '../vocab/levels.js';
import type { MergeResult } from './merge-rules.js';
import type { FinalDecision, LocalResult } from './types.js';
import type { Match, Suggestion } from '../vocab/match.js';
import type { OrchestrationResult } from '../vocab/orchestrator.js';

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

/** The candidate and exactly how the agent invokes it (the Task tool's subagent_type, the Skill tool, a command). */
function named(s: Suggestion): string {
  if (s.kind === 'agent') return `\`${s.name}\` agent (Task tool, subagent_type "${s.name}")`;
  if (s.kind === 'skill') return `\`${s.name}\` skill (Skill tool, "${s.name}")`;
  return `\`/${s.name}\` command (SlashCommand tool, "/${s.name}")`;
}

/** One short line: which of the project's candidates fits and why; two that are close come as "X or Y". */
function suggestionText(local: LocalResult, max: number): string[] {
  const shown = local.suggestions.slice(0, Math.max(0, max));
  if (!shown.length) return [];
  const [first] = shown;
  if (first!.after) return [`hookwarden routing: ${first!.after} failed; the project's ${named(first!)} is the next fit for this request (${first!.why}).`];
  const what = shown.map((s) => `the project's ${named(s)} fits this request (${s.why})`).join('; or ');
  return [`hookwarden routing: ${what}. Use it if it does; otherwise carry on.`];
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
