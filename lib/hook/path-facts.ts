// The file-system view the path analyzer may use (lib/analyzers/paths/normalise.ts): symlink targets and whether
// the project's file system folds case. Lazy and memoised per process; any I/O error means "unknown", never a throw.

import { lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { PathFacts } from '../analyzers/paths/normalise.js';

/** Deeper paths than this are not resolved (the literal path is still matched). */
const MAX_COMPONENTS = 64;

/** Real path of `abs`, resolving symlinks through its deepest existing ancestor (a file about to be created in a
 * symlinked directory resolves to where it will land). null when nothing can be resolved. A missing component is
 * found by lstat, which answers "no entry" without throwing: realpath's exception (an Error with its stack and
 * message built) for each missing level was most of what a new file's path cost. */
export function resolveReal(abs: string): string | null {
  let head = abs;
  const tail: string[] = [];
  for (let i = 0; i < MAX_COMPONENTS; i++) {
    let code: string | undefined;
    try {
      if (lstatSync(head, { throwIfNoEntry: false }) === undefined) code = 'ENOENT';
      else {
        const real = realpathSync.native(head);
        return tail.length ? join(real, ...tail.reverse()) : real;
      }
    } catch (err) {
      // ENOTDIR (a file on the way), a dangling link (ENOENT from realpath), or a real failure.
      code = (err as NodeJS.ErrnoException).code;
    }
    if (code !== 'ENOENT' && code !== 'ENOTDIR') return null;
    const parent = dirname(head);
    if (parent === head) return null;
    tail.push(basename(head));
    head = parent;
  }
  return null;
}

let nonAsciiLetter: RegExp | undefined;

/** Every letter (\p{L}) of `s` in the other case. ASCII is compared by hand: compiling \p{L} costs ~0.5 ms, which
 * a path of ASCII letters (nearly all of them) never needs. */
export function swapCase(s: string): string {
  let out = '';
  for (const c of s) {
    const letter = c < '\x80' ? (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') : (nonAsciiLetter ??= /^\p{L}$/u).test(c);
    out += letter ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c;
  }
  return out;
}

/** Stats `dir` under its case-swapped name: the same file means the file system folds case. When the probe
 * cannot tell (no letters, I/O error), fall back to the platform's default. */
export function probeCaseInsensitive(dir: string, platform: string = process.platform): boolean {
  const fallback = platform === 'darwin' || platform === 'win32';
  const flipped = swapCase(dir);
  if (flipped === dir) return fallback;
  try {
    const a = statSync(dir, { throwIfNoEntry: false });
    if (!a) return fallback;
    const b = statSync(flipped, { throwIfNoEntry: false });
    return !!b && a.ino === b.ino && a.dev === b.dev;
  } catch {
    return fallback;
  }
}

let used = false;

/** Whether this process asked for a path's facts: it checked a path (the code cache's kind of call, lib/hook/main.ts). */
export const pathFactsUsed = (): boolean => used;

export function fileSystemFacts(probeDir: string): PathFacts {
  let folded: boolean | undefined;
  const reals = new Map<string, string | null>();
  return {
    realpath(abs) {
      used = true;
      if (!reals.has(abs)) reals.set(abs, resolveReal(abs));
      return reals.get(abs) ?? null;
    },
    caseInsensitive() {
      used = true;
      folded ??= probeCaseInsensitive(probeDir);
      return folded;
    },
  };
}
