// Target classification: where on the machine a path operand points, so that one rule ("recursive
// delete") can answer differently for `/`, `~`, the project, a temp dir or a build output. Operands are
// resolved against the segment's own cwd (after `cd`), `~`/`$HOME`/`$PWD`/`$TMPDIR` are expanded, and an
// unset variable is judged by what its empty expansion would hit (`rm -rf "$DIR/"` is `rm -rf /`).

import { posix } from 'node:path';
import { hasSub } from './markers.js';
import { expandHomeVar } from './operands.js';
import { TARGET_CLASSES, TARGET_LABELS, type TargetClass } from '../../registry/target-classes.js';

export { TARGET_CLASSES, TARGET_LABELS, type TargetClass };

export interface TargetContext {
  /** Absolute directory the segment runs in; undefined when unknowable (after `cd "$X"`, on a remote host). */
  cwd: string | undefined;
  home: string;
  projectDir: string;
}

/** Top-level system directories; they and their direct children are `system`. */
const SYSTEM_DIRS: ReadonlySet<string> = new Set([
  '/bin', '/boot', '/dev', '/etc', '/home', '/lib', '/lib32', '/lib64', '/libx32', '/media', '/mnt', '/opt', '/proc',
  '/root', '/run', '/sbin', '/snap', '/srv', '/sys', '/usr', '/var', '/Users', '/System', '/Library', '/Applications',
  '/Volumes', '/private', '/cores',
]);
/** Trees that are system at any depth. */
const SYSTEM_TREES = ['/etc', '/boot', '/bin', '/sbin', '/lib', '/lib64', '/usr/bin', '/usr/sbin', '/usr/lib', '/System', '/proc', '/sys'];
const TEMP_TREES = ['/tmp', '/var/tmp', '/private/tmp', '/private/var/folders', '/dev/shm'];
/** Home dot-directories holding keys and credentials: protected at any depth. */
const SECRET_DOTDIRS = ['.ssh', '.gnupg', '.aws', '.azure', '.kube', '.docker', '.password-store', '.config/gcloud'];
/** Home directories that only hold re-creatable caches. */
const CACHE_DIRS = ['.cache', '.npm', '.yarn', '.pnpm-store', '.bun/install/cache', '.gradle/caches', '.m2/repository', '.cargo/registry', 'Library/Caches', 'go/pkg/mod'];

