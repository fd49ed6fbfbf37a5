// Claude Code hook stdin, per event (fields per the SDK's exported *HookInput types). zod/mini keeps the
// bundled hooks' start-up small. Unknown fields are tolerated; optional fields stay optional.

import * as z from 'zod/mini';

const base = {
  session_id: z.string(),
  transcript_path: z.optional(z.string()),
  cwd: z.string(),
  prompt_id: z.optional(z.string()),
  permission_mode: z.optional(z.string()),
  agent_id: z.optional(z.string()),
  agent_type: z.optional(z.string()),
};

const toolBase = {
  ...base,
  tool_name: z.string(),
  tool_input: z.unknown(),
  tool_use_id: z.optional(z.string()),
  mcp_server: z.optional(z.looseObject({ name: z.optional(z.string()) })),
};

export const preToolUseSchema = z.looseObject({
  ...toolBase,
  hook_event_name: z.literal('PreToolUse'),
});

export const postToolUseSchema = z.looseObject({
  ...toolBase,
  hook_event_name: z.literal('PostToolUse'),
  tool_response: z.optional(z.unknown()),
  duration_ms: z.optional(z.number()),
});

/** A tool call that failed after it started (a Bash command exiting non-zero, an edit that could not be applied,
 * an interrupt): `error` instead of `tool_response`. Answered by the post-tool-use hook, like PostToolUse. */
export const postToolUseFailureSchema = z.looseObject({
  ...toolBase,
  hook_event_name: z.literal('PostToolUseFailure'),
  error: z.string(),
  is_interrupt: z.optional(z.boolean()),
  duration_ms: z.optional(z.number()),
});

export const userPromptSubmitSchema = z.looseObject({
  ...base,
  hook_event_name: z.literal('UserPromptSubmit'),
  prompt: z.string(),
  source: z.optional(z.string()),
});

export const stopSchema = z.looseObject({
  ...base,
  hook_event_name: z.literal('Stop'),
  stop_hook_active: z.optional(z.boolean()),
  last_assistant_message: z.optional(z.nullable(z.string())),
});

export const sessionStartSchema = z.looseObject({
  ...base,
  hook_event_name: z.literal('SessionStart'),
  source: z.optional(z.string()),
  model: z.optional(z.string()),
});

export type PreToolUseInput = z.infer<typeof preToolUseSchema>;
export type PostToolUseInput = z.infer<typeof postToolUseSchema>;
export type PostToolUseFailureInput = z.infer<typeof postToolUseFailureSchema>;
export type UserPromptSubmitInput = z.infer<typeof userPromptSubmitSchema>;
export type StopInput = z.infer<typeof stopSchema>;
export type SessionStartInput = z.infer<typeof sessionStartSchema>;

export const SCHEMAS = {
  PreToolUse: preToolUseSchema,
  PostToolUse: postToolUseSchema,
  PostToolUseFailure: postToolUseFailureSchema,
  UserPromptSubmit: userPromptSubmitSchema,
  Stop: stopSchema,
  SessionStart: sessionStartSchema,
} as const;

export type SupportedEvent = keyof typeof SCHEMAS;
export type HookStdin = PreToolUseInput | PostToolUseInput | PostToolUseFailureInput | UserPromptSubmitInput | StopInput | SessionStartInput;
