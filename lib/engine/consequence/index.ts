// Judge by what would be lost, not only by what is typed (docs/consequences.md, policy v0.4).
// A git work-loser pattern (reset --hard, checkout/restore of paths, clean -f, stash drop/clear, branch -D,
// switch/checkout --force) that matched is looked at again with the repository probe: work this command would
// destroy → ask, naming it; nothing to lose → the match is dropped (silent); the probe could not tell → ask.
// Without a probe (what-if runs, the labelled corpus) the typed verdict stands. Its own chunk
// (scripts/build-chunks.ts): only a call with a work-loser match loads it.

import { matchCommand } from '../../analyzers/shell/match.js';
import { runsElsewhere } from '../../analyzers/shell/nested.js';
import type { Segment, ShellAnalysis, ShellContext } from '../../analyzers/shell/types.js';
import type { CompiledShell } from '../../registry/types.js';
import type { Match } from '../../vocab/match.js';
import type { RepoProbe } from '../../vocab/repo.js';
import { gitLoss, type Outcome } from './git.js';
import { judgedWorkLoser } from './ids.js';

export { judgeDeletes } from './deletes.js';
export { expandFeeds } from './feeds.js';

const LOSS_HINT = 'Keep the work first (commit it, or git stash push -u -m "<why>"), or ask the user whether it may go.';
const UNKNOWN_HINT = 'Run git status (and git stash list / git log for branches) to see what would be lost, keep it, then retry.';

/** Work-losers whose loss is the tracked changes a `git stash` earlier in the same command has already saved. */
const TRACKED_ONLY: ReadonlySet<string> = new Set(['bash-git/reset-hard', 'bash-git/checkout-discard', 'bash-git/restore-worktree', 'bash-git/switch-discard']);

/** `git stash`, `git stash push|save …` in the same directory: the tracked changes are kept before the loser runs. */
function stashedBefore(segments: readonly Segment[], upTo: number, cwd: string): boolean {
  return segments.slice(0, upTo).some((s) => {
    if (s.program !== 'git' || s.cwd !== cwd || s.via.length > 0) return false;
    const at = s.argv.indexOf('stash');
    if (at !== 1) return false;
    const sub = s.argv[at + 1];
    return sub === undefined || sub === 'push' || sub === 'save' || sub.startsWith('-');
  });
}

function outcomeOf(p: CompiledShell, analysis: ShellAnalysis, sctx: ShellContext, repo: RepoProbe): Outcome[] {
  const m = p.match;
  if (!('command' in m)) return [{ kind: 'typed' }];
  const out: Outcome[] = [];
  for (const [i, seg] of analysis.segments.entries()) {
    if (!matchCommand(m.command, seg, sctx)) continue;
    if (runsElsewhere(seg.via)) out.push({ kind: 'typed' });
    else if (seg.cwd !== undefined && TRACKED_ONLY.has(p.id) && stashedBefore(analysis.segments, i, seg.cwd)) out.push({ kind: 'none', note: 'stashed first' });
    else if (seg.cwd === undefined) out.push({ kind: 'unknown', detail: 'the directory the command runs in is only known when it runs' });
    else out.push(gitLoss(seg.argv, seg.cwd, repo));
  }
  return out;
}

/** The matches with each work-loser judged by what it would destroy. `patterns`: the call's shell candidates. */
export function judgeWorkLosers(
  matches: readonly Match[],
  analysis: ShellAnalysis,
  patterns: readonly CompiledShell[],
  sctx: ShellContext,
  repo: RepoProbe,
): Match[] {
  const out: Match[] = [];
  for (const match of matches) {
    const p = judgedWorkLoser(match) ? patterns.find((x) => x.id === match.id) : undefined;
    if (!p) {
      out.push(match);
      continue;
    }
    const outcomes = outcomeOf(p, analysis, sctx, repo);
    const losses = outcomes.flatMap((o) => (o.kind === 'loss' ? [o.message] : []));
    const unknown = outcomes.find((o): o is Extract<Outcome, { kind: 'unknown' }> => o.kind === 'unknown');
    if (losses.length) {
      out.push({ ...match, action: 'ask', severity: 'high', message: `${losses.join('; ')}.`, hint: LOSS_HINT });
    } else if (unknown) {
      out.push({ ...match, action: 'ask', message: `${match.message} hookwarden could not see what it would lose: ${unknown.detail}.`, hint: UNKNOWN_HINT });
    } else if (outcomes.some((o) => o.kind === 'typed') || outcomes.length === 0) {
      out.push(match);
    }
    // Every segment had nothing to lose: no match, the command passes silently.
  }
  return out;
}
