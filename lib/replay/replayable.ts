// Which audit lines can be replayed exactly, and the hook stdin each one is rebuilt into. Never guess: a line
// whose verdict the audit cannot reproduce (input masked, cut or left out; state of the session involved;
// not a routed decision at all) is skipped with a reason instead. docs/replay.md has the policy.

import { resolve } from 'node:path';
import type { AuditEventV1 } from '../audit/event.js';
import { LEVELS, type Level } from '../vocab/levels.js';
import { GRANT_APPLIED } from '../engine/session-gate.js';
import { INTERNAL_ERROR_ID } from '../engine/route.js';
import { hookForEvent, type HookName } from '../hook/hooks.js';
import { projectFromTranscript } from '../hook/locations.js';
import { APPROVAL_REMEMBERED } from '../hook/stages/effects.js';
import { PRIVATE_MARK } from '../analyzers/memory/text.js';
import { MEMORY_RULES } from '../memory/facts.js';
import { isCurrentSchema, type AuditLine } from './read.js';

/** Why a line was not replayed, in the order the checks run (the summary lists them in this order). */
export const SKIP_REASONS = {
  unreadable: 'not a JSON object (garbage in the file)',
  'partial-line': 'the last line of a file, cut short (a write interrupted)',
  'other-schema': 'another audit schema version than this hookwarden reads',
  malformed: 'an audit line with fields missing or of the wrong type',
  'not-a-decision': 'not a routed decision (memory, cli:*, SessionStart, rejected input)',
  'internal-error': 'the decision was an internal error, not a judgement',
  'input-dropped': 'the input was dropped from the audit (it could not be scrubbed)',
  'input-withheld': 'the tool input was withheld (a memory write needing consent)',
  'input-redacted': 'a secret in the input was masked; replaying the mask would not reproduce the secret match',
  'input-truncated': 'a string of the input was cut to the audit limit',
  'private-block': 'the prompt held <private> blocks, logged as [PRIVATE] only',
  'session-state': 'the verdict depended on session state (read-only mode, grants, remembered approvals)',
  'stop-session-state': 'a Stop is judged against the session (changed files, commands run); only stop_hook_active stops are replayed',
  'orchestrator-unusable': 'the logged orchestrator result cannot be answered again',
  'memory-file-state': 'a Write to a memory file is judged against the file\'s current text, which the audit does not hold',
  'replay-failed': 'replaying produced no decision (the hook rejected the rebuilt input or failed)',
} as const;

export type SkipReason = keyof typeof SKIP_REASONS;
export const SKIP_ORDER = Object.keys(SKIP_REASONS) as SkipReason[];

/** Rules a call adds after its verdict, by writing state (memory stores, remembered approvals). A what-if
 * replay writes nothing, so they are left out of the comparison. */
export function stateWrittenRule(rule: string): boolean {
  return rule === APPROVAL_REMEMBERED || (Object.values(MEMORY_RULES) as string[]).includes(rule);
}

/** The parts of an audit line replay reads, checked. */
export type LoggedDecision = Pick<
  AuditEventV1,
  'decision_id' | 'ts' | 'session_id' | 'event' | 'tool' | 'agent' | 'headless' | 'input' | 'registry_hash' | 'config_hash' | 'engine_version' | 'rules' | 'redactions' | 'session' | 'routing'
> & {
  verdict: Level;
  local: { matches: Array<{ id: string }> };
  orchestrator: AuditEventV1['orchestrator'];
};

export interface Replayable {
  kind: 'replayable';
  file: string;
  line: number;
  logged: LoggedDecision;
  hook: HookName;
  /** The hook's stdin rebuilt from the logged input. */
  stdin: string;
  input: Record<string, unknown>;
  time: number;
}

export interface Skipped {
  kind: 'skipped';
  file: string;
  line: number;
  reason: SkipReason;
  decision_id?: string;
  /** The line's time, when it has one (for --since). */
  time?: number;
  detail?: string;
}

