// Which matches the consequence judgement (./index.ts, a cold chunk) looks at again. Kept apart so that the hook
// can tell whether a call needs it without loading it.

import type { FileAccess } from '../../analyzers/shell/file-access/types.js';
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

export function hasWorkLoser(matches: readonly Match[]): boolean {
  return matches.some((m) => WORK_LOSERS.has(m.id));
}

/** Delete accesses (lib/analyzers/shell/file-access/) whose targets the probe looks at: `mv` moves, `shred` has
 * its own pattern. */
export const DELETE_VIAS: ReadonlySet<string> = new Set(['rm', 'unlink', 'rmdir', 'find -delete', 'git rm']);

/** Does a command delete something inside the project that is not a generated output? A cheap look before the
 * consequence chunk is loaded (the chunk checks the target classes). */
export function hasDeleteToJudge(accesses: readonly FileAccess[]): boolean {
  return accesses.some((a) => a.op === 'delete' && DELETE_VIAS.has(a.via) && a.cwd !== undefined && !isGenerated(a.path));
}
