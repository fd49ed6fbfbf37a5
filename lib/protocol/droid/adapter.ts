// Factory Droid (0.225) speaks Claude Code's hook protocol with its own tool names: Execute → Bash, Create → Write,
// Edit, Read; ApplyPatch is judged like Codex's patch (the files it touches). hookwarden never exits 3 (which
// aborts Droid's whole run). Read from ../shared/reference/agent-protocols.md §6.

import type { Adapter } from '../adapter.js';
import { renderDecision, renderSessionStart } from '../claude-code/render.js';
import { codexToEvent } from '../codex/parse.js';

type Obj = Record<string, unknown>;

const TOOLS: Record<string, string> = { Execute: 'Bash', Create: 'Write', Edit: 'Edit', Read: 'Read', ApplyPatch: 'apply_patch' };

export function droidToEvent(json: Obj): Obj | null {
  const tool = typeof json.tool_name === 'string' ? TOOLS[json.tool_name] : undefined;
  if (!tool) return json;
  const input = json.tool_input && typeof json.tool_input === 'object' ? (json.tool_input as Obj) : {};
  const mapped = { ...json, tool_name: tool, tool_input: tool === 'Bash' || tool === 'apply_patch' ? input : { ...input, file_path: input.file_path ?? input.path } };
  return tool === 'apply_patch' ? codexToEvent(mapped) : mapped;
}

export const droid: Adapter = { name: 'droid', toEvent: droidToEvent, render: renderDecision, renderSessionStart };
