// The shell and path analyzers' contexts for one call, built the same way by every route that uses them.

import type { PathContext } from '../analyzers/paths/normalise.js';
import type { ShellContext } from '../analyzers/shell/types.js';
import type { CallContext, EngineDeps } from './deps.js';

export const shellContext = (ctx: CallContext, deps: EngineDeps): ShellContext => ({ cwd: ctx.cwd, home: deps.home, projectDir: deps.projectDir });

export function pathContext(cwd: string, deps: EngineDeps): PathContext {
  const pctx: PathContext = { cwd, home: deps.home, projectDir: deps.projectDir, trustedRoots: deps.config.trustedRoots };
  if (deps.pathFacts) pctx.facts = deps.pathFacts;
  return pctx;
}
