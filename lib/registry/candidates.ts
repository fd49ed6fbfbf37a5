// Which patterns one call can match at all, decided from a small key per pattern, so that a hook parses only
// those from its registry file (lazy-kinds.ts): parsing every pattern a Bash call might consult cost a
// young-generation collection per call (~3 ms plus ~170 fresh pages on the 2-core VM, docs/performance.md).
//  - shell: a command spec that names its programs (programNames) matches only a segment running one of them, and
//    one that also names its subcommand (`git push`) only a segment whose first operand is one of those words: its
//    key names each pair ("git push"). A spec with a program regex, a redirect or a fact pattern is a candidate for
//    every command.
//  - path: a path pattern matches only a path one of whose forms holds a literal an include glob needs
//    (regex-literal.ts), and an outside-the-project pattern only a path outside the project.
// A key is plain JSON: the build writes it beside each pattern's text.

import { isAscii } from '../text/letters.js';
import { foldFor, literalsOf, mightMatch } from './regex-literal.js';
import type { RegexSource } from './types.js';
import type { CompiledPath, CompiledShell, CompiledShellCommandSpec } from './types.js';

/** The name lists a shell pattern needs, each met by one of the command's keys (commandKeys); null: any command.
 * A name is a program ("rm"), or a program and its first operand ("git push") for a spec that names its subcommand:
 * `git status` then never reads the ~14 git patterns for other subcommands. */
export type ProgramKey = string[][] | null;

export function programKey(p: Pick<CompiledShell, 'match'>): ProgramKey {
  const m = p.match;
  const specs: CompiledShellCommandSpec[] = 'command' in m ? [m.command] : 'pipe' in m ? [m.pipe.from, m.pipe.to] : [];
  const names = specs.flatMap((s) => (s.programNames ? [specNames(s.programNames, s.subcommand?.[0])] : []));
  return names.length > 0 ? names : null;
}

function specNames(programs: readonly string[], first: readonly string[] | undefined): string[] {
  return first ? programs.flatMap((p) => first.map((w) => `${p} ${w}`)) : [...programs];
}

/** The keys one command segment meets: its program, and its program with its first operand (the subcommand a
 * spec compares, analyzers/shell/match.ts). */
export function addCommandKeys(keys: Set<string>, program: string, firstOperand: string | undefined): Set<string> {
  keys.add(program);
  if (firstOperand !== undefined) keys.add(`${program} ${firstOperand}`);
  return keys;
}

/** Could a pattern with this key match a command meeting these keys? */
export function isCandidate(key: ProgramKey, keys: ReadonlySet<string>): boolean {
  return key === null || key.every((names) => names.some((n) => keys.has(n)));
}

/** What a path pattern's candidacy is read from (a compiled path pattern): whether it is for paths outside the
 * project, and its include globs' flags and literals. */
export type PathSource = Pick<CompiledPath, 'outsideProject' | 'include'>;

/** A path pattern's key in a hook's registry file: [outside the project only (1/0), a candidate for every path (a
 * glob without literals: 1/0), the literals of its case-sensitive globs, those of its case-insensitive ones (lower
 * case)]. Candidacy is an "or" over every glob and literal, so the globs' boundaries need not be kept: ~4 KB for
 * the shipped path patterns, where their keys as glob objects were 12.5 KB (a fresh buffer and a slower parse on
 * every file check). */
export type PathKey = [outside: 0 | 1, always: 0 | 1, exact: string[], folded: string[]];

export function pathKey(p: PathSource): PathKey {
  const exact = new Set<string>();
  const folded = new Set<string>();
  let always: 0 | 1 = 0;
  for (const r of p.include) {
    const lits = literalsOf(r);
    if (!lits) always = 1;
    else for (const l of lits) (r.flags.includes('i') ? folded : exact).add(l);
  }
  return [p.outsideProject ? 1 : 0, always, always ? [] : [...exact], always ? [] : [...folded]];
}

/** isPathCandidate, from a key. */
export function isPathKeyCandidate(key: PathKey, path: PathProbe): boolean {
  if (key[0] === 1 && !path.outsideProject) return false;
  if (key[1] === 1) return true;
  const { forms } = path;
  const exact = key[2];
  const folded = key[3];
  // A case-insensitive file system folds the case-sensitive globs too; a non-ASCII literal of one is no pre-check
  // there (its case folds are not plain lower case), as in mightMatch.
  const fold = path.caseInsensitive;
  for (let j = 0; j < forms.length; j++) {
    const form = forms[j] as string;
    const low = fold || folded.length > 0 ? foldFor('i', form) : form;
    for (let i = 0; i < exact.length; i++) {
      const lit = exact[i] as string;
      if (fold ? !isAscii(lit) || low.includes(lit.toLowerCase()) : form.includes(lit)) return true;
    }
    for (let i = 0; i < folded.length; i++) if (low.includes(folded[i] as string)) return true;
  }
  return false;
}

/** The path a call touches, as path patterns are matched against it (analyzers/paths/match.ts). */
export interface PathProbe {
  forms: readonly string[];
  outsideProject: boolean;
  caseInsensitive: boolean;
}

/** Could a path pattern match the path (isPathKeyCandidate answers the same from its key)? False when it is for
 * outside the project and the path is not, or when no form of the path holds a literal its include globs need: then
 * no glob is compiled or run. */
export function isPathCandidate(p: PathSource, path: PathProbe): boolean {
  if (p.outsideProject && !path.outsideProject) return false;
  const extra = path.caseInsensitive ? 'i' : '';
  // Indexed loops, not nested some() or for-of: this runs per path pattern and path, and the closures (or, in the
  // interpreter a short process runs in, iterator results) were most of a file check's allocation.
  const { include } = p;
  const { forms } = path;
  for (let i = 0; i < include.length; i++) {
    for (let j = 0; j < forms.length; j++) if (mightMatch(include[i] as RegexSource, forms[j] as string, extra)) return true;
  }
  return false;
}
