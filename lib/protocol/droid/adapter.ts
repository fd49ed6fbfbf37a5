// Factory Droid (0.225) speaks Claude Code's hook protocol with its own tool names: Execute → Bash, Create → Write,
// Edit, Read; ApplyPatch is judged like Codex's patch (the files it touches). hookwarden never exits 3 (which
// aborts Droid's whole run). Read from ../shared/reference/agent-protocols.md §6; where the real CLI (0.225.2,
// `droid exec`, test/clients/droid.test.ts) differs from Claude Code, this adapter follows what it did:
//  - a PreToolUse `permissionDecision: "ask"` is not asked in `droid exec`: the call just runs (a force push landed
//    at --auto high), and nothing in the hook's stdin tells exec from the terminal UI. So Droid cannot ask: an ask
//    is decided by askFallback (a deny saying how to approve, by default);
//  - a Stop block must be `decision: "block"` + `reason` (Claude Code's additionalContext form just stops there);
//  - a PreToolUse `updatedInput` is honoured (`tail -f` ran as `tail -n 200`): a rewrite is rendered as it is.

import type { Adapter } from '../adapter.js';
import { renderDecision, renderSessionStart } from '../claude-code/render.js';
import { codexToEvent } from '../codex/parse.js';
import { withHints } from '../text.js';
import { renameTool } from '../tools.js';

type Obj = Record<string, unknown>;

export const TOOLS = { Execute: 'Bash', Create: 'Write', Edit: 'Edit', Read: 'Read' } as const;

export function droidToEvent(json: Obj): Obj | null {
  if (typeof json.tool_name !== 'string' || !json.tool_input || typeof json.tool_input !== 'object') return json;
  // ApplyPatch is Codex's patch under another name: judged by the files it touches.
  if (json.tool_name === 'ApplyPatch') return codexToEvent({ ...json, tool_name: 'apply_patch' });
  return { ...json, ...renameTool(json.tool_name, json.tool_input as Obj, TOOLS) };
}

const render: Adapter['render'] = (event, d) => {
  if (event === 'Stop' && d.action === 'block') return { exitCode: 0, stdout: JSON.stringify({ decision: 'block', reason: withHints(d) }), stderr: '' };
  return renderDecision(event, d);
};

export const droid: Adapter = { name: 'droid', canAsk: false, toEvent: droidToEvent, render, renderSessionStart };
