// Which matches the consequence judgement (./index.ts, a cold chunk) looks at again. Kept apart so that the hook
// can tell whether a call needs it without loading it.

import type { Match } from '../../vocab/match.js';

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