const GLOB_CHARS = /[*?[]/;
const VAR_REF = /\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*/g;

function under(p: string, dir: string): boolean {
  return p === dir || p.startsWith(dir === '/' ? '/' : `${dir}/`);
}

function expandKnown(word: string, t: TargetContext): string {
  return expandHomeVar(word, t.home)
    .replace(/^(?:\$PWD|\$\{PWD\})(?=\/|$)/, t.cwd ?? '$PWD')
    .replace(/^(?:\$TMPDIR|\$\{TMPDIR\})(?=\/|$)/, '/tmp')
    .replace(/^(?:\$CLAUDE_PROJECT_DIR|\$\{CLAUDE_PROJECT_DIR\})(?=\/|$)/, t.projectDir)
    .replace(/^~(?=\/|$)/, t.home)
    .replace(/^~([A-Za-z_][\w.-]*)(?=\/|$)/, '/home/$1');
}

/** Absolute, normalised path for a word with no variables left, or undefined when it is relative to an unknown cwd. */
function absolute(word: string, cwd: string | undefined): string | undefined {
  if (word.startsWith('/')) return posix.normalize(word).replace(/(.)\/+$/, '$1');
  if (cwd === undefined) return undefined;
  return posix.resolve(cwd, word);
}

/** An operand as an absolute, normalised path with the known variables expanded (`~`, `$HOME`, `$PWD`,
 * `$TMPDIR`, `$CLAUDE_PROJECT_DIR`); undefined when it is relative to an unknown cwd, starts with a variable
 * left unresolved, or names the home while the home is unknown. */
export function absoluteOperand(word: string, t: TargetContext): string | undefined {
  if (!t.home && /^(?:~|\$\{?HOME\b)/.test(word)) return undefined;
  const w = expandKnown(word, t);
  if (!w.startsWith('/') && (w.includes('$') || w.startsWith('~'))) return undefined;
  return absolute(w, t.cwd);
}

/** `dir/*`, `dir/.*`, `dir/.[!.]*`: every entry of dir. */
function isWholeDirGlob(base: string): boolean {
  return /^(?:\*|\.\*|\.\[!\.\]\*|\.\?\*|\*\.\*|\.\[\^\.\]\*|\{\*,\.\*\}|\{\.\*,\*\})$/.test(base);
}

function isSystem(p: string): boolean {
  return SYSTEM_TREES.some((d) => under(p, d)) || SYSTEM_DIRS.has(p) || SYSTEM_DIRS.has(posix.dirname(p));
}

function classifyAbsolute(p: string, t: TargetContext): TargetClass {
  const home = t.home.replace(/(.)\/+$/, '$1');
  const project = t.projectDir.replace(/(.)\/+$/, '$1');
  if (p === '/') return 'root';
  if (p === home) return 'home';
  if (under(p, home)) {
    const rel = p.slice(home.length + 1);
    if (SECRET_DOTDIRS.some((d) => under(rel, d))) return 'home-config';
    if (CACHE_DIRS.some((d) => under(rel, d))) return 'cache';
    // A dotfile or dot-directory directly in home (.bashrc, .config, .local).
    if (rel.startsWith('.') && !rel.includes('/')) return 'home-config';
  }
  if (p === project) return 'project-root';
  if (p === `${project}/.git`) return 'project-git';
  if (under(p, project)) return 'project';
  if (TEMP_TREES.some((d) => under(p, d))) return 'temp';
  if (under(project, p)) return under(home, p) ? 'home' : isSystem(p) ? 'system' : 'project-root';
  // The rest of home (~/other-project, ~/Downloads/x) is the user's, not the system's.
  if (under(p, home)) return 'outside';
  return isSystem(p) ? 'system' : 'outside';
}

function classifyResolved(word: string, t: TargetContext): TargetClass {
  let w = word;
  const slash = w.lastIndexOf('/');
  const base = slash >= 0 ? w.slice(slash + 1) : w;
  if (GLOB_CHARS.test(base) || /[{}]/.test(base)) {
    // `dir/*` and `dir/.*` stand for all of dir (judged as dir); `dir/*.log` for some entries of it.
    const dir = slash > 0 ? w.slice(0, slash) : slash === 0 ? '/' : '.';
    w = isWholeDirGlob(base) ? dir : `${dir}/entry`;
  }
  const abs = absolute(w, t.cwd);
  return abs === undefined ? 'unknown' : classifyAbsolute(abs, t);
}

/**
 * Class of one operand as the shell would see it. Words holding a command substitution are unknown;
 * words with variables hookwarden cannot resolve are `unset-var` when their empty expansion would hit
 * the root, a system directory or home, else unknown.
 */
export function classifyTarget(word: string, t: TargetContext): TargetClass {
  if (word === '' || hasSub(word) || word.includes('$(') || word.includes('`')) return 'unknown';
  const expanded = expandKnown(word, t);
  if (expanded.includes('$')) {
    // `${DIR:?}` aborts the command when DIR is unset or empty.
    if (/\$\{[A-Za-z_][A-Za-z0-9_]*:?\?/.test(expanded)) return 'unknown';
    const empty = expanded.replace(VAR_REF, '');
    if (empty === '') return 'unknown';
    const cls = empty.includes('$') ? 'unknown' : classifyResolved(expandKnown(empty, t), t);
    return cls === 'root' || cls === 'system' || cls === 'home' || cls === 'home-config' ? 'unset-var' : 'unknown';
  }
  return classifyResolved(expanded, t);
}
