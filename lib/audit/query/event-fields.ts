// What an event says, read defensively: its time, the rules it matched or was decided by, and what it was about.

import type { AuditEventV1 } from '../event.js';

/** Event time in ms; an unreadable `ts` counts as the start of its file's day. */
export function eventTime(ev: AuditEventV1, fallback = 0): number {
  const t = Date.parse(ev.ts);
  return Number.isFinite(t) ? t : fallback;
}

/** Matched pattern ids, each once. */
export function matchedRules(ev: AuditEventV1): string[] {
  const ids = Array.isArray(ev.local?.matches) ? ev.local.matches.map((m) => m?.id).filter((id): id is string => typeof id === 'string') : [];
  return [...new Set(ids)];
}

/** Decision rules, each once. */
export function decisionRules(ev: AuditEventV1): string[] {
  return Array.isArray(ev.rules) ? [...new Set(ev.rules.filter((r): r is string => typeof r === 'string'))] : [];
}

// ---------------------------------------------------------------------------------------------------------------
// What an event was about, for tables

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The Bash command, file path, URL, prompt or memory item an event was about ("" when none). */
export function targetOf(ev: AuditEventV1): string {
  const input = ev.input;
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    const i = input as Record<string, unknown>;
    const ti = i.tool_input;
    if (typeof ti === 'string') return ti;
    if (ti && typeof ti === 'object' && !Array.isArray(ti)) {
      const t = ti as Record<string, unknown>;
      const direct = str(t.command) ?? str(t.file_path) ?? str(t.notebook_path) ?? str(t.path) ?? str(t.url) ?? str(t.pattern) ?? str(t.query);
      if (direct !== undefined) return direct;
      return JSON.stringify(t).slice(0, 300);
    }
    const prompt = str(i.prompt);
    if (prompt !== undefined) return prompt;
    const msg = str(i.last_assistant_message);
    if (msg !== undefined) return msg;
  }
  if (ev.memory) return [ev.memory.id, ev.memory.preview].filter(Boolean).join(' ');
  if (typeof ev.input === 'string') return ev.input;
  return '';
}
