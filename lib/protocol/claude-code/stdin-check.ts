// Claude Code's stdin accepted without zod: the same fields and types as the zod schemas in schema.ts, and the
// same object out (the schema's keys first, in its order, then the others, as zod's loose objects build it). A hook
// call loads zod only when this refuses, to word the refusal; test/protocol/stdin-check.test.ts checks the two agree
// on generated inputs. Measured: zod's module set-up and one event schema were ~3 ms of every hook call.

import type { SupportedEvent } from './schema.js';

type Check = (v: unknown) => boolean;
/** A field: its key, what it accepts, and (for a nested loose object) how its value is copied. */
type Field = readonly [key: string, check: Check, copy?: (v: unknown) => unknown];

const str: Check = (v) => typeof v === 'string';
const optional =
  (c: Check): Check =>
  (v) =>
    v === undefined || c(v);
/** Any value, but the key must be there (zod's required z.unknown()). */
const present: Check = (v) => v !== undefined;
const any: Check = () => true;
const num: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const bool: Check = (v) => typeof v === 'boolean';
const literal =
  (l: string): Check =>
  (v) =>
    v === l;
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const MCP_SERVER: readonly Field[] = [['name', optional(str)]];

const BASE: readonly Field[] = [
  ['session_id', str],
  ['transcript_path', optional(str)],
  ['cwd', str],
  ['prompt_id', optional(str)],
  ['permission_mode', optional(str)],
  ['agent_id', optional(str)],
  ['agent_type', optional(str)],
];

const TOOL: readonly Field[] = [
  ...BASE,
  ['tool_name', str],
  ['tool_input', present],
  ['tool_use_id', optional(str)],
  ['mcp_server', optional(isPlainObject), (v) => (v === undefined ? v : copyLoose(MCP_SERVER, v as Record<string, unknown>))],
];

const SHAPES: Record<SupportedEvent, readonly Field[]> = {
  PreToolUse: [...TOOL, ['hook_event_name', literal('PreToolUse')]],
  PostToolUse: [...TOOL, ['hook_event_name', literal('PostToolUse')], ['tool_response', any], ['duration_ms', optional(num)]],
  PostToolUseFailure: [...TOOL, ['hook_event_name', literal('PostToolUseFailure')], ['error', str], ['is_interrupt', optional(bool)], ['duration_ms', optional(num)]],
  UserPromptSubmit: [...BASE, ['hook_event_name', literal('UserPromptSubmit')], ['prompt', str], ['source', optional(str)]],
  Stop: [...BASE, ['hook_event_name', literal('Stop')], ['stop_hook_active', optional(bool)], ['last_assistant_message', optional((v) => v === null || typeof v === 'string')]],
  SessionStart: [...BASE, ['hook_event_name', literal('SessionStart')], ['source', optional(str)], ['model', optional(str)]],
};

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

function copyLoose(fields: readonly Field[], input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const known = new Set<string>();
  for (const [key, , copy] of fields) {
    known.add(key);
    if (has(input, key)) out[key] = copy ? copy(input[key]) : input[key];
  }
  for (const key of Object.keys(input)) if (!known.has(key)) out[key] = input[key];
  return out;
}

function accepts(fields: readonly Field[], input: Record<string, unknown>): boolean {
  for (const [key, check, copy] of fields) {
    const v = input[key];
    if (!check(v)) return false;
    if (copy === undefined || v === undefined) continue;
    if (!isPlainObject(v) || has(v, '__proto__') || !accepts(MCP_SERVER, v)) return false;
  }
  return true;
}

/** The event's stdin as the schema would return it, or null when the schema must judge (and word) it. */
export function checkStdin(event: SupportedEvent, input: unknown): Record<string, unknown> | null {
  // An own "__proto__" key (JSON.parse makes one) is left to zod, whose copy of it is its own business.
  if (!isPlainObject(input) || has(input, '__proto__')) return null;
  const fields = SHAPES[event];
  return accepts(fields, input) ? copyLoose(fields, input) : null;
}
