// Qwen Code (0.24) speaks Claude Code's hook protocol (events, hookSpecificOutput, exit 2 + stderr), with its own
// tool ids: run_shell_command → Bash, write_file → Write, edit → Edit, read_file → Read (other tools keep their
// names). Its headless mode turns an ask into a deny itself. Read from ../shared/reference/agent-protocols.md §5.

import type { Adapter } from '../adapter.js';
import { renderDecision, renderSessionStart } from '../claude-code/render.js';
import { renameTool } from '../tools.js';

type Obj = Record<string, unknown>;

const TOOLS = { run_shell_command: 'Bash', write_file: 'Write', edit: 'Edit', read_file: 'Read' } as const;

export function qwenToEvent(json: Obj): Obj {
  if (typeof json.tool_name !== 'string' || !json.tool_input || typeof json.tool_input !== 'object') return json;
  return { ...json, ...renameTool(json.tool_name, json.tool_input as Obj, TOOLS) };
}

export const qwen: Adapter = { name: 'qwen', toEvent: qwenToEvent, render: renderDecision, renderSessionStart };
