// Which patterns one call can match at all, decided from a small key per pattern, so that a hook parses only
// those from its registry file (lazy-kinds.ts): parsing every pattern a Bash call might consult cost a
// young-generation collection per call (~3 ms plus ~170 fresh pages on the 2-core VM, docs/performance.md).
//  - shell: a command spec that names its programs (programNames) matches only a segment running one of them. A
//    spec with a program regex, a redirect or a fact pattern is a candidate for every command.
//  - path: a path pattern matches only a path one of whose forms holds a literal an include glob needs
//    (regex-literal.ts), and an outside-the-project pattern only a path outside the project.
// A key is plain JSON: the build writes it beside each pattern's text.

import { literalsOf, mightMatch } from './regex-literal.js';
import type { CompiledPath, CompiledShell, CompiledShellCommandSpec } from './types.js';

/** The name lists a shell pattern needs, each met by one of the command's programs; null: any command. */
export type ProgramKey = string[][] | null;

export function programKey(p: Pick<CompiledShell, 'match'>): ProgramKey {
  const m = p.match;
  const specs: CompiledShellCommandSpec[] = 'command' in m ? [m.command] : 'pipe' in m ? [m.pipe.from, m.pipe.to] : [];
  const names = specs.flatMap((s) => (s.programNames ? [s.programNames] : []));
  return names.length > 0 ? names : null;
}

/** Could a pattern with this key match a command running these programs? */
export function isCandidate(key: ProgramKey, programs: ReadonlySet<string>): boolean {
  return key === null || key.every((names) => names.some((n) => programs.has(n)));
}

/** A path pattern's key: outside-the-project only, and each include glob's flags and literals (null: none known). */
export interface PathKey {
  outside: boolean;
  include: Array<[flags: string, literals: string[] | null]>;
}

export function pathKey(p: Pick<CompiledPath, 'outsideProject' | 'include'>): PathKey {
  return { outside: p.outsideProject, include: p.include.map((r) => [r.flags, literalsOf(r) ?? null]) };
}

/** The path a call touches, as path patterns are matched against it (analyzers/paths/match.ts). */
export interface PathProbe {
  forms: readonly string[];
  outsideProject: boolean;
  caseInsensitive: boolean;
}

/** Could a path pattern with this key match the path? (What pathPatternHits checks before any regex runs.) */
export function isPathCandidate(key: PathKey, path: PathProbe): boolean {
  if (key.outside && !path.outsideProject) return false;
  const extra = path.caseInsensitive ? 'i' : '';
  return key.include.some(([flags, literals]) => path.forms.some((f) => mightMatch({ source: '', flags, literals }, f, extra)));
}
