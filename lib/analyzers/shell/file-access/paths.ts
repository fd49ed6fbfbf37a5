// Which words are paths on this machine, and the FileAccess a path makes (normalised, with glob samples).

import { posix } from 'node:path';
import { globSamples } from '../glob-samples.js';
import { normaliseOperand } from '../operands.js';
import type { Segment } from '../types.js';
import type { FileAccess, FileOp } from './types.js';

/** `host:path`, `user@host:path`, `host::module`: a colon before any slash. */
export const REMOTE_PATH = /^[^/]*:/;
/** A whole word that is a substitution's output, a process substitution or a heredoc: no path is named. */
const NOT_A_PATH = /^(?:\$\(.*\)|`.*`|[<>]\(.*\)|<<heredoc>>)$/s;
/** Devices and descriptors, not files (reading or writing them leaves nothing behind). */
const DEVICE = /^\/(?:dev\/(?:null|zero|stdin|stdout|stderr|tty|fd\/\d+)|proc\/self\/fd\/\d+)$/;
/** Paths are normalised without a home directory: `$HOME` becomes `~`, absolute paths stay as written. */
const NO_CONTEXT = { cwd: '', home: '' };

export function isPath(word: string): boolean {
  return word !== '' && word !== '-' && !word.includes('://') && !NOT_A_PATH.test(word) && !DEVICE.test(word);
}

export function access(word: string, op: FileOp, via: string, seg: Segment, base?: string): FileAccess {
  const joined = base !== undefined && !/^[/~$]/.test(word) ? posix.join(base, word) : word;
  const p = normaliseOperand(joined, NO_CONTEXT);
  const a: FileAccess = { path: p, op, via };
  if (seg.cwd !== undefined) a.cwd = seg.cwd;
  const samples = globSamples(p);
  if (samples) a.samples = samples;
  return a;
}
