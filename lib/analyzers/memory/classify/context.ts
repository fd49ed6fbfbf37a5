// Rules 4a and 4b: the context before and after a run that makes it a possible name (cues, titles, relations,
// verbs, states, residence, entity types).

import {
  PERSON_STATES,
  PERSON_TYPES,
  POSSESSIVES,
  POST_CUES,
  PRE_CUES,
  RELATION_LINKS,
  RELATIONS,
  RESIDENCE,
  RESIDENCE_PREPS,
  TITLES,
} from './name-words.js';
import type { Run } from './runs.js';
import type { Token } from './tokens.js';

/** Pre-cue phrases as token sequences, longest first. */
const PRE_SEQUENCES: readonly string[][] = [...PRE_CUES].map((c) => c.split(' ')).sort((a, b) => b.length - a.length);

/** Do the tokens right before index `at` spell a cue, without punctuation between? Each cue token is written in
 * lower case, or opens the sentence (in a Title Case line only when the cue has several words). */
function cueBefore(tokens: readonly Token[], at: number, titleCase: boolean): boolean {
  for (const seq of PRE_SEQUENCES) {
    const from = at - seq.length;
    if (from < 0) continue;
    let ok = true;
    for (let k = 0; k < seq.length && ok; k++) {
      const t = tokens[from + k]!;
      const opensSentence = t.initial && (!titleCase || seq.length > 1);
      ok = !t.code && t.lower === seq[k] && !t.trail && !t.possessive && (t.lowerCase || opensSentence);
    }
    if (ok) return true;
  }
  return false;
}

/** Is token `i` a relation/role word usable as a cue ("my wife", "manager is", "Owner:")? 'strong' when a possessive
 * stands right before it or one word before it ("my older sister"). */
function relationAt(tokens: readonly Token[], i: number, titleCase: boolean): 'strong' | 'weak' | undefined {
  const t = tokens[i];
  if (!t || t.code || !RELATIONS.has(t.lower) || !(t.lowerCase || (t.initial && !titleCase))) return undefined;
  const p1 = tokens[i - 1];
  const p2 = tokens[i - 2];
  const possessed = (p: Token | undefined): boolean => !!p && !p.trail && (POSSESSIVES.has(p.lower) || p.possessive);
  return possessed(p1) || (possessed(p2) && !p1!.trail) ? 'strong' : 'weak';
}

/** Rule 4a: the context before a run. */
export function contextBefore(tokens: readonly Token[], run: Run, titleCase: boolean): 'strong' | 'weak' | undefined {
  const at = run.from;
  const prev = tokens[at - 1];
  if (!prev || tokens[at]!.lead) return undefined;
  if (TITLES.has(prev.lower) && (prev.trail === '' || prev.trail === '.')) return 'strong';
  // "my wife Anna", "manager is Priya", "Owner: Dana", "my wife, Anna", "colleague named Sam"
  if (!prev.trail || prev.trail === ':' || prev.trail === ',') {
    // A role label ("Owner: Dana Novak") counts in a Title Case line too.
    const direct = relationAt(tokens, at - 1, titleCase && prev.trail !== ':');
    if (direct) return direct;
  }
  if (!prev.trail && RELATION_LINKS.has(prev.lower)) {
    const linked = relationAt(tokens, at - 2, titleCase);
    if (linked && !tokens[at - 2]!.trail) return linked;
  }
  return cueBefore(tokens, at, titleCase) ? 'weak' : undefined;
}

/** Rule 4b: the context after a run. */
export function contextAfter(tokens: readonly Token[], run: Run, titleCase: boolean): 'strong' | 'weak' | undefined {
  const last = tokens[run.to]!;
  if (last.possessive) return 'weak';
  const next = tokens[run.to + 1];
  if (!next || next.code) return undefined;
  // `Anna (person)`: an entity type in brackets
  if (!last.trail && next.lead.startsWith('(') && PERSON_TYPES.has(next.lower) && next.trail.startsWith(')')) return 'strong';
  // "Anna: prefers tabs" (a sentence-initial entity name and its observation)
  const colon = last.trail === ':' && tokens[run.from]!.initial;
  if (last.trail && !colon) {
    // "Dana, my manager, …"
    if (last.trail === ',' && relationAt(tokens, run.to + 2, titleCase) === 'strong') return 'weak';
    return undefined;
  }
  if (!next.lowerCase || next.lead) return undefined;
  if (POST_CUES.has(next.lower)) return 'weak';
  if (next.trail) return undefined;
  const after = tokens[run.to + 2];
  if (next.lower === 'works' || next.lower === 'worked' || next.lower === 'work') {
    return after && ['at', 'for', 'as'].includes(after.lower) ? 'weak' : undefined;
  }
  if (next.lower === 'and' && after && (after.lower === 'i' || after.lower === 'me')) return 'weak';
  if (next.lower === 'is' || next.lower === 'was') {
    if (!after || after.code) return undefined;
    // "is my manager", "is our CTO", "is my older brother"
    if (POSSESSIVES.has(after.lower) && !after.trail) {
      if (relationAt(tokens, run.to + 3, false) || relationAt(tokens, run.to + 4, false)) return 'weak';
    }
    const two = tokens[run.to + 3];
    if (PERSON_STATES.has(after.lower) || (!after.trail && two && PERSON_STATES.has(`${after.lower} ${two.lower}`))) return 'weak';
    if (after.lower === 'born') return 'weak';
    return undefined;
  }
  // "Anna lives in Porto", "Li moved to 12 Rua …", "Sam grew up in Leeds"
  if (RESIDENCE.has(next.lower)) {
    let k = run.to + 2;
    if (tokens[k]?.lower === 'up') k++;
    const prep = tokens[k];
    const obj = tokens[k + 1];
    if (prep && RESIDENCE_PREPS.has(prep.lower) && !prep.trail && obj && !obj.code) {
      if ((obj.candidate && !obj.known) || /^\p{N}/u.test(obj.core)) return 'weak';
    }
  }
  return undefined;
}
