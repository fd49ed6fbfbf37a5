// Claude Code hook stdin, per event (fields per the SDK's exported *HookInput types). zod/mini keeps the
// bundled hooks' start-up small, and each event's schema is built only when a call of that event is parsed
// (schemaFor). Unknown fields are tolerated; optional fields stay optional.

import * as z from 'zod/mini';

const base = () => ({
  session_id: z.string(),
  transcript_path: z.optional(z.string()),
  cwd: z.string(),
  prompt_id: z.optional(z.string()),
  permission_mode: z.optional(z.string()),
  agent_id: z.optional(z.string()),
  agent_type: z.optional(z.string()),
});

const toolBase = () => ({
  ...base(),
  tool_name: z.string(),
  tool_input: z.unknown(),
  tool_use_id: z.optional(z.string()),
  mcp_server: z.optional(z.looseObject({ name: z.optional(z.string()) })),
});

const preToolUseSchema = () =>
  z.looseObject({
  ...toolBase(),
  hook_event_name: z.literal('PreToolUse'),
});

const postToolUseSchema = () =>
  z.looseObject({
  ...toolBase(),
  hook_event_name: z.literal('PostToolUse'),
  tool_response: z.optional(z.unknown()),
  duration_ms: z.optional(z.number()),
});

/** A tool call that failed after it started (a Bash command exiting non-zero, an edit that could not be applied,
 * an interrupt): `error` instead of `tool_response`. Answered by the post-tool-use hook, like PostToolUse. */
const postToolUseFailureSchema = () =>
  z.looseObject({
  ...toolBase(),
  hook_event_name: z.literal('PostToolUseFailure'),
  error: z.string(),
  is_interrupt: z.optional(z.boolean()),
  duration_ms: z.optional(z.number()),
});

const userPromptSubmitSchema = () =>
  z.looseObject({
  ...base(),
  hook_event_name: z.literal('UserPromptSubmit'),
  prompt: z.string(),
  source: z.optional(z.string()),
});

const stopSchema = () =>
  z.looseObject({
  ...base(),
  hook_event_name: z.literal('Stop'),
  stop_hook_active: z.optional(z.boolean()),
  last_assistant_message: z.optional(z.nullable(z.string())),
});

const sessionStartSchema = () =>
  z.looseObject({
  ...base(),
  hook_event_name: z.literal('SessionStart'),
  source: z.optional(z.string()),
  model: z.optional(z.string()),
});

export type PreToolUseInput = z.infer<ReturnType<typeof preToolUseSchema>>;
export type PostToolUseInput = z.infer<ReturnType<typeof postToolUseSchema>>;
export type PostToolUseFailureInput = z.infer<ReturnType<typeof postToolUseFailureSchema>>;
export type UserPromptSubmitInput = z.infer<ReturnType<typeof userPromptSubmitSchema>>;
export type StopInput = z.infer<ReturnType<typeof stopSchema>>;
export type SessionStartInput = z.infer<ReturnType<typeof sessionStartSchema>>;

const MAKERS = {
  PreToolUse: preToolUseSchema,
  PostToolUse: postToolUseSchema,
  PostToolUseFailure: postToolUseFailureSchema,
  UserPromptSubmit: userPromptSubmitSchema,
  Stop: stopSchema,
  SessionStart: sessionStartSchema,
} as const;

export type SupportedEvent = keyof typeof MAKERS;

/** The events hookwarden reads from Claude Code. */
export const SUPPORTED_EVENTS = Object.keys(MAKERS) as SupportedEvent[];

const built: { [E in SupportedEvent]?: ReturnType<(typeof MAKERS)[E]> } = {};

/** The stdin schema of one event, built on first use. */
export function schemaFor<E extends SupportedEvent>(event: E): ReturnType<(typeof MAKERS)[E]> {
  return (built[event] ??= MAKERS[event]() as never) as ReturnType<(typeof MAKERS)[E]>;
}
export type HookStdin = PreToolUseInput | PostToolUseInput | PostToolUseFailureInput | UserPromptSubmitInput | StopInput | SessionStartInput;
