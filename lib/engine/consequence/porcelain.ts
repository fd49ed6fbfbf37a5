// Reading git's machine output for the consequence judgement: `status --porcelain=v1 -z`, `clean -n`, and the
// short lists a message names. Pure: text in, data out.

export interface StatusEntry {
  /** Index (staged) column: ' ' unchanged, M, A, D, R, C, T, U; '?' untracked, '!' ignored. */
  x: string;
  /** Worktree column, same letters. */
  y: string;
  /** Relative to the repository's root. */
  path: string;
}

/** `git status --porcelain=v1 -z`: `XY path\0`, a rename or copy followed by `from\0`. undefined: not that format. */
export function parseStatus(out: string): StatusEntry[] | undefined {
  const parts = out.split('\0');
  if (parts[parts.length - 1] === '') parts.pop();
  const entries: StatusEntry[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as string;
    if (p.length < 4 || p[2] !== ' ' || !/^[ MADRCTU?!][ MADRCTU?!]$/.test(p.slice(0, 2))) return undefined;
    const x = p[0] as string;
    const y = p[1] as string;
    entries.push({ x, y, path: p.slice(3) });
    if (x === 'R' || x === 'C' || y === 'R' || y === 'C') i++;
  }
  return entries;
}

/** `git clean -n`: `Would remove <path>` per line (other lines, `Would skip repository …`, are not removals).
 * undefined: a line git does not print. */
export function parseCleanDryRun(out: string): string[] | undefined {
  const paths: string[] = [];
  for (const line of out.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('Would remove ')) paths.push(line.slice('Would remove '.length));
    else if (!line.startsWith('Would skip repository ')) return undefined;
  }
  return paths;
}

/** Tab-separated lines (`%gd%x09%s`, `%h%x09%s`): [name, subject]. undefined: a line without a tab. */
export function parseTabbed(out: string): Array<[string, string]> | undefined {
  const rows: Array<[string, string]> = [];
  for (const line of out.split('\n')) {
    if (line === '') continue;
    const tab = line.indexOf('\t');
    if (tab <= 0) return undefined;
    rows.push([line.slice(0, tab), line.slice(tab + 1)]);
  }
  return rows;
}

const SHOWN = 3;
const NAME_MAX = 80;

const clip = (s: string): string => (s.length > NAME_MAX ? `${s.slice(0, NAME_MAX - 1)}…` : s);

/** "3 files: a, b, c" / "5 files: a, b, c and 2 more". */
export function countAndFirst(items: readonly string[], one: string, many: string): string {
  const head = items.slice(0, SHOWN).map(clip).join(', ');
  const more = items.length > SHOWN ? ` and ${items.length - SHOWN} more` : '';
  return `${items.length} ${items.length === 1 ? one : many}: ${head}${more}`;
}
