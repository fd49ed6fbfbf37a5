// Filters: which events a filter lets through (time arguments: time.ts).

import { LEVELS, type Level } from '../../vocab/levels.js';
import type { AuditEventV1 } from '../event.js';
import { decisionRules, matchedRules } from './event-fields.js';

export interface AuditFilter {
  /** Inclusive lower bound on the event time, ms. */
  since?: number;
  /** Exclusive upper bound, ms. */
  until?: number;
  /** A session id or the start of one. */
  session?: string;
  verdicts?: ReadonlySet<string>;
  /** A rule id (matched pattern or decision rule), or a pack prefix ("bash-filesystem" or "bash-filesystem/"). */
  rule?: string;
  /** Tool name, case-insensitive. */
  tool?: string;
  /** The host that called (`agent`; a hook line without one is Claude Code's, a person's `cli:` line is no host's). */
  agent?: string;
}

/** The host an audit line names: its `agent`, else Claude Code for a hook's line (written before hosts were named);
 * a person's CLI line (`cli:…`, or a memory change made at the CLI) has none. */
export function hostOf(ev: AuditEventV1): string | undefined {
  if (typeof ev.agent === 'string' && ev.agent) return ev.agent;
  if (String(ev.event).startsWith('cli:') || ev.session_id === 'cli') return undefined;
  return 'claude-code';
}

export const isLevel = (v: string): v is Level => (LEVELS as readonly string[]).includes(v);

export function ruleMatches(id: string, wanted: string): boolean {
  if (wanted.endsWith('/')) return id.startsWith(wanted);
  return id === wanted || id.startsWith(`${wanted}/`);
}

/** Whether an event passes every filter but the time range (see inRange). */
export function matchesFilter(ev: AuditEventV1, f: AuditFilter): boolean {
  if (f.session !== undefined && !(typeof ev.session_id === 'string' && ev.session_id.startsWith(f.session))) return false;
  if (f.verdicts && !f.verdicts.has(ev.verdict)) return false;
  if (f.agent !== undefined && hostOf(ev) !== f.agent) return false;
  if (f.tool !== undefined && (typeof ev.tool !== 'string' || ev.tool.toLowerCase() !== f.tool.toLowerCase())) return false;
  if (f.rule !== undefined) {
    const wanted = f.rule;
    if (![...matchedRules(ev), ...decisionRules(ev)].some((r) => ruleMatches(r, wanted))) return false;
  }
  return true;
}

export function inRange(t: number, f: AuditFilter): boolean {
  return (f.since === undefined || t >= f.since) && (f.until === undefined || t < f.until);
}
