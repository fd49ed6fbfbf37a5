// GitHub Copilot CLI (1.0.102) hook stdin → hookwarden's event. Two payloads: a camelCase config
// (`preToolUse`…) sends camelCase fields (`sessionId`, `cwd`, `toolName`, `toolArgs` as an object or a JSON string)
// and no event name, so the event is the bundle's own; a PascalCase config sends snake_case fields with
// `hook_event_name`. Tools: bash → Bash, create → Write, edit → Edit, view → Read; others keep their names. A
// PascalCase (Claude-format) config gets Claude's names (`Write`, `Read`, seen in 1.0.102) with Copilot's own
// arguments (`path`, `file_text`), so those names are read the same way.
// Read from ../shared/reference/agent-protocols.md §3 and real-clients.md.

import type { SupportedEvent } from '../claude-code/schema.js';
import { renameTool } from '../tools.js';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

function args(v: unknown): Obj {
  if (typeof v !== 'string') return obj(v);
  try {
    return obj(JSON.parse(v));
  } catch {
    return {};
  }
}

export const TOOLS = { bash: 'Bash', create: 'Write', edit: 'Edit', view: 'Read', write: 'Write', read: 'Read' } as const;

/** Copilot's tool as hookwarden's: its create and edit arguments (`file_text`, `old_str`, `new_str`) named too. */
function toolFromCopilot(name: string, input: Obj): { tool_name: string; tool_input: Obj } {
  const t = renameTool(name.toLowerCase(), input, TOOLS);
  if (t.tool_name === 'Write') return { ...t, tool_input: { ...t.tool_input, content: input.file_text ?? input.content ?? '' } };
  if (t.tool_name === 'Edit') return { ...t, tool_input: { ...t.tool_input, old_string: input.old_str ?? '', new_string: input.new_str ?? '' } };
  return TOOLS[name.toLowerCase() as keyof typeof TOOLS] ? t : { tool_name: name, tool_input: input };
}

const PASCAL: Record<string, SupportedEvent> = {
  PreToolUse: 'PreToolUse',
  PostToolUse: 'PostToolUse',
  PostToolUseFailure: 'PostToolUseFailure',
  UserPromptSubmit: 'UserPromptSubmit',
  Stop: 'Stop',
  SessionStart: 'SessionStart',
};

/** The tool's result: `tool_result` (PascalCase config: `{result_type, text_result_for_llm}`), `toolResult`
 * (camelCase config: `{resultType, textResultForLlm}`), or a Claude-style `tool_response`. */
const resultOf = (json: Obj): unknown => json.tool_response ?? json.tool_result ?? json.toolResult;

/** Copilot reports a shell command that exits non-zero as a success whose text ends with
 * `<shellId: N completed with exit code K>` (seen in 1.0.102): that is a failed call (a failed `npm test` is no check). */
const SHELL_EXIT = /<shellId: \S+ completed with exit code (\d+)>\s*$/;

/** Why the call failed, or undefined when it did not. */
function failureOf(json: Obj): string | undefined {
  if (json.error !== undefined && json.error !== null && json.error !== '') return typeof json.error === 'string' ? json.error : JSON.stringify(json.error);
  const r = obj(resultOf(json));
  const text = typeof r.text_result_for_llm === 'string' ? r.text_result_for_llm : typeof r.textResultForLlm === 'string' ? r.textResultForLlm : '';
  const type = r.result_type ?? r.resultType;
  if (type === 'failure' || type === 'error') return text || String(type);
  const exit = SHELL_EXIT.exec(text);
  return exit && exit[1] !== '0' ? text : undefined;
}

export function copilotToEvent(json: Obj, hookEvent: SupportedEvent): Obj | null {
  const named = typeof json.hook_event_name === 'string' ? PASCAL[json.hook_event_name] : undefined;
  if (typeof json.hook_event_name === 'string' && !named) return null;
  let event: SupportedEvent = named ?? hookEvent;
  const failure = event === 'PostToolUse' || event === 'PostToolUseFailure' ? failureOf(json) : undefined;
  if (event === 'PostToolUse' && failure !== undefined) event = 'PostToolUseFailure';
  const transcript = json.transcript_path ?? json.transcriptPath;
  const base = {
    session_id: json.session_id ?? json.sessionId,
    cwd: json.cwd,
    ...(typeof transcript === 'string' ? { transcript_path: transcript } : {}),
    hook_event_name: event,
  };
  switch (event) {
    case 'PreToolUse':
    case 'PostToolUse':
    case 'PostToolUseFailure': {
      const tool = toolFromCopilot(String(json.tool_name ?? json.toolName ?? ''), json.tool_input !== undefined ? obj(json.tool_input) : args(json.toolArgs));
      if (event === 'PreToolUse') return { ...base, ...tool };
      if (event === 'PostToolUseFailure') return { ...base, ...tool, error: failure ?? 'failed' };
      return { ...base, ...tool, tool_response: resultOf(json) };
    }
    case 'UserPromptSubmit':
      return { ...base, prompt: json.prompt };
    case 'Stop':
      return { ...base, stop_hook_active: json.stop_hook_active === true || json.stopHookActive === true };
    default:
      return { ...base, ...(typeof json.source === 'string' ? { source: json.source } : {}) };
  }
}