const ROUTED = new Set(['PreToolUse', 'UserPromptSubmit', 'PostToolUse', 'PostToolUseFailure', 'Stop']);
const NOT_DECISION_RULES = new Set(['INPUT_REJECTED', 'INPUT_REJECTED_FAIL_CLOSED', 'SESSION_START']);
const TRUNCATED = /…\[\+\d+ chars\]$/u;
const PLACEHOLDERS = new Set(['[too deep]', '[circular]']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Undefined when every field replay needs is there with the right type; else what is wrong. */
function malformation(v: Record<string, unknown>): string | undefined {
  if (typeof v.decision_id !== 'string' || !v.decision_id) return 'decision_id';
  if (typeof v.ts !== 'string' || Number.isNaN(Date.parse(v.ts))) return 'ts';
  if (typeof v.event !== 'string') return 'event';
  if (typeof v.session_id !== 'string') return 'session_id';
  if (v.tool !== undefined && typeof v.tool !== 'string') return 'tool';
  if (!('input' in v)) return 'input';
  if (typeof v.registry_hash !== 'string') return 'registry_hash';
  if (typeof v.config_hash !== 'string') return 'config_hash';
  if (typeof v.verdict !== 'string' || !(LEVELS as readonly string[]).includes(v.verdict)) return 'verdict';
  if (!isStrings(v.rules)) return 'rules';
  if (!isStrings(v.redactions)) return 'redactions';
  const local = v.local;
  if (!isObject(local) || !Array.isArray(local.matches) || !local.matches.every((m) => isObject(m) && typeof m.id === 'string')) return 'local.matches';
  const o = v.orchestrator;
  if (!isObject(o) || typeof o.available !== 'boolean' || typeof o.source !== 'string') return 'orchestrator';
  if (v.session !== undefined && !isObject(v.session)) return 'session';
  if (v.routing !== undefined && (!isObject(v.routing) || !isStrings(v.routing.selected))) return 'routing';
  return undefined;
}

/** Some string or key of `v` ends in the audit's truncation marker, or a part was replaced by a placeholder. */
export function hasTruncation(v: unknown): boolean {
  if (typeof v === 'string') return TRUNCATED.test(v) || PLACEHOLDERS.has(v);
  if (Array.isArray(v)) return v.some(hasTruncation);
  if (isObject(v)) return Object.entries(v).some(([k, x]) => TRUNCATED.test(k) || hasTruncation(x));
  return false;
}

const isInputPath = (p: string): boolean => p === 'input' || p.startsWith('input.') || p.startsWith('input[') || p.startsWith('input:');

/** Replayable or skipped, for one line of an audit file. Checks run in SKIP_ORDER. */
export function classify(l: AuditLine): Replayable | Skipped {
  const at = { file: l.file, line: l.line };
  if (l.kind !== 'json') return { kind: 'skipped', ...at, reason: l.kind };
  const v = l.value;
  const id = typeof v.decision_id === 'string' && v.decision_id ? { decision_id: v.decision_id } : {};
  const t = typeof v.ts === 'string' ? Date.parse(v.ts) : Number.NaN;
  const when = Number.isNaN(t) ? {} : { time: t };
  const skip = (reason: SkipReason, detail?: string): Skipped => ({ kind: 'skipped', ...at, reason, ...id, ...when, ...(detail ? { detail } : {}) });
  if (!isCurrentSchema(v)) return skip('other-schema', `schema ${JSON.stringify(v.schema ?? null)}`);
  const bad = malformation(v);
  if (bad) return skip('malformed', `field ${bad}`);
  const e = v as unknown as LoggedDecision;
  if (!ROUTED.has(e.event)) return skip('not-a-decision', `event ${e.event}`);
  const notDecision = e.rules.find((r) => NOT_DECISION_RULES.has(r));
  if (notDecision) return skip('not-a-decision', `${e.event} ${notDecision}`);
  if (e.registry_hash === 'unavailable' || e.rules.some((r) => r.startsWith('INTERNAL_ERROR_')) || e.local.matches.some((m) => m.id === INTERNAL_ERROR_ID)) {
    return skip('internal-error');
  }
  if (e.input === null || !isObject(e.input) || e.redactions.some((r) => r.startsWith('input') && r.endsWith(':dropped'))) return skip('input-dropped');
  const input = e.input;
  if (typeof input.tool_input === 'string' && input.tool_input.startsWith('[withheld')) return skip('input-withheld');
  const masked = e.redactions.filter(isInputPath);
  if (masked.length) return skip('input-redacted', masked.join(', '));
  if (hasTruncation(input)) return skip('input-truncated');
  if (e.event === 'UserPromptSubmit' && typeof input.prompt === 'string' && input.prompt.includes(PRIVATE_MARK)) return skip('private-block');
  const s = e.session;
  if (s?.read_only || (Array.isArray(s?.grants_used) && s.grants_used.length) || e.rules.includes(GRANT_APPLIED) || e.rules.includes(APPROVAL_REMEMBERED)) {
    return skip('session-state', s?.read_only ? `read-only: ${s.read_only}` : s?.grants_used?.length ? 'grants used' : e.rules.find((r) => r === GRANT_APPLIED || r === APPROVAL_REMEMBERED));
  }
  if (e.event === 'Stop' && input.stop_hook_active !== true) return skip('stop-session-state');
  const hook = hookForEvent(e.event);
  if (!hook || input.hook_event_name !== e.event) return skip('malformed', 'input.hook_event_name');
  return { kind: 'replayable', ...at, logged: e, hook, stdin: JSON.stringify(input), input, time: t };
}

/** The project directory a logged call ran in: the transcript's folder names it (lib/hook/locations.ts), else the
 * cwd (what the hook itself uses when neither `$CLAUDE_PROJECT_DIR` nor a transcript says more). */
export function projectDirOf(input: Record<string, unknown>): string {
  const cwd = resolve(typeof input.cwd === 'string' && input.cwd ? input.cwd : '/');
  const tp = input.transcript_path;
  return projectFromTranscript(cwd, typeof tp === 'string' ? tp : undefined) ?? cwd;
}

const flat = (s: string, max: number): string => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/** A short description of what was judged: the command, the path, the prompt's start, or the tool input. */
export function targetOf(event: string, input: Record<string, unknown>, max = 80): string {
  if (event === 'UserPromptSubmit') return flat(String(input.prompt ?? ''), max);
  if (event === 'Stop') return input.stop_hook_active === true ? 'stop (stop_hook_active)' : 'stop';
  const ti = input.tool_input;
  if (isObject(ti)) {
    for (const k of ['command', 'file_path', 'notebook_path', 'path', 'url', 'pattern']) {
      const x = ti[k];
      if (typeof x === 'string' && x) return flat(x, max);
    }
  }
  if (ti === undefined) return '';
  return flat(JSON.stringify(ti) ?? '', max);
}
