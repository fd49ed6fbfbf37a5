// Which files could be candidates, without reading one: the listing the router's index starts from
// (lib/hook/router-io.ts: its warm path keys the cache on it, its cold path reads the files). Sources in precedence order: the project's .claude/, the
// user's ~/.claude/, then each enabled plugin's folder; in each, agents/*.md, skills/<name>/SKILL.md and
// commands/**/*.md (at most MAX_COMMAND_DEPTH levels; a folder holding a SKILL.md is one command, as Claude Code
// reads it). Links are followed (a dotfiles-managed agent file is normal); hidden folders are not walked; anything
// that is not a regular file, is too big or is past the file budget is listed in `skipped` and never opened.
// Never throws.

import { readdirSync, statSync, type Dirent, type Stats } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { oneLine } from '../errors.js';
import { errCode } from '../fs/checks.js';
import { MAX_CANDIDATE_FILES, MAX_COMMAND_DEPTH, MAX_FILE_BYTES } from './limits.js';
import { enabledPluginRoots, type PluginRoot } from './plugins.js';
import type { CandidateKind, CandidateScope, SkippedFile } from './types.js';

export interface ListedFile {
  path: string;
  kind: CandidateKind;
  scope: CandidateScope;
  plugin?: string;
  /** A skill's folder name; a command's path under commands/ without `.md`, segments joined with ':'. */
  pathName?: string;
  size: number;
  mtimeMs: number;
  ino: number;
}

export interface Listing {
  projectDir: string;
  home: string;
  plugins: PluginRoot[];
  files: ListedFile[];
  skipped: SkippedFile[];
}

interface Walk {
  files: ListedFile[];
  skipped: SkippedFile[];
  /** Candidate files still allowed. */
  budget: number;
}
interface Place {
  scope: CandidateScope;
  plugin?: string;
}

const code = (err: unknown): string => errCode(err) ?? 'error';
const byName = (a: Dirent, b: Dirent): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const MD = /\.md$/i;
// Paths below a root are joined by hand: the root is already resolved and an entry name holds no separator, and
// path.join's normalisation was a tenth of a cold listing.

/** A folder's entries sorted by name; a missing folder is empty, an unlistable one is reported. */
function list(dir: string, w: Walk): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).sort(byName);
  } catch (err) {
    const why = code(err);
    if (why !== 'ENOENT') w.skipped.push({ path: dir, reason: why === 'ENOTDIR' ? 'is not a folder' : `cannot be listed (${why})` });
    return [];
  }
}

/** What an entry is once links are followed (stat never waits, even on a FIFO); null when nothing is there. */
function statOf(path: string): Stats | null | string {
  try {
    return statSync(path);
  } catch (err) {
    return code(err) === 'ENOENT' ? null : `cannot be examined (${code(err)})`;
  }
}

function notAFile(st: Stats): string {
  if (st.isDirectory()) return 'is a folder, not a file';
  if (st.isFIFO()) return 'is a FIFO, not a regular file';
  return st.isSocket() ? 'is a socket, not a regular file' : 'is a device or other special file';
}

function isDirEntry(d: Dirent, path: string): boolean {
  if (d.isDirectory()) return true;
  if (!d.isSymbolicLink()) return false;
  const st = statOf(path);
  return typeof st === 'object' && st !== null && st.isDirectory();
}

/** Adds one candidate file (stat'ed, bounded), or says why not; past the budget it is only counted. */
function addFile(w: Walk, place: Place, kind: CandidateKind, path: string, pathName: string | undefined, overflow: { n: number }, missing = 'is a dangling symbolic link'): void {
  if (w.budget <= 0) {
    overflow.n++;
    return;
  }
  const st = statOf(path);
  if (st === null || typeof st === 'string') {
    w.skipped.push({ path, reason: st ?? missing });
    return;
  }
  if (!st.isFile()) {
    w.skipped.push({ path, reason: notAFile(st) });
    return;
  }
  if (st.size > MAX_FILE_BYTES) {
    w.skipped.push({ path, reason: `over ${MAX_FILE_BYTES} bytes: not read` });
    return;
  }
  w.budget--;
  w.files.push({ path, kind, ...place, ...(pathName !== undefined ? { pathName } : {}), size: st.size, mtimeMs: st.mtimeMs, ino: st.ino });
}

function reportOverflow(w: Walk, dir: string, overflow: { n: number }): void {
  if (overflow.n) w.skipped.push({ path: dir, reason: `${overflow.n} more candidate file${overflow.n === 1 ? '' : 's'} not read: over the limit of ${MAX_CANDIDATE_FILES}` });
}

