// What every host's renderer shares: the hook output triple, the field cap, and the texts a decision becomes
// (with hints for the user, short for the model, its injections as context).

import type { FinalDecision } from '../engine/types.js';

export interface HookOutput {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Claude Code replaces strings over 10,000 characters with a file preview; stay under it ourselves. */
export const MAX_FIELD_CHARS = 9_000;

export function clip(text: string): string {
  return text.length > MAX_FIELD_CHARS ? `${text.slice(0, MAX_FIELD_CHARS - 20)}… [truncated]` : text;
}

/** Where in a command a match was ("(segment 2 (via bash -c))"): for `explain` and the audit, not the reason. */
const SEGMENT = ' (segment ';

function withoutSegments(text: string): string {
  let at = text.indexOf(SEGMENT);
  if (at < 0) return text;
  let out = '';
  let from = 0;
  while (at >= 0) {
    let i = at + SEGMENT.length;
    if (!/\d/.test(text[i] ?? '')) {
      out += text.slice(from, i);
      from = i;
    } else {
      // Skip to the parenthesis that closes this one ("via" lists nest one level).
      let depth = 1;
      while (i < text.length && depth > 0) {
        const c = text[i++];
        if (c === '(') depth += 1;
        else if (c === ')') depth -= 1;
      }
      out += text.slice(from, at);
      from = i;
    }
    at = text.indexOf(SEGMENT, from);
  }
  return out + text.slice(from);
}

/**
 * The text a person or the model reads: what happened, the rule id of each pattern and the hint. The merge rules'
 * names ("Rules: LOCAL_BLOCK_STANDS.") and the segment a match was in belong to `explain` and the audit line.
 */
export function plain(text: string): string {
  return withoutSegments(text.includes(' Rules: ') ? text.replace(/ Rules: [A-Z0-9_]+(?:, [A-Z0-9_]+)*\./g, '') : text);
}

/** The decision's message as the user reads it (systemMessage, user_message). */
export function message(d: FinalDecision): string {
  return clip(plain(d.message));
}

/** The reason with its hints: what happened, the rule ids, and what to do. */
export function withHints(d: FinalDecision): string {
  const text = plain(d.message);
  return clip(d.hints.length ? `${text} Hint: ${d.hints.join(' ')}` : text);
}

export function context(d: FinalDecision): string | undefined {
  return d.injections.length ? clip(d.injections.map(plain).join('\n')) : undefined;
}
