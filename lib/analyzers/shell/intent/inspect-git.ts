// Phase d, content inspection: git. Read-only subcommands, known writers, and the arguments of branch,
// tag, stash, worktree, remote, reflog and config inspected to tell a listing from a change.

import type { NormalisedArgs } from '../operands.js';
import { ownEntry } from '../tables.js';
import type { Segment } from '../types.js';
import { plainFlags } from './args.js';
import { type IntentResult, inspected, PLAIN_READ, unsafe } from './result.js';

const GIT_READ_ONLY: ReadonlySet<string> = new Set([
  'status', 'log', 'diff', 'show', 'blame', 'annotate', 'rev-parse', 'ls-files', 'ls-tree', 'ls-remote', 'cat-file',
  'describe', 'shortlog', 'rev-list', 'show-ref', 'for-each-ref', 'merge-base', 'name-rev', 'whatchanged',
  'check-ignore', 'check-attr', 'count-objects', 'grep', 'cherry', 'show-branch', 'diff-tree', 'diff-files',
  'diff-index', 'range-diff', 'var', 'version',
]);
const GIT_WRITERS: ReadonlySet<string> = new Set([
  'add', 'am', 'apply', 'checkout', 'cherry-pick', 'clean', 'clone', 'commit', 'fetch', 'gc', 'init', 'merge', 'mv',
  'prune', 'pull', 'push', 'rebase', 'reset', 'restore', 'revert', 'rm', 'switch', 'submodule', 'update-index',
  'update-ref', 'filter-branch', 'notes', 'bisect', 'format-patch', 'archive',
]);
/** Per read-only subcommand, flags that write or hand output to a program. */
const GIT_FORBIDDEN: Readonly<Record<string, ReadonlySet<string>>> = {
  grep: new Set(['-O', '--open-files-in-pager']),
};

interface ListingSpec {
  /** Flags that create, delete, rename or configure. */
  writes: ReadonlySet<string>;
  /** Flags that put the command in list mode, so names are patterns, not new refs. */
  lists: ReadonlySet<string>;
  /** Flags that only shape a listing. */
  shapes: ReadonlySet<string>;
}

const BRANCH_SPEC: ListingSpec = {
  writes: new Set([
    '-d', '-D', '--delete', '-m', '-M', '--move', '-c', '-C', '--copy', '-f', '--force', '-u', '--set-upstream-to',
    '--unset-upstream', '--edit-description', '-t', '--track', '--no-track', '--create-reflog', '--recurse-submodules',
  ]),
  lists: new Set([
    '-l', '--list', '-a', '--all', '-r', '--remotes', '-v', '--verbose', '--contains', '--no-contains', '--merged',
    '--no-merged', '--points-at',
  ]),
  shapes: new Set([
    '--show-current', '--sort', '--format', '--color', '--no-color', '--column', '--no-column', '-i', '--ignore-case',
    '--abbrev', '--no-abbrev', '--omit-empty',
  ]),
};
const TAG_SPEC: ListingSpec = {
  writes: new Set([
    '-a', '--annotate', '-s', '--sign', '-u', '--local-user', '-f', '--force', '-d', '--delete', '-m', '--message',
    '-F', '--file', '-e', '--edit', '--cleanup', '--create-reflog', '--trailer',
  ]),
  lists: new Set(['-l', '--list', '-n', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at']),
  shapes: new Set(['--sort', '--format', '--color', '--no-color', '--column', '--no-column', '-i', '--ignore-case', '--omit-empty']),
};

const GIT_CONFIG_READS: ReadonlySet<string> = new Set([
  '--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool', '--list', '-l',
]);
const GIT_CONFIG_WRITES: ReadonlySet<string> = new Set([
  '--unset', '--unset-all', '--add', '--replace-all', '--rename-section', '--remove-section', '-e', '--edit',
]);

const GIT_SPECIAL: Readonly<Record<string, (args: NormalisedArgs) => IntentResult>> = {
  branch: (args) => judgeListing('branch', BRANCH_SPEC, args),
  tag: (args) => judgeListing('tag', TAG_SPEC, args),
  stash: (args) => gitSecondWord(args, new Set(['list', 'show']), 'git stash changes the working tree'),
  worktree: (args) => gitSecondWord(args, new Set(['list']), 'git worktree changes worktrees'),
  remote: (args) =>
    args.operands[1] === undefined ? PLAIN_READ : gitSecondWord(args, new Set(['show', 'get-url']), 'git remote changes remotes'),
  reflog: (args) =>
    ['expire', 'delete', 'drop'].includes(args.operands[1] ?? '') ? unsafe(`git reflog ${args.operands[1]} rewrites the reflog`) : PLAIN_READ,
  config: judgeGitConfig,
};

export function judgeGit(seg: Segment, args: NormalisedArgs): IntentResult {
  const sub = args.operands[0];
  if (sub === undefined) return unsafe('git without a subcommand is not a known read-only git command');
  if (args.flags.has('--output')) return unsafe(`git ${sub} --output writes a file`);
  const special = ownEntry(GIT_SPECIAL, sub);
  if (special) return special(args);
  if (!GIT_READ_ONLY.has(sub)) {
    return unsafe(GIT_WRITERS.has(sub) ? `git ${sub} changes the repository or working tree` : `git ${sub} is not a known read-only git command`);
  }
  const forbidden = [...args.flags].find((f) => ownEntry(GIT_FORBIDDEN, sub)?.has(f));
  return forbidden ? unsafe(`git ${sub} ${forbidden} runs another program`) : PLAIN_READ;
}

function gitSecondWord(args: NormalisedArgs, allowed: ReadonlySet<string>, otherwise: string): IntentResult {
  return allowed.has(args.operands[1] ?? '') ? PLAIN_READ : unsafe(otherwise);
}

/** git branch / git tag: bare is a listing; with arguments, only list-mode flags and patterns pass. */
function judgeListing(sub: string, spec: ListingSpec, args: NormalisedArgs): IntentResult {
  const flags = plainFlags(args.flags);
  const names = args.operands.slice(1);
  if (flags.length === 0 && names.length === 0) return PLAIN_READ;
  const writing = flags.find((f) => spec.writes.has(f));
  if (writing) return unsafe(`git ${sub} ${writing} changes ${sub === 'tag' ? 'tags' : 'branches'}`);
  const other = flags.find((f) => !spec.lists.has(f) && !spec.shapes.has(f));
  if (other) return unsafe(`git ${sub} ${other} is not known to only list`);
  if (names.length > 0 && !flags.some((f) => spec.lists.has(f))) return unsafe(`git ${sub} ${names[0]} creates a ${sub}`);
  return inspected(`git ${sub} arguments only list`);
}

function judgeGitConfig(args: NormalisedArgs): IntentResult {
  const writing = [...args.flags].find((f) => GIT_CONFIG_WRITES.has(f));
  if (writing) return unsafe(`git config ${writing} changes configuration`);
  const action = args.operands[1];
  if ([...args.flags].some((f) => GIT_CONFIG_READS.has(f)) || action === 'get' || action === 'list') return PLAIN_READ;
  return unsafe('git config without --get/--list may change configuration');
}
