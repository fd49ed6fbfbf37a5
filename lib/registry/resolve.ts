// Finds the registry a hook call should use, cheapest first: the copy embedded in the bundle at build time
// (when the source files still hash the same), then a cached compile in the state dir, then a fresh
// compile (zod + picomatch loaded lazily, only then). The cache key is a hash of every source file's bytes.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import { ensurePrivateDir } from '../fs/private-dir.js';
import { readRegularFile, type ReadOptions } from '../fs/read.js';
import { writeFileAtomic } from '../fs/write.js';
import { sha256 } from './hash.js';
import type { SourceFile, SourceScope } from './load.js';
import type { CompiledRegistry } from './types.js';

export interface RegistryLocations {
  /** patterns/ shipped with hookwarden; null when the bundle runs without it. */
  shippedDir: string | null;
  /** Override files: the managed layer's (managed folder, then policy bundle), then user, then project; missing files
   * are skipped. `trusted`: a project the user's config trusts (its file may then loosen, overrides.ts). `read`: the
   * checks a managed layer's file is read with (lib/fs/read.ts). */
  overrides: Array<{ path: string; scope: Exclude<SourceScope, 'shipped'>; trusted?: boolean; read?: Pick<ReadOptions, 'system' | 'own' | 'root'> }>;
  /** Where compiled registries are cached; null disables the cache. */
  cacheDir: string | null;
  /** The private root the cache lives under ($HOOKWARDEN_HOME): folders from it down are checked. */
  root?: string;
}

/** Largest pattern file read; a registry pack is tens of KB. */
const MAX_SOURCE_BYTES = 8 * 1024 * 1024;

export interface EmbeddedRegistry {
  sourceHash: string;
  /** Names, sizes and mtimes of the shipped files at build time: equal at run time → no hashing needed. */
  statFingerprint: string;
  registry: CompiledRegistry;
  issues: string[];
}

export interface ResolvedRegistry {
  registry: CompiledRegistry;
  /** Problems in the sources, one line each; offending patterns or files were skipped. */
  issues: string[];
  from: 'embedded' | 'cache' | 'compiled';
  sourceHash: string;
  /** Override files that were there but not applied (a bundle without patterns/ beside it). */
  ignored?: string[];
}


/** A source file's text: a regular file (links followed), bounded, opened non-blocking (a FIFO planted at a
 * cloned repository's `.hookwarden/patterns.json` must not hang the hook). Missing → null; else a problem. */
function readSource(path: string, read: Pick<ReadOptions, 'system' | 'own' | 'root'> = {}): string | null | { problem: string } {
  const r = readRegularFile(path, { maxBytes: MAX_SOURCE_BYTES, ...read });
  if (r.status === 'ok') return r.bytes.toString('utf8');
  if (r.status === 'missing') return null;
  return { problem: `${path}: ${r.status === 'unsafe' ? `it ${r.reason}` : `unreadable (${r.reason})`}; file ignored` };
}

/** Every source file that exists, in a stable order: shipped packs by name, then user, then project. A file that
 * cannot be read is left out, with a one-line problem pushed to `problems`. */
export function collectSources(loc: RegistryLocations, problems: string[] = []): SourceFile[] {
  const out: SourceFile[] = [];
  const add = (path: string, scope: SourceFile['scope'], trusted?: boolean, read?: Pick<ReadOptions, 'system' | 'own' | 'root'>): void => {
    const text = readSource(path, read);
    if (typeof text === 'string') out.push({ path, scope, text, ...(trusted ? { trusted } : {}) });
    else if (text) problems.push(text.problem);
  };
  if (loc.shippedDir && existsSync(loc.shippedDir)) {
    for (const f of readdirSync(loc.shippedDir).filter((n) => n.endsWith('.json')).sort()) add(join(loc.shippedDir, f), 'shipped');
  }
  for (const o of loc.overrides) add(o.path, o.scope, o.scope === 'project' && o.trusted, o.read);
  return out;
}

/** Hash of the sources' names, bytes and trust; shipped files by base name so a moved checkout keeps its hash. */
export function sourceHashOf(sources: SourceFile[]): string {
  return sha256(
    sources
      .map((s) => `${s.scope}${s.trusted ? '+trusted' : ''}\0${s.scope === 'shipped' ? basename(s.path) : s.path}\0${s.text}`)
      .join('\0\0'),
  );
}

