// The shipped registry compiled from patterns/ once per test file, and engine deps with a fixed clock.

import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../../lib/config/defaults.js';
import type { HookwardenConfig } from '../../lib/config/types.js';
import type { EngineDeps } from '../../lib/engine/deps.js';
import type { KeterRequest, OrchestrationResult } from '../../lib/vocab/orchestrator.js';
import { secretlintScanner } from '../../lib/analyzers/secrets/secretlint.js';
import { orchestratorFor } from '../../lib/hook/orchestrator.js';
import { collectSources, compileFromSources } from '../../lib/registry/resolve.js';
import type { CompiledRegistry } from '../../lib/registry/types.js';

export const ROOT = join(import.meta.dirname, '..', '..');
export const PATTERNS_DIR = join(ROOT, 'patterns');

let shipped: Promise<CompiledRegistry> | undefined;

export function shippedRegistry(): Promise<CompiledRegistry> {
  shipped ??= compileFromSources(collectSources({ shippedDir: PATTERNS_DIR, overrides: [], cacheDir: null })).then(
    ({ registry, issues }) => {
      if (issues.length) throw new Error(`shipped registry has issues: ${issues.join('; ')}`);
      return registry;
    },
  );
  return shipped;
}

export const FIXED_NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

export async function engineDeps(
  over: Partial<EngineDeps> & { consult?: (req: KeterRequest) => Promise<OrchestrationResult>; config?: HookwardenConfig } = {},
): Promise<EngineDeps> {
  const config = over.config ?? DEFAULT_CONFIG;
  let n = 0;
  return {
    now: () => FIXED_NOW,
    newId: () => `decision-${++n}`,
    registry: over.registry ?? (await shippedRegistry()),
    config,
    consult: over.consult ?? orchestratorFor(config, () => FIXED_NOW),
    home: over.home ?? '/home/dev',
    projectDir: over.projectDir ?? '/home/dev/project',
    ...(over.pathFacts ? { pathFacts: over.pathFacts } : {}),
    ...(over.installRoot ? { installRoot: over.installRoot } : {}),
    ...(over.hookwardenHome ? { hookwardenHome: over.hookwardenHome } : {}),
    ...(over.session ? { session: over.session } : {}),
    ...(over.repo ? { repo: over.repo } : {}),
    ...(over.readFeed ? { readFeed: over.readFeed } : {}),
    ...(over.projectChecks ? { projectChecks: over.projectChecks } : {}),
    ...(over.defaultBranch ? { defaultBranch: over.defaultBranch } : {}),
    ...(over.now ? { now: over.now } : {}),
    // The second secret detector as the hook wires it (prefilter, then secretlint from source).
    scanSecrets: over.scanSecrets ?? secretlintScanner().scan,
  };
}

export const CTX = { sessionId: 's-1', cwd: '/home/dev/project', permissionMode: 'default' };
