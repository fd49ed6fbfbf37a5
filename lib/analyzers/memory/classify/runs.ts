// Runs of name-shaped words (rule 4).

import { PARTICLES } from './name-words.js';
import type { Token } from './tokens.js';

export interface Run {
  /** Token indexes [from, to] inclusive. */
  from: number;
  to: number;
  hasKnown: boolean;
}

/** Runs of name-shaped words (rule 4); a run ends after trailing punctuation or a possessive. */
export function runsOf(tokens: readonly Token[]): Run[] {
  const runs: Run[] = [];
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (!t.candidate) {
      i++;
      continue;
    }
    const run: Run = { from: i, to: i, hasKnown: t.known };
    let j = i;
    while (!tokens[j]!.trail && !tokens[j]!.possessive && run.to - run.from < 5) {
      const next = tokens[j + 1];
      const afterParticle = tokens[j + 2];
      if (next?.candidate && !next.lead) {
        j++;
      } else if (next && !next.lead && !next.trail && PARTICLES.has(next.core) && afterParticle?.candidate && !afterParticle.lead) {
        j += 2; // "Ludwig van Beethoven"
      } else break;
      run.to = j;
      run.hasKnown ||= tokens[j]!.known;
    }
    runs.push(run);
    i = j + 1;
  }
  return runs;
}
