// Bounds on the work of one analysis: code size, actions kept, nesting, evaluation budgets.

export const MAX_CODE_BYTES = 64 * 1024;
export const MAX_ACTIONS = 100;
/** Expression nesting evaluated (calls in arguments in calls …). */
export const MAX_DEPTH = 16;
/** Interpolations inside interpolations lexed as code (f"{f'{x}'}"). */
export const MAX_NESTED_LEX = 3;
export const MAX_STREAMS = 256;
/** eval("…") inside eval("…"). */
export const MAX_EVAL = 2;
/** Evaluation steps per statement, and for the whole analysis. */
export const LOCAL_BUDGET = 2000;
export const GLOBAL_BUDGET = 500_000;
/** Postfix operations followed in one chain (a.b(c).d …). */
export const MAX_CHAIN = 4096;
/** Items kept from one list or argument list. */
export const MAX_ITEMS = 256;
