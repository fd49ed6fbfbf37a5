// RuntimeDeps for CLI commands: the same embedded registry and version as the hook bundles.

import type { RuntimeDeps } from '../hook/runtime.js';
import { EMBEDDED, ENGINE_VERSION } from '../hook/main.js';
import { ALL_ROUTERS } from '../hook/routers.js';
import type { CliIO } from './io.js';

export function runtimeFor(io: CliIO, audit = true): RuntimeDeps {
  return { env: io.env, now: io.now, newId: io.newId, embedded: EMBEDDED, engineVersion: ENGINE_VERSION, audit, memo: new Map(), routers: ALL_ROUTERS };
}
