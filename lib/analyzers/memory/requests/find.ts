// The memory requests and consent answers of a prompt: bound, private text, then sentence by sentence (rules 1,
// 2, 17).

import type { CompiledMemoryCue } from '../../../registry/types.js';
import { factKey, stripPrivate } from '../text.js';
import { acceptRequests } from './accept.js';
import { collectAnswers } from './answers.js';
import { candidatesIn } from './candidates.js';
import { factsOf } from './facts.js';
import { ITEM_ID_ANYWHERE } from './ids.js';
import { maskQuoted } from './mask-quoted.js';
import { sentencesOf } from './sentences.js';
import type { ConsentAnswer, FindOptions, MemoryRequest } from './types.js';

/** Only this many leading characters of a prompt are read. */
export const MAX_CHARS = 20_000;

/** False when no cue of a list can be active in the prompt: it holds none of `words`, the union of the cues'
 * keywords, as the gate of findMemoryRequests reads it (the first MAX_CHARS, lowercased). */
export function mayHoldCue(prompt: string, words: readonly string[]): boolean {
  if (!prompt) return false;
  const lower = (prompt.length > MAX_CHARS ? prompt.slice(0, MAX_CHARS) : prompt).toLowerCase();
  for (let i = 0; i < words.length; i++) if (lower.includes(words[i] as string)) return true;
  return false;
}

/** The memory requests and consent answers a prompt makes (rules above). */
export function findMemoryRequests(
  prompt: string,
  cues: readonly CompiledMemoryCue[],
  options: FindOptions = {},
): { requests: MemoryRequest[]; answers: ConsentAnswer[] } {
  const none = { requests: [], answers: [] };
  if (!prompt || cues.length === 0) return none;
  const gates = options.gates ?? true;
  const truncated = prompt.length > MAX_CHARS;
  const bounded = truncated ? prompt.slice(0, MAX_CHARS) : prompt;
  // The gate first: most prompts hold no cue, and a cue regex costs far more to compile than a substring test.
  let active: CompiledMemoryCue[] = [...cues];
  if (gates) {
    const lower = bounded.toLowerCase();
    const hasId = bounded.includes('m-') && ITEM_ID_ANYWHERE().test(bounded);
    active = cues.filter((c) => (c.op === 'approve' || c.op === 'reject' ? hasId : true) && c.keywords.some((k) => lower.includes(k)));
    if (active.length === 0) return none;
  }
  const text = stripPrivate(bounded);
  const masked = maskQuoted(text);
  const requests: MemoryRequest[] = [];
  const seen = new Set<string>();
  const answers = new Map<string, ConsentAnswer & { at: number }>();
  for (const s of sentencesOf(masked, truncated)) {
    const cands = candidatesIn(masked, s, active, gates);
    if (cands.length === 0) continue;
    const asks = cands.filter((c) => c.cue.op === 'remember' || c.cue.op === 'forget');
    for (const a of acceptRequests(masked, s, asks)) {
      const op = a.cand.cue.op as MemoryRequest['op'];
      const found = factsOf(text.slice(a.cand.gStart, a.factEnd), op, masked.slice(a.leadStart, a.cand.gStart));
      if (!found) continue;
      for (const fact of found.facts) {
        const key = `${op}\u0000${found.scope}\u0000${factKey(fact)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        requests.push({ op, fact, cue: a.cand.cue.id, scope: found.scope });
      }
    }
    const replies = cands.filter((c) => c.cue.op === 'approve' || c.cue.op === 'reject');
    if (replies.length) collectAnswers(masked, s, replies, answers);
  }
  const ordered = [...answers.values()].sort((a, b) => a.at - b.at).map(({ op, id, cue }) => ({ op, id, cue }));
  return { requests, answers: ordered };
}
