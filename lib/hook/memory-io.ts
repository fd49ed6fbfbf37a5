// The hook runner's memory I/O: what the engine may read of the stores, the transcript and memory files, and the
// store updates a decision asks for, each under its store's lock. Never throws into the runner.

import { oneLine } from '../errors.js';
import type { MemoryAccess } from '../engine/deps.js';
import type { UnifiedRoutingDecision } from '../engine/types.js';
import type { HookwardenConfig } from '../config/types.js';
import { readProblem, readRegularFile } from '../fs/read.js';
import { expiriesDue, memoryScopes, type MemoryEvent } from '../memory/facts.js';
import { memoryContext } from '../memory/inject.js';
import { loadMemory, updateMemory } from '../memory/memory-file.js';
import { auditMemoryEvents } from './audit.js';
import type { Locations } from './locations.js';
import type { RuntimeDeps } from './runtime.js';
import { findToolUse } from './transcript.js';
import { agentOf } from '../vocab/agents.js';

/** Reads the memory paths may do, bounded and never throwing. */
export function memoryAccess(loc: Locations, note?: (line: string) => void): MemoryAccess {
  return {
    load: (scope) => loadMemory(loc.hookwardenHome, scope, loc.projectDir).file,
    readToolUse: (path, id) => findToolUse(path, id, undefined, note),
    readText: (path) => {
      // A path from the tool call: a FIFO or folder there is skipped with a note, never waited on.
      const r = readRegularFile(path, { maxBytes: 1024 * 1024 });
      if (r.status === 'ok') return r.bytes.toString('utf8');
      if (r.status !== 'missing') note?.(`${path} not read (${readProblem(r)})`);
      return undefined;
    },
  };
}

/** Applies the decision's memory changes, store by store, under each store's lock. */
export function recordMemory(loc: Locations, d: UnifiedRoutingDecision, now: number, config: HookwardenConfig): { events: MemoryEvent[]; problem: string } {
  const events: MemoryEvent[] = [];
  const problems: string[] = [];
  for (const scope of memoryScopes(config.memory)) {
    const changes = (d.memory?.changes ?? []).filter((c) => c.scope === scope).map((c) => c.change);
    if (!changes.length) continue;
    try {
      const u = updateMemory(loc.hookwardenHome, scope, loc.projectDir, changes, { now, config: config.memory });
      events.push(...u.events);
      if (u.note) problems.push(u.note);
    } catch (err) {
      problems.push(`memory not updated: ${oneLine(err)}`);
    }
  }
  for (const rule of new Set(events.map((e) => e.rule))) if (!d.audit.decisionRules.includes(rule)) d.audit.decisionRules.push(rule);
  return { events, problem: problems.join('; ') };
}

/** Session start: expiries due are applied (and audited), then the stored facts become the model's context. */
export function sessionStartMemory(loc: Locations, sessionId: string, rt: RuntimeDeps, config: HookwardenConfig): { context?: string; note: string } {
  const now = rt.now();
  const files = [];
  const problems: string[] = [];
  for (const scope of memoryScopes(config.memory)) {
    const loaded = loadMemory(loc.hookwardenHome, scope, loc.projectDir);
    let file = loaded.file;
    const note = loaded.note;
    if (note || expiriesDue(file, now, config.memory)) {
      try {
        const u = updateMemory(loc.hookwardenHome, scope, loc.projectDir, [], { now, config: config.memory });
        file = u.file;
        if (u.note) problems.push(u.note);
        const failed = auditMemoryEvents(loc.hookwardenHome, u.events, { sessionId, source: 'SessionStart', agent: agentOf(rt.agent) }, rt);
        if (failed) problems.push(`audit not written: ${failed}`);
      } catch (err) {
        problems.push(`memory not updated: ${oneLine(err)}`);
      }
    }
    files.push(file);
  }
  const context = memoryContext(files, config.memory.injectMaxChars);
  return { ...(context ? { context } : {}), note: problems.map((p) => `hookwarden: ${p}\n`).join('') };
}

