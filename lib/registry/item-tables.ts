// The item tables of a hook's registry file (lazy-kinds.ts): for the shell and path kinds, where each pattern's
// text lies and which calls can use it (candidates.ts), so that a call parses only its candidates. A table is read
// only when a call first needs candidates of its kind, and is made to cost little to read: the shell table finds
// a command's patterns by key (a program, or a program and subcommand: candidates.ts) with indexOf in one string
// (";git\t3,4;git push\t9;rm\t17;"), not by parsing a map of ~150 names on every Bash call.

import { pathKey, programKey, type PathKey } from './candidates.js';
import type { CompiledPath, CompiledPattern, CompiledShell } from './types.js';

export type Itemized = 'shell' | 'path';
export const ITEMIZED: readonly Itemized[] = ['shell', 'path'];

/** Where each item's text lies: [start0, end0, start1, end1, …] in the file's body. */
interface Spans {
  at: number[];
}
/** shell: item numbers by key (";key\ti,j;…;"), and the items every command may match. */
export interface ShellTable extends Spans {
  names: string;
  always: number[];
}
/** path: each item's key (candidates.ts). */
export interface PathTable extends Spans {
  keys: PathKey[];
}
export type ItemTable = ShellTable | PathTable;

/** The table of one kind's patterns, whose texts lie at `at` (the build's side). */
export function itemTable(kind: Itemized, list: readonly CompiledPattern[], at: number[]): ItemTable {
  if (kind === 'path') return { at, keys: (list as CompiledPath[]).map(pathKey) };
  const byName = new Map<string, number[]>();
  const always: number[] = [];
  list.forEach((p, i) => {
    const key = programKey(p as CompiledShell);
    if (key === null) return void always.push(i);
    for (const name of new Set(key.flat())) {
      if (/[;\t,]/.test(name)) throw new Error(`program or subcommand "${name}" of ${p.id} cannot be indexed (holds ; , or a tab)`);
      byName.set(name, [...(byName.get(name) ?? []), i]);
    }
  });
  const names = [...byName].map(([n, is]) => `${n}\t${is.join(',')}`).join(';');
  return { at, names: `;${names};`, always };
}

/** The shell items a command meeting these keys may match, ascending: a superset (a pipe pattern needs both of its
 * programs, and is listed under each), which the caller narrows with isCandidate. A key holding the table's
 * separators names no item (the build refuses such names) and is not looked up. */
export function shellItems(t: ShellTable, keys: ReadonlySet<string>): number[] {
  const out = new Set(t.always);
  for (const p of keys) {
    if (p.includes(';') || p.includes('\t')) continue;
    const at = t.names.indexOf(`;${p}\t`);
    if (at < 0) continue;
    const from = at + p.length + 2;
    for (const i of t.names.slice(from, t.names.indexOf(';', from)).split(',')) out.add(Number(i));
  }
  return [...out].sort((a, b) => a - b);
}
