// The fallback, after every other phase: anything not positively known to be read-only is
// "write-or-unknown". A known writer gives its own reason.

import { ownEntry } from '../tables.js';
import { WRITERS } from './known-writes.js';
import { type IntentResult, unsafe } from './result.js';

export function fallbackVerdict(program: string): IntentResult {
  return unsafe(ownEntry(WRITERS, program) ?? `${program} is not a known read-only program`);
}
