// routePostTool: after a tool ran. The tool's output is checked for credentials, so the model is told not to
// repeat them; what the tool changed or ran is handed to the session (verify-after-write, claims, approvals).

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

export function responseText(response: unknown): string {
  if (response === undefined || response === null) return '';
  const text = typeof response === 'string' ? response : JSON.stringify(response);
  return text.length > MAX_OUTPUT_CHARS ? text.slice(0, MAX_OUTPUT_CHARS) : text;
}

export async function routePostTool(
  toolName: string,
  toolInput: unknown,
  toolResponse: unknown,
  ctx: CallContext,
  deps: EngineDeps,
): Promise<UnifiedRoutingDecision> {
  const view = viewOf(deps.registry);
  const text = responseText(toolResponse);
  const ext = await scanExternal(deps, text);
  // A subagent the router suggested failed: the next fit of the same ranking (lib/engine/route-suggest.ts).
  const failed = failedSubagent(toolName, toolInput, toolResponse);
  const reroute = failed ? rerouteAfterFailure(failed, deps.session) : undefined;
  const d = await runRoute('post_tool', 'tool_result', toolName, ctx, deps, () => ({
    matches: matchSecrets(text, view.secrets, 'output', 'tool_response', ext.findings),
    ...(reroute?.suggestion ? { suggestions: [reroute.suggestion] } : {}),
  }), { toolName });
  const effects = [observeTool(toolName, toolInput, ctx, deps), memoryRan(ctx, deps), reroute?.effect].filter((e) => e !== undefined);
  if (effects.length) d.effects = effects;
  if (reroute) d.routing = reroute.record;
  return d;
}

/** The subagent a Task/Agent call ran, when its result says it failed (an error result, or an error field). */
function failedSubagent(toolName: string, toolInput: unknown, toolResponse: unknown): string | undefined {
  if (toolName !== 'Task' && toolName !== 'Agent') return undefined;
  const name = (toolInput as { subagent_type?: unknown } | null)?.subagent_type;
  if (typeof name !== 'string' || !name) return undefined;
  const r = toolResponse as { is_error?: unknown; isError?: unknown; error?: unknown; status?: unknown } | null;
  const failed =
    (typeof toolResponse === 'string' && /^\s*(?:error|failed)\b/i.test(toolResponse)) ||
    (!!r && typeof r === 'object' && (r.is_error === true || r.isError === true || (typeof r.error === 'string' && !!r.error) || r.status === 'error' || r.status === 'failed'));
  return failed ? name : undefined;
}
