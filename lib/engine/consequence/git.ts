// What a git work-loser would destroy in this repository, asked of the injected probe (docs/policy.md "What would
// be lost"). Each reader turns a segment into read-only git queries and their output into an outcome.

import type { RepoProbe } from '../../vocab/repo.js';
import { letters, walkArgs } from '../../analyzers/shell/git-args.js';
import { readGitCall, type GitCall } from './git-argv.js';
import { isGenerated } from './generated.js';
import { countAndFirst, parseCleanDryRun, parseStatus, parseTabbed } from './porcelain.js';

export type Outcome =
  /** Nothing this command destroys exists (or the command will fail before destroying anything). */
  | { kind: 'none'; note?: string }
  | { kind: 'loss'; message: string }
  /** The probe could not say: a work-loser whose loss cannot be known is asked about. */
  | { kind: 'unknown'; detail: string }
  /** Not a form the probe reads: the pattern's own (typed) verdict stands. */
  | { kind: 'typed' };

type Column = 'worktree' | 'any';

const UNKNOWN_OUTPUT = 'git answered in a form hookwarden does not read';

/** Tracked files with changes (`worktree`: unstaged only) under `paths` (all when empty). */
function trackedChanges(repo: RepoProbe, c: GitCall, paths: readonly string[], column: Column, what: string): Outcome {
  const args = ['status', '--porcelain=v1', '-z', '--untracked-files=no', '--ignore-submodules=all'];
  if (paths.length) args.push('--', ...paths);
  const r = repo(c.dir, args);
  if (!r.ok) return r.reason === 'not-a-repo' ? { kind: 'none', note: r.detail } : { kind: 'unknown', detail: r.detail };
  const entries = parseStatus(r.stdout);
  if (!entries) return { kind: 'unknown', detail: UNKNOWN_OUTPUT };
  const lost = entries.filter((e) => e.x !== '?' && e.x !== '!' && (column === 'any' ? true : e.y !== ' ')).map((e) => e.path);
  return lost.length ? { kind: 'loss', message: `${what} would discard uncommitted changes to ${countAndFirst(lost, 'file', 'files')}` } : { kind: 'none' };
}

function reset(repo: RepoProbe, c: GitCall): Outcome {
  return trackedChanges(repo, c, [], 'any', 'git reset --hard');
}

function switchDiscard(repo: RepoProbe, c: GitCall): Outcome {
  return trackedChanges(repo, c, [], 'any', `git switch ${c.rest.find((a) => a.startsWith('-')) ?? ''}`.trim());
}

function checkout(repo: RepoProbe, c: GitCall): Outcome {
  const dash = c.rest.indexOf('--');
  const before = dash < 0 ? c.rest : c.rest.slice(0, dash);
  if (before.some((a) => a === '-p' || a === '--patch' || a.startsWith('--pathspec-from-file'))) return { kind: 'typed' };
  const force = before.some((a) => a === '--force' || (/^-[a-zA-Z]+$/.test(a) && a.includes('f')));
  const positionals = before.filter((a) => !a.startsWith('-'));
  if (dash >= 0) {
    const paths = c.rest.slice(dash + 1);
    return trackedChanges(repo, c, paths, positionals.length ? 'any' : 'worktree', 'git checkout');
  }
  if (positionals.includes('.')) {
    const treeish = positionals[0] !== '.';
    return trackedChanges(repo, c, treeish ? positionals.slice(1) : positionals, treeish ? 'any' : 'worktree', 'git checkout');
  }
  if (force) return trackedChanges(repo, c, [], 'any', 'git checkout --force');
  return { kind: 'typed' };
}

function restore(repo: RepoProbe, c: GitCall): Outcome {
  let staged = false;
  let worktree = false;
  let source = false;
  const { paths, stop } = walkArgs<Outcome>(c.rest, (a, next) => {
    if (a === '--source' || a === '-s') (source = true), next();
    else if (a.startsWith('--source=') || /^-s./.test(a)) source = true;
    else if (a === '--patch' || a.startsWith('--pathspec-from-file')) return { kind: 'typed' };
    else if (a === '--staged') staged = true;
    else if (a === '--worktree') worktree = true;
    else if (!a.startsWith('--')) {
      for (const l of letters(a)) {
        if (l === '-S') staged = true;
        else if (l === '-W') worktree = true;
        else if (l === '-p') return { kind: 'typed' };
      }
    }
    return undefined;
  });
  if (stop) return stop;
  if (!paths.length) return { kind: 'none', note: 'git restore without paths restores nothing' };
  if (staged && !worktree) return { kind: 'none', note: 'git restore --staged leaves the worktree alone' };
  return trackedChanges(repo, c, paths, staged || source ? 'any' : 'worktree', 'git restore');
}

