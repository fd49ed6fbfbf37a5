// Qwen Code (0.24) speaks Claude Code's hook protocol (events, hookSpecificOutput, exit 2 + stderr), with its own
// tool ids: run_shell_command → Bash, write_file → Write, edit → Edit, read_file → Read (other tools keep their
// names). Read from ../shared/reference/agent-protocols.md §5; where the real CLI (0.24.4, test/clients/qwen.test.ts)
// differs from Claude Code, this adapter follows what it did:
//  - it fires UserPromptSubmit again with `prompt: ""` before every model request that follows a tool result: that is
//    no prompt of the user's (it would lift a read-only session and count as "the next prompt"), so no opinion;
//  - a Stop block must be `decision: "block"` + `reason` (Claude Code's additionalContext form just stops there);
//  - an ask is Qwen's approval dialog when it has a terminal, but `qwen -p` refuses the call with the reason alone,
//    and nothing in a hook's stdin or environment tells the two apart: the reason also says how to approve;
//  - a PreToolUse `updatedInput` is ignored (the original call runs: `tail -f` hangs the session), so a rewrite is a
//    deny that names the command to run instead.

import type { FinalDecision } from '../../engine/types.js';
import type { Adapter } from '../adapter.js';
import { renderDecision, renderSessionStart } from '../claude-code/render.js';
import { withHints } from '../text.js';
import { renameTool } from '../tools.js';

type Obj = Record<string, unknown>;

export const TOOLS = { run_shell_command: 'Bash', write_file: 'Write', edit: 'Edit', read_file: 'Read' } as const;

export function qwenToEvent(json: Obj): Obj | null {
  if (json.hook_event_name === 'UserPromptSubmit' && json.prompt === '') return null;
  if (typeof json.tool_name !== 'string' || !json.tool_input || typeof json.tool_input !== 'object') return json;
  return { ...json, ...renameTool(json.tool_name, json.tool_input as Obj, TOOLS) };
}

export const QWEN_HEADLESS_ASK =
  'Qwen Code asks the user about this call when it runs in a terminal; run headless (qwen -p) it refuses the call ' +
  'instead. If it was refused, tell the user what you wanted to run and why: they can run it themselves, or approve ' +
  'it for this session with `hookwarden grant <rule id above> --for 30m` and ask you to retry.';

/** A rewrite Qwen cannot carry out, as a deny that tells the model what to run instead. */
function rewriteRefused(d: FinalDecision): FinalDecision {
  const input = d.updatedInput ?? {};
  const instead = typeof input.command === 'string' ? `\`${input.command}\`` : JSON.stringify(input);
  const why = d.message.replace(/^hookwarden rewrote [^:]*: /, '').replace(/ — it now runs `[^`]*`\.?/, '');
  const { updatedInput: _dropped, explicitAllow: _allow, ...rest } = d;
  return { ...rest, action: 'block', shouldProceed: false, message: `hookwarden block (Qwen Code cannot run a hook's rewrite): ${why} Run ${instead} instead.`, hints: [] };
}

const render: Adapter['render'] = (event, d) => {
  if (event === 'PreToolUse' && d.updatedInput && d.action !== 'block') return renderDecision(event, rewriteRefused(d));
  if (event === 'Stop' && d.action === 'block') return { exitCode: 0, stdout: JSON.stringify({ decision: 'block', reason: withHints(d) }), stderr: '' };
  if (event === 'PreToolUse' && d.action === 'ask') return renderDecision(event, { ...d, hints: [...d.hints, QWEN_HEADLESS_ASK] });
  return renderDecision(event, d);
};

export const qwen: Adapter = { name: 'qwen', toEvent: qwenToEvent, render, renderSessionStart };
