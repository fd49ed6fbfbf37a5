// Finds the registry a hook call should use, cheapest first: the copy embedded in the bundle at build time
// (when the source files still hash the same), then a cached compile in the state dir, then a fresh
// compile (zod + picomatch loaded lazily, only then). The cache key is a hash of every source file's bytes.

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { sha256 } from './hash.js';
import type { SourceFile } from './load.js';
import type { CompiledRegistry } from './types.js';

export interface RegistryLocations {
  /** patterns/ shipped with hookwarden; null when the bundle runs without it. */
  shippedDir: string | null;
  /** Override files, user first then project; missing files are skipped. */
  overrides: Array<{ path: string; scope: 'user' | 'project' }>;
  /** Where compiled registries are cached; null disables the cache. */
  cacheDir: string | null;
}

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
}


/** Every source file that exists, in a stable order: shipped packs by name, then user, then project. */
export function collectSources(loc: RegistryLocations): SourceFile[] {
  const out: SourceFile[] = [];
  if (loc.shippedDir && existsSync(loc.shippedDir)) {
    for (const f of readdirSync(loc.shippedDir).filter((n) => n.endsWith('.json')).sort()) {
      const path = join(loc.shippedDir, f);
      out.push({ path, scope: 'shipped', text: readFileSync(path, 'utf8') });
    }
  }
  for (const o of loc.overrides) {
    if (existsSync(o.path)) out.push({ path: o.path, scope: o.scope, text: readFileSync(o.path, 'utf8') });
  }
  return out;
}

/** Hash of the sources' names and bytes; shipped files by base name so a moved checkout keeps its hash. */
export function sourceHashOf(sources: SourceFile[]): string {
  return sha256(
    sources.map((s) => `${s.scope}\0${s.scope === 'shipped' ? basename(s.path) : s.path}\0${s.text}`).join('\0\0'),
  );
}

function readCache(file: string): { registry: CompiledRegistry; issues: string[] } | null {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { registry?: CompiledRegistry; issues?: string[] };
    if (data.registry && Array.isArray(data.registry.patterns) && Array.isArray(data.issues)) {
      return { registry: data.registry, issues: data.issues };
    }
  } catch {
    // A missing or corrupt cache entry is rebuilt below.
  }
  return null;
}

function writeCache(file: string, value: { registry: CompiledRegistry; issues: string[] }): void {
  try {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value), { mode: 0o600 });
    renameSync(tmp, file);
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

/** Cheap identity of the shipped files (no reads, no hashing): names, sizes, modification times. */
export function statFingerprintOf(dir: string | null): string | null {
  if (!dir || !existsSync(dir)) return null;
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => {
      const st = statSync(join(dir, n));
      return `${n}:${st.size}:${Math.trunc(st.mtimeMs)}`;
    })
    .join('|');
}

export async function resolveRegistry(
  loc: RegistryLocations,
  embedded: EmbeddedRegistry | null,
): Promise<ResolvedRegistry> {
  // Fast path: shipped files untouched since the build and no override file → the embedded registry.
  if (embedded && !loc.overrides.some((o) => existsSync(o.path))) {
    const fp = statFingerprintOf(loc.shippedDir);
    if (fp === embedded.statFingerprint) {
      return { registry: embedded.registry, issues: embedded.issues, from: 'embedded', sourceHash: embedded.sourceHash };
    }
  }
  const sources = collectSources(loc);
  const hasShipped = sources.some((s) => s.scope === 'shipped');
  if (embedded && !hasShipped) {
    // Standalone bundle: only the embedded copy of the shipped packs is available.
    const extra = sources.length ? ['override files ignored: patterns/ directory not found beside the bundle'] : [];
    return { registry: embedded.registry, issues: [...embedded.issues, ...extra], from: 'embedded', sourceHash: embedded.sourceHash };
  }
  const sourceHash = sourceHashOf(sources);
  if (embedded && embedded.sourceHash === sourceHash) {
    return { registry: embedded.registry, issues: embedded.issues, from: 'embedded', sourceHash };
  }
  const cacheFile = loc.cacheDir ? join(loc.cacheDir, `registry-${sourceHash.slice(0, 24)}.json`) : null;
  const cached = cacheFile ? readCache(cacheFile) : null;
  if (cached) return { ...cached, from: 'cache', sourceHash };
  const compiled = await compileFromSources(sources);
  if (cacheFile) writeCache(cacheFile, compiled);
  return { ...compiled, from: 'compiled', sourceHash };
}
