// Gemini CLI (0.61) hook stdin → hookwarden's event. Events: BeforeTool → PreToolUse, AfterTool → PostToolUse
// (PostToolUseFailure when the tool reports an error), BeforeAgent → UserPromptSubmit, AfterAgent → Stop,
// SessionStart. Tools are renamed to the ones hookwarden's registry speaks of, with their arguments
// (run_shell_command → Bash, write_file → Write, replace → Edit, read_file → Read); any other tool keeps its
// name (and counts as a write unless the registry says otherwise). Read from ../shared/reference/agent-protocols.md §2.

import { renameTool } from '../tools.js';

const EVENTS: Record<string, string> = {
  BeforeTool: 'PreToolUse',
  AfterTool: 'PostToolUse',
  BeforeAgent: 'UserPromptSubmit',
  AfterAgent: 'Stop',
  SessionStart: 'SessionStart',
};

/** How a Stop block's reason begins. Gemini sends the reason as a new prompt and fires BeforeAgent with it (seen
 * with 0.61.0): that prompt is hookwarden's, not the user's, so it is no opinion, and not audited as a prompt
 * nobody typed. */
export const STOP_REASON_MARK = 'hookwarden, before you stop: ';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

export const TOOLS = { run_shell_command: 'Bash', write_file: 'Write', replace: 'Edit', read_file: 'Read' } as const;

export function geminiToEvent(json: Obj): Obj | null {
  const event = EVENTS[String(json.hook_event_name)];
  if (!event) return null;
  const base = {
    session_id: json.session_id,
    cwd: json.cwd,
    ...(typeof json.transcript_path === 'string' ? { transcript_path: json.transcript_path } : {}),
    hook_event_name: event,
  };
  switch (event) {
    case 'PreToolUse':
    case 'PostToolUse': {
      const tool = renameTool(String(json.tool_name ?? ''), obj(json.tool_input), TOOLS);
      if (event === 'PreToolUse') return { ...base, ...tool };
      const response = obj(json.tool_response);
      const error = response.error;
      if (error !== undefined && error !== null && error !== '') {
        return { ...base, ...tool, hook_event_name: 'PostToolUseFailure', error: typeof error === 'string' ? error : JSON.stringify(error) };
      }
      return { ...base, ...tool, tool_response: response.llmContent ?? response.returnDisplay ?? json.tool_response };
    }
    case 'UserPromptSubmit':
      if (typeof json.prompt === 'string' && json.prompt.startsWith(STOP_REASON_MARK)) return null;
      return { ...base, prompt: json.prompt };
    case 'Stop':
      return {
        ...base,
        stop_hook_active: json.stop_hook_active === true,
        ...(typeof json.prompt_response === 'string' ? { last_assistant_message: json.prompt_response } : {}),
      };
    default:
      return { ...base, ...(typeof json.source === 'string' ? { source: json.source } : {}) };
  }
}
