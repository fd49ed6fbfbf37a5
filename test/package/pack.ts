// `npm pack` as a fresh clone would run it, and `npm i -g` of the result, for the package tests.
//
// The clone is this checkout's tracked and unignored files copied to a scratch folder, so dist/ (ignored by git) is
// absent and only `prepack` can put it in the tarball; the checkout's node_modules is linked in (the build's tools).
// test/ is left out: packing never reads it, and its fixtures hold the fake secrets the suite's leak guard searches
// every temp file for. The checkout's own dist/ is never touched (other tests run it).
//
// npm runs with a scratch HOME and cache, a registry on a closed loopback port and --offline: a step that needed the
// network fails instead of quietly downloading.

import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

/** Nothing listens here: a request to it is refused at once. */
export const DEAD_REGISTRY = 'http://127.0.0.1:9/';

export interface TarEntry {
  path: string;
  mode: string;
  size: number;
}

export interface Packed {
  /** The scratch clone that was packed. */
  clone: string;
  tarball: string;
  /** Bytes of the .tgz. */
  size: number;
  /** Paths inside the package (without the tarball's `package/` prefix), with their mode string (`-rwxr-xr-x`). */
  entries: TarEntry[];
}

/** npm's environment: nothing inherited but PATH (no npm_config_* of an outer `npm test`, no user .npmrc). */
export function npmEnv(scratch: string, cache: string): NodeJS.ProcessEnv {
  return {
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: join(scratch, 'npm-home'),
    TMPDIR: process.env.TMPDIR ?? '/tmp',
    npm_config_cache: cache,
    npm_config_registry: DEAD_REGISTRY,
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
}

function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv): string {
  const r = spawnSync('npm', args, { cwd, env, encoding: 'utf8', timeout: 120_000, maxBuffer: 32 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} exited ${r.status ?? r.signal}:\n${r.stderr}\n${r.stdout}`);
  return r.stdout;
}

/** The checkout as a clone holds it (tracked and unignored files, minus test/), in `dest`. */
export function cloneCheckout(dest: string): void {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--deduplicate'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
  for (const rel of listed.split('\0')) {
    if (!rel || rel.startsWith('test/') || !existsSync(join(ROOT, rel))) continue;
    mkdirSync(dirname(join(dest, rel)), { recursive: true });
    cpSync(join(ROOT, rel), join(dest, rel));
  }
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(dest, 'node_modules'));
}

/** `tar -tvzf`: every file in the tarball with its mode and size. */
export function tarEntries(tarball: string): TarEntry[] {
  const out = execFileSync('tar', ['-tvzf', tarball], { encoding: 'utf8', maxBuffer: 8 * 1024 * 1024 });
  return out
    .split('\n')
    .filter((l) => l.trim())
    .map((line) => {
      // -rwxr-xr-x 0/0  885793 1985-10-26 08:15 package/dist/cli.js
      const parts = line.trim().split(/\s+/);
      return { mode: parts[0] ?? '', size: Number(parts[2]), path: (parts[parts.length - 1] ?? '').replace(/^package\//, '') };
    });
}

/** One file's bytes from the tarball. */
export const tarFile = (tarball: string, path: string): string =>
  execFileSync('tar', ['-xzOf', tarball, `package/${path}`], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });

/** Clone, then `npm pack` (prepack builds) into `scratch`. */
export function packClone(scratch: string): Packed {
  const clone = join(scratch, 'clone');
  mkdirSync(clone, { recursive: true });
  cloneCheckout(clone);
  if (existsSync(join(clone, 'dist'))) throw new Error('the scratch clone has a dist/ before packing: the test would prove nothing');
  // stdout also carries the build's own line (prepack): the JSON is the array that starts a line.
  const stdout = npm(['pack', '--json', '--pack-destination', scratch], clone, npmEnv(scratch, join(scratch, 'pack-cache')));
  const json = stdout.slice(stdout.search(/^\[/m));
  const [info] = JSON.parse(json) as [{ filename: string; size: number }];
  const tarball = join(scratch, info.filename);
  return { clone, tarball, size: info.size, entries: tarEntries(tarball) };
}

/** `npm i -g --prefix <prefix> <tarball>`, offline, with a cache of its own (empty) and the dead registry; returns the
 * installed package's folder. */
export function installGlobal(tarball: string, prefix: string, scratch: string): string {
  npm(['install', '--global', '--prefix', prefix, tarball], scratch, npmEnv(scratch, join(scratch, 'install-cache')));
  return join(prefix, 'lib', 'node_modules', 'hookwarden');
}
