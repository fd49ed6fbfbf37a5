// Path text helpers shared by the path analyzer (normalise.ts) and hookwarden's own home (hookwarden-home.ts):
// pure string work on POSIX and Windows spellings, no file system.

import { posix } from 'node:path';

/** Windows separators as forward slashes. */
export const toSlashes = (p: string): string => p.replace(/\\/g, '/');

/** A Windows drive prefix (`C:`). */
export const DRIVE = /^[A-Za-z]:/;

/** Absolute on POSIX (`/x`) or Windows (`C:/x`, after toSlashes). */
export const isAbsolute = (p: string): boolean => p.startsWith('/') || /^[A-Za-z]:\//.test(p);

/** Drive kept, `.`/`..`/duplicate slashes resolved, no trailing slash (except the root). */
export function normaliseAbsolute(p: string): string {
  const drive = DRIVE.exec(p)?.[0] ?? '';
  return drive + posix.normalize(p.slice(drive.length)).replace(/(.)\/+$/, '$1');
}

/** `path` relative to `dir` ('' when equal), or null when it is not inside it; `fold` compares ignoring case. */
export function under(path: string, dir: string, fold: boolean): string | null {
  let d = toSlashes(dir);
  if (d.length > 1 && d.endsWith('/')) d = d.slice(0, -1);
  const [a, b] = fold ? [path.toLowerCase(), d.toLowerCase()] : [path, d];
  if (a === b) return '';
  if (b === '/') return a.startsWith('/') ? path.slice(1) : null;
  return a.startsWith(`${b}/`) ? path.slice(d.length + 1) : null;
}
