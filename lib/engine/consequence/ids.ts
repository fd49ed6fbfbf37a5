// Which matches the consequence judgement (./index.ts, a cold chunk) looks at again. Kept apart so that the hook
// can tell whether a call needs it without loading it.

import type { FileAccess } from '../../analyzers/shell/file-access/types.js';
// Through the shell chunk's entry (already loaded by a Bash call), not a second copy of the target classes.
import { classifyTarget, type ShellContext } from '../../analyzers/shell/index.js';
import type { Match } from '../../vocab/match.js';
import { isGenerated } from './generated.js';

/** The bash-git patterns whose consequence the repository probe reads (patterns/bash-git.json). */
export const WORK_LOSERS: ReadonlySet<string> = new Set([
  'bash-git/reset-hard',
  'bash-git/checkout-discard',
  'bash-git/restore-worktree',
  'bash-git/clean-force',
  'bash-git/stash-discard',
  'bash-git/branch-force-delete',
  'bash-git/switch-discard',
]);

/** A work-loser match the probe may judge: only at the shipped `warn`. A pack or override that made it `ask`,
 * `block` or `context` has decided, and the probe never lowers nor raises that. */
export function judgedWorkLoser(m: Match): boolean {
  return m.action === 'warn' && WORK_LOSERS.has(m.id);
}

export function hasWorkLoser(matches: readonly Match[]): boolean {
  return matches.some(judgedWorkLoser);
}

/** Delete accesses (lib/analyzers/shell/file-access/) whose targets the probe looks at: `mv` moves, `shred` has
 * its own pattern. */
export const DELETE_VIAS: ReadonlySet<string> = new Set(['rm', 'unlink', 'rmdir', 'find -delete', 'git rm']);

/** Is this delete access one the probe judges: inside the project (target class `project`), not a generated
 * output, on this machine? */
export function judgedDelete(a: FileAccess, sctx: ShellContext): boolean {
  if (a.op !== 'delete' || !DELETE_VIAS.has(a.via) || a.cwd === undefined) return false;
  return classifyTarget(a.path, { cwd: a.cwd, home: sctx.home, projectDir: sctx.projectDir ?? sctx.cwd }) === 'project' && !isGenerated(a.path);
}

/** Does a command delete something the probe judges? A cheap look before the consequence chunk is loaded. */
export function hasDeleteToJudge(accesses: readonly FileAccess[], sctx: ShellContext): boolean {
  return accesses.some((a) => judgedDelete(a, sctx));
}
