// Qwen Code (0.24) speaks Claude Code's hook protocol (events, hookSpecificOutput, exit 2 + stderr), with its own
// tool ids: run_shell_command → Bash, write_file → Write, edit → Edit, read_file → Read (other tools keep their
// names). Its headless mode turns an ask into a deny itself. Read from ../shared/reference/agent-protocols.md §5.

import type { Adapter } from '../adapter.js';
import { renderDecision, renderSessionStart } from '../claude-code/render.js';

type Obj = Record<string, unknown>;

const TOOLS: Record<string, string> = { run_shell_command: 'Bash', write_file: 'Write', edit: 'Edit', read_file: 'Read' };

export function qwenToEvent(json: Obj): Obj {
  const tool = typeof json.tool_name === 'string' ? TOOLS[json.tool_name] : undefined;
  if (!tool) return json;
  const input = json.tool_input && typeof json.tool_input === 'object' ? (json.tool_input as Obj) : {};
  const filePath = input.file_path ?? input.absolute_path ?? input.path;
  return { ...json, tool_name: tool, tool_input: tool === 'Bash' ? input : { ...input, ...(filePath !== undefined ? { file_path: filePath } : {}) } };
}

export const qwen: Adapter = { name: 'qwen', toEvent: qwenToEvent, render: renderDecision, renderSessionStart };
