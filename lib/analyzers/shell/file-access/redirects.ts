// What a redirect does to its target.

import type { FileOp } from './types.js';

/** What a redirect does to its target: `<`, `<>` read; `>`, `>>`, `>|`, `&>`, `2>`, `>&file` write; fd duplications nothing. */
export function redirectOp(op: string, target: string): FileOp | undefined {
  if (op.startsWith('<<') || op.endsWith('(')) return undefined;
  if (op.endsWith('&')) return op.includes('>') && !/^(?:\d+-?|-)$/.test(target) ? 'write' : undefined;
  if (op.endsWith('<>') || op.endsWith('<')) return 'read';
  return op.includes('>') ? 'write' : undefined;
}
