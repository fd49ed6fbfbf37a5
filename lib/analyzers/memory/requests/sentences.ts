// Rule 4: the sentences of the masked text.

export interface Sentence {
  start: number;
  /** Exclusive, before the end mark. */
  end: number;
  question: boolean;
}

const ABBREVIATION_BEFORE_DOT = /(?:^|[\s(])(?:e\.g|i\.e|vs|cf|approx|incl|a\.k\.a)$/iu;

/** Rule 4: sentences of the masked text, trimmed, empty ones left out. */
export function sentencesOf(masked: string, truncated: boolean): Sentence[] {
  const out: Sentence[] = [];
  let from = 0;
  const push = (end: number, question: boolean, next: number): void => {
    let s = from;
    let e = end;
    while (s < e && /\s/u.test(masked[s]!)) s++;
    while (e > s && /\s/u.test(masked[e - 1]!)) e--;
    if (e > s) out.push({ start: s, end: e, question });
    from = next;
  };
  const re = /(?<![.!?])[.!?]+[)\]]*(?=\s|$)|\r\n|\n|\r/gu;
  for (let m = re.exec(masked); m; m = re.exec(masked)) {
    if (m[0][0] === '\n' || m[0][0] === '\r') {
      push(m.index, false, m.index + m[0].length);
      continue;
    }
    if (m[0][0] === '.' && m[0].length === 1) {
      const before = masked.slice(Math.max(0, m.index - 12), m.index);
      if (ABBREVIATION_BEFORE_DOT.test(before)) continue;
    }
    // A mark at the cut is no sentence end: the prompt went on ("config." of "config.ts").
    if (truncated && m.index + m[0].length === masked.length) return out;
    push(m.index, m[0].includes('?'), m.index + m[0].length);
  }
  if (truncated) return out;
  push(masked.length, false, masked.length);
  return out;
}
