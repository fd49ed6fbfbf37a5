// Prompt intents: cue words and phrases on word boundaries ("perform" is not "rm", "show" is not "how").

import type { Match } from '../../engine/types.js';
import { toRegExp } from '../../registry/regex.js';
import type { CompiledIntent } from '../../registry/types.js';

export function matchIntents(prompt: string, patterns: CompiledIntent[]): Match[] {
  const out: Match[] = [];
  for (const p of patterns) {
    const m = toRegExp(p.cues).exec(prompt);
    if (!m) continue;
    out.push({
      id: p.id,
      kind: 'intent',
      severity: p.severity,
      action: p.action,
      message: p.message,
      hint: p.hint,
      matched: m[0].toLowerCase(),
    });
  }
  return out;
}
