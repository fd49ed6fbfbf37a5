// The engine's `consult` for a config: one orchestrator call with the configured hard timeout.

import type { HookwardenConfig } from '../config/types.js';
import type { KeterRequest, OrchestrationResult } from '../vocab/orchestrator.js';
import { consultKeter } from '../keter/consult.js';
import { createOrchestrator } from '../keter/index.js';

export function orchestratorFor(config: HookwardenConfig, now: () => number) {
  const orch = createOrchestrator(config.keter);
  return (req: KeterRequest): Promise<OrchestrationResult> =>
    consultKeter(orch, req, { timeoutMs: config.keter.timeoutMs, now });
}
