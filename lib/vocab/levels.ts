// The bottom of the house: the verdict lattice and severities every layer speaks, and how pattern actions and
// KETER levels map onto it. Imports nothing.

/** One lattice of levels, ordered: silent < allow < warn < ask < block. */
export const LEVELS = ['silent', 'allow', 'warn', 'ask', 'block'] as const;
export type Level = (typeof LEVELS)[number];

export const SEVERITIES = ['none', 'low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** What a pattern asks for when it matches. `context` only adds advice (intents). */
export type PatternAction = 'block' | 'ask' | 'warn' | 'context';

export type EventKind = 'user_prompt' | 'tool_use' | 'post_tool' | 'stop' | 'session_start';

/** KETER levels as the orchestrator speaks them. */
export const KETER_LEVELS = ['silent', 'allow', 'notify', 'warn', 'ask', 'block'] as const;
export type KeterLevel = (typeof KETER_LEVELS)[number];

export const levelRank = (l: Level): number => LEVELS.indexOf(l);
export const severityRank = (s: Severity): number => SEVERITIES.indexOf(s);

export const maxLevel = (a: Level, b: Level): Level => (levelRank(a) >= levelRank(b) ? a : b);
export const maxSeverity = (a: Severity, b: Severity): Severity => (severityRank(a) >= severityRank(b) ? a : b);

/** The severity a verdict carries when a pattern's severity follows from its action (path patterns, one-line
 * overrides): the embedded orchestrator raises `critical` to block, so an ask is at most `high`. */
export const ACTION_SEVERITY = { block: 'critical', ask: 'high', warn: 'medium', context: 'low' } as const satisfies Record<PatternAction, Severity>;

/** `context` patterns only advise; they never raise the verdict above allow. */
export function actionToLevel(a: PatternAction): Level {
  return a === 'context' ? 'allow' : a;
}

/** KETER speaks silent|allow|notify|warn|ask|block; notify counts as warn. */
export function keterToLevel(k: KeterLevel): Level {
  return k === 'notify' ? 'warn' : k;
}
