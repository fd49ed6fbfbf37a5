// Mutable state shared by one analyzeShell call across all nesting levels.

import type { SubTable } from './subs.js';
import type { Segment, ShellContext } from './types.js';

export const MAX_DEPTH = 8;
export const MAX_BYTES = 256 * 1024;
/** Total characters scanned across all nesting levels. */
export const MAX_WORK = 1024 * 1024;
export const MAX_SEGMENTS = 5000;
/** Substitutions analysed per command. */
export const MAX_SUBS = 500;
/** Largest value kept for a variable assigned in the command line. */
export const MAX_VAR_VALUE = 16 * 1024;
/** Items of a `for` loop list kept for its variable. */
export const MAX_LOOP_ITEMS = 64;
/** Largest script re-parsed from an argument or stdin (bash -c, eval, heredoc to a shell). */
export const MAX_NESTED_SCRIPT = 64 * 1024;

export interface Level {
  depth: number;
  /** Nesting that led here, outermost first. */
  via: string[];
}

export interface AnalyzeState {
  ctx: ShellContext;
  table: SubTable;
  segments: Segment[];
  facts: Set<string>;
  /** Directory the next segment runs in (moved by `cd`); undefined when unknowable. */
  cwd: string | undefined;
  /** Variables assigned earlier in the same command line (x=rm; $x …). */
  vars: Map<string, string>;
  /** `for x in …` variables and their items. */
  loops: Map<string, string[]>;
  errors: string[];
  nextPipeline: number;
  work: number;
  /** Substitutions analysed so far. */
  subsAnalysed: number;
  /** Analyse a nested shell script (bash -c, eval, heredoc to a shell, …). */
  recurse(text: string, level: Level): void;
}

export function fail(state: AnalyzeState, reason: string | undefined): void {
  if (reason && !state.errors.includes(reason)) state.errors.push(reason);
}

/** Level for something nested one step deeper under `via`, or undefined (with an error) past the cap. */
export function deeper(state: AnalyzeState, level: Level, via: string[], label: string): Level | undefined {
  if (level.depth + 1 > MAX_DEPTH) {
    fail(state, 'nesting too deep');
    return undefined;
  }
  return { depth: level.depth + 1, via: [...via, label] };
}
