// OpenCode (1.18) has no command hooks: hookwarden's plugin (plugins/opencode/hookwarden.js) runs the hook bundles
// with `--agent opencode` and sends them the plugin hook's own input as JSON, named by the hook:
//   {hook_event_name: "tool.execute.before", session_id, cwd, tool, call_id, args}       → PreToolUse
//   {hook_event_name: "tool.execute.after",  session_id, cwd, tool, call_id, args, output} → PostToolUse
//   {hook_event_name: "chat.message",        session_id, cwd, prompt}                      → UserPromptSubmit
// Tool ids are lowercase with camelCase arguments: bash {command}, read {filePath}, write {filePath, content},
// edit {filePath, oldString, newString}; apply_patch/patch {patchText} is judged like Codex's patch (the files it
// touches). Other tools keep their names. Read from ../shared/reference/agent-protocols.md §4.

import { codexToEvent } from '../codex/parse.js';
import { renameTool } from '../tools.js';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

export const TOOLS = { bash: 'Bash', read: 'Read', write: 'Write', edit: 'Edit' } as const;

/** OpenCode's tool as hookwarden's: `filePath`, `oldString`, `newString` named as hookwarden reads them too. */
export function toolFromOpenCode(name: string, args: Obj): { tool_name: string; tool_input: Obj } {
  const named = { ...args, ...(args.filePath !== undefined ? { file_path: args.filePath } : {}) };
  const t = renameTool(name, named, TOOLS);
  if (t.tool_name === 'Edit') return { ...t, tool_input: { ...t.tool_input, old_string: args.oldString ?? '', new_string: args.newString ?? '' } };
  if (t.tool_name === 'Write') return { ...t, tool_input: { ...t.tool_input, content: args.content ?? '' } };
  return t;
}

const EVENTS: Record<string, string> = { 'tool.execute.before': 'PreToolUse', 'tool.execute.after': 'PostToolUse', 'chat.message': 'UserPromptSubmit' };

export function openCodeToEvent(json: Obj): Obj | null {
  const event = EVENTS[String(json.hook_event_name)];
  if (!event) return null;
  const base = { session_id: json.session_id, cwd: json.cwd, hook_event_name: event };
  if (event === 'UserPromptSubmit') return { ...base, prompt: json.prompt };
  const name = String(json.tool ?? '');
  const args = obj(json.args);
  const callId = typeof json.call_id === 'string' ? { tool_use_id: json.call_id } : {};
  const tool =
    name === 'apply_patch' || name === 'patch'
      ? (codexToEvent({ hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { patch: args.patchText ?? args.patch ?? '' } }) as Obj)
      : toolFromOpenCode(name, args);
  const picked = { tool_name: tool.tool_name, tool_input: tool.tool_input };
  if (event === 'PreToolUse') return { ...base, ...picked, ...callId };
  return { ...base, ...picked, ...callId, tool_response: json.output };
}

/** A rewritten input as OpenCode's arguments: the names hookwarden added for itself are dropped again. */
export function openCodeArgs(updated: Obj): Obj {
  const { file_path: _f, old_string: _o, new_string: _n, ...own } = updated;
  return own;
}
