// What a `git push` overwrites: the remote, the branches it forces, and whether that includes the default branch.
// Forced: every destination under `--force`/`-f`, a `+refspec`'s own destination, every branch under `--mirror` or
// `--all --force`. The default branch is `main` or `master`, or the one the repository names for that remote
// (`refs/remotes/<remote>/HEAD`, read by the hook runner and handed in as `ShellContext.defaultBranch`).

import { posix } from 'node:path';
import { walkArgs } from './git-args.js';
import type { Segment, ShellContext } from './types.js';

export interface PushInfo {
  /** `-C dir` given to git, as written. */
  dir?: string;
  remote?: string;
  /** --force / -f (every destination is forced). */
  force: boolean;
  /** --force-with-lease / --force-if-includes. */
  lease: boolean;
  /** --mirror, or --all with a force: every branch. */
  everyBranch: boolean;
  /** Destination branches that are forced (refs/heads/ stripped); `HEAD` stays `HEAD`. */
  forced: string[];
  /** Refspecs given after the remote. */
  refspecs: string[];
  /** Every destination branch (refs/heads/ stripped), forced or not. */
  destinations: string[];
}

const GIT_VALUED = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env']);
/** Push options whose value can be the next word (`--signed`, `--recurse-submodules` only take `=value`). */
const PUSH_VALUED = new Set(['--repo', '-o', '--push-option', '--receive-pack', '--exec']);

/** The push in a `git … push …` segment, or undefined when it is not one. */
export function readPush(argv: readonly string[]): PushInfo | undefined {
  if (argv[0] !== 'git') return undefined;
  let i = 1;
  let dir: string | undefined;
  while (i < argv.length && (argv[i] as string).startsWith('-')) {
    const a = argv[i] as string;
    if (a === '-C') dir = argv[i + 1];
    i += GIT_VALUED.has(a) ? 2 : 1;
  }
  if (argv[i] !== 'push') return undefined;
  const info: PushInfo = { force: false, lease: false, everyBranch: false, forced: [], refspecs: [], destinations: [] };
  if (dir !== undefined) info.dir = dir;
  let all = false;
  let mirror = false;
  const { paths: positionals } = walkArgs(argv.slice(i + 1), (a, next) => {
    const name = a.startsWith('--') ? (a.split('=')[0] as string) : a;
    if (name === '--force') info.force = true;
    else if (name === '--force-with-lease' || name === '--force-if-includes') info.lease = true;
    else if (name === '--mirror') mirror = true;
    else if (name === '--all' || name === '--branches') all = true;
    else if (!a.startsWith('--') && /^-[a-zA-Z]+$/.test(a) && a.includes('f')) info.force = true;
    if (PUSH_VALUED.has(name) && !a.includes('=')) next();
    return undefined;
  });
  [info.remote, ...info.refspecs] = positionals;
  if (info.remote === undefined) delete info.remote;
  info.everyBranch = mirror || (all && info.force);
  for (const spec of info.refspecs) {
    const plus = spec.startsWith('+');
    const body = plus ? spec.slice(1) : spec;
    const dest = (body.includes(':') ? body.slice(body.indexOf(':') + 1) : body).replace(/^refs\/heads\//, '');
    if (!dest) continue;
    info.destinations.push(dest);
    if (plus || info.force) info.forced.push(dest);
  }
  return info;
}

const DEFAULT_NAMES = ['main', 'master'];

/** The directory the push runs in: the segment's cwd, moved by `git -C`. */
function repoDir(info: PushInfo, seg: Segment, ctx: ShellContext): string | undefined {
  const cwd = seg.cwd ?? ctx.cwd;
  if (info.dir === undefined) return cwd;
  if (info.dir.startsWith('/')) return info.dir;
  return cwd === undefined ? undefined : posix.resolve(cwd, info.dir);
}

/** Why this push overwrites the default branch (for the match text), or undefined. */
export function forcesDefaultBranch(seg: Segment, ctx: ShellContext): string | undefined {
  const info = readPush(seg.argv);
  if (!info) return undefined;
  if (info.everyBranch) return 'every branch is overwritten, the default one too';
  if (info.forced.length === 0) return undefined;
  const dir = repoDir(info, seg, ctx);
  const configured = dir !== undefined && ctx.defaultBranch ? ctx.defaultBranch(dir, info.remote ?? 'origin') : undefined;
  const defaults = configured ? [configured, ...DEFAULT_NAMES] : DEFAULT_NAMES;
  const hit = info.forced.find((b) => defaults.includes(b));
  return hit === undefined ? undefined : `${hit} is the default branch`;
}

/** `<remote> <branch…>` a push rewrites, the key its approval is remembered by (`git push --force-with-lease -u
 * origin feat` and `git push origin feat --force-with-lease` are one approval); undefined when the branch is only
 * known at run time (no refspec, `HEAD`, `--all`, `--mirror`). */
export function pushedBranches(seg: Segment): string | undefined {
  const info = readPush(seg.argv);
  if (!info?.remote || info.destinations.length === 0 || info.everyBranch) return undefined;
  if (info.destinations.some((d) => d === 'HEAD' || d.includes('*'))) return undefined;
  const dir = info.dir === undefined ? '' : `-C ${info.dir} `;
  return `git ${dir}push to ${info.remote} ${[...new Set(info.destinations)].sort().join(' ')}`;
}
