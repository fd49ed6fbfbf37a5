// Which files a command line reads, writes or deletes on this machine: the accesses by which an agent
// reads a secret into the conversation or sends it somewhere, writes into a file, or deletes one.
// One table says, per program, how its arguments name files (operand roles, destination, option values
// that are files, subcommands); redirects are read from the segment. Quoted data stays data: a pattern,
// a script or printed text is never taken for a file.

import { runsElsewhere } from '../nested.js';
import { lazyEntry } from '../tables.js';
import type { Segment, ShellAnalysis } from '../types.js';
import { argvOperands, type Located } from './argv-operands.js';
import { access, isPath } from './paths.js';
import { PROGRAMS } from './programs.js';
import { redirectOp } from './redirects.js';
import type { FileAccess } from './types.js';

export type { FileAccess, FileOp } from './types.js';

function segmentAccesses(seg: Segment, out: FileAccess[]): void {
  const spec = seg.argv.length > 0 ? lazyEntry(PROGRAMS, seg.program) : undefined;
  if (spec) {
    const operands: Located[] = [];
    argvOperands(seg.argv, 1, spec, seg.program, undefined, operands);
    for (const o of operands) {
      if (!isPath(o.word)) continue;
      for (const op of o.ops) out.push(access(o.word, op, o.via, seg, o.base));
    }
  }
  for (const r of seg.redirects) {
    const op = redirectOp(r.op, r.target);
    if (op && isPath(r.target)) out.push(access(r.target, op, `redirect ${r.op}`, seg));
  }
  for (const w of seg.selfWrites ?? []) out.push(access(w.path, 'write', w.via, seg));
}

/**
 * The files a command line reads, writes or deletes on this machine, in segment order, then argument
 * order (redirects after the arguments). Segments that run on another machine or in a container are
 * skipped: their files are not this machine's.
 */
export function fileAccesses(analysis: ShellAnalysis): FileAccess[] {
  const out: FileAccess[] = [];
  for (const seg of analysis.segments) {
    if (!runsElsewhere(seg.via)) segmentAccesses(seg, out);
  }
  return out;
}
