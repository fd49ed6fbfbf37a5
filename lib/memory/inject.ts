// What a new session is told about hookwarden's memory (SessionStart additionalContext): the stored facts,
// newest first, up to memory.injectMaxChars, and how many items wait for the user's consent. Facts from files the
// agent loads itself (CLAUDE.md) are left out: the agent already reads them there.

import type { MemoryFile, StoredFact } from './facts.js';

export function memoryContext(stores: readonly MemoryFile[], maxChars: number): string | undefined {
  if (maxChars <= 0) return undefined;
  const facts: Array<StoredFact & { scope: string }> = stores
    .flatMap((s) => s.facts.map((f) => ({ ...f, scope: s.scope })))
    .filter((f) => !f.origin.loadedByAgent)
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const pending = stores.flatMap((s) => s.pending);
  if (!facts.length && !pending.length) return undefined;
  const head = 'hookwarden memory: facts the user asked to keep or approved (`hookwarden memory list` shows them all).';
  const lines: string[] = [];
  let used = head.length;
  let shown = 0;
  for (const f of facts) {
    const line = `- ${f.text} (${f.id}${f.scope === 'user' ? ', all projects' : ''})`;
    if (used + line.length + 1 > maxChars) break;
    lines.push(line);
    used += line.length + 1;
    shown += 1;
  }
  if (shown < facts.length) lines.push(`(${facts.length - shown} older facts not shown)`);
  if (pending.length) {
    const ids = pending.slice(0, 5).map((p) => p.id).join(', ');
    lines.push(
      `${pending.length} proposed sensitive ${pending.length === 1 ? 'fact waits' : 'facts wait'} for the user's consent (${ids}${pending.length > 5 ? ', …' : ''}): ` +
        'the user replies "approve <id>" or "reject <id>", or runs `hookwarden memory approve <id>`.',
    );
  }
  return [head, ...lines].join('\n');
}
