// The two ways a call ends without a routed decision: input that cannot be judged (rejected at parse: guards
// block, observers report), and an internal error while judging (guards answer by onInternalError, audited).

import { loadCallConfig } from '../project-trust.js';
import { HookwardenError, oneLine } from '../../errors.js';
import { adapterFor } from '../../protocol/adapters.js';
import type { HookStdin } from '../../protocol/claude-code/schema.js';
import { viewOf } from '../../registry/select.js';
import { agentOf } from '../../vocab/agents.js';
import { auditDecision, auditRejectedInput } from '../audit.js';
import { errorDecision } from '../error-decision.js';
import { GUARD_HOOKS, HOOKS, type HookName } from '../hooks.js';
import type { Locations } from '../locations.js';
import type { HookRun, RuntimeDeps } from '../runtime.js';

export function reject(hook: HookName, err: HookwardenError, rt: RuntimeDeps, started: number, event: string = HOOKS[hook]): HookRun {
  const guard = GUARD_HOOKS.has(hook);
  const what = guard ? 'the call was blocked because it could not be judged' : 'nothing was judged';
  if (rt.audit !== false) auditRejectedInput(hook, event, err, rt, started);
  return { exitCode: guard ? 2 : 1, stdout: '', stderr: `hookwarden: ${err.message} (${err.code}); ${what}.\n` };
}

function loadConfigSafe(loc: Locations) {
  try {
    return loadCallConfig(loc).config;
  } catch {
    return { onInternalError: 'ask' as const };
  }
}

export function failInternal(hook: HookName, input: HookStdin, err: unknown, rt: RuntimeDeps, loc: Locations, started: number): HookRun {
  const summary = oneLine(err);
  if (!GUARD_HOOKS.has(hook) || input.hook_event_name === 'SessionStart') {
    if (rt.audit !== false) auditRejectedInput(hook, input.hook_event_name, new HookwardenError('E_INTERNAL', summary), rt, started, input.session_id);
    return { exitCode: 1, stdout: '', stderr: `hookwarden: internal error: ${summary}\n` };
  }
  const adapter = adapterFor(rt.agent);
  // A host that cannot ask (Codex; Gemini, which waits forever headless) is denied instead: an internal error
  // never lets a call through unjudged, whatever askFallback says.
  const configured = loadConfigSafe(loc).onInternalError;
  const mode = adapter.canAsk === false ? 'deny' : configured;
  const decision = errorDecision(input, summary, mode, rt);
  const rendered = adapter.render(input.hook_event_name, decision.decision);
  if (rt.audit !== false) auditDecision(loc, decision, {
    event: input.hook_event_name,
    registryHash: 'unavailable',
    configHash: 'unavailable',
    engineVersion: rt.engineVersion,
    latencyMs: rt.now() - started,
    rawInput: input,
    agent: agentOf(rt.agent),
    secrets: rt.embedded ? viewOf(rt.embedded.registry).secrets : [],
    error: summary,
  });
  return { ...rendered, decision };
}
