// hookwarden's installed files (the package or checkout the running hook belongs to: dist/hooks/*.js, their
// *.code.js and *.registry.json, the CLI, the shipped patterns/) as the analyzers see them. The running bundle
// knows its own file (lib/hook/locations.ts), so the hook runner passes the install root down like
// `$HOOKWARDEN_HOME`; every path inside it is also matched as `$HOOKWARDEN_INSTALL/<rel>`, a form a glob can name
// wherever hookwarden is installed (the `guard-self/install` pattern). Absent (tests, what-if tools): no such form.

import { isAbsolute, normaliseAbsolute, toSlashes, under } from './path-text.js';

/** The form a path inside the install root is also matched as (picomatch matches the `$` literally). */
export const INSTALL_MARKER = '$HOOKWARDEN_INSTALL';

/** The install root's spellings (as given, and real with symlinks resolved) worth a form for this project: none
 * when the project is inside the install root or is it, because then the agent is working on hookwarden's own
 * source, whose dist/ and patterns/ are its build output and its work (a checkout the hooks run from). An install
 * inside the project (`node_modules/hookwarden`) is protected. */
export function installRootDirs(root: string | undefined, projectDir: string, real?: (abs: string) => string | null): string[] {
  const given = toSlashes(root?.trim() ?? '');
  if (!given || !isAbsolute(given)) return [];
  const abs = normaliseAbsolute(given);
  const r = real ? real(abs) : null;
  const dirs = [...new Set([abs, ...(r ? [normaliseAbsolute(toSlashes(r))] : [])])];
  const project = normaliseAbsolute(toSlashes(projectDir));
  const projectReal = real ? real(project) : null;
  const projects = [project, ...(projectReal ? [normaliseAbsolute(toSlashes(projectReal))] : [])];
  if (dirs.some((d) => d === '/' || projects.some((p) => under(p, d, false) !== null))) return [];
  return dirs;
}

/** `$HOOKWARDEN_INSTALL/<rel>` (or the marker itself) for an absolute path inside one of `dirs`, else null. */
export function installForm(abs: string, dirs: readonly string[], fold: boolean): string | null {
  for (const d of dirs) {
    const rel = under(abs, d, fold);
    if (rel !== null) return rel === '' ? INSTALL_MARKER : `${INSTALL_MARKER}/${rel}`;
  }
  return null;
}