function walkAgents(w: Walk, place: Place, dir: string): void {
  const overflow = { n: 0 };
  for (const d of list(dir, w)) if (MD.test(d.name)) addFile(w, place, 'agent', dir + sep + d.name, undefined, overflow);
  reportOverflow(w, dir, overflow);
}

function walkSkills(w: Walk, place: Place, dir: string): void {
  const overflow = { n: 0 };
  for (const d of list(dir, w)) {
    const path = dir + sep + d.name;
    // Hidden folders (a skills/ kept in git has a .git/) are not skills and not worth a line.
    if (d.name.startsWith('.')) continue;
    if (isDirEntry(d, path)) addFile(w, place, 'skill', `${path}${sep}SKILL.md`, d.name, overflow, 'is missing: the folder is not a skill');
    else if (MD.test(d.name)) w.skipped.push({ path, reason: 'not a skill: skills are folders holding a SKILL.md' });
  }
  reportOverflow(w, dir, overflow);
}

function walkCommands(w: Walk, place: Place, dir: string, segments: string[], overflow: { n: number }): void {
  const entries = list(dir, w);
  const skillFile = segments.length ? entries.find((d) => /^skill\.md$/i.test(d.name)) : undefined;
  if (skillFile) {
    // A folder with a SKILL.md is one command named after the folder; its other files are the skill's own.
    addFile(w, place, 'command', dir + sep + skillFile.name, segments.join(':'), overflow);
    return;
  }
  for (const d of entries) {
    const path = dir + sep + d.name;
    if (isDirEntry(d, path)) {
      if (d.name.startsWith('.')) continue; // .git/ and the like
      if (segments.length + 2 > MAX_COMMAND_DEPTH) w.skipped.push({ path, reason: `deeper than ${MAX_COMMAND_DEPTH} levels under commands/: not walked` });
      else walkCommands(w, place, path, [...segments, d.name], overflow);
    } else if (MD.test(d.name)) addFile(w, place, 'command', path, [...segments, d.name.replace(MD, '')].join(':'), overflow);
  }
}

/** One .claude/ folder (or plugin folder): listed once, so a missing agents/, skills/ or commands/ costs no failed
 * system call (a thrown ENOENT costs more than the listing of a small folder in a cold process). */
function walkRoot(w: Walk, place: Place, base: string): void {
  const there = statOf(base);
  if (there === null) {
    if (place.scope === 'plugin') w.skipped.push({ path: base, reason: 'plugin folder is missing' });
    return;
  }
  if (typeof there === 'string' || !there.isDirectory()) {
    w.skipped.push({ path: base, reason: typeof there === 'string' ? there : 'is not a folder' });
    return;
  }
  for (const d of list(base, w)) {
    const walker = d.name === 'agents' ? walkAgents : d.name === 'skills' ? walkSkills : d.name === 'commands' ? walkCommandsRoot : undefined;
    if (!walker) continue;
    const dir = base + sep + d.name;
    if (isDirEntry(d, dir)) walker(w, place, dir);
    else w.skipped.push({ path: dir, reason: 'is not a folder' });
  }
}

function walkCommandsRoot(w: Walk, place: Place, dir: string): void {
  const overflow = { n: 0 };
  walkCommands(w, place, dir, [], overflow);
  reportOverflow(w, dir, overflow);
}

/** Every candidate file of a project and user, in precedence order, stat'ed but not read. Never throws. */
export function listCandidates(projectDirIn: string, homeIn: string): Listing {
  const projectDir = resolve(projectDirIn);
  const home = resolve(homeIn);
  const w: Walk = { files: [], skipped: [], budget: MAX_CANDIDATE_FILES };
  const { plugins, skipped } = enabledPluginRoots(projectDir, home);
  w.skipped.push(...skipped);
  try {
    // Claude Code started in the home folder: its .claude/ is the user's, read once.
    if (projectDir !== home) walkRoot(w, { scope: 'project' }, join(projectDir, '.claude'));
    walkRoot(w, { scope: 'user' }, join(home, '.claude'));
    for (const p of plugins) walkRoot(w, { scope: 'plugin', plugin: p.name }, p.root);
  } catch (err) {
    w.skipped.push({ path: projectDir, reason: `listing stopped: ${oneLine(err)}` });
  }
  return { projectDir, home, plugins, files: w.files, skipped: w.skipped };
}
