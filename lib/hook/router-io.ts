// The router's inputs for one prompt, from disk: the session's catalogue (lib/catalogue), its index and lexicon
// (cached under $HOOKWARDEN_HOME/cache: stemming a hundred descriptions costs more than a whole warm hook call may),
// and, only when a candidate declares an MCP tool, the MCP servers the session has. Never throws: a problem means
// no routing for this call, with a note.

import { join } from 'node:path';
import { buildIndex, INDEX_VERSION, type RouterIndex } from '../analyzers/routing/index.js';
import { compileLexicon, type Lexicon } from '../analyzers/routing/tokens.js';
import { discoverFromListing } from '../catalogue/discover.js';
import { listingKey } from '../catalogue/fingerprint.js';
import { readJsonObject } from '../catalogue/plugins.js';
import type { SkippedFile } from '../catalogue/types.js';
import { hash64 } from '../hash64.js';
import { listCandidates } from '../catalogue/walk.js';
import type { EngineDeps } from '../engine/deps.js';
import { oneLine } from '../errors.js';
import { ensurePrivateDir } from '../fs/private-dir.js';
import { readRegularFile } from '../fs/read.js';
import { writeFileAtomic } from '../fs/write.js';
import type { CompiledRegistry } from '../registry/types.js';

interface CachedIndex {
  /** The catalogue's listing (every candidate file's path, size, mtime…: lib/catalogue/fingerprint.ts), the
   * registry's hash (for its lexicon) and the index format: the cache holds only while all three are what they are now. */
  key: string;
  index: RouterIndex;
  lexicon: { stopwords: string[]; synonyms: Array<[string, string[]]> };
}

const toLexicon = (c: CachedIndex['lexicon']): Lexicon => ({ stopwords: new Set(c.stopwords), synonyms: new Map(c.synonyms) });

function readCached(file: string, key: string, root: string): CachedIndex | null {
  const r = readRegularFile(file, { maxBytes: 32 * 1024 * 1024, own: true, root });
  if (r.status !== 'ok') return null;
  try {
    const v = JSON.parse(r.bytes.toString('utf8')) as CachedIndex;
    return v.key === key && v.index?.version === INDEX_VERSION && Array.isArray(v.index.candidates) ? v : null;
  } catch {
    return null;
  }
}

/** Writes the index (one file per project and user, replaced when the catalogue changes). */
function writeCached(loc: RoutingSource, file: string, value: CachedIndex): void {
  try {
    ensurePrivateDir(loc.cacheDir, loc.hookwardenHome);
    writeFileAtomic(file, JSON.stringify(value));
  } catch {
    // A cache: failing to write it only costs the next call an index build.
  }
}

/** Where a prompt's router inputs come from: the session's folders, and the cache folder (empty: no cache, as for
 * an unsafe $HOOKWARDEN_HOME) under its private root. */
export interface RoutingSource {
  projectDir: string;
  home: string;
  hookwardenHome: string;
  cacheDir: string;
  writeCache: boolean;
}

/** MCP server names of the project (.mcp.json) and the user (~/.claude.json, top level and this project's entry). */
function mcpServers(loc: Pick<RoutingSource, 'projectDir' | 'home'>): string[] {
  const names = new Set<string>();
  const add = (v: unknown): void => {
    if (v && typeof v === 'object' && !Array.isArray(v)) for (const k of Object.keys(v)) names.add(k);
  };
  // Problems with these files are not the router's to report: an unreadable one only means no servers known from it.
  const ignored: SkippedFile[] = [];
  for (const [file, max] of [[join(loc.projectDir, '.mcp.json'), 1024 * 1024], [join(loc.home, '.claude.json'), 16 * 1024 * 1024]] as const) {
    const j = readJsonObject(file, max, ignored);
    add(j?.mcpServers);
    const projects = j?.projects;
    if (projects && typeof projects === 'object') add((projects as Record<string, { mcpServers?: unknown } | undefined>)[loc.projectDir]?.mcpServers);
  }
  return [...names].sort();
}

/** The cache file of a project and user's router index (one per pair, replaced when its catalogue changes). */
export const routerCacheFile = (src: Pick<RoutingSource, 'cacheDir' | 'projectDir' | 'home'>): string =>
  join(src.cacheDir, `router-${hash64(`${src.projectDir}\0${src.home}`)}.json`);

export interface LoadedIndex {
  index: RouterIndex;
  lexicon: Lexicon;
  from: 'cache' | 'built';
}

/**
 * The index of the session's catalogue. The warm path lists and stats the candidate files (lib/catalogue/walk.ts)
 * and reads one cache file, keyed by that listing (every file's path, size, mtime and inode, the enabled plugins),
 * the registry's hash (it stands for the lexicon: an edit of any pack rebuilds the index, rarely, and cheaper than
 * hashing the lexicon on every call) and the index format. Any change means the files are read and parsed again
 * (lib/catalogue/discover.ts) and the index rebuilt and, when `writeCache`, written. The one cache of the catalogue.
 */
export function loadRouterIndex(src: RoutingSource, registry: CompiledRegistry): LoadedIndex {
  const listing = listCandidates(src.projectDir, src.home);
  const listed = listingKey(listing);
  const key = `${INDEX_VERSION} ${registry.hash}\n${listed}`;
  const file = src.cacheDir ? routerCacheFile(src) : '';
  const cached = file ? readCached(file, key, src.hookwardenHome) : null;
  if (cached) return { index: cached.index, lexicon: toLexicon(cached.lexicon), from: 'cache' };
  const lexicon = compileLexicon(registry.lexicon);
  const index = buildIndex(discoverFromListing(listing, hash64(listed)), lexicon);
  if (file && src.writeCache) {
    writeCached(src, file, { key, index, lexicon: { stopwords: [...lexicon.stopwords], synonyms: [...lexicon.synonyms].map(([k, v]) => [k, [...v]]) } });
  }
  return { index, lexicon, from: 'built' };
}

/** deps.routing for a prompt, or undefined (a problem: then `note` says which). Never throws. */
export function routingFor(src: RoutingSource, registry: CompiledRegistry, note?: (line: string) => void): EngineDeps['routing'] {
  try {
    const { index, lexicon } = loadRouterIndex(src, registry);
    const declaresMcp = index.candidates.some((c) => c.tools?.some((t) => t.startsWith('mcp__')));
    return { index, lexicon, ...(declaresMcp ? { mcpServers: mcpServers(src) } : {}) };
  } catch (err) {
    note?.(`routing skipped: ${oneLine(err)}`);
    return undefined;
  }
}
