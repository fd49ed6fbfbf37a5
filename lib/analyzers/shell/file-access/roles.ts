// The roles an operand or an option value plays, shared by the program table.

import type { FileOp, OptionFile } from './types.js';

export const R: readonly FileOp[] = ['read'];
export const W: readonly FileOp[] = ['write'];
export const D: readonly FileOp[] = ['delete'];
/** A moved source is read, then gone. */
export const RD: readonly FileOp[] = ['read', 'delete'];
export const NONE: readonly FileOp[] = [];

export const read: OptionFile = { op: 'read' };
export const write: OptionFile = { op: 'write' };
