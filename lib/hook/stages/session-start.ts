// SessionStart is not routed: it prunes (audit retention, old sessions), injects the memory facts the user
// approved, tells the user about configuration problems, and leaves one audit line.

import { pruneAuditFiles } from '../../audit/retention.js';
import type { HookwardenConfig } from '../../config/types.js';
import { oneLine } from '../../errors.js';
import { adapterFor } from '../../protocol/adapters.js';
import type { SessionStartInput } from '../../protocol/claude-code/schema.js';
import { pruneSessions } from '../../session/session-file.js';
import { auditRejectedInput } from '../audit.js';
import { heartbeatName } from '../heartbeat.js';
import type { HookName } from '../hooks.js';
import type { Locations } from '../locations.js';
import { sessionStartMemory } from '../memory-io.js';
import type { HookRun, RuntimeDeps } from '../runtime.js';
import type { PreparedCall } from './prepare.js';

/** Events at which old session files are pruned: it reads the whole sessions folder, so not on tool calls, and on
 * prompts and Stops at most every PRUNE_EVERY_MS (session-file.ts). */
export const PRUNE_EVENTS: ReadonlySet<string> = new Set(['SessionStart', 'UserPromptSubmit', 'Stop']);

/** Prunes old session files (`throttled`: unless pruned lately); a failure is a problem line, or undefined. */
export function pruneQuietly(loc: Locations, now: number, config: HookwardenConfig, throttled = false): string | undefined {
  try {
    pruneSessions(loc.hookwardenHome, now, config.session, throttled);
    return undefined;
  } catch (err) {
    return `old session files not pruned: ${oneLine(err)}`;
  }
}

export function sessionStart(hook: HookName, input: SessionStartInput, loc: Locations, p: PreparedCall, rt: RuntimeDeps, started: number): HookRun {
  const { config } = p.cfg;
  const prune = p.stateful ? pruneQuietly(loc, rt.now(), config) : undefined;
  // Audit retention: daily files past audit.retentionDays go at session start (never today's file).
  if (p.stateful) pruneAuditFiles(loc.hookwardenHome, rt.now(), config.audit.retentionDays);
  const memory = p.stateful && config.memory.enabled ? sessionStartMemory(loc, input.session_id, rt, config) : { note: '' };
  const notice = p.issues.length ? `hookwarden found problems in its configuration and is running without them: ${p.issues.join('; ')}` : undefined;
  const run = adapterFor(rt.agent).renderSessionStart(notice, memory.context);
  const failed = p.stateful ? auditRejectedInput(hook, 'SessionStart', null, rt, started, input.session_id, p.issues, p.policy) : undefined;
  const lines = [...p.issues.map((i) => `hookwarden: ${i}\n`), prune ? `hookwarden: ${prune}\n` : '', memory.note, failed ? `hookwarden: audit not written: ${failed}\n` : ''];
  return { ...run, stderr: run.stderr + lines.join(''), ...(p.stateful ? { beat: heartbeatName(rt.agent ?? 'claude-code', 'SessionStart') } : {}) };
}
