// The decision for a tool call or prompt that could not be judged because of an internal error:
// ask (default) or deny, never a silent allow. Built as a full UnifiedRoutingDecision so it is audited alike.

import type { UnifiedRoutingDecision } from '../engine/types.js';
import { INTERNAL_ERROR_ID } from '../engine/route.js';
import type { HookStdin } from '../protocol/claude-code/schema.js';
import type { RuntimeDeps } from './runtime.js';

export function errorDecision(
  input: HookStdin,
  summary: string,
  mode: 'ask' | 'deny',
  rt: RuntimeDeps,
): UnifiedRoutingDecision {
  const action = mode === 'deny' ? 'block' : 'ask';
  const hint = 'Ask the user to review this call; `hookwarden explain` shows the failure. Fix the configuration or registry it names.';
  const message = `hookwarden ${action}: hookwarden could not judge this call (${summary}) [${INTERNAL_ERROR_ID}]. Rules: INTERNAL_ERROR_${mode.toUpperCase()}.`;
  const toolName = typeof input.tool_name === 'string' ? input.tool_name : undefined;
  return {
    input: {
      type: input.hook_event_name === 'UserPromptSubmit' ? 'user_prompt' : 'tool_use',
      domain: 'unknown',
      content: '',
      sessionId: input.session_id,
      cwd: input.cwd,
      ...(toolName ? { toolName } : {}),
    },
    local: {
      matches: [
        { id: INTERNAL_ERROR_ID, kind: 'engine', severity: 'high', action, message: 'hookwarden could not judge this call', hint, matched: summary },
      ],
      maxSeverity: 'high',
      level: action,
      confidence: 0,
      reasoning: summary,
      suggestions: [],
      error: summary,
    },
    orchestration: { available: false, source: 'none', unavailableReason: 'not consulted', latencyMs: 0 },
    decision: { action, shouldProceed: action !== 'block', severity: 'high', confidence: 0, message, hints: [hint], injections: [] },
    audit: { decisionId: rt.newId(), timestamp: rt.now(), localPatterns: [INTERNAL_ERROR_ID], decisionRules: [`INTERNAL_ERROR_${mode.toUpperCase()}`], sources: [] },
  };
}
