// Prompt cues that change a session's mode ("just investigate" → read-only for the turn). A cue that the
// same sentence negates ("don't just investigate, fix it") does not count.

import { regexFor } from '../../registry/ascii-twin.js';
import { lazy } from '../../vocab/lazy.js';
import { mightMatch } from '../../registry/regex-literal.js';
import type { CompiledMode } from '../../registry/types.js';

export interface ModeCue {
  id: string;
  mode: CompiledMode['mode'];
  cue: string;
}

/** Words right before a cue that turn it around: "don't just look", "not read-only", "no need to investigate". Built
 * on first use, like every regex with a Unicode property class (test/architecture.test.ts). */
const NEGATED_BEFORE = lazy(() => /(?:\bnot|n't|\bnever|\bno need to|\binstead of|\brather than)\s+(?:\p{L}+\s+)?$/iu);
/** The text of the cue's sentence before it. */
const sentenceBefore = (text: string, at: number): string => text.slice(0, at).split(/[.!?\n]/).pop() ?? '';

/** The mode cue the prompt ends on, or undefined: with both kinds present, the one written last is the user's
 * latest word ("look first, don't change anything" vs "just investigate, then you can make changes"). */
export function matchModeCue(prompt: string, patterns: readonly CompiledMode[]): ModeCue | undefined {
  let best: (ModeCue & { at: number }) | undefined;
  for (const p of patterns) {
    if (!mightMatch(p.cues, prompt)) continue;
    const { re, text } = regexFor(p.cues, prompt, 'g');
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (NEGATED_BEFORE().test(sentenceBefore(prompt, m.index))) continue;
      if (!best || m.index > best.at) best = { id: p.id, mode: p.mode, cue: m[0].toLowerCase(), at: m.index };
      break;
    }
  }
  if (!best) return undefined;
  const { at: _at, ...cue } = best;
  return cue;
}
