// Factory Droid (0.225) speaks Claude Code's hook protocol with its own tool names: Execute → Bash, Create → Write,
// Edit, Read; ApplyPatch is judged like Codex's patch (the files it touches). hookwarden never exits 3 (which
// aborts Droid's whole run). Read from ../shared/reference/agent-protocols.md §6.

import type { Adapter } from '../adapter.js';
import { renderDecision, renderSessionStart } from '../claude-code/render.js';
import { codexToEvent } from '../codex/parse.js';
import { renameTool } from '../tools.js';

type Obj = Record<string, unknown>;

const TOOLS = { Execute: 'Bash', Create: 'Write', Edit: 'Edit', Read: 'Read' } as const;

export function droidToEvent(json: Obj): Obj | null {
  if (typeof json.tool_name !== 'string' || !json.tool_input || typeof json.tool_input !== 'object') return json;
  // ApplyPatch is Codex's patch under another name: judged by the files it touches.
  if (json.tool_name === 'ApplyPatch') return codexToEvent({ ...json, tool_name: 'apply_patch' });
  return { ...json, ...renameTool(json.tool_name, json.tool_input as Obj, TOOLS) };
}

export const droid: Adapter = { name: 'droid', toEvent: droidToEvent, render: renderDecision, renderSessionStart };
