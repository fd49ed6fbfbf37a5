// The hand-written stdin check stands in for the zod schemas on every accepted call: it must accept exactly what
// they accept and return the same object, key order included (the audit records the parsed input).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schemaFor, SUPPORTED_EVENTS, type SupportedEvent } from '../../lib/protocol/claude-code/schema.js';
import { checkStdin } from '../../lib/protocol/claude-code/stdin-check.js';

const KEYS = ['session_id', 'transcript_path', 'cwd', 'prompt_id', 'permission_mode', 'agent_id', 'agent_type', 'tool_name', 'tool_input', 'tool_use_id', 'mcp_server', 'hook_event_name', 'tool_response', 'duration_ms', 'error', 'is_interrupt', 'prompt', 'source', 'stop_hook_active', 'last_assistant_message', 'model', 'extra', '__proto__', 'constructor'];

const value = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom(...SUPPORTED_EVENTS),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
  fc.dictionary(fc.constantFrom('name', 'x', '__proto__'), fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.constant(null)), { maxKeys: 2 }),
);

/** A well-formed event with some fields dropped, retyped or added, in any order, through JSON as stdin is. */
const stdin = (event: SupportedEvent) =>
  fc
    .tuple(fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 8 }), fc.boolean(), fc.shuffledSubarray(KEYS, { minLength: KEYS.length }), fc.subarray(KEYS, { maxLength: 3 }))
    .map(([noise, valid, order, drop]) => {
      const good: Record<string, unknown> = { session_id: 's', cwd: '/p', hook_event_name: event, tool_name: 'Bash', tool_input: { command: 'ls' }, prompt: 'hi', error: 'boom' };
      // Valid: the noise only adds keys no schema reads (or optional ones, type-correct); else it may break anything.
      const harmless = Object.fromEntries(Object.entries(noise).filter(([k, v]) => ['extra', 'constructor', 'tool_response'].includes(k) || (['transcript_path', 'agent_id', 'source', 'model'].includes(k) && typeof v === 'string')));
      const merged: Record<string, unknown> = valid ? { ...harmless, ...good } : { ...good, ...noise };
      if (!valid) for (const k of drop) delete merged[k];
      const text = `{${order.filter((k) => Object.prototype.hasOwnProperty.call(merged, k)).map((k) => `${JSON.stringify(k)}:${JSON.stringify(merged[k]) ?? 'null'}`).join(',')}}`;
      return JSON.parse(text) as unknown;
    });

describe('checkStdin', () => {
  for (const event of SUPPORTED_EVENTS) {
    it(`${event}: accepts what the schema accepts and returns the same object, keys in the same order`, () => {
      let accepted = 0;
      fc.assert(
        fc.property(stdin(event), (input) => {
          const fast = checkStdin(event, input);
          const slow = schemaFor(event).safeParse(input);
          if (fast) {
            accepted++;
            expect(slow.success).toBe(true);
            expect(JSON.stringify(fast)).toBe(JSON.stringify(slow.data));
            expect(fast).toEqual(slow.data);
          } else if (slow.success) {
            // Refusing is always safe (zod then decides), but only an own __proto__ key may send valid input there.
            expect(Object.prototype.hasOwnProperty.call(input, '__proto__') || Object.values(input as object).some((v) => v && typeof v === 'object' && Object.prototype.hasOwnProperty.call(v, '__proto__'))).toBe(true);
          }
        }),
        { numRuns: 600 },
      );
      expect(accepted).toBeGreaterThan(50);
    });
  }

  it('refuses what is not an object', () => {
    for (const v of [null, [], 'x', 1]) expect(checkStdin('PreToolUse', v)).toBeNull();
  });
});