/** A cached compile. It decides verdicts, so it is read only as hookwarden's own file (no link, the user's). */
function readCache(file: string, root: string): { registry: CompiledRegistry; issues: string[] } | null {
  try {
    const r = readRegularFile(file, { maxBytes: MAX_SOURCE_BYTES * 4, own: true, root });
    if (r.status !== 'ok') return null;
    const data = JSON.parse(r.bytes.toString('utf8')) as { registry?: CompiledRegistry; issues?: string[] };
    if (data.registry && Array.isArray(data.registry.patterns) && Array.isArray(data.issues)) {
      return { registry: data.registry, issues: data.issues };
    }
  } catch {
    // A missing or corrupt cache entry is rebuilt below.
  }
  return null;
}

function writeCache(file: string, root: string, value: { registry: CompiledRegistry; issues: string[] }): void {
  try {
    ensurePrivateDir(join(file, '..'), root);
    writeFileAtomic(file, JSON.stringify(value));
  } catch {
    // The cache is an optimisation; failing to write it only costs the next call a compile.
  }
}

/** Compiles from sources (loads zod and picomatch). Exported for `patterns check` and the build. */
export async function compileFromSources(
  sources: SourceFile[],
): Promise<{ registry: CompiledRegistry; issues: string[] }> {
  const { loadSources, formatIssue } = await import('./load.js');
  const { compileRegistry } = await import('./compile.js');
  const loaded = loadSources(sources);
  const registry = compileRegistry(
    loaded,
    sources.map((s) => (s.scope === 'shipped' ? `patterns/${basename(s.path)}` : s.path)),
  );
  return { registry, issues: loaded.issues.map(formatIssue) };
}

/** Whether something is at `path`, as existsSync answers it (any error: no), by statSync, which the fingerprint has
 * already called: node compiles each of its functions on a process's first call, and every hook call runs this. */
function present(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/** Cheap identity of the shipped files (no reads, no hashing): names, sizes, modification times. */
export function statFingerprintOf(dir: string | null): string | null {
  if (!dir) return null;
  // Every call of every hook runs this: a plain loop, with the path joined by hand (path.join normalises), was
  // 0.44 -> 0.25 ms in a fresh process for the 21 shipped files (3 runs each).
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return null; // missing, or not a folder: as existsSync said before, or a folder that cannot be listed
  }
  let out = '';
  for (let i = 0; i < names.length; i++) {
    const n = names[i]!;
    if (!n.endsWith('.json')) continue;
    const st = statSync(`${dir}${sep}${n}`);
    out += `${out ? '|' : ''}${n}:${st.size}:${Math.trunc(st.mtimeMs)}`;
  }
  return out;
}

export async function resolveRegistry(
  loc: RegistryLocations,
  embedded: EmbeddedRegistry | null,
): Promise<ResolvedRegistry> {
  // Fast path: shipped files untouched since the build and no override file → the embedded registry.
  if (embedded && !loc.overrides.some((o) => present(o.path))) {
    const fp = statFingerprintOf(loc.shippedDir);
    if (fp === embedded.statFingerprint) {
      return { registry: embedded.registry, issues: embedded.issues, from: 'embedded', sourceHash: embedded.sourceHash };
    }
  }
  const problems: string[] = [];
  const sources = collectSources(loc, problems);
  const hasShipped = sources.some((s) => s.scope === 'shipped');
  if (embedded && !hasShipped) {
    // Standalone bundle: only the embedded copy of the shipped packs is available.
    const extra = sources.length ? ['override files ignored: patterns/ directory not found beside the bundle'] : [];
    const ignored = sources.length ? { ignored: sources.map((s) => s.path) } : {};
    return { registry: embedded.registry, issues: [...embedded.issues, ...problems, ...extra], from: 'embedded', sourceHash: embedded.sourceHash, ...ignored };
  }
  const sourceHash = sourceHashOf(sources);
  if (embedded && embedded.sourceHash === sourceHash) {
    return { registry: embedded.registry, issues: [...embedded.issues, ...problems], from: 'embedded', sourceHash };
  }
  const cache = loc.cacheDir ? { file: join(loc.cacheDir, `registry-${sourceHash.slice(0, 24)}.json`), root: loc.root ?? loc.cacheDir } : null;
  const cached = cache ? readCache(cache.file, cache.root) : null;
  if (cached) return { ...cached, issues: [...cached.issues, ...problems], from: 'cache', sourceHash };
  const compiled = await compileFromSources(sources);
  if (cache) writeCache(cache.file, cache.root, compiled);
  return { ...compiled, issues: [...compiled.issues, ...problems], from: 'compiled', sourceHash };
}
