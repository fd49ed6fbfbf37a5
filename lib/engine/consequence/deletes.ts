// What a delete inside the project would lose (docs/consequences.md, policy v0.4): the targets' state in
// git, asked of the injected probe. Untracked, modified or ignored work (not a generated output) is not
// recoverable → ask, naming it; tracked and committed files are (git restore) → silent, or warn when a recursive
// delete takes many of them at once; generated outputs (dist, node_modules, *.pyc…) → silent, never probed.

import type { FileAccess } from '../../analyzers/shell/file-access/types.js';
import type { Segment, ShellAnalysis, ShellContext } from '../../analyzers/shell/types.js';
import type { Match } from '../../vocab/match.js';
import type { RepoProbe } from '../../vocab/repo.js';
import { letters } from '../../analyzers/shell/git-args.js';
import { isGenerated } from './generated.js';
import { judgedDelete } from './ids.js';
import { countAndFirst, parseStatus } from './porcelain.js';

export const DELETE_WORK_ID = 'engine/delete-uncommitted-work';
export const DELETE_BULK_ID = 'engine/delete-many-tracked-files';
/** A delete taking this many tracked (committed, recoverable) files at once warns; a find sweep of a tracked
 * directory warns whatever the count. */
export const BULK_TRACKED = 20;

const GLOB = /[*?[]/;

/** A pathspec git reads as the shell would name it: literal unless it is a glob. */
const pathspec = (p: string): string => (GLOB.test(p) ? p : `:(literal)${p}`);

/** Can this command delete a directory's contents (rm -r, git rm -r, find -delete)? Only then can it reach
 * BULK_TRACKED files without naming them, and only then are tracked files counted (a second git call). */
function recursive(segments: readonly Segment[], accesses: readonly FileAccess[]): boolean {
  if (accesses.some((a) => a.via === 'find -delete') || sweep(segments, accesses)) return true;
  return segments.some((s) => {
    if (s.program !== 'rm' && !(s.program === 'git' && s.argv.includes('rm'))) return false;
    return s.argv.some((a) => a === '--recursive' || (/^-[a-zA-Z]+$/.test(a) && (a.includes('r') || a.includes('R'))));
  });
}

/** A `find ROOT -delete` or `find ROOT -exec rm` without a name filter: it takes every file under ROOT, which is
 * almost never the way to remove a few. */
function sweep(segments: readonly Segment[], accesses: readonly FileAccess[]): boolean {
  if (accesses.some((a) => a.via === 'find -delete' && !a.samples)) return true;
  return segments.some((s) => s.program === 'rm' && s.via.some((v) => v.startsWith('find -exec') || v.startsWith('find -ok')) && !s.argv.some((a) => GLOB.test(a)));
}

function gitRmForce(segments: readonly Segment[]): boolean {
  return segments.some((s) => {
    if (s.program !== 'git') return false;
    const at = s.argv.indexOf('rm');
    return at > 0 && s.argv.slice(at + 1).some((a) => a === '--force' || (/^-[a-zA-Z]+$/.test(a) && letters(a).includes('-f')));
  });
}

interface Group {
  cwd: string;
  paths: string[];
  /** Only `git rm`: untracked and ignored files are not its to delete. */
  gitRmOnly: boolean;
}

/** The delete accesses the probe judges, by directory: inside the project, not generated, run on this machine. */
function groups(accesses: readonly FileAccess[], sctx: ShellContext): Group[] {
  const byCwd = new Map<string, Group>();
  for (const a of accesses) {
    if (!judgedDelete(a, sctx) || a.cwd === undefined) continue;
    let g = byCwd.get(a.cwd);
    if (!g) byCwd.set(a.cwd, (g = { cwd: a.cwd, paths: [], gitRmOnly: true }));
    if (!g.paths.includes(a.path)) g.paths.push(a.path);
    if (a.via !== 'git rm') g.gitRmOnly = false;
  }
  return [...byCwd.values()];
}

const WORK_HINT = 'Keep what is not committed first (git add + commit, or git stash push -u), delete fewer files, or ask the user.';
const UNKNOWN_HINT = 'Run git status on these paths to see what they hold, then retry.';

export function judgeDeletes(accesses: readonly FileAccess[], analysis: ShellAnalysis, sctx: ShellContext, repo: RepoProbe): Match[] {
  const force = gitRmForce(analysis.segments);
  const named = groups(accesses, sctx);
  const count = recursive(analysis.segments, accesses) || named.reduce((n, g) => n + g.paths.length, 0) >= BULK_TRACKED;
  const lost: string[] = [];
  let unknown: string | undefined;
  let tracked = 0;
  let trackedWhere: string[] = [];
  for (const g of named) {
    const specs = g.paths.map(pathspec);
    const r = repo(g.cwd, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--ignored=matching', '--ignore-submodules=all', '--', ...specs]);
    if (!r.ok) {
      // No repository (or no git, or a directory made later in the command): nothing to compare with; the
      // target classes decide, as without a probe.
      if (r.reason === 'not-a-repo' || r.reason === 'missing' || r.reason === 'no-cwd') continue;
      unknown ??= r.detail;
      continue;
    }
    const entries = parseStatus(r.stdout);
    if (!entries) {
      unknown ??= 'git answered in a form hookwarden does not read';
      continue;
    }
    for (const e of entries) {
      if (isGenerated(e.path)) continue;
      const untracked = e.x === '?' || e.x === '!';
      // rm keeps the index: a staged-only change (worktree equal to the index) is still there to restore.
      const work = g.gitRmOnly ? force && !untracked && (e.x !== ' ' || e.y !== ' ') : untracked || (e.y !== ' ' && e.y !== 'D');
      if (work) lost.push(e.x === '?' ? `${e.path} (untracked)` : e.x === '!' ? `${e.path} (ignored)` : `${e.path} (modified)`);
    }
    if (count && !lost.length && !unknown) {
      const ls = repo(g.cwd, ['ls-files', '-z', '--', ...specs]);
      if (ls.ok) {
        const n = ls.stdout.split('\0').filter((p) => p !== '').length;
        if (n) (tracked += n), trackedWhere.push(...g.paths);
      }
    }
  }
  if (lost.length) {
    return [
      {
        id: DELETE_WORK_ID,
        kind: 'engine',
        severity: 'high',
        action: 'ask',
        message: `this delete would lose work git cannot bring back: ${countAndFirst(lost, 'path', 'paths')}`,
        hint: WORK_HINT,
        matched: trimmed(accesses),
      },
    ];
  }
  if (unknown) {
    return [
      {
        id: DELETE_WORK_ID,
        kind: 'engine',
        severity: 'medium',
        action: 'ask',
        message: `this delete inside the project may lose uncommitted work; hookwarden could not see what the targets hold: ${unknown}`,
        hint: UNKNOWN_HINT,
        matched: trimmed(accesses),
      },
    ];
  }
  if (tracked >= BULK_TRACKED || (tracked > 0 && sweep(analysis.segments, accesses))) {
    trackedWhere = [...new Set(trackedWhere)];
    return [
      {
        id: DELETE_BULK_ID,
        kind: 'engine',
        severity: 'medium',
        action: 'warn',
        message: `this delete removes ${tracked} tracked files at once (${trackedWhere.slice(0, 3).join(', ')}); they are committed, so nothing is lost`,
        hint: `If that was not meant, git restore -- ${trackedWhere.slice(0, 3).join(' ')} brings them back.`,
        matched: trimmed(accesses),
      },
    ];
  }
  return [];
}

function trimmed(accesses: readonly FileAccess[]): string {
  const s = accesses.filter((a) => a.op === 'delete').map((a) => `${a.via} ${a.path}`).join(', ');
  return s.length > 200 ? `${s.slice(0, 199)}…` : s;
}
