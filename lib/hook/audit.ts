// Audit glue for the hook runner: one line per decision, and one per input that could not be judged.
// A failing audit write is reported on stderr by the caller's notes, never turned into a verdict.

import { isoUtc } from '../vocab/iso-time.js';
import { redactSecrets, type KnownSecrets } from '../analyzers/secrets/detect.js';
import { AUDIT_SCHEMA_VERSION, buildAuditEvent, type AuditEventV1, type AuditMeta } from '../audit/event.js';
import { writeAuditEvent } from '../audit/write.js';
import type { UnifiedRoutingDecision } from '../engine/types.js';
import type { MemoryEvent } from '../memory/facts.js';
import type { HookwardenError } from '../errors.js';
import type { CompiledSecret } from '../registry/types.js';
import { hookwardenHome } from '../audit/paths.js';
import { agentOf } from '../vocab/agents.js';
import type { Locations } from './locations.js';
import { GUARD_HOOKS } from './hooks.js';
import type { RuntimeDeps } from './runtime.js';

/** The audit metadata with the registry's secret patterns in place of a redactor function. */
export type DecisionAuditMeta = Omit<AuditMeta, 'redact'> & { secrets: CompiledSecret[]; known?: KnownSecrets };

export function auditDecision(loc: Locations, d: UnifiedRoutingDecision, meta: DecisionAuditMeta): string | undefined {
  const { secrets, known, ...rest } = meta;
  const ev = buildAuditEvent(d, { ...rest, redact: (s) => redactSecrets(s, secrets, known) });
  return writeAuditEvent(loc.hookwardenHome, ev, new Date(d.audit.timestamp));
}

/** An audit line that is not a routed decision: no input kept, nothing matched, no orchestrator. */
function plainEvent(rt: Pick<RuntimeDeps, 'newId' | 'engineVersion'>, now: number, sessionId: string, event: string): AuditEventV1 {
  return {
    schema: AUDIT_SCHEMA_VERSION,
    decision_id: rt.newId(),
    ts: isoUtc(new Date(now).getTime()),
    session_id: sessionId,
    event,
    input: null,
    registry_hash: 'unavailable',
    config_hash: 'unavailable',
    engine_version: rt.engineVersion,
    local: { matches: [], max_severity: 'none', level: 'silent', confidence: 0 },
    orchestrator: { available: false, source: 'none', unavailable_reason: 'not consulted', latency_ms: 0 },
    rules: [],
    verdict: 'silent',
    confidence: 0,
    latency_ms: 0,
    redactions: [],
  };
}

/** Inputs rejected before routing (and SessionStart notes): recorded without their payload. */
export function auditRejectedInput(
  hook: string,
  event: string,
  err: HookwardenError | null,
  rt: RuntimeDeps,
  started: number,
  sessionId = 'unknown',
  issues: string[] = [],
  policy?: { revision: string; bundleRevision?: string },
): string | undefined {
  const now = rt.now();
  const failClosed = err !== null && GUARD_HOOKS.has(hook);
  const ev: AuditEventV1 = {
    ...plainEvent(rt, now, sessionId, event),
    agent: agentOf(rt.agent),
    ...(policy ? { policy_revision: policy.revision, ...(policy.bundleRevision !== undefined ? { bundle_revision: policy.bundleRevision } : {}) } : {}),
    rules: [failClosed ? 'INPUT_REJECTED_FAIL_CLOSED' : err ? 'INPUT_REJECTED' : 'SESSION_START'],
    verdict: failClosed ? 'block' : 'silent',
    latency_ms: now - started,
    ...(err ? { error: `${err.code}: ${err.message}` } : issues.length ? { error: issues.join('; ') } : {}),
    redactions: err ? ['input:dropped'] : [],
  };
  return writeAuditEvent(hookwardenHome(rt.env), ev, new Date(now));
}

/** A change a person made to a session from the CLI (mode, grant, revoke): one line, event "cli:<command>". */
export function auditSessionChange(home: string, sessionId: string, command: string, notes: string[], rt: Pick<RuntimeDeps, 'now' | 'newId' | 'engineVersion'>): string | undefined {
  const now = rt.now();
  const ev: AuditEventV1 = {
    ...plainEvent(rt, now, sessionId, `cli:${command}`),
    rules: [`SESSION_${command.toUpperCase()}`],
    ...(notes.length ? { session: { notes } } : {}),
  };
  return writeAuditEvent(home, ev, new Date(now));
}

/** One line per memory event (stored, pending, approved, rejected, forgotten, expired, evicted, refused), event
 * "memory", the rule naming what happened; `cause.agent` names the host when a hook call caused it (a person at the
 * CLI is no host). `clean` redacts every string once more. Returns the first failure. */
export function auditMemoryEvents(
  home: string,
  events: readonly MemoryEvent[],
  cause: { sessionId: string; decisionId?: string; source: string; agent?: string },
  rt: Pick<RuntimeDeps, 'now' | 'newId' | 'engineVersion'>,
  clean: (s: string) => string = (s) => s,
): string | undefined {
  let failure: string | undefined;
  for (const e of events) {
    const now = rt.now();
    const o = e.origin;
    const ev: AuditEventV1 = {
      ...plainEvent(rt, now, e.sessionId ?? cause.sessionId, 'memory'),
      ...(cause.agent ? { agent: cause.agent } : {}),
      rules: [e.rule],
      memory: {
        id: e.id,
        scope: e.scope,
        consent: e.consent,
        ...(e.class ? { class: e.class } : {}),
        ...(e.categories?.length ? { categories: e.categories } : {}),
        ...(e.preview !== undefined ? { preview: clean(e.preview) } : {}),
        ...(o ? { origin: { kind: o.kind, ...(o.tool ? { tool: o.tool } : {}), ...(o.path ? { path: clean(o.path) } : {}), ...(o.toolUseId ? { tool_use_id: o.toolUseId } : {}) } } : {}),
        ...(e.reason ? { reason: clean(e.reason) } : {}),
        decision: cause.decisionId ?? cause.source,
      },
    };
    failure ??= writeAuditEvent(home, ev, new Date(now));
  }
  return failure;
}
