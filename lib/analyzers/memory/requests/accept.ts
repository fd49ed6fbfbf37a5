// Rules 6-8, 11: the cues of one sentence that make requests (lead, questions, infinitives, several cues).

import { lazy } from '../../../vocab/lazy.js';
import type { Candidate } from './candidates.js';
import { leadOk, leadText, POLITE_ANY } from './lead.js';
import { alternation } from './phrases.js';
import type { Sentence } from './sentences.js';

/** Durable markers that make "remember to X" a memory request (rule 8). */
export const DURABLE = [
  'always', 'never', 'every time', 'each time', 'whenever', 'from now on', 'from here on', 'going forward',
  'moving forward', 'in future', 'in the future', 'henceforth', 'before every', 'after every', 'on every',
  'for every', 'in every', 'for all future',
] as const;
const DURABLE_RE = lazy((): RegExp => new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternation(DURABLE)})(?![\\p{L}\\p{N}_])`, 'iu'));

/** Where a later cue may split an earlier fact (rule 11). */
const SPLIT_AT = lazy(() => /^(?:[,;:–—]|\s+(?:and|also|then|plus)(?![\p{L}\p{N}_]))/iu);

export interface Accepted {
  cand: Candidate;
  leadStart: number;
  factEnd: number;
}

/** Rules 7–8: may this cue, with this lead, make a request in this sentence? */
function admissible(c: Candidate, masked: string, leadStart: number, s: Sentence): boolean {
  if (s.question && !POLITE_ANY().test(masked.slice(leadStart, c.gStart))) return false;
  if (c.cue.op === 'remember' && /(?<![\p{L}\p{N}_])to\s*$/iu.test(masked.slice(c.start, c.gStart))) {
    if (!DURABLE_RE().test(masked.slice(s.start, s.end))) return false;
  }
  return true;
}

/** A lead of OPENERS longer than this is not looked for when a cue splits an earlier fact. */
const MAX_SPLIT_LEAD = 200;

/** Rule 11: the leftmost point in [from, to) where a later cue may split an earlier fact. */
function splitPoint(masked: string, from: number, to: number): number | undefined {
  for (let p = Math.max(from + 1, to - MAX_SPLIT_LEAD); p < to; p++) {
    const ch = masked[p]!;
    if (!/[\s,;:–—]/u.test(ch)) continue;
    if (!SPLIT_AT().test(masked.slice(p, Math.min(to, p + 8)))) continue;
    if (leadOk(masked.slice(p, to))) return p;
  }
  return undefined;
}

/** Rules 6, 11: the cues of one sentence that make requests. */
export function acceptRequests(masked: string, s: Sentence, cands: readonly Candidate[]): Accepted[] {
  const accepted: Accepted[] = [];
  for (const c of cands) {
    const factEnd = c.gEnd < c.end ? c.gEnd : s.end;
    const prev = accepted[accepted.length - 1];
    if (prev && c.start < prev.factEnd) {
      if (c.start < prev.cand.gStart || c.gStart === prev.cand.gStart) continue;
      if (leadOk(masked.slice(prev.cand.gStart, c.start))) {
        if (admissible(c, masked, prev.leadStart, s)) accepted[accepted.length - 1] = { cand: c, leadStart: prev.leadStart, factEnd };
        continue;
      }
      const p = splitPoint(masked, prev.cand.gStart, c.start);
      if (p === undefined || !admissible(c, masked, p, s)) continue;
      prev.factEnd = p;
      accepted.push({ cand: c, leadStart: p, factEnd });
      continue;
    }
    if (prev && c.start < prev.cand.end) continue;
    const leadStart = prev ? Math.max(prev.cand.end, prev.factEnd) : s.start;
    if (!leadOk(leadText(masked, leadStart, c.start, !prev))) continue;
    if (!admissible(c, masked, leadStart, s)) continue;
    accepted.push({ cand: c, leadStart, factEnd });
  }
  return accepted;
}
