// The shapes of a list-fed delete, found in the analysed segments (cheap: no reading). Kept out of the
// consequence chunk so the hook can tell whether a call needs it without loading it.

import type { Segment, ShellAnalysis } from '../../analyzers/shell/types.js';

export const DELETE_PROGRAMS: ReadonlySet<string> = new Set(['rm', 'rmdir', 'unlink', 'shred']);

export interface ReadLoop {
  variable: string;
  /** The list file as written, and the directory it is relative to. */
  file: string;
  cwd?: string;
  /** Indices of the loop body's segments that use the variable. */
  body: number[];
}

/** `read`'s options that take a value. */
const READ_VALUE = new Set(['-a', '-d', '-i', '-n', '-N', '-p', '-t', '-u']);

function readVariable(seg: Segment): string | undefined {
  if (seg.program !== 'read') return undefined;
  const names: string[] = [];
  for (let i = 1; i < seg.argv.length; i++) {
    const a = seg.argv[i] as string;
    if (READ_VALUE.has(a)) i++;
    else if (!a.startsWith('-') && /^[A-Za-z_]\w*$/.test(a)) names.push(a);
  }
  return names.length === 1 ? names[0] : undefined;
}

/** `while read v; do …; done < F` (the `done` is an empty segment with the redirect) and
 * `cat F | while read v; do …; done`: the body segments that use `$v`. */
export function readLoops(segments: readonly Segment[]): ReadLoop[] {
  const loops: ReadLoop[] = [];
  segments.forEach((seg, i) => {
    const variable = readVariable(seg);
    if (!variable) return;
    const prev = seg.stage > 0 ? segments.find((s) => s.pipeline === seg.pipeline && s.stage === seg.stage - 1) : undefined;
    const cat = prev && prev.program === 'cat' && prev.argv.length === 2 ? prev : undefined;
    let end = segments.length;
    let file = cat?.argv[1];
    let cwd = cat?.cwd;
    for (let j = i + 1; j < segments.length; j++) {
      const s = segments[j] as Segment;
      // `done < <(find …)` reads a command's output, not a file the command names: not read (as in v0.3).
      const from = s.argv.length === 0 ? s.redirects.find((r) => r.op === '<' && !r.target.startsWith('<(')) : undefined;
      if (from) {
        end = j;
        if (!file) (file = from.target), (cwd = s.cwd);
        break;
      }
    }
    if (!file) return;
    const ref = new RegExp(`\\$\\{?${variable}\\}?(?![A-Za-z0-9_])`);
    const body: number[] = [];
    for (let j = i + 1; j < end; j++) if ((segments[j] as Segment).argv.slice(1).some((w) => ref.test(w))) body.push(j);
    if (body.length) loops.push({ variable, file, ...(cwd !== undefined ? { cwd } : {}), body });
  });
  return loops;
}

/** Does the command feed a delete from a list file? */
export function hasListFedDelete(analysis: ShellAnalysis): boolean {
  return analysis.segments.some(
    (s) => (s.feed !== undefined && (DELETE_PROGRAMS.has(s.program) || s.program === 'git')) || (s.program === 'read' && readLoops(analysis.segments).some((l) => l.body.some((i) => DELETE_PROGRAMS.has(analysis.segments[i]?.program ?? '')))),
  );
}
