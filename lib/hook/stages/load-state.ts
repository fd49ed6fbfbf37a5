// Stage 4, load state: the engine's dependencies for this call. The clock, ids, registry, config and orchestrator;
// the file-system view paths may use; the second secret detector; and, in a stateful call, the session's state
// and the memory store. Files that were there but could not be read are noted once each, as problems.

import { secretlintScanner, type SecretlintScanner } from '../../analyzers/secrets/secretlint.js';
import { routerSettings } from '../../config/router-settings.js';
import type { RouterSettings } from '../../config/types.js';
import type { EngineDeps } from '../../engine/deps.js';
import type { HookStdin } from '../../protocol/claude-code/schema.js';
import { loadSession, type LoadedSession } from '../../session/session-file.js';
import type { Locations } from '../locations.js';
import { memoryAccess } from '../memory-io.js';
import { orchestratorFor } from '../orchestrator.js';
import { defaultBranchReader } from '../default-branch.js';
import { fileSystemFacts } from '../path-facts.js';
import { feedReader, repoProbe } from '../repo-probe.js';
import type { RuntimeDeps } from '../runtime.js';
import type { PreparedCall } from './prepare.js';
import type { CallProblems } from './problems.js';

export interface CallState {
  deps: EngineDeps;
  /** The session as loaded (with its note and refusal), when the call is stateful. */
  loaded?: LoadedSession;
  /** The second secret detector, when config turns it on. */
  second?: SecretlintScanner;
  router: RouterSettings;
}

export function loadState(input: HookStdin, loc: Locations, p: PreparedCall, rt: RuntimeDeps, problems: CallProblems): CallState {
  const { config } = p.cfg;
  const deps: EngineDeps = {
    now: rt.now,
    newId: rt.newId,
    registry: p.reg.registry,
    config,
    consult: rt.consult ?? orchestratorFor(config, rt.now),
    home: loc.home,
    projectDir: loc.projectDir,
    hookwardenHome: loc.hookwardenHome,
    installRoot: loc.installRoot,
    pathFacts: fileSystemFacts(loc.projectDir),
    defaultBranch: defaultBranchReader(),
    note: (line) => void problems.skipped.add(line),
  };
  // Built on first use: the probe's module (a cold chunk) loads only when a command would lose work. Not in a
  // replay: an audit line's repository then is not the repository now (the typed verdict stands).
  if (input.hook_event_name === 'PreToolUse' && !rt.normalized) {
    let probe: EngineDeps['repo'];
    deps.repo = (cwd, args) => (probe ??= repoProbe({ env: rt.env }))(cwd, args);
    let reader: EngineDeps['readFeed'];
    deps.readFeed = (path) => (reader ??= feedReader(loc.projectDir))(path);
  }
  const second = config.secretlint ? secretlintScanner() : undefined;
  if (second) deps.scanSecrets = second.scan;
  let loaded: LoadedSession | undefined;
  if (p.stateful) {
    loaded = loadSession(loc.hookwardenHome, input.session_id, loc.projectDir, rt.now(), config.session);
    deps.session = loaded.state;
    if (config.memory.enabled) deps.memory = memoryAccess(loc, deps.note);
  }
  const router = routerSettings(config);
  // The catalogue is read for prompts only, by the user-prompt router (never from an unsafe home's cache).
  if (input.hook_event_name === 'UserPromptSubmit' && router.enabled) {
    deps.routingFrom = { cacheDir: p.homeIssue ? '' : loc.cacheDir, hookwardenHome: loc.hookwardenHome, writeCache: p.stateful };
  }
  return { deps, ...(loaded ? { loaded } : {}), ...(second ? { second } : {}), router };
}
