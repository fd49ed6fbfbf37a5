// Rule 5: every match of the active cues in one sentence.

import { toRegExp } from '../../../registry/regex.js';
import type { CompiledMemoryCue } from '../../../registry/types.js';
import type { Sentence } from './sentences.js';

export interface Candidate {
  cue: CompiledMemoryCue;
  order: number;
  start: number;
  end: number;
  /** The `fact` / `id` group. */
  gStart: number;
  gEnd: number;
}

/** Every match of the active cues in one sentence (rule 5). */
export function candidatesIn(masked: string, s: Sentence, cues: readonly CompiledMemoryCue[], gates: boolean): Candidate[] {
  const text = masked.slice(s.start, s.end);
  const lower = gates ? text.toLowerCase() : '';
  const out: Candidate[] = [];
  cues.forEach((cue, i) => {
    if (gates && !cue.keywords.some((k) => lower.includes(k))) return;
    const group = cue.op === 'approve' || cue.op === 'reject' ? 'id' : 'fact';
    cue.cues.forEach((src, j) => {
      const re = toRegExp(src, 'dg');
      for (let m = re.exec(text); m; m = re.exec(text)) {
        if (m[0].length === 0) {
          re.lastIndex++;
          continue;
        }
        const g = m.indices?.groups?.[group];
        if (!g || g[1] <= g[0]) continue;
        out.push({ cue, order: i * 1000 + j, start: s.start + m.index, end: s.start + m.index + m[0].length, gStart: s.start + g[0], gEnd: s.start + g[1] });
      }
    });
  });
  return out.sort((a, b) => a.start - b.start || a.order - b.order);
}