function clean(repo: RepoProbe, c: GitCall): Outcome {
  const args = ['clean', '-n'];
  const { paths, stop } = walkArgs<Outcome>(c.rest, (a, next) => {
    if (a === '--force' || a === '--quiet') return undefined;
    if (a === '--exclude') args.push('-e', next());
    else if (a.startsWith('--exclude=')) args.push(a);
    else if (a === '--dry-run') return { kind: 'none', note: 'a dry run' };
    else if (a.startsWith('--')) return { kind: 'typed' };
    else {
      const ls = letters(a);
      for (let j = 0; j < ls.length; j++) {
        const l = ls[j] as string;
        if (l === '-f' || l === '-q') continue;
        if (l === '-d' || l === '-x' || l === '-X') args.push(l);
        else if (l === '-n') return { kind: 'none', note: 'a dry run' };
        else if (l === '-e') {
          const inline = a.slice(j + 2);
          args.push('-e', inline !== '' ? inline : next());
          break;
        } else return { kind: 'typed' };
      }
    }
    return undefined;
  });
  if (stop) return stop;
  if (paths.length) args.push('--', ...paths);
  const r = repo(c.dir, args);
  if (!r.ok) return r.reason === 'not-a-repo' ? { kind: 'none', note: r.detail } : { kind: 'unknown', detail: r.detail };
  const listed = parseCleanDryRun(r.stdout);
  if (!listed) return { kind: 'unknown', detail: UNKNOWN_OUTPUT };
  const lost = listed.filter((p) => !isGenerated(p));
  return lost.length ? { kind: 'loss', message: `git clean would delete ${countAndFirst(lost, 'untracked path', 'untracked paths')}` } : { kind: 'none' };
}

function stash(repo: RepoProbe, c: GitCall): Outcome {
  const action = c.rest[0];
  if (action !== 'drop' && action !== 'clear') return { kind: 'typed' };
  const r = repo(c.dir, ['stash', 'list', '--format=%gd%x09%s']);
  if (!r.ok) return r.reason === 'not-a-repo' ? { kind: 'none', note: r.detail } : { kind: 'unknown', detail: r.detail };
  const stashes = parseTabbed(r.stdout);
  if (!stashes) return { kind: 'unknown', detail: UNKNOWN_OUTPUT };
  if (!stashes.length) return { kind: 'none', note: 'there is no stash' };
  const named = (rows: Array<[string, string]>): string[] => rows.map(([n, s]) => `${n} (${s})`);
  if (action === 'clear') return { kind: 'loss', message: `git stash clear would delete ${countAndFirst(named(stashes), 'stash', 'stashes')}` };
  const arg = c.rest.slice(1).find((a) => !a.startsWith('-'));
  const want = arg === undefined ? 'stash@{0}' : /^\d+$/.test(arg) ? `stash@{${arg}}` : arg;
  const hit = stashes.find(([n]) => n === want);
  if (!hit) return arg !== undefined && !/^stash@\{\d+\}$|^\d+$/.test(arg) ? { kind: 'typed' } : { kind: 'none', note: `there is no ${want}` };
  return { kind: 'loss', message: `git stash drop would delete ${named([hit])[0]}` };
}

/** Commits listed past this are counted as "100+". */
const COMMITS_MAX = 100;

function branch(repo: RepoProbe, c: GitCall): Outcome {
  const names: string[] = [];
  for (const a of c.rest) {
    if (a === '-r' || a === '--remotes' || a === '-a' || a === '--all') return { kind: 'typed' };
    if (!a.startsWith('-')) names.push(a);
  }
  const losses: string[] = [];
  for (const name of names) {
    const r = repo(c.dir, [
      'log', '--no-color', '--format=%h%x09%s', `--max-count=${COMMITS_MAX + 1}`, `refs/heads/${name}`,
      '--not', `--exclude=${name}`, '--branches', '--remotes', '--tags', '--',
    ]);
    if (!r.ok) {
      if (r.reason === 'not-a-repo') return { kind: 'none', note: r.detail };
      // A branch that does not exist: git branch -D fails on it too.
      if (r.reason === 'failed' && /(?:bad|unknown) revision/.test(r.stderr ?? '')) continue;
      return { kind: 'unknown', detail: r.detail };
    }
    const commits = parseTabbed(r.stdout);
    if (!commits) return { kind: 'unknown', detail: UNKNOWN_OUTPUT };
    if (!commits.length) continue;
    const n = commits.length > COMMITS_MAX ? `${COMMITS_MAX}+` : String(commits.length);
    const first = commits.slice(0, 2).map(([h, s]) => `${h} ${s.length > 60 ? `${s.slice(0, 59)}…` : s}`).join('; ');
    losses.push(`branch ${name} with ${n} commit${n === '1' ? '' : 's'} on no other branch, upstream or tag (${first})`);
  }
  return losses.length ? { kind: 'loss', message: `git branch -D would delete ${losses.join(', and ')}` } : { kind: 'none' };
}

const READERS: Record<string, (repo: RepoProbe, c: GitCall) => Outcome> = {
  reset,
  checkout,
  restore,
  clean,
  stash,
  branch,
  switch: switchDiscard,
};

/** What a git segment's work-loser would destroy, run in `cwd`. */
export function gitLoss(argv: readonly string[], cwd: string, repo: RepoProbe): Outcome {
  const call = readGitCall(argv, cwd);
  if (!call) return { kind: 'unknown', detail: 'git is pointed at another repository or worktree (--git-dir, --work-tree)' };
  const read = READERS[call.sub];
  return read ? read(repo, call) : { kind: 'typed' };
}
