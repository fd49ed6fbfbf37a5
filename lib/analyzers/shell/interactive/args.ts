// Argument and pipeline helpers shared by the detectors: where a segment's input comes from and its
// output goes, info-only flags, operands.

import type { Segment, ShellAnalysis } from '../types.js';

/** Nothing later in the same pipeline reads this segment's output. */
export function isLastStage(seg: Segment, analysis: ShellAnalysis): boolean {
  return !analysis.segments.some((s) => s.pipeline === seg.pipeline && s.stage > seg.stage);
}

function redirectsStdout(seg: Segment): boolean {
  return seg.redirects.some((r) => /^1?>|^&>/.test(r.op));
}

/** Its stdin is not the terminal: a pipe, a here-string/heredoc or an input redirect. */
export function hasFedStdin(seg: Segment): boolean {
  return seg.stdin !== undefined || seg.stage > 0 || seg.redirects.some((r) => /^0?</.test(r.op));
}

/** Output goes straight to the caller, where a pager or an endless stream would sit. */
export function outputIsDirect(seg: Segment, analysis: ShellAnalysis): boolean {
  return isLastStage(seg, analysis) && !redirectsStdout(seg);
}

/** Only prints a version or usage. Short forms differ per program (`mysql -h` is a host), so they are passed in. */
const INFO_FLAGS: ReadonlySet<string> = new Set(['--version', '--help']);
export function asksForInfo(flags: ReadonlySet<string>, extra: readonly string[] = []): boolean {
  return [...flags].some((f) => INFO_FLAGS.has(f) || extra.includes(f));
}

/** Non-option words; `valued` options (exact words) take the next word as their value. */
export function operandsOf(argv: readonly string[], valued: ReadonlySet<string>): string[] {
  const out: string[] = [];
  let endOfOptions = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (endOfOptions || a === '-' || !a.startsWith('-')) out.push(a);
    else if (a === '--') endOfOptions = true;
    else if (valued.has(a)) i++;
  }
  return out;
}

/** No options at all (no valued options, no groups). */
export const NONE: ReadonlySet<string> = new Set();
