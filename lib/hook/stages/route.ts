// Stage 5, route: the call's context from its stdin (and the entry point from its environment), then the engine
// route this bundle carries for the event (lib/hook/routers.ts).

import type { CallContext, EngineDeps } from '../../engine/deps.js';
import { isHeadlessEntrypoint } from '../../engine/headless.js';
import type { UnifiedRoutingDecision } from '../../engine/types.js';
import type { HookStdin } from '../../protocol/claude-code/schema.js';
import type { AgentName } from '../../vocab/agents.js';
import type { Routers } from '../routers.js';

/** The host of the call: its name (its own settings apply) and whether it can ask the user at all. */
export interface CallHost {
  agent?: AgentName;
  /** false: the host has no way to ask the user (Codex), so an ask is decided as in `claude -p`. */
  canAsk?: boolean;
}

export function callContext(input: HookStdin, env: NodeJS.ProcessEnv, host: CallHost = {}): CallContext {
  const mcpServer = (input as { mcp_server?: { name?: unknown } }).mcp_server?.name;
  return {
    sessionId: input.session_id,
    cwd: input.cwd,
    ...(input.permission_mode ? { permissionMode: input.permission_mode } : {}),
    ...(typeof input.tool_use_id === 'string' && input.tool_use_id ? { toolUseId: input.tool_use_id } : {}),
    ...(typeof mcpServer === 'string' && mcpServer ? { mcpServer } : {}),
    ...(input.transcript_path ? { transcriptPath: input.transcript_path } : {}),
    ...(host.agent && host.agent !== 'claude-code' ? { agent: host.agent } : {}),
    ...(host.canAsk === false || isHeadlessEntrypoint(env.CLAUDE_CODE_ENTRYPOINT) ? { headless: true } : {}),
  };
}

export async function route(input: HookStdin, deps: EngineDeps, routers: Routers, env: NodeJS.ProcessEnv, host: CallHost = {}): Promise<UnifiedRoutingDecision> {
  const ctx = callContext(input, env, host);
  const missing = (): never => {
    throw new Error(`no router for ${input.hook_event_name} in this bundle`);
  };
  switch (input.hook_event_name) {
    case 'PreToolUse':
      return (routers.PreToolUse ?? missing)(input, ctx, deps);
    case 'UserPromptSubmit':
      return (routers.UserPromptSubmit ?? missing)(input, ctx, deps);
    case 'PostToolUse':
      return (routers.PostToolUse ?? missing)(input, ctx, deps);
    case 'PostToolUseFailure':
      return (routers.PostToolUseFailure ?? missing)(input, ctx, deps);
    case 'Stop':
      return (routers.Stop ?? missing)(input, ctx, deps);
    case 'SessionStart':
      throw new Error('SessionStart is not routed');
  }
}
