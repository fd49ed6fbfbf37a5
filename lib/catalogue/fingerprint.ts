// The catalogue's identity without reading a file. The listing key is the text of everything the listing saw (each
// candidate file's path, size, mtime and inode, each file left out and why, the enabled plugins and their folders):
// any edit, new or removed file, or plugin turned on or off changes it. The router's warm path compares this text
// with the one stored in its cached index (an exact comparison, done natively: lib/hook/router-io.ts); only the cold
// path hashes it into the catalogue's `fingerprint`.
//
// Why not hash on every call: a JavaScript hash loop over the ~5 KB key of 100 files cost ~1.5 ms in a cold hook
// process on the dev machine (lib/session/store.ts's BigInt FNV-1a 128 ~10 ms; node:crypto ~5 ms just to load).

import { hash64 } from '../hash64.js';
import type { Listing } from './walk.js';

/** Raised whenever discovery would read the same files differently (parser, fields, naming): it is part of the
 * listing key, so every cached router index is then rebuilt. */
export const CATALOGUE_FORMAT = 2;

export function listingKey(listing: Listing): string {
  const { projectDir, home } = listing;
  // Paths relative to the project and home folders, numbers in base 36 (mtime to the microsecond): a short text.
  const short = (p: string): string => (p.startsWith(projectDir) ? `P${p.slice(projectDir.length)}` : p.startsWith(home) ? `H${p.slice(home.length)}` : p);
  const parts: string[] = [`catalogue ${CATALOGUE_FORMAT}`, projectDir, home];
  for (const p of listing.plugins) parts.push(`p ${p.id} ${p.root}`);
  for (const f of listing.files) parts.push(`f ${short(f.path)} ${f.size.toString(36)} ${Math.round(f.mtimeMs * 1000).toString(36)} ${f.ino.toString(36)}`);
  for (const s of listing.skipped) parts.push(`s ${short(s.path)} ${s.reason}`);
  return parts.join('\n');
}

export const fingerprintOf = (listing: Listing): string => hash64(listingKey(listing));
