// The plan handed to the engine, and what a per-tool detector reports about one segment.

import type { Segment, ShellAnalysis } from '../types.js';

export interface InteractivePlan {
  /** 'rewrite': a bounded equivalent exists; 'ask': no safe rewrite. */
  kind: 'rewrite' | 'ask';
  /** Stable rule id, e.g. "interactive/follow-log", "interactive/pager", "interactive/editor", "interactive/repl", "interactive/watch", "interactive/monitor" */
  ruleId: string;
  /** What was matched, e.g. "tail -f app.log" */
  matched: string;
  /** One-sentence reason for the model, e.g. "tail -f never exits; the call would hang until the tool times out." */
  reason: string;
  /** kind 'rewrite': the complete new command string. */
  command?: string;
  /** A hint the model can follow, e.g. "Use tail -n 200 app.log, or run it with run_in_background." */
  hint: string;
}

/** A bounded replacement for one segment: words to quote (with an optional env prefix), or shell text as is. */
export type Bounded = { argv: string[]; env?: string } | { text: string };

export interface Detection {
  ruleId: string;
  reason: string;
  /** Advice when there is no bounded form; with one, a trailing alternative ("or run it with …"). */
  hint: string;
  bounded?: Bounded;
  /** `via` label of nested segments that belong to this one (watch's inner command). */
  owns?: string;
}

export type Detector = (seg: Segment, analysis: ShellAnalysis) => Detection | undefined;
