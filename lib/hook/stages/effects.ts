// Stage 7, apply effects: what the decision asks to change, applied to the files' current state under their locks.
// Memory first: when the store cannot be written, the session keeps the proposals for the next Stop. The verdict
// stands either way (state is advisory to the next call); what went wrong is returned as problems.

import type { HookwardenConfig } from '../../config/types.js';
import type { UnifiedRoutingDecision } from '../../engine/types.js';
import { oneLine } from '../../errors.js';
import type { MemoryEvent } from '../../memory/facts.js';
import { updateSession, type LoadedSession } from '../../session/session-file.js';
import type { Locations } from '../locations.js';
import { recordMemory } from '../memory-io.js';
import type { CallProblems } from './problems.js';
import type { Clean } from './redact.js';

export const APPROVAL_REMEMBERED = 'APPROVAL_REMEMBERED';

/** Applies memory changes, then session effects. Returns the memory events to audit. */
export function applyEffects(
  loc: Locations,
  sessionId: string,
  d: UnifiedRoutingDecision,
  loaded: LoadedSession | undefined,
  now: number,
  config: HookwardenConfig,
  clean: Clean,
  problems: CallProblems,
): MemoryEvent[] {
  const memory = d.memory?.changes.length ? recordMemory(loc, d, now, config) : { events: [], problem: '' };
  if (memory.problem) {
    d.effects = d.effects?.filter((e) => e.type !== 'memoryFlushed');
    problems.memory = memory.problem;
  }
  const session = recordSession(loc, sessionId, d, loaded, now, config, clean);
  if (session) problems.session = session;
  return memory.events;
}

/** A copy of plain data with every string passed through `f`. */
function mapStrings<T>(v: T, f: (s: string) => string): T {
  if (typeof v === 'string') return f(v) as T;
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f)) as T;
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapStrings(x, f)])) as T;
  }
  return v;
}

/** Applies the decision's session effects under the session lock and records what changed in its audit.
 * Returns a one-line problem, or ''. */
function recordSession(
  loc: Locations,
  sessionId: string,
  d: UnifiedRoutingDecision,
  loaded: LoadedSession | undefined,
  now: number,
  config: HookwardenConfig,
  clean: Clean,
): string {
  const notes = loaded?.note ? [loaded.note] : [];
  let problem = '';
  if (d.effects?.length) {
    try {
      // Stored text is redacted again with every value found in this call (our patterns and secretlint's).
      const effects = mapStrings(d.effects, clean);
      const u = updateSession(loc.hookwardenHome, sessionId, loc.projectDir, effects, now, config.session);
      if (u.note && !notes.includes(u.note)) notes.push(u.note);
      notes.push(...u.notes);
      if (u.created.some((g) => g.source === 'approval')) d.audit.decisionRules.push(APPROVAL_REMEMBERED);
    } catch (err) {
      problem = `session state not updated: ${oneLine(err)}`;
    }
  }
  if (notes.length) d.audit.session = { ...d.audit.session, notes: [...(d.audit.session?.notes ?? []), ...notes] };
  return problem || (loaded?.refused ? `session state not used: ${loaded.refused}` : '');
}
