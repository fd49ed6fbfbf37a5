// Rules 6, 7, 16: who is asking, the text before a cue that may only hold OPENERS and a POLITE frame.

import { lazy } from '../../../vocab/lazy.js';
import { alternation } from './phrases.js';
import { USER_SCOPE_PHRASE } from './scope.js';

/** Words a lead may hold (rule 6). No entry is a sequence of others ("and also" is "and" + "also"): an ambiguous
 * list would make the lead regex backtrack exponentially on a long lead that fails. */
export const OPENERS = [
  'please', 'pls', 'plz', 'kindly', 'also', 'and', 'plus', 'oh', 'ok', 'okay', 'alright', 'all right', 'actually',
  'no', 'wait', 'right', 'so', 'now', 'then', 'just', 'btw', 'by the way', 'hey', 'hi', 'hello', 'claude',
  'one more thing', 'one last thing', 'another thing', 'finally', 'lastly', 'important', 'fyi', 'ps', 'p.s.',
  'heads up', 'quick note', 'for the record', 'thanks', 'thank you', 'great', 'perfect', 'cool', 'nice', 'awesome',
  'good', 'sure', 'yes', 'yeah', 'yep', 'got it', 'always', 'from now on', 'from here on', 'from here on out',
  'going forward', 'moving forward', 'in future', 'in the future', 'henceforth', 'for future reference',
  'for later', 'for the future', 'for this project', 'for this repo', 'for this repository', 'for this codebase',
  'in this project', 'in this repo', 'in this repository', 'in this codebase', 'for the project', 'for our project',
  'here', 'globally', 'everywhere',
] as const;

/** Frames that ask politely (rules 6, 7, 16). */
export const POLITE = [
  'can you', 'could you', 'would you', 'will you', 'i want you to', "i'd like you to", 'i would like you to',
  'i need you to',
] as const;

const SEP = '[\\s,;:!.–—-]';
const LEAD_OK = lazy((): RegExp => new RegExp(
  `^${SEP}*(?:(?:${alternation(OPENERS)}|${USER_SCOPE_PHRASE})(?=${SEP}|$)${SEP}*)*` +
    `(?:(?:${alternation(POLITE)})(?:\\s+(?:please|also|always|just))*\\s*)?$`,
  'iu',
));
export const POLITE_ANY = lazy((): RegExp => new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternation(POLITE)})(?![\\p{L}\\p{N}_])`, 'iu'));
/** Layout before the first word of a line: list and heading marks, task boxes, bold marks, emoji. */
const LEAD_LAYOUT = /^(?:\s|[-*+•>#]|\d{1,3}[.)](?=\s)|\[[ xX]\]|_{2}|\p{Extended_Pictographic}|\uFE0F)+/u;

export const leadOk = (lead: string): boolean => LEAD_OK().test(lead);

/** The lead of a cue: the text from `from` to the cue, without line layout when it starts the sentence. */
export function leadText(masked: string, from: number, to: number, atSentenceStart: boolean): string {
  const t = masked.slice(from, to);
  return atSentenceStart ? t.replace(LEAD_LAYOUT, '') : t;
}
