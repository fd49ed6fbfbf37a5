// Discovery: every listed candidate file read (lib/fs, bounded), its front matter parsed and turned into a
// Candidate; a project candidate beats a user one of the same kind and name, which beats a plugin's (plugins are
// namespaced, so only a same-named plugin from another marketplace can collide). What is not used is said in
// `skipped`. Deterministic: candidates sorted by id, skipped files by path. Never throws.

import { oneLine } from '../errors.js';
import { readProblem, readRegularFile } from '../fs/read.js';
import { buildCandidate } from './fields.js';
import { fingerprintOf } from './fingerprint.js';
import { frontText, parseFrontMatter } from './frontmatter.js';
import { MAX_FILE_BYTES, malformed } from './limits.js';
import type { Candidate, Catalogue, SkippedFile } from './types.js';
import { listCandidates, type ListedFile, type Listing } from './walk.js';

const SIZE_SLACK = 1024;
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** One file to its candidate, or the reason it is left out. */
function readOne(file: ListedFile): { ok: true; candidate: Candidate } | { ok: false; reason: string } {
  // The listing knows the size: asking for about that much, not the 64 KiB cap, spares a 64 KiB buffer per file
  // (with 100 files, the garbage collector's work was the largest cost of a cold discovery). A file that grew since
  // it was listed is read again with the cap.
  let r = readRegularFile(file.path, { maxBytes: Math.min(MAX_FILE_BYTES, file.size + SIZE_SLACK) });
  if (r.status === 'corrupt' && r.reason.startsWith('over ') && file.size + SIZE_SLACK < MAX_FILE_BYTES) r = readRegularFile(file.path, { maxBytes: MAX_FILE_BYTES });
  if (r.status === 'missing') return { ok: false, reason: 'vanished while being read' };
  if (r.status !== 'ok') return { ok: false, reason: `not read: ${readProblem(r)}` };
  const fm = parseFrontMatter(frontText(r.bytes));
  if (!fm.ok) return { ok: false, reason: malformed(fm.reason) };
  const origin = { kind: file.kind, scope: file.scope, source: file.path, ...(file.plugin !== undefined ? { plugin: file.plugin } : {}), ...(file.pathName !== undefined ? { pathName: file.pathName } : {}) };
  return buildCandidate(origin, fm);
}

/** The catalogue of an existing listing (the cold path of the router's index: lib/hook/router-io.ts). Never throws. */
export function discoverFromListing(listing: Listing, fingerprint = fingerprintOf(listing)): Catalogue {
  const skipped: SkippedFile[] = [...listing.skipped];
  const winners = new Map<string, Candidate>();
  try {
    // The listing is in precedence order (project, user, plugins; by path within each), so the first of a
    // kind and name wins.
    for (const file of listing.files) {
      const r = readOne(file);
      if (!r.ok) {
        skipped.push({ path: file.path, reason: r.reason });
        continue;
      }
      const winner = winners.get(r.candidate.id);
      if (winner) skipped.push({ path: file.path, reason: `shadowed by ${winner.source}` });
      else winners.set(r.candidate.id, r.candidate);
    }
  } catch (err) {
    skipped.push({ path: listing.projectDir, reason: `discovery stopped: ${oneLine(err)}` });
  }
  return {
    candidates: [...winners.values()].sort((a, b) => compare(a.id, b.id)),
    skipped: skipped.sort((a, b) => compare(a.path, b.path) || compare(a.reason, b.reason)),
    fingerprint,
  };
}

/** Everything a Claude Code session in `projectDir` (user `home`) can use, read from disk now. Never throws. */
export function discoverCatalogue(opts: { projectDir: string; home: string }): Catalogue {
  return discoverFromListing(listCandidates(opts.projectDir, opts.home));
}
