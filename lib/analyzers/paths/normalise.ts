// Path normalisation before glob matching: Windows separators, `~`/`$HOME`, `..`, project-relative forms.

import { posix } from 'node:path';

export interface PathContext {
  cwd: string;
  home: string;
  projectDir: string;
}

export interface NormalisedPath {
  /** Absolute, forward slashes, `..` resolved; home shown as `~` when under it. */
  display: string;
  /** Forms globs are tried against: absolute, `~`-relative, project-relative. */
  forms: string[];
  insideProject: boolean;
}

const toSlashes = (p: string): string => p.replace(/\\/g, '/');

function expandHome(p: string, home: string): string {
  const h = toSlashes(home);
  if (p === '~' || p === '$HOME' || p === '${HOME}') return h;
  for (const prefix of ['~/', '$HOME/', '${HOME}/']) {
    if (p.startsWith(prefix)) return `${h}/${p.slice(prefix.length)}`;
  }
  return p;
}

const isAbsolute = (p: string): boolean => p.startsWith('/') || /^[A-Za-z]:\//.test(p);

function under(path: string, dir: string): string | null {
  const d = dir.endsWith('/') ? dir.slice(0, -1) : dir;
  if (path === d) return '';
  return path.startsWith(`${d}/`) ? path.slice(d.length + 1) : null;
}

export function normalisePath(raw: string, ctx: PathContext): NormalisedPath {
  const cwd = toSlashes(ctx.cwd);
  let p = expandHome(toSlashes(raw.trim().replace(/^(['"])(.*)\1$/, '$2')), ctx.home);
  if (!isAbsolute(p)) p = `${cwd}/${p}`;
  const drive = /^[A-Za-z]:/.exec(p)?.[0] ?? '';
  const abs = drive + posix.normalize(p.slice(drive.length)).replace(/(.)\/$/, '$1');
  const forms = [abs];
  const home = toSlashes(ctx.home);
  const inHome = under(abs, home);
  const display = inHome === null ? abs : inHome === '' ? '~' : `~/${inHome}`;
  if (inHome !== null) forms.push(display);
  const rel = under(abs, toSlashes(ctx.projectDir));
  if (rel) forms.push(rel);
  return { display, forms, insideProject: rel !== null };
}
