// Prompt intents: cue words and phrases on word boundaries ("perform" is not "rm", "show" is not "how"), and
// paraphrases matched on stems in any order ("our API key ended up in a public gist").

import type { Match } from '../../vocab/match.js';
import { regexFor } from '../../registry/ascii-twin.js';
import { mightMatch } from '../../registry/regex-literal.js';
import type { CompiledIntent } from '../../registry/types.js';
import { wordsByStem } from '../routing/tokens.js';

/** The prompt's words that fill the first paraphrase whose every slot has one of its stems in the prompt
 * ("key … public"), or undefined. */
function phraseIn(p: CompiledIntent, promptWords: () => ReadonlyMap<string, string>): string | undefined {
  const byStem = promptWords();
  const hit = p.phrases?.find((ph) => ph.slots.every((alts) => alts.some((a) => byStem.has(a))));
  return hit?.slots.map((alts) => byStem.get(alts.find((a) => byStem.has(a))!)!).join(' … ');
}

/** The first match of a cue regex, lower-cased. */
function cueIn(cues: CompiledIntent['cues'], prompt: string): string | undefined {
  const { re, text } = regexFor(cues, prompt);
  return re.exec(text)?.[0].toLowerCase();
}

export function matchIntents(prompt: string, patterns: CompiledIntent[]): Match[] {
  const out: Match[] = [];
  let cached: Map<string, string> | undefined;
  // Stemmed once, and only when a pattern with paraphrases needs it (most prompts match a cue or nothing).
  const promptStems = (): Map<string, string> => (cached ??= wordsByStem(prompt));
  for (const p of patterns) {
    const cue = mightMatch(p.cues, prompt) ? cueIn(p.cues, prompt) : undefined;
    const m = cue ?? phraseIn(p, promptStems);
    if (!m) continue;
    out.push({
      id: p.id,
      kind: 'intent',
      severity: p.severity,
      action: p.action,
      message: p.message,
      hint: p.hint,
      matched: m,
    });
  }
  return out;
}
