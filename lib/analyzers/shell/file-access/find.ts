// find: -delete removes what it finds; -fprint & co. write a file.

import { findStarts, namedFindResults } from '../literal.js';
import { D, W } from './roles.js';
import type { Operand } from './types.js';

const FIND_EXEC: ReadonlySet<string> = new Set(['-exec', '-execdir', '-ok', '-okdir']);
const FIND_OUTPUTS: ReadonlySet<string> = new Set(['-fprint', '-fprint0', '-fprintf', '-fls']);

export function findOperands(argv: readonly string[]): Operand[] {
  const out: Operand[] = [];
  let deletes = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (FIND_EXEC.has(a)) {
      // The executed command has its own segment; `-delete` inside it is an argument.
      while (i + 1 < argv.length && argv[i + 1] !== ';' && argv[i + 1] !== '+') i++;
      i++;
    } else if (a === '-delete') deletes = true;
    else if (FIND_OUTPUTS.has(a) && i + 1 < argv.length) out.push({ word: argv[++i] as string, ops: W, via: `find ${a}` });
  }
  if (deletes) {
    // What the name tests say is found (`./*.pyc`), else each start path.
    const found = findStarts(argv).flatMap((start) => {
      const named = namedFindResults(argv, start);
      return named.length > 0 ? named : [start];
    });
    out.unshift(...found.map((word) => ({ word, ops: D, via: 'find -delete' })));
  }
  return out;
}
