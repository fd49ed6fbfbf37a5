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
  const d = await runRoute('post_tool', 'tool_result', toolName, ctx, deps, () => ({
    matches: matchSecrets(text, view.secrets, 'output', 'tool_response', ext.findings),
  }), { toolName });
  const effects = [observeTool(toolName, toolInput, ctx, deps), memoryRan(ctx, deps)].filter((e) => e !== undefined);
  if (effects.length) d.effects = effects;
  return d;
}
