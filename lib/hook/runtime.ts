// What a hook call runs with (the process's environment, clock, ids, embedded registry, routes) and what it gives
// back. Shared by the stages (lib/hook/stages/), the runner, the daemon, replay and the CLI.

import type { loadConfig } from '../config/load.js';
import type { RouterSettings } from '../config/types.js';
import type { EngineDeps } from '../engine/deps.js';
import type { UnifiedRoutingDecision } from '../engine/types.js';
import type { AgentName } from '../protocol/adapter.js';
import type { HookOutput } from '../protocol/text.js';
import type { EmbeddedRegistry, resolveRegistry } from '../registry/resolve.js';
import type { Routers } from './routers.js';

/** A call's config and registry, with the problems met loading them (files skipped, overrides refused). */
export interface Prepared {
  cfg: ReturnType<typeof loadConfig>;
  reg: Awaited<ReturnType<typeof resolveRegistry>>;
  issues: string[];
  /** The policy the call is judged under (stages/prepare.ts): its revision, the active bundle's, and the managed files
   * refused (every tool call is then denied: managed-guard.ts). */
  policy: { revision: string; bundleRevision?: string; refused: string[] };
}

export interface RuntimeDeps {
  env: NodeJS.ProcessEnv;
  now: () => number;
  newId: () => string;
  embedded: EmbeddedRegistry | null;
  engineVersion: string;
  /** false for what-if runs (`explain`, `eval` without --audit): nothing is written. Default true. */
  audit?: boolean;
  /** Reuse config and registry across calls of one process (eval over a corpus). */
  memo?: Map<string, Promise<Prepared>>;
  /** The routes this process can run: a hook bundle carries only its own (lib/hook/routers.ts). */
  routers: Routers;
  /** The host whose stdin and output this call speaks (the hook command's `--agent`); Claude Code by default. */
  agent?: AgentName;
  /** The stdin is already hookwarden's event (an audit line's input, replayed): parsed as such, not through the
   * host's adapter, and still judged as `agent` (its askFallback, whether it can ask). */
  normalized?: boolean;
  /** Replaces the configured orchestrator (replay answers with the logged result). */
  consult?: EngineDeps['consult'];
}

export interface HookRun extends HookOutput {
  decision?: UnifiedRoutingDecision;
  /** The router settings the decision was routed with (for `explain`). */
  router?: RouterSettings;
  /** The call's heartbeat name, `<host>.<event>` (lib/hook/heartbeat.ts): set when the call wrote its audit line. */
  beat?: string;
}
