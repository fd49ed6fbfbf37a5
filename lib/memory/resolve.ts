// Reading a pending proposal again at approval time. A pending item holds no text: the fact is read from the
// tool call in the agent's transcript and accepted only if it hashes to the pending item's hash, so the user's
// consent covers exactly the content they were shown — not whatever the model might write next.

import { proposedFacts } from '../analyzers/memory/proposals.js';
import type { CompiledMemoryTarget } from '../registry/types.js';
import { factHash, type PendingFact } from './facts.js';

export type ToolUseReader = (transcriptPath: string, toolUseId: string) => { name: string; input: Record<string, unknown> } | undefined;

export function pendingText(p: PendingFact, read: ToolUseReader, targets: readonly CompiledMemoryTarget[]): { text: string } | { error: string } {
  const { transcriptPath, toolUseId } = p.origin;
  if (!transcriptPath || !toolUseId) return { error: `${p.id} was proposed without a transcript to read it from again` };
  const use = read(transcriptPath, toolUseId);
  if (!use) return { error: `the proposal of ${p.id} (tool call ${toolUseId}) is no longer in the transcript ${transcriptPath}` };
  const shape = targets.find((t) => t.id === p.origin.target)?.shape ?? 'strings';
  // Every line counts here (the file may have changed since): only the one with the pending hash is taken.
  const found = proposedFacts(shape, use.name, use.input, '').facts.find((f) => factHash(f.text) === p.hash);
  return found ? { text: found.text } : { error: `the tool call ${toolUseId} no longer holds the fact ${p.id} was made for` };
}
