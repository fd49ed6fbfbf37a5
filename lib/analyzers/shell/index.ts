// Shell analyzer: structural parsing of Bash commands and matching against compiled shell patterns.

export { analyzeShell } from './analyze.js';
export { type FileAccess, fileAccesses, type FileOp } from './file-access/index.js';
export { DOWNLOADERS, FORK_BOMB, REMOTE_SCRIPT_EXEC } from './facts.js';
export { type ArgsCache, commandKeys, matchCommand, matchShell } from './match.js';
export { type NormalisedArgs, normaliseArgs, normaliseOperand } from './operands.js';
export type { Redirect, Segment, ShellAnalysis, ShellContext } from './types.js';
export { classifyTarget } from './targets.js';
