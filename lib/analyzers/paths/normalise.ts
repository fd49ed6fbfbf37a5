// Path normalisation before glob matching: Windows separators, `~`/`$HOME`/`$HOOKWARDEN_HOME`, `..`, symlinks
// (through an injected view of the file system), case folding where the file system folds case, and
// project-relative, `$HOOKWARDEN_HOME/…` and `$HOOKWARDEN_INSTALL/…` forms.

import { expandHookwardenVar, hookwardenForm, hookwardenHomeOf, hookwardenHomeView, type HookwardenHomeView } from './hookwarden-home.js';
import { installForm, installRootDirs } from './install-root.js';
import { DRIVE, isAbsolute, normaliseAbsolute, toSlashes, under } from './path-text.js';

/** What the analyzer may ask of the real file system; injected so the analyzer itself does no I/O. */
export interface PathFacts {
  /** The real location of an absolute path with symlinks resolved (through its deepest existing ancestor
   * when the path itself does not exist yet); null when it cannot be resolved. */
  realpath(abs: string): string | null;
  /** Whether the file system holding the project folds case (macOS and Windows by default). */
  caseInsensitive(): boolean;
}

export interface PathContext {
  cwd: string;
  home: string;
  projectDir: string;
  facts?: PathFacts;
  /** Directories that count as the project for the outside-the-project tier (config.trustedRoots). */
  trustedRoots?: string[];
  /** `$HOOKWARDEN_HOME` as the hook runner resolved it; absent means `<home>/.hookwarden`. */
  hookwardenHome?: string;
  /** The package or checkout the running hook belongs to (install-root.ts); absent means no `$HOOKWARDEN_INSTALL` form. */
  installRoot?: string;
}

export interface NormalisedPath {
  /** Absolute, forward slashes, `..` resolved; home shown as `~` when under it; ` → real` when a symlink. */
  display: string;
  /** Forms globs are tried against: absolute, `~`-relative, project-relative, `$HOOKWARDEN_HOME/…` inside
   * hookwarden's home; for the real target too. */
  forms: string[];
  /** Inside the project (by the real location when known). */
  insideProject: boolean;
  /** Outside the project and every trusted root (by the real location when known). */
  outsideProject: boolean;
  /** Globs must match ignoring case (case-insensitive file system, or a Windows drive path). */
  caseInsensitive: boolean;
}

function expandHome(p: string, home: string): string {
  const h = toSlashes(home);
  if (p === '~' || p === '$HOME' || p === '${HOME}') return h;
  for (const prefix of ['~/', '$HOME/', '${HOME}/']) {
    if (p.startsWith(prefix)) return `${h}/${p.slice(prefix.length)}`;
  }
  return p;
}

function absolute(raw: string, ctx: PathContext): string {
  const unquoted = toSlashes(raw.trim().replace(/^(['"])(.*)\1$/, '$2'));
  let p = expandHome(expandHookwardenVar(unquoted, hookwardenHomeOf(ctx)), ctx.home);
  if (!isAbsolute(p)) p = `${toSlashes(ctx.cwd)}/${p}`;
  return normaliseAbsolute(p);
}

/** The absolute, `~`, project-relative, `$HOOKWARDEN_HOME` and `$HOOKWARDEN_INSTALL` forms of one absolute path. */
function formsOf(abs: string, ctx: PathContext, hw: HookwardenHomeView, install: readonly string[], fold: boolean): { forms: string[]; display: string; rel: string | null } {
  const forms = [abs];
  const inHome = under(abs, ctx.home, fold);
  const display = inHome === null ? abs : inHome === '' ? '~' : `~/${inHome}`;
  if (inHome !== null) forms.push(display);
  const rel = under(abs, ctx.projectDir, fold);
  if (rel) forms.push(rel);
  const own = hookwardenForm(abs, hw, fold);
  if (own) forms.push(own);
  const installed = install.length ? installForm(abs, install, fold) : null;
  if (installed) forms.push(installed);
  return { forms, display, rel };
}

export function normalisePath(raw: string, ctx: PathContext): NormalisedPath {
  const abs = absolute(raw, ctx);
  const fold = DRIVE.test(abs) || (ctx.facts?.caseInsensitive() ?? false);
  // The home as given and where it really is: a path through either spelling (or a symlink into it) is its.
  const facts = ctx.facts;
  const hw = hookwardenHomeView(hookwardenHomeOf(ctx), ctx.home, ctx.projectDir, facts && ((p) => facts.realpath(p)));
  const install = installRootDirs(ctx.installRoot, ctx.projectDir, facts && ((p) => facts.realpath(p)));
  const literal = formsOf(abs, ctx, hw, install, fold);
  const realAbs = ctx.facts && !DRIVE.test(abs) ? ctx.facts.realpath(abs) : null;
  const real = realAbs && realAbs !== abs ? formsOf(toSlashes(realAbs), ctx, hw, install, fold) : null;
  const where = real ?? literal;
  const insideProject = where.rel !== null;
  const trusted = (ctx.trustedRoots ?? []).some((r) => under(where.forms[0]!, absolute(r, ctx), fold) !== null);
  return {
    display: real ? `${literal.display} → ${real.display}` : literal.display,
    forms: real ? [...literal.forms, ...real.forms] : literal.forms,
    insideProject,
    outsideProject: !insideProject && !trusted,
    caseInsensitive: fold,
  };
}
