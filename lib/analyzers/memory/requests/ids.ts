// Item ids (`m-` + 10 lowercase hex digits): the exact form, ids anywhere, ids listed after one another (rules
// 13, 15, 16). The patterns with Unicode property escapes are built on first use: V8 parses a regex when the literal
// is evaluated, and each \p{L}/\p{N} class costs ~50-150 us to build, paid at start-up by every prompt otherwise.

import { lazy } from '../../../vocab/lazy.js';
import { isWordPart } from '../../../text/letters.js';

/** An item id of the exact form. */
export const ITEM_ID = /^m-[0-9a-f]{10}$/;
export const ITEM_ID_ANYWHERE = lazy(() => /(?<![\p{L}\p{N}_-])m-[0-9a-f]{10}(?![\p{L}\p{N}_-])/u);
export const ID_AT_START_ANY_CASE = lazy(() => /^m-[0-9a-f]{10}(?![\p{L}\p{N}_-])/iu);

/** Ids listed right after an answered id. */
export const LIST_NEXT = lazy(() => /(?:[^\S\n]*,[^\S\n]*(?:and[^\S\n]+)?|[^\S\n]+(?:and|&|\+)[^\S\n]+|[^\S\n]*\/[^\S\n]*|[^\S\n]+)(m-[0-9a-f]{10})(?![\p{L}\p{N}_-])/uy);

/** Is [start, end) of the masked text an item id of the exact form, not part of a longer word? */
export function exactId(masked: string, start: number, end: number): boolean {
  if (!ITEM_ID.test(masked.slice(start, end))) return false;
  const before = masked[start - 1];
  const after = masked[end];
  return !(before && isWordPart(before)) && !(after && isWordPart(after));
}
