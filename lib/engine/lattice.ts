// Orderings for levels and severities, and the mapping from pattern actions and KETER levels onto levels.

import { LEVELS, SEVERITIES, type KeterLevel, type Level, type PatternAction, type Severity } from './types.js';

export const levelRank = (l: Level): number => LEVELS.indexOf(l);
export const severityRank = (s: Severity): number => SEVERITIES.indexOf(s);

export const maxLevel = (a: Level, b: Level): Level => (levelRank(a) >= levelRank(b) ? a : b);
export const maxSeverity = (a: Severity, b: Severity): Severity => (severityRank(a) >= severityRank(b) ? a : b);

/** `context` patterns only advise; they never raise the verdict above allow. */
export function actionToLevel(a: PatternAction): Level {
  return a === 'context' ? 'allow' : a;
}

/** KETER speaks silent|allow|notify|warn|ask|block; notify counts as warn. */
export function keterToLevel(k: KeterLevel): Level {
  return k === 'notify' ? 'warn' : k;
}
