// The merge of the local analysis and the orchestrator's answer: a fixed, ordered list of named rules.
// The first rule whose condition holds decides the level; its name is recorded in audit.decisionRules.
// Corrections to the CYNIC seed: no rule lowers a local block or ask, KETER `ask` is honoured, `notify`
// counts as warn, and an unavailable orchestrator leaves the local decision standing.

import { levelRank, severityRank } from '../vocab/levels.js';
import { AGREEMENT_BONUS, type LocalResult } from './types.js';
import { type Level } from '../vocab/levels.js';
import { type OrchestrationResult } from '../vocab/orchestrator.js';
import { round3 } from './local.js';

export interface MergeInput {
  local: LocalResult;
  orchestration: OrchestrationResult;
}

export interface MergeRule {
  name: string;
  when: (s: MergeInput) => boolean;
  level: (s: MergeInput) => Level;
}

const concernAboveLow = (s: MergeInput): boolean => severityRank(s.local.maxSeverity) > severityRank('low');
const keter = (s: MergeInput): Level | undefined => (s.orchestration.available ? s.orchestration.level : undefined);

export const MERGE_RULES: readonly MergeRule[] = [
  { name: 'KETER_UNAVAILABLE_LOCAL_STANDS', when: (s) => keter(s) === undefined, level: (s) => s.local.level },
  { name: 'LOCAL_BLOCK_STANDS', when: (s) => s.local.level === 'block', level: () => 'block' },
  { name: 'KETER_OVERRIDE_BLOCK', when: (s) => keter(s) === 'block', level: () => 'block' },
  { name: 'LOCAL_ASK_STANDS', when: (s) => s.local.level === 'ask', level: () => 'ask' },
  { name: 'KETER_ASK_HONOURED', when: (s) => keter(s) === 'ask', level: () => 'ask' },
  { name: 'KETER_WARN_CONFIRMS_LOCAL', when: (s) => keter(s) === 'warn' && concernAboveLow(s), level: () => 'warn' },
  { name: 'KETER_SILENT_CONSENSUS', when: (s) => keter(s) === 'silent' && !concernAboveLow(s), level: () => 'silent' },
  { name: 'DEFAULT_ALLOW', when: () => true, level: () => 'allow' },
];

export const CONSENSUS_RULE = 'CONSENSUS_WITH_KETER';

/** silent and allow are the same outcome (proceed without comment). */
const outcome = (l: Level): number => Math.max(levelRank(l), levelRank('allow'));

export interface MergeResult {
  level: Level;
  confidence: number;
  rules: string[];
}

export function merge(s: MergeInput): MergeResult {
  const rule = MERGE_RULES.find((r) => r.when(s)) as MergeRule; // DEFAULT_ALLOW always holds
  const level = rule.level(s);
  const rules = [rule.name];
  let confidence = s.local.confidence;
  const k = keter(s);
  if (k !== undefined && outcome(k) === outcome(level)) {
    confidence = Math.min(1, confidence + AGREEMENT_BONUS);
    rules.push(CONSENSUS_RULE);
  }
  return { level, confidence: round3(confidence), rules };
}
