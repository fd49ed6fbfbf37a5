// Deletes whose targets come from a list file the command names (docs/consequences.md, policy v0.4):
// `cat dirs.txt | xargs rm -rf`, `xargs -a list.txt rm`, `xargs rm < list.txt`,
// `while read d; do rm -rf "$d"; done < dirs.txt`. The list is read through the injected reader and each item
// becomes an operand, so every rule (target classes, path tiers, what would be lost) judges it; a list that
// cannot be read (no reader, outside the project, too big, not a regular file) asks. Pure.

import { posix } from 'node:path';
import type { Segment, ShellAnalysis } from '../../analyzers/shell/types.js';
import type { Match } from '../../vocab/match.js';
import type { FeedReader } from '../../vocab/repo.js';
import { DELETE_PROGRAMS, readLoops, type ReadLoop } from './feed-shapes.js';

export const FEED_UNKNOWN_ID = 'engine/delete-list-unread';
/** Items past this are not judged one by one: the delete is asked about. */
export const MAX_FEED_ITEMS = 500;

const HINT = 'Name the paths in the command itself (rm -rf a b c), or show the list first (cat the file) so the user sees what goes.';

type Items = { ok: true; items: string[] } | { ok: false; detail: string };

function readItems(file: string, cwd: string | undefined, byLine: boolean, read: FeedReader | undefined): Items {
  if (cwd === undefined && !file.startsWith('/')) return { ok: false, detail: `the directory ${file} is relative to is only known at run time` };
  if (file.includes('$') || file.includes('`')) return { ok: false, detail: `${file} is only known at run time` };
  if (!read) return { ok: false, detail: `${file} is not read in a what-if run` };
  const r = read(posix.resolve(cwd ?? '/', file));
  if (!r.ok) return r;
  const lines = r.text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const items = byLine ? lines : lines.flatMap((l) => l.split(/\s+/));
  if (items.length > MAX_FEED_ITEMS) return { ok: false, detail: `${file} lists ${items.length} items, more than hookwarden judges one by one (${MAX_FEED_ITEMS})` };
  return { ok: true, items };
}

function isDelete(seg: Segment): boolean {
  return DELETE_PROGRAMS.has(seg.program) || (seg.program === 'git' && seg.argv.includes('rm'));
}

function unread(seg: Segment, file: string, detail: string): Match {
  return {
    id: FEED_UNKNOWN_ID,
    kind: 'engine',
    severity: 'medium',
    action: 'ask',
    message: `${seg.argv.join(' ')} takes its targets from ${file}, which hookwarden could not read: ${detail}`,
    hint: HINT,
    matched: `${seg.argv.join(' ')} < ${file}`,
  };
}

/** xargs: the items appended, or put where the -I token stands (one argument per item). */
function fillXargs(seg: Segment, items: readonly string[]): string[] {
  const token = seg.feed?.token;
  if (token && seg.argv.some((w) => w.includes(token))) return seg.argv.flatMap((w, i) => (i > 0 && w.includes(token) ? items.map((it) => w.split(token).join(it)) : [w]));
  return [...seg.argv, ...items];
}

/** A read loop's body segment with `$var`/`${var}` operands replaced by each item. */
function fillLoop(seg: Segment, loop: ReadLoop, items: readonly string[]): string[] {
  const ref = new RegExp(`\\$\\{?${loop.variable}\\}?(?![A-Za-z0-9_])`, 'g');
  return seg.argv.flatMap((w, i) => (i > 0 && ref.test(w) ? items.map((it) => w.replace(ref, it)) : [w]));
}

/** The analysis with list-fed deletes given their items, and an ask for each list that could not be read. */
export function expandFeeds(analysis: ShellAnalysis, read: FeedReader | undefined): { analysis: ShellAnalysis; matches: Match[] } {
  const matches: Match[] = [];
  const segments = [...analysis.segments];
  segments.forEach((seg, i) => {
    if (!seg.feed || !isDelete(seg)) return;
    const r = readItems(seg.feed.file, seg.cwd, seg.feed.token !== undefined, read);
    if (!r.ok) matches.push(unread(seg, seg.feed.file, r.detail));
    else segments[i] = { ...seg, argv: fillXargs(seg, r.items) };
  });
  for (const loop of readLoops(analysis.segments)) {
    const body = loop.body.filter((i) => isDelete(segments[i] as Segment));
    if (!body.length) continue;
    const r = readItems(loop.file, loop.cwd, true, read);
    for (const i of body) {
      const seg = segments[i] as Segment;
      if (!r.ok) matches.push(unread(seg, loop.file, r.detail));
      else segments[i] = { ...seg, argv: fillLoop(seg, loop, r.items) };
    }
  }
  return { analysis: { ...analysis, segments }, matches };
}
