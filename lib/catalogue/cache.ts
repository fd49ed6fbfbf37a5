// The catalogue for a hook call, cheaply: the warm path lists the folders, stats the files, writes down what it saw
// (the listing key, lib/catalogue/fingerprint.ts) and reads $HOOKWARDEN_HOME/cache/catalogue-<hash>.json (one per
// project and user); only when its key differs, or the cache is missing, corrupt or unusable, are the files read and
// parsed again (the cold path: lib/catalogue/discover.ts) and the cache rewritten. The cache is hookwarden's own
// state, read and written through lib/fs (never through a link, only in private folders); an unsafe
// $HOOKWARDEN_HOME (a link, someone else's, writable by others) is neither read nor written. Never throws.
//
// Synchronous on purpose: the hook calls it in line, and its cold path has no library to load lazily (the YAML
// reader is this project's own; its functions run only on a miss, and its presence in a bundle costs the warm path
// nothing measurable: docs/catalogue.md has the timings of both paths).

import { join } from 'node:path';
import { oneLine } from '../errors.js';
import { ensurePrivateDir, homeProblem } from '../fs/private-dir.js';
import { readRegularFile } from '../fs/read.js';
import { writeFileAtomic } from '../fs/write.js';
import { discoverFromListing } from './discover.js';
import { CATALOGUE_FORMAT, hash64, listingKey } from './fingerprint.js';
import type { Catalogue } from './types.js';
import { listCandidates, type Listing } from './walk.js';

export interface LoadOptions {
  projectDir: string;
  /** The user's home (its .claude/ and plugins). */
  home: string;
  hookwardenHome: string;
  /** Read and write the cache (default true); false always discovers. */
  useCache?: boolean;
  /** A listing of this project and home already taken in this call (listCandidates): spares taking it twice. */
  listing?: Listing;
}

export interface LoadedCatalogue {
  catalogue: Catalogue;
  from: 'cache' | 'discovered';
  /** Why the cache could not be used or written, when that is worth a line on stderr. */
  problem?: string;
}

/** 500 candidates with long descriptions and every hint stay well below this. */
const MAX_CACHE_BYTES = 16 * 1024 * 1024;

/** One cache file per project and user. */
export function catalogueCacheFile(hookwardenHome: string, projectDir: string, home: string): string {
  return join(hookwardenHome, 'cache', `catalogue-${hash64(`${projectDir}\0${home}`)}.json`);
}

const isStrings = (v: unknown): boolean => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** The cached catalogue when it is well-formed and was built from exactly the listing seen now. */
function fromCache(bytes: Buffer, key: string): Catalogue | null {
  let v: { format?: unknown; listing?: unknown; catalogue?: Partial<Catalogue> };
  try {
    v = JSON.parse(bytes.toString('utf8')) as typeof v;
  } catch {
    return null;
  }
  const c = v?.catalogue;
  if (v?.format !== CATALOGUE_FORMAT || v.listing !== key || !c || typeof c.fingerprint !== 'string' || !Array.isArray(c.candidates) || !Array.isArray(c.skipped)) return null;
  const ok =
    c.candidates.every(
      (x) =>
        typeof x?.id === 'string' &&
        typeof x.name === 'string' &&
        typeof x.description === 'string' &&
        typeof x.source === 'string' &&
        typeof x.kind === 'string' &&
        typeof x.scope === 'string' &&
        isStrings(x.hints?.intents) &&
        isStrings(x.hints?.antiIntents) &&
        isStrings(x.hints?.examples),
    ) && c.skipped.every((s) => typeof s?.path === 'string' && typeof s.reason === 'string');
  return ok ? (c as Catalogue) : null;
}

/** The catalogue of `projectDir` for user `home`, from the cache when nothing changed. Never throws. */
export function loadCatalogue(opts: LoadOptions): LoadedCatalogue {
  try {
    return load(opts);
  } catch (err) {
    // Every step below reports its own failures; this is the net for a bug, so a prompt still gets judged.
    return { catalogue: { candidates: [], skipped: [{ path: opts.projectDir, reason: `discovery failed: ${oneLine(err)}` }], fingerprint: '' }, from: 'discovered', problem: `catalogue not read: ${oneLine(err)}` };
  }
}

function load(opts: LoadOptions): LoadedCatalogue {
  const listing = opts.listing ?? listCandidates(opts.projectDir, opts.home);
  const key = listingKey(listing);
  const homeIssue = opts.useCache === false ? null : homeProblem(opts.hookwardenHome);
  const useCache = opts.useCache !== false && homeIssue === null;
  const file = catalogueCacheFile(opts.hookwardenHome, listing.projectDir, listing.home);
  let problem = homeIssue ? `catalogue cache not used: ${opts.hookwardenHome} ${homeIssue}` : undefined;
  if (useCache) {
    const r = readRegularFile(file, { maxBytes: MAX_CACHE_BYTES, own: true });
    if (r.status === 'ok') {
      const cached = fromCache(r.bytes, key);
      if (cached) return { catalogue: cached, from: 'cache' };
    } else if (r.status === 'unsafe') problem = `catalogue cache not used: ${file} ${r.reason}`;
  }
  const catalogue = discoverFromListing(listing, hash64(key));
  if (useCache && problem === undefined) {
    try {
      ensurePrivateDir(join(opts.hookwardenHome, 'cache'), opts.hookwardenHome);
      writeFileAtomic(file, JSON.stringify({ format: CATALOGUE_FORMAT, listing: key, catalogue }));
    } catch (err) {
      problem = `catalogue cache not written: ${oneLine(err)}`;
    }
  }
  return { catalogue, from: 'discovered', ...(problem ? { problem } : {}) };
}
