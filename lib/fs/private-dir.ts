// hookwarden's folders: `$HOOKWARDEN_HOME` and the folders below it (audit, state, memory, cache) are created 0700
// and checked on every use, component by component from the home down, with lstat: a link, a folder owned by
// someone else or one others can write is refused (docs/security.md). Checking from the home down matters: a
// planted `audit -> ~/.config` link would otherwise carry every later open, O_NOFOLLOW or not, into ~/.config.
//
// Residual race, documented: a process of the same user that swaps a checked folder for a link between the lstat
// and the open is not detected (node has no openat). The guard blocks the agent from writing under the home
// (paths-sensitive/hookwarden-home), which is how such a process would get there.

import { lstatSync, mkdirSync, type Stats } from 'node:fs';
import { resolve, sep } from 'node:path';
import { errCode, unsafeDirReason, unsafePath } from './checks.js';

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (err) {
    if (errCode(err) === 'ENOENT') return null;
    throw err;
  }
}

/** Why `home` cannot hold hookwarden's files (a link, someone else's, group/world-writable, not a folder); null
 * when it is fine or does not exist yet (it is then created 0700 on the first write). Never throws. */
export function homeProblem(home: string): string | null {
  try {
    const st = lstatOrNull(home);
    return st ? unsafeDirReason(st) : null;
  } catch (err) {
    return `cannot be examined (${errCode(err) ?? 'error'})`;
  }
}

/** Creates `path` as a 0700 folder if it is missing, then checks it; throws E_UNSAFE_PATH when it is not usable. */
function ensureOne(path: string, recursive: boolean): void {
  let st = lstatOrNull(path);
  if (!st) {
    try {
      mkdirSync(path, { recursive, mode: 0o700 });
    } catch (err) {
      if (errCode(err) !== 'EEXIST') throw err; // made by a parallel hook in between: checked below like any other
    }
    st = lstatSync(path);
  }
  const reason = unsafeDirReason(st);
  if (reason) throw unsafePath(path, reason, 'refused the folder');
}

/**
 * Makes sure `dir` exists as a private folder below `root` (normally `$HOOKWARDEN_HOME`): the root and every
 * component below it are created 0700 when missing and checked (lstat: a real folder, the user's, not writable
 * by group or others). The root's own parents are the user's layout and are not checked. Throws E_UNSAFE_PATH.
 */
export function ensurePrivateDir(dir: string, root: string): void {
  chain(dir, root).forEach((path, i) => ensureOne(path, i === 0));
}

/** The folders checked for `dir` below `root`, outermost first: the root and every component below it, or only
 * `dir` itself when it is not below the root. By prefix on the resolved paths, without path.relative and path.join:
 * node compiles each of its functions on a process's first call (~50 us each), and every hook call runs this. */
function chain(dir: string, root: string): string[] {
  const top = resolve(root);
  const target = resolve(dir);
  if (target === top) return [top];
  const below = top.endsWith(sep) ? top : top + sep;
  if (!target.startsWith(below)) return [target];
  const out = [top];
  let at = below.length;
  while (at < target.length) {
    const next = target.indexOf(sep, at);
    const end = next < 0 ? target.length : next;
    if (end > at) out.push(target.slice(0, end));
    at = end + 1;
  }
  return out;
}

/**
 * Reading's side of ensurePrivateDir: the same folders checked, nothing created. `missing` when one does not exist
 * (then neither does the file), the first problem as `<folder> <reason>`, or null when all are private. Never throws.
 */
export function privateDirProblem(dir: string, root: string): string | 'missing' | null {
  for (const path of chain(dir, root)) {
    let st: Stats | null;
    try {
      st = lstatOrNull(path);
    } catch (err) {
      return `${path} cannot be examined (${errCode(err) ?? 'error'})`;
    }
    if (!st) return 'missing';
    const reason = unsafeDirReason(st);
    if (reason) return `${path} ${reason}`;
  }
  return null;
}
