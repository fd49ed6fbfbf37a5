// The symbols before a clause's first word (list marks, status emoji, bold marks), which the claim rules do not read.

import { isAsciiAlnum } from '../../text/letters.js';
import { lazy } from '../../vocab/lazy.js';

const LEADING_SYMBOLS = lazy(() => /^[^\p{L}\p{N}`"“]+/u);

/** `text` without the characters before its first letter, digit, ` " or “ (what /^[^\p{L}\p{N}`"“]+/u removes):
 * ASCII compared by hand, the regex only from a non-ASCII character on. Building the regex's \p{L}\p{N} class costs
 * ~0.15 ms, and most Stop messages are ASCII. */
export function stripLeadingSymbols(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return text.slice(i).replace(LEADING_SYMBOLS(), '');
    if (isAsciiAlnum(c) || c === 96 || c === 34) return text.slice(i);
  }
  return '';
}
