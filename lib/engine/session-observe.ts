// What a tool that ran (PostToolUse) or started and failed (PostToolUseFailure) means for the session: which project
// files it changed or re-read, and what its command did (tests, build, commit, push, deploy…). Pure: the hook runner
// applies the effect. A failed file tool changed and read nothing; a failed Bash command may still have written
// (`sed -i … && false`), so its writes count, its reads do not, and its actions are recorded as failed.

import { normalisePath, type NormalisedPath } from '../analyzers/paths/normalise.js';
import { redactSecrets } from '../analyzers/secrets/detect.js';
import { commandActions } from '../analyzers/session/actions.js';
import { analyzeShell, fileAccesses } from '../analyzers/shell/index.js';
import { excerpt } from '../analyzers/truncate.js';
import { viewOf } from '../registry/select.js';
import type { ActionRecord, SessionEffect } from '../session/state.js';
import type { CallContext, EngineDeps } from './deps.js';
import { pathContext, shellContext } from './contexts.js';
import { fileTargets } from './tool-input.js';

/** How the session names a file: project-relative inside the project, else as displayed (`~/…`, absolute). */
export function sessionPathName(p: NormalisedPath): string {
  if (!p.insideProject) return p.display;
  return p.forms.find((f) => !f.startsWith('/') && !f.startsWith('~') && !/^[A-Za-z]:/.test(f)) ?? p.display;
}

export function observeTool(toolName: string, toolInput: unknown, ctx: CallContext, deps: EngineDeps, failed = false): SessionEffect | undefined {
  if (!deps.session) return undefined;
  const writes = new Set<string>();
  const reads = new Set<string>();
  const actions: Array<Pick<ActionRecord, 'kind' | 'command'>> = [];
  // Only changes inside the project need checking: a scratch file in /tmp or ~/.cache is not the work.
  const note = (raw: string, op: string, cwd: string): void => {
    if (failed && op === 'read') return;
    const p = normalisePath(raw, pathContext(cwd, deps));
    if (op === 'read') reads.add(sessionPathName(p));
    else if (p.insideProject) writes.add(sessionPathName(p));
  };
  if (!failed) for (const t of fileTargets(toolName, toolInput)) note(t.path, t.op, ctx.cwd);
  const command = (toolInput as { command?: unknown } | null)?.command;
  if (toolName === 'Bash' && typeof command === 'string') {
    const sctx = shellContext(ctx, deps);
    const analysis = analyzeShell(command, sctx);
    for (const a of fileAccesses(analysis)) {
      // A glob read names no file for certain; a glob write (`sed -i … src/*.ts`) is named by its pattern.
      if (a.path === '/dev/null' || (a.samples && a.op === 'read')) continue;
      note(a.path, a.op, a.cwd ?? ctx.cwd);
    }
    const shown = excerpt(redactSecrets(command, viewOf(deps.registry).secrets).text, 200);
    actions.push({ kind: 'exec', command: shown });
    for (const hit of commandActions(analysis, viewOf(deps.registry).actions, sctx)) actions.push({ kind: hit.does, command: shown });
  }
  // Write state only when something changes: a read matters only for a changed file, a tool_use_id only when
  // an ask for it is pending (the ask was recorded before the tool ran, so the snapshot holds it). A tool that
  // failed or was interrupted still answers its ask: Claude Code fires PostToolUseFailure only for a tool it started,
  // so the user had approved it.
  const s = deps.session;
  const changed = new Set(s.changed.map((c) => c.path));
  const reread = [...reads].filter((r) => changed.has(r));
  const approval = ctx.toolUseId && s.pending.some((p) => p.toolUseId === ctx.toolUseId) ? ctx.toolUseId : undefined;
  if (!writes.size && !reread.length && !actions.length && !approval) return undefined;
  return {
    type: 'observed',
    tool: toolName,
    ...(approval ? { toolUseId: approval } : {}),
    writes: [...writes],
    reads: reread,
    actions,
    ...(failed && actions.length ? { failed: true as const } : {}),
  };
}
