// The default branch a repository names for a remote, for the force-push rule (EngineDeps.defaultBranch): the
// symbolic ref `<git dir>/refs/remotes/<remote>/HEAD` (`ref: refs/remotes/origin/<name>`), written by `git clone`
// and `git remote set-head`. No git process is spawned: a few small bounded reads (lib/fs/read.ts), memoised per
// call. Anything unreadable or odd means "unknown", and the rule falls back to the names main and master.

import { statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { readRegularFile } from '../fs/read.js';

/** A remote name that is one path component (no `..`, no slash): it is joined into a path. */
const REMOTE = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const HEAD_REF = /^ref: refs\/remotes\/[^/\s]+\/([^\s]+)\s*$/;
const MAX_LEVELS = 40;
const SMALL = { maxBytes: 4096, deadlineMs: 100 };

function text(file: string): string | undefined {
  const r = readRegularFile(file, SMALL);
  return r.status === 'ok' ? r.bytes.toString('utf8') : undefined;
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The git directory whose refs hold the remotes: `.git` found from `dir` upwards, a worktree's `gitdir:` file
 * followed to its common directory. */
function gitCommonDir(dir: string): string | undefined {
  let d = dir;
  for (let i = 0; i < MAX_LEVELS; i++) {
    const dotGit = join(d, '.git');
    if (isDir(dotGit)) return dotGit;
    const pointer = text(dotGit);
    const m = pointer ? /^gitdir:\s*(.+?)\s*$/m.exec(pointer) : null;
    if (m?.[1]) {
      const gitDir = isAbsolute(m[1]) ? m[1] : resolve(d, m[1]);
      const common = text(join(gitDir, 'commondir'))?.trim();
      return common ? resolve(gitDir, common) : gitDir;
    }
    const up = dirname(d);
    if (up === d) return undefined;
    d = up;
  }
  return undefined;
}

/** A reader for one hook call, memoised per directory and remote. */
export function defaultBranchReader(): (repoDir: string, remote: string) => string | undefined {
  const seen = new Map<string, string | undefined>();
  return (repoDir, remote) => {
    if (!isAbsolute(repoDir) || !REMOTE.test(remote)) return undefined;
    const key = `${repoDir}\0${remote}`;
    if (seen.has(key)) return seen.get(key);
    const git = gitCommonDir(repoDir);
    const head = git ? text(join(git, 'refs', 'remotes', remote, 'HEAD')) : undefined;
    const name = head ? HEAD_REF.exec(head)?.[1] : undefined;
    seen.set(key, name);
    return name;
  };
}
