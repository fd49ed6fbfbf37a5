// Stage 9, audit: one line for the decision (its input as the audit keeps it, redacted with every value found in
// the call), then one per memory outcome. A write that fails is a problem, never a verdict.

import type { KnownSecrets } from '../../analyzers/secrets/detect.js';
import { stripPrivate } from '../../analyzers/memory/text.js';
import type { UnifiedRoutingDecision } from '../../engine/types.js';
import type { MemoryEvent } from '../../memory/facts.js';
import type { HookStdin } from '../../protocol/claude-code/schema.js';
import type { CompiledSecret } from '../../registry/types.js';
import { auditDecision, auditMemoryEvents } from '../audit.js';
import type { Locations } from '../locations.js';
import type { Prepared, RuntimeDeps } from '../runtime.js';
import { auditError, type CallProblems } from './problems.js';
import type { Clean } from './redact.js';
import { agentOf } from '../../vocab/agents.js';

/** The hook input as the audit keeps it: private prompt blocks replaced, and the tool input of a memory write
 * that holds facts needing consent (or a credential) left out entirely. */
function auditInput(input: HookStdin, d: UnifiedRoutingDecision): unknown {
  if (d.memory?.withheld && 'tool_input' in input) return { ...input, tool_input: '[withheld: a memory write holding facts that need consent]' };
  if ('prompt' in input && typeof input.prompt === 'string') return { ...input, prompt: stripPrivate(input.prompt) };
  return input;
}

export interface AuditCall {
  loc: Locations;
  input: HookStdin;
  decision: UnifiedRoutingDecision;
  prepared: Prepared;
  rt: RuntimeDeps;
  started: number;
  secrets: CompiledSecret[];
  known?: KnownSecrets;
  memoryEvents: MemoryEvent[];
  clean: Clean;
}

export function auditCall(c: AuditCall, problems: CallProblems): void {
  const error = auditError(problems);
  const failed = auditDecision(c.loc, c.decision, {
    event: c.input.hook_event_name,
    registryHash: c.prepared.reg.registry.hash,
    configHash: c.prepared.cfg.hash,
    policy: { ...c.prepared.policy, ...(c.prepared.reg.registry.layers ? { layers: c.prepared.reg.registry.layers } : {}) },
    engineVersion: c.rt.engineVersion,
    latencyMs: c.rt.now() - c.started,
    rawInput: auditInput(c.input, c.decision),
    secrets: c.secrets,
    ...(c.known?.size ? { known: c.known } : {}),
    ...(error ? { error } : {}),
    agent: agentOf(c.rt.agent),
  });
  const memoryFailed = c.memoryEvents.length
    ? auditMemoryEvents(c.loc.hookwardenHome, c.memoryEvents, { sessionId: c.input.session_id, decisionId: c.decision.audit.decisionId, source: c.input.hook_event_name, agent: agentOf(c.rt.agent) }, c.rt, c.clean)
    : undefined;
  const audit = failed ?? memoryFailed;
  if (audit) problems.audit = audit;
}
