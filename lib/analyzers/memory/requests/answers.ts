// Rule 16: consent answers (approve / reject an item id).

import type { Candidate } from './candidates.js';
import { lazy } from '../../../vocab/lazy.js';
import { exactId, LIST_NEXT } from './ids.js';
import { leadOk, leadText, POLITE_ANY } from './lead.js';
import type { Sentence } from './sentences.js';
import type { ConsentAnswer } from './types.js';

/** Words that make the clause before a consent cue not an answer (rule 16). */
const ANSWER_BLOCK = lazy(
  () => /(?<![\p{L}\p{N}_])(?:not|never|no\s+need|should|shall|would|might|may|maybe|perhaps|if|whether|when|why|how|what|which|later|will|wait|before|after|unless|until|did|going\s+to|i['’]ll|we['’]ll)(?![\p{L}\p{N}_])|n['’]t(?![\p{L}\p{N}_])/iu,
);
/** Words after an answer that defer or condition it ("approve m-… later", "keep m-… pending", "… if it is mine"). */
const ANSWER_DEFERRED = lazy(
  () => /^\s*,?\s*(?:pending|for\s+now|for\s+later|later|tomorrow|open|undecided|on\s+hold|until|once|when|if|after|unless|\?)(?![\p{L}\p{N}_])/iu,
);
/** A joining word at the start of an answer's clause ("keep m-… but discard m-…"). */
const ANSWER_JOIN = lazy(() => /^\s*(?:but|and|then|also)(?![\p{L}\p{N}_])/iu);
/** "I approve m-…": a first-person subject before a performative verb is the answer itself. */
const FIRST_PERSON = /^\s*(?:i|we)(?:\s+(?:hereby|also|do))?\s*$/iu;
const PERFORMATIVE = lazy(() => /^(?:approve|accept|confirm|reject|decline|discard|deny|refuse)(?![\p{L}\p{N}_])/iu);

/** Rule 16: the answers of one sentence, recorded into `answers` (first place kept, reject wins). */
export function collectAnswers(masked: string, s: Sentence, cands: readonly Candidate[], answers: Map<string, ConsentAnswer & { at: number }>): void {
  let clauseFloor = s.start;
  for (const c of cands) {
    if (c.start < clauseFloor || !exactId(masked, c.gStart, c.gEnd)) continue;
    const before = masked.slice(s.start, c.start);
    if (ANSWER_BLOCK().test(before)) continue;
    if (s.question && !POLITE_ANY().test(before)) continue;
    const from = Math.max(clauseFloor, s.start + Math.max(before.lastIndexOf(','), before.lastIndexOf(';'), before.lastIndexOf(':')) + 1);
    const lead = leadText(masked, from, c.start, from === s.start).replace(ANSWER_JOIN(), '');
    if (!leadOk(lead) && !(FIRST_PERSON.test(lead) && PERFORMATIVE().test(masked.slice(c.start, c.end)))) continue;
    const op = c.cue.op as ConsentAnswer['op'];
    const ids: Array<[string, number]> = [[masked.slice(c.gStart, c.gEnd), c.gStart]];
    let end = c.end;
    if (c.gEnd === c.end) {
      const next = LIST_NEXT();
      next.lastIndex = end;
      for (let m = next.exec(masked); m && m.index + m[0].length <= s.end; m = next.exec(masked)) {
        end = m.index + m[0].length;
        ids.push([m[1]!, end - m[1]!.length]);
      }
    }
    if (ANSWER_DEFERRED().test(masked.slice(end, s.end))) continue;
    clauseFloor = end;
    for (const [id, at] of ids) {
      const had = answers.get(id);
      if (!had) answers.set(id, { op, id, cue: c.cue.id, at });
      else if (had.op === 'approve' && op === 'reject') answers.set(id, { op, id, cue: c.cue.id, at: had.at });
    }
  }
}
