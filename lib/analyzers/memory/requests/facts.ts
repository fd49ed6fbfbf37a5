// Rules 12-13, 15: the fact of an accepted cue, trimmed and normalised, or no request.

import { lazy } from '../../../vocab/lazy.js';
import { hasLetterOrNumber } from '../../../text/letters.js';
import { normaliseFact, PRIVATE_MARK } from '../text.js';
import { ID_AT_START_ANY_CASE, ITEM_ID, LIST_NEXT } from './ids.js';
import { alternation } from './phrases.js';
import { GLOBAL_WORD, takeScope, USER_ANYWHERE } from './scope.js';
import type { MemoryRequest } from './types.js';

/** Trailing words dropped from a fact (rule 12). */
export const TRAILING_ANY = [
  'please', 'pls', 'plz', 'thanks', 'thank you', 'thx', 'ty', 'cheers', 'for me', 'for the future', 'for later',
  'for future reference', 'for next time', 'from now on', 'from here on', 'from here on out', 'going forward',
  'moving forward', 'henceforth',
] as const;
// Separator runs are entered only at their start (the lookbehinds): a long run of commas or spaces must not be
// re-scanned from every position in it.
const TRAIL_ANY = lazy((): RegExp => new RegExp(`(?:^|(?<![\\s,;:!–—-])[\\s,;:!–—-]+)(?:${alternation(TRAILING_ANY)})[\\s!.,;:]*$`, 'iu'));
const TRAIL_COMMA = /(?<![\s,;–—])\s*[,;–—]\s*(?:ok|okay|in\s+(?:the\s+)?future|if\s+possible|if\s+you\s+can)[\s!.,;:]*$/iu;
const LEAD_PLEASE = lazy(() => /^(?:please|pls|plz|kindly)(?![\p{L}\p{N}_])[\s,]*/iu);
/** "forget that I said we use yarn": what to forget is what was said. */
const LEAD_REPORT = /^(?:i|we)\s+(?:said|told\s+you|mentioned|wrote)\s+(?:that\s+)?(?=\S)/iu;
const TEMPORARY = lazy(
  () => /(?<![\p{L}\p{N}_])(?:for\s+now|for\s+the\s+moment|for\s+a\s+(?:moment|bit|sec(?:ond)?|while)|temporarily|just\s+this\s+(?:once|time)|for\s+this\s+(?:session|task|turn|conversation|chat|pr))[\s!.,;:)]*$/iu,
);
const PRONOUN_ONLY =
  /^(?:it|this|that|these|those|them|this one|that one|everything|anything|all|all of (?:it|this|that|them)|all that|all this|the above|above|so|what i said|what you said|this stuff|that stuff|me)$/iu;
const TRAILING_EMOJI = /(?<![\s\p{Extended_Pictographic}\uFE0F\u200D])[\s\p{Extended_Pictographic}\uFE0F\u200D]+$/u;
/** A run this long of spaces and . , ; : is not writing (and would cost normaliseFact a quadratic scan). */
const PUNCTUATION_RUN = /[\s.,;:]{64}/u;

/** Rules 12–13, 15: the facts of one accepted cue (more than one only for a list of item ids). */
export function factsOf(raw: string, op: 'remember' | 'forget', leadAndCue: string): { facts: string[]; scope: MemoryRequest['scope'] } | undefined {
  const oneLine = raw.replace(/\s+/gu, ' ');
  if (PUNCTUATION_RUN.test(oneLine)) return undefined;
  const scoped = takeScope(oneLine);
  const user = scoped.user || USER_ANYWHERE().test(leadAndCue) || GLOBAL_WORD().test(leadAndCue);
  let f = scoped.fact;
  for (let prev = ''; prev !== f; ) {
    prev = f;
    f = f.replace(TRAIL_ANY(), '').replace(TRAIL_COMMA, '').replace(LEAD_PLEASE(), '').replace(TRAILING_EMOJI, '');
    if (op === 'forget') f = f.replace(LEAD_REPORT, '');
  }
  if (TEMPORARY().test(f)) return undefined;
  f = normaliseFact(f);
  if (f.endsWith(')') && !f.includes('(')) f = normaliseFact(f.slice(0, -1));
  const scope = user ? 'user' : 'project';
  if (ID_AT_START_ANY_CASE().test(f)) {
    if (op === 'remember' || !ITEM_ID.test(f.slice(0, 12))) return undefined;
    const ids = [f.slice(0, 12)];
    const next = LIST_NEXT();
    next.lastIndex = 12;
    for (let m = next.exec(f); m; m = next.exec(f)) ids.push(m[1]!);
    return { facts: [...new Set(ids)], scope };
  }
  if (f.length < 2 || PRONOUN_ONLY.test(f) || !hasLetterOrNumber(f.split(PRIVATE_MARK).join(''))) return undefined;
  return { facts: [f], scope };
}
