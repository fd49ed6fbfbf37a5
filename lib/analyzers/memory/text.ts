// Text hygiene shared by every memory path: what is never kept (`<private>` blocks), how a fact is written down
// (one line, bounded) and what makes two facts the same (their key, which the content hash is taken over).

/** `<private>…</private>` (case-insensitive, across lines); an unclosed `<private>` runs to the end. */
const PRIVATE_BLOCK = /<private\b[^>]*>[\s\S]*?(?:<\/private\s*>|$)/giu;

export const PRIVATE_MARK = '[PRIVATE]';

/** The text with every private block replaced by [PRIVATE]. */
export function stripPrivate(text: string): string {
  return text.includes('<') ? text.replace(PRIVATE_BLOCK, PRIVATE_MARK) : text;
}

/** Leading list marks, heading marks and quote marks that are layout, not content. */
const LEADING_MARKS = /^(?:[-*+•>]\s+|#{1,6}\s+|\d+[.)]\s+|\[[ xX]\]\s+)+/u;

/** One line: whitespace collapsed, layout marks and a trailing full stop or comma dropped, wrapping quotes off. */
export function normaliseFact(text: string): string {
  let t = text.replace(/\s+/gu, ' ').trim();
  t = t.replace(LEADING_MARKS, '').trim();
  t = t.replace(/^["'“‘](.*)["'”’]$/u, '$1').trim();
  // Trailing punctuation trimmed by a scan from the end (a `[.,;:]+$` regex is quadratic on long runs of them).
  let end = t.length;
  while (end > 0 && ' .,;:'.includes(t[end - 1] as string)) end -= 1;
  return t.slice(0, end).trim();
}

/** What the content hash is taken over: the normalised fact, lower-cased, without punctuation runs. Two facts
 * differing only in case, spacing or punctuation are the same fact. */
export function factKey(text: string): string {
  return normaliseFact(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@/._~+-]+/gu, ' ')
    .trim();
}
