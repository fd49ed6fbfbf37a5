// hookwarden's own directory (`$HOOKWARDEN_HOME`: audit log, session state, grants, memory, caches, user
// config, daemon token) as the analyzers see it. An agent that can rewrite these files can loosen its own
// guard or forge its own audit trail, so every spelling of a path in there must reach the registry in one
// form a glob can name wherever the directory is: `$HOOKWARDEN_HOME/<rel>` (the `hookwarden-home` pattern).

import { isAbsolute, normaliseAbsolute, toSlashes, under } from './path-text.js';

/** The variable the hook runner and the CLI read (lib/audit/paths.ts). */
export const HW_VAR = 'HOOKWARDEN_HOME';
/** The form a path inside hookwarden's home is also matched as. picomatch escapes `$`, so the glob
 * `$HOOKWARDEN_HOME/**` matches this text literally (and a real directory can hardly be named like it). */
export const HW_MARKER = `$${HW_VAR}`;

/** What hookwarden keeps in its home (lib/audit, lib/session, lib/memory, lib/hook/locations.ts). When the
 * home is a directory the agent works in (HOOKWARDEN_HOME=~ or a parent of the project), protecting the
 * whole tree would block every write there: only these entries are hookwarden's then. */
const OWN_ENTRIES = ['audit', 'state', 'memory', 'cache', 'config.json', 'patterns.json'];

/** Absolute home with forward slashes and no trailing slash; '' when `home` is not absolute. */
function absoluteDir(p: string | undefined): string {
  const s = toSlashes(p?.trim() ?? '');
  return isAbsolute(s) ? normaliseAbsolute(s) : '';
}

/** hookwarden's home for a context: the one the hook runner resolved, else `<home>/.hookwarden` (the default
 * when HOOKWARDEN_HOME is unset; callers without the field are examples, tests and what-if tools). */
export function hookwardenHomeOf(ctx: { home: string; hookwardenHome?: string | undefined }): string {
  const given = absoluteDir(ctx.hookwardenHome);
  if (given) return given;
  const home = absoluteDir(ctx.home);
  return home ? `${home === '/' ? '' : home}/.hookwarden` : '';
}

/** `$HOOKWARDEN_HOME`, `${HOOKWARDEN_HOME}` (and the `:-default` forms, which do not apply: it is set) at the
 * start of a path → the home. Other words come back unchanged. */
export function expandHookwardenVar(p: string, hw: string): string {
  if (!hw || !p.includes(HW_VAR)) return p;
  const m = /^(?:\$HOOKWARDEN_HOME|\$\{HOOKWARDEN_HOME(?::?[-=?+][^}]*)?\})(?=\/|$)/.exec(p);
  return m ? `${hw}${p.slice(m[0].length)}` : p;
}

export interface HookwardenHomeView {
  /** The home as given and its real location (symlinks resolved), deduplicated. */
  dirs: string[];
  /** Only OWN_ENTRIES are hookwarden's (the home holds the user's home or the project). */
  entriesOnly: boolean;
}

/** The home's spellings to compare paths with; `real` resolves symlinks (PathFacts), when available. */
export function hookwardenHomeView(hw: string, userHome: string, projectDir: string, real?: (abs: string) => string | null): HookwardenHomeView {
  if (!hw) return { dirs: [], entriesOnly: false };
  const r = real ? real(hw) : null;
  const dirs = [...new Set([hw, ...(r ? [absoluteDir(r) || toSlashes(r)] : [])])];
  const holds = (p: string): boolean => dirs.some((d) => under(absoluteDir(p) || p, d, false) !== null);
  return { dirs, entriesOnly: dirs.includes('/') || holds(userHome) || holds(projectDir) };
}

/** `$HOOKWARDEN_HOME/<rel>` (or `$HOOKWARDEN_HOME` itself) for an absolute path inside the home, else null. */
export function hookwardenForm(abs: string, view: HookwardenHomeView, fold: boolean): string | null {
  for (const d of view.dirs) {
    const rel = under(abs, d, fold);
    if (rel === null) continue;
    if (view.entriesOnly) {
      const first = rel.split('/')[0] ?? '';
      if (!OWN_ENTRIES.some((e) => (fold ? e.toLowerCase() === first.toLowerCase() : e === first))) continue;
    }
    return rel === '' ? HW_MARKER : `${HW_MARKER}/${rel}`;
  }
  return null;
}
