// Which shell patterns a command can match at all, by the program names their specs require. A command spec that
// names its programs (programNames) matches only a segment running one of them, so a pattern whose specs need
// programs the command does not run cannot fire, and a hook need not even parse it: the shell patterns are half
// of a Bash call's registry, and parsing all 128 of them for `git status` cost a young-generation collection
// (~7 ms on the 2-core VM, docs/performance.md). A spec with a program regex, a redirect or a fact pattern is a
// candidate for every command.

import type { CompiledShell, CompiledShellCommandSpec } from './types.js';

/** The name lists a pattern needs, each met by one of the command's programs; null: every command is a candidate. */
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
