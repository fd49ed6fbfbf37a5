// routePostTool: after a tool ran (PostToolUse) or started and failed (PostToolUseFailure). The tool's output, or
// its error text, is checked for credentials, so the model is told not to repeat them; what the tool changed or ran
// is handed to the session (verify-after-write, claims, approvals), a failure's actions marked as failed.

import { matchSecrets } from '../analyzers/secrets/match.js';
import { scanExternal } from './external-secrets.js';
import { viewOf } from '../registry/select.js';
import type { CallContext, EngineDeps } from './deps.js';
import { runRoute } from './route.js';
import { observeTool } from './session-observe.js';
import { memoryRan } from './memory-flush.js';
import type { UnifiedRoutingDecision } from './types.js';
import { rerouteAfterFailure } from './reroute.js';

const MAX_OUTPUT_CHARS = 512 * 1024;

/** How the call ended: the tool's response (PostToolUse), or the error it failed with (PostToolUseFailure;
 * `interrupted` when the user stopped it). */
export type ToolOutcome = { response: unknown } | { failed: { error: string; interrupted: boolean } };

export function responseText(response: unknown): string {
  if (response === undefined || response === null) return '';
  const text = typeof response === 'string' ? response : JSON.stringify(response);
  return text.length > MAX_OUTPUT_CHARS ? text.slice(0, MAX_OUTPUT_CHARS) : text;
}

export async function routePostTool(
  toolName: string,
  toolInput: unknown,
  outcome: ToolOutcome,
  ctx: CallContext,
  deps: EngineDeps,
): Promise<UnifiedRoutingDecision> {
  const view = viewOf(deps.registry);
  const failure = 'failed' in outcome ? outcome.failed : undefined;
  const text = responseText(failure ? failure.error : (outcome as { response: unknown }).response);
  const ext = await scanExternal(deps, text);
  // A subagent the router suggested failed: the next fit of the same ranking (lib/engine/route-suggest.ts).
  const failed = failure ? failedToolSubagent(toolName, toolInput, failure.interrupted) : failedSubagent(toolName, toolInput, (outcome as { response: unknown }).response);
  const reroute = failed ? rerouteAfterFailure(failed, deps.session) : undefined;
  const d = await runRoute('post_tool', failure ? 'tool_error' : 'tool_result', toolName, ctx, deps, () => ({
    matches: matchSecrets(text, view.secrets, 'output', failure ? 'error' : 'tool_response', ext.findings),
    ...(reroute?.suggestion ? { suggestions: [reroute.suggestion] } : {}),
  }), { toolName });
  // A memory write that failed stored nothing: its proposal stays "not run" and is dropped at Stop.
  const effects = [observeTool(toolName, toolInput, ctx, deps, !!failure), failure ? undefined : memoryRan(ctx, deps), reroute?.effect].filter((e) => e !== undefined);
  if (effects.length) d.effects = effects;
  if (reroute) d.routing = reroute.record;
  return d;
}

const subagentOf = (toolName: string, toolInput: unknown): string | undefined => {
  if (toolName !== 'Task' && toolName !== 'Agent') return undefined;
  const name = (toolInput as { subagent_type?: unknown } | null)?.subagent_type;
  return typeof name === 'string' && name ? name : undefined;
};

/** The subagent a Task/Agent call that itself failed (PostToolUseFailure) ran. One the user interrupted did not fail
 * on its own: the user is redirecting the work, so nothing else is suggested. */
function failedToolSubagent(toolName: string, toolInput: unknown, interrupted: boolean): string | undefined {
  return interrupted ? undefined : subagentOf(toolName, toolInput);
}

/** The subagent a Task/Agent call ran, when its result says it failed (an error result, or an error field). */
function failedSubagent(toolName: string, toolInput: unknown, toolResponse: unknown): string | undefined {
  const name = subagentOf(toolName, toolInput);
  if (!name) return undefined;
  const r = toolResponse as { is_error?: unknown; isError?: unknown; error?: unknown; status?: unknown } | null;
  const failed =
    (typeof toolResponse === 'string' && /^\s*(?:error|failed)\b/i.test(toolResponse)) ||
    (!!r && typeof r === 'object' && (r.is_error === true || r.isError === true || (typeof r.error === 'string' && !!r.error) || r.status === 'error' || r.status === 'failed'));
  return failed ? name : undefined;
}
