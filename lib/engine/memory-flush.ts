// After a memory-writing tool call: PostToolUse marks the proposal's tool as run, and Stop stores the turn's low
// facts whose tool ran (consent `auto-low`) and records the others as refused. Kept apart from memory-tool.ts so
// the PostToolUse and Stop bundles carry no classifier.

import type { FactOrigin, ScopedChange } from '../memory/facts.js';
import type { SessionEffect } from '../session/state.js';
import type { CallContext, EngineDeps } from './deps.js';
import type { UnifiedRoutingDecision } from './types.js';

/** PostToolUse: the proposal's tool ran. */
export function memoryRan(ctx: CallContext, deps: EngineDeps): SessionEffect | undefined {
  const id = ctx.toolUseId;
  return id && deps.session?.proposals?.some((p) => p.toolUseId === id) ? { type: 'memoryRan', toolUseId: id } : undefined;
}

/** Stop: the turn's low proposals whose tool ran are stored; the others are dropped. Both are audited. */
export function flushProposals(d: UnifiedRoutingDecision, ctx: CallContext, deps: EngineDeps): void {
  const proposals = deps.session?.proposals ?? [];
  if (!proposals.length || !deps.config.memory.enabled) return;
  const changes: ScopedChange[] = [];
  for (const p of proposals) {
    const origin: FactOrigin = {
      kind: 'tool',
      sessionId: ctx.sessionId,
      tool: p.tool,
      toolUseId: p.toolUseId,
      target: p.target,
      ...(p.path ? { path: p.path } : {}),
      ...(p.loadedByAgent ? { loadedByAgent: true } : {}),
    };
    for (const f of p.facts) {
      changes.push({
        scope: 'project',
        change: p.ran
          ? { op: 'store', fact: { ...f, class: 'low', categories: [], origin }, consent: 'auto-low' }
          : { op: 'refuse', id: f.id, class: 'low', categories: [], preview: f.text, reason: 'the tool call did not run (denied, failed or interrupted)', origin, consent: 'none' },
      });
    }
  }
  d.memory = { changes: [...(d.memory?.changes ?? []), ...changes] };
  d.effects = [...(d.effects ?? []), { type: 'memoryFlushed', toolUseIds: proposals.map((p) => p.toolUseId) }];
}
