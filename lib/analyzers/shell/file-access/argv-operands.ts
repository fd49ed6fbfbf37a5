// The operands of one argv that name files, with their roles, by the program's ArgSpec (subcommands included).

import { ownEntry } from '../tables.js';
import { isAssignment } from '../wrappers.js';
import { effective, expandOldStyle, parseArgs } from './parse-args.js';
import { REMOTE_PATH } from './paths.js';
import { NONE } from './roles.js';
import type { ArgSpec, FileOp, Operand } from './types.js';

export interface Located extends Operand {
  base?: string;
}

/** The operands of one argv (argv[0] = program) that name files, in argument order. */
export function argvOperands(argv: readonly string[], start: number, spec: ArgSpec, label: string, base: string | undefined, out: Located[]): void {
  if (spec.custom) {
    out.push(...spec.custom(argv));
    return;
  }
  const words = spec.oldStyle ? expandOldStyle(argv, spec) : argv;
  if (spec.sub) {
    const head = parseArgs(words, start, spec, base, true);
    const first = head.items[head.items.length - 1];
    const child = first?.kind === 'arg' ? ownEntry(spec.sub, first.word) : undefined;
    if (first?.kind === 'arg' && child) {
      argvOperands(words, head.end, child, `${label} ${first.word}`, first.base, out);
      return;
    }
  }
  const { items } = parseArgs(words, start, spec, base, false);
  const eff = effective(spec, items);
  const lead = eff.lead ?? 0;
  const count = items.filter((it) => it.kind === 'arg').length;
  const hasDest = eff.dest !== undefined && count - lead >= 2;
  let index = -1;
  for (const it of items) {
    if (it.kind === 'opt') {
      const f = eff.files ? ownEntry(eff.files, it.name) : undefined;
      const file = f && it.value !== undefined ? (f.file ? f.file(it.value) : it.value) : undefined;
      if (f && file !== undefined) out.push({ word: file, ops: [f.op], via: `${label} ${it.name}`, base: it.base });
      continue;
    }
    index++;
    if (index < lead) continue;
    const word = it.word;
    const assign = eff.assign ? /^([a-z]+)=(.*)$/s.exec(word) : null;
    if (assign) {
      const op = ownEntry(eff.assign ?? {}, assign[1] as string);
      if (op) out.push({ word: assign[2] as string, ops: [op], via: `${label} ${assign[1]}=`, base: it.base });
      continue;
    }
    if (eff.skipAssignments && isAssignment(word)) continue;
    const position = index - lead;
    let ops: readonly FileOp[];
    let via = label;
    if (hasDest && index === count - 1) {
      ops = eff.dest ?? NONE;
      via = `${label} (destination)`;
    } else if (eff.positions && position < eff.positions.length) ops = eff.positions[position] ?? NONE;
    else {
      ops = eff.roles ?? NONE;
      if (spec.dest) via = `${label} (source)`;
    }
    if (ops.length === 0) continue;
    const file = eff.item ? eff.item(word) : word;
    if (file === undefined || (eff.remote && REMOTE_PATH.test(file))) continue;
    out.push({ word: file, ops, via, base: it.base });
  }
}
