// The entry point: the first segment a detector matches, in analysis order, becomes the plan — a rewrite
// when the bounded form can replace the whole command exactly, else an ask with the bounded form as a hint.

import { programFamily } from '../tables.js';
import type { Segment, ShellAnalysis } from '../types.js';
import { detectorFor } from './detectors.js';
import { render, standsAlone } from './rewrite.js';
import type { Detection, InteractivePlan } from './types.js';

export function planInteractive(command: string, analysis: ShellAnalysis, opts: { runInBackground?: boolean }): InteractivePlan | undefined {
  if (opts.runInBackground || analysis.parseError || typeof command !== 'string') return undefined;
  for (const seg of analysis.segments) {
    if (seg.wrappers.includes('timeout')) continue; // already bounded by the caller
    const detect = detectorFor(programFamily(seg.program));
    const found = detect?.(seg, analysis);
    if (found) return toPlan(seg, found, analysis);
  }
  return undefined;
}

function toPlan(seg: Segment, d: Detection, analysis: ShellAnalysis): InteractivePlan {
  const matched = render({ argv: seg.argv }, false) as string;
  const base = { ruleId: d.ruleId, matched, reason: d.reason };
  if (!d.bounded) return { kind: 'ask', ...base, hint: d.hint };
  const shown = render(d.bounded, false) as string;
  const hint = `Use \`${shown}\` instead of \`${matched}\`${d.hint ? `, ${d.hint}` : ''}.`;
  const exact = standsAlone(seg, analysis, d.owns) ? render(d.bounded, true) : undefined;
  if (exact === undefined) return { kind: 'ask', ...base, hint };
  const suffix = seg.redirects.map((r) => `${r.op}${r.target}`);
  return { kind: 'rewrite', ...base, command: [exact, ...suffix].join(' '), hint };
}
