// Stage 1, parse: stdin bytes → one of this hook's events, or the reason it cannot be judged. Size first (nothing
// is decoded past the limit), then JSON, then the event's schema (stdin-check.ts; zod words a refusal). An event
// the hook does not take is no opinion.

import { HookwardenError, oneLine, type ErrorCode } from '../../errors.js';
import { schemaFor, type HookStdin, type SupportedEvent } from '../../protocol/claude-code/schema.js';
import type { Adapter } from '../../protocol/adapter.js';
import { claudeCode } from '../../protocol/claude-code/adapter.js';
import { checkStdin } from '../../protocol/claude-code/stdin-check.js';
import { GUARD_HOOKS, HOOKS, hookTakes, type HookName } from '../hooks.js';

export const MAX_GUARD_BYTES = 4 * 1024 * 1024;
export const MAX_OBSERVER_BYTES = 32 * 1024 * 1024;

export type Parsed =
  | { kind: 'input'; input: HookStdin }
  /** Another hook's event: no opinion. */
  | { kind: 'not-ours' }
  /** `event`: the event the input named, when this hook takes it (the rejection is audited under it). */
  | { kind: 'rejected'; error: HookwardenError; event?: string };

export function parse(hook: HookName, raw: Buffer | string, adapter: Adapter = claudeCode): Parsed {
  const size = typeof raw === 'string' ? Buffer.byteLength(raw) : raw.length;
  const max = GUARD_HOOKS.has(hook) ? MAX_GUARD_BYTES : MAX_OBSERVER_BYTES;
  const reject = (code: ErrorCode, message: string, event?: string): Parsed => ({ kind: 'rejected', error: new HookwardenError(code, message), ...(event ? { event } : {}) });
  if (size > max) return reject('E_STDIN_TOO_LARGE', `stdin is ${size} bytes, over the ${max}-byte limit`);
  const text = (typeof raw === 'string' ? raw : raw.toString('utf8')).replace(/^\uFEFF/, '');
  if (!text.trim()) return reject('E_STDIN_EMPTY', 'stdin is empty');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return reject('E_STDIN_JSON', `stdin is not valid JSON: ${oneLine(err, 120)}`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return reject('E_STDIN_SCHEMA', 'stdin must be a JSON object');
  // The host's event as hookwarden's (Claude Code's shape); an event hookwarden does not judge: no opinion.
  json = adapter.toEvent(json as Record<string, unknown>, HOOKS[hook]);
  if (!json) return { kind: 'not-ours' };
  const name = (json as { hook_event_name?: unknown }).hook_event_name;
  // A hook wired to another event has no opinion on it (unknown events are a no-op, per the protocol).
  if (typeof name === 'string' && !hookTakes(hook, name)) return { kind: 'not-ours' };
  const event = typeof name === 'string' ? name : HOOKS[hook];
  // The hand-written check accepts what the schema accepts; zod (a chunk in the hook bundles) words a refusal.
  const checked = checkStdin(event as SupportedEvent, json);
  if (checked) return { kind: 'input', input: checked as HookStdin };
  const parsed = schemaFor(event as SupportedEvent).safeParse(json);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    return reject('E_STDIN_SCHEMA', `stdin field ${i?.path.map(String).join('.') || '(root)'}: ${i?.message ?? 'invalid'}`, event);
  }
  return { kind: 'input', input: parsed.data as HookStdin };
}
