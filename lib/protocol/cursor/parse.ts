// Cursor hook stdin → hookwarden's event. Cursor is not on npm, so this is read from its docs and peers' code
// (../shared/reference/agent-protocols.md §7), never from a run. Every payload carries `conversation_id` (the
// session), `workspace_roots` (the project is the first) and its camelCase `hook_event_name`:
//  - preToolUse (every built-in tool: Shell, Read, Write, StrReplace, Delete, `MCP:server:tool`…), and the older
//    beforeShellExecution (`command`, `cwd`), beforeReadFile (`file_path`), beforeMCPExecution → PreToolUse;
//  - beforeSubmitPrompt → UserPromptSubmit; postToolUse, afterFileEdit, afterShellExecution → PostToolUse,
//    postToolUseFailure → PostToolUseFailure; stop → Stop (`loop_count` > 0: a follow-up already ran);
//    sessionStart → SessionStart. Any other event is no opinion.
// Tools are renamed to hookwarden's (Shell → Bash, Read, Write, StrReplace → Edit); Delete is judged as the shell
// command with the same effect (`rm -- <path>`), so the path rules see it; MCP tools take Claude Code's
// `mcp__server__tool` form.

import { renameTool } from '../tools.js';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** An MCP call's arguments: an object, or (beforeMCPExecution in some versions) a JSON string. */
function args(v: unknown): Obj {
  if (typeof v !== 'string') return obj(v);
  try {
    return obj(JSON.parse(v));
  } catch {
    return { input: v };
  }
}

export const TOOLS = { Shell: 'Bash', Read: 'Read', Write: 'Write', StrReplace: 'Edit' } as const;
const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Cursor's tool as hookwarden's, with the argument names hookwarden reads (Cursor's own keys kept). */
export function toolFromCursor(name: string, input: Obj): { tool_name: string; tool_input: Obj } {
  const path = input.file_path ?? input.path ?? input.target_file ?? input.absolute_path;
  if (name === 'Delete') return { tool_name: 'Bash', tool_input: { command: `rm -- ${q(String(path ?? ''))}` } };
  const mcp = /^MCP:([^:]+):(.+)$/.exec(name);
  if (mcp) return { tool_name: `mcp__${mcp[1]}__${mcp[2]}`, tool_input: input };
  const t = renameTool(name, { ...input, ...(path !== undefined ? { file_path: path } : {}) }, TOOLS);
  if (t.tool_name === 'Write') return { ...t, tool_input: { ...t.tool_input, content: input.content ?? input.contents ?? input.file_text ?? '' } };
  if (t.tool_name === 'Edit') return { ...t, tool_input: { ...t.tool_input, old_string: input.old_string ?? input.old_str ?? '', new_string: input.new_string ?? input.new_str ?? '' } };
  return t;
}

const PRE = new Set(['preToolUse', 'beforeShellExecution', 'beforeReadFile', 'beforeMCPExecution']);
const POST = new Set(['postToolUse', 'afterFileEdit', 'afterShellExecution', 'afterMCPExecution']);

/** The tool a Cursor event is about, in hookwarden's terms. */
function toolOf(event: string, json: Obj): { tool_name: string; tool_input: Obj } {
  if (event === 'beforeShellExecution' || event === 'afterShellExecution') return { tool_name: 'Bash', tool_input: { command: str(json.command) ?? '' } };
  if (event === 'beforeReadFile') return { tool_name: 'Read', tool_input: { file_path: json.file_path } };
  if (event === 'afterFileEdit') {
    const edits = Array.isArray(json.edits) ? json.edits.map(obj) : [];
    return { tool_name: 'Edit', tool_input: { file_path: json.file_path, old_string: edits.map((e) => str(e.old_string) ?? '').join('\n'), new_string: edits.map((e) => str(e.new_string) ?? '').join('\n') } };
  }
  if (event === 'beforeMCPExecution' || event === 'afterMCPExecution') {
    const server = str(json.mcp_server_name) ?? str(json.server) ?? 'cursor';
    return { tool_name: `mcp__${server}__${str(json.tool_name) ?? ''}`, tool_input: args(json.tool_input) };
  }
  return toolFromCursor(str(json.tool_name) ?? '', obj(json.tool_input));
}

export function cursorToEvent(json: Obj): Obj | null {
  const event = str(json.hook_event_name) ?? '';
  const roots = Array.isArray(json.workspace_roots) ? json.workspace_roots.filter((r): r is string => typeof r === 'string') : [];
  const base = {
    session_id: str(json.conversation_id) ?? str(json.session_id) ?? '',
    cwd: roots[0] ?? str(json.cwd) ?? '',
    ...(typeof json.transcript_path === 'string' ? { transcript_path: json.transcript_path } : {}),
  };
  if (PRE.has(event)) return { ...base, hook_event_name: 'PreToolUse', ...toolOf(event, json) };
  if (POST.has(event)) {
    const response = json.tool_output ?? json.output ?? json.result_json ?? json.tool_response;
    return { ...base, hook_event_name: 'PostToolUse', ...toolOf(event, json), ...(response !== undefined ? { tool_response: response } : {}) };
  }
  switch (event) {
    case 'postToolUseFailure': {
      const error = json.error_message ?? json.error ?? 'failed';
      return { ...base, hook_event_name: 'PostToolUseFailure', ...toolOf(event, json), error: typeof error === 'string' ? error : JSON.stringify(error) };
    }
    case 'beforeSubmitPrompt':
      return { ...base, hook_event_name: 'UserPromptSubmit', prompt: json.prompt };
    case 'stop':
      return { ...base, hook_event_name: 'Stop', stop_hook_active: typeof json.loop_count === 'number' && json.loop_count > 0 };
    case 'sessionStart':
      return { ...base, hook_event_name: 'SessionStart' };
    default:
      return null;
  }
}
