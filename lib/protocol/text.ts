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

export function withHints(d: FinalDecision): string {
  return clip(d.hints.length ? `${d.message} Hint: ${d.hints.join(' ')}` : d.message);
}

/** The merge rules' names ("Rules: LOCAL_BLOCK_STANDS.") are for the audit and the user; the model acts on the
 * finding, its pattern id and the hint. Text the model reads as context stays short without them. */
export function forModel(d: FinalDecision): string {
  const message = d.message.replace(/ Rules: [A-Z0-9_]+(?:, [A-Z0-9_]+)*\./g, '');
  return clip(d.hints.length ? `${message} Hint: ${d.hints.join(' ')}` : message);
}

export function context(d: FinalDecision): string | undefined {
  return d.injections.length ? clip(d.injections.join('\n')) : undefined;
}
