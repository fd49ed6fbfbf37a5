// The shell and path analyzers' contexts for one call, built the same way by every route that uses them.

import type { PathContext } from '../analyzers/paths/normalise.js';
import type { ShellContext } from '../analyzers/shell/types.js';
import type { CallContext, EngineDeps } from './deps.js';

// Both carry hookwarden's own home when the runner knows it, so `$HOOKWARDEN_HOME` and paths inside it are
// recognised wherever it lives (absent: the analyzers assume `<home>/.hookwarden`).
export function shellContext(ctx: CallContext, deps: EngineDeps): ShellContext {
  const sctx: ShellContext = { cwd: ctx.cwd, home: deps.home, projectDir: deps.projectDir };
  if (deps.hookwardenHome) sctx.hookwardenHome = deps.hookwardenHome;
  if (deps.defaultBranch) sctx.defaultBranch = deps.defaultBranch;
  return sctx;
}

export function pathContext(cwd: string, deps: EngineDeps): PathContext {
  const pctx: PathContext = { cwd, home: deps.home, projectDir: deps.projectDir, trustedRoots: deps.config.trustedRoots };
  if (deps.pathFacts) pctx.facts = deps.pathFacts;
  if (deps.hookwardenHome) pctx.hookwardenHome = deps.hookwardenHome;
  if (deps.installRoot) pctx.installRoot = deps.installRoot;
  return pctx;
}
