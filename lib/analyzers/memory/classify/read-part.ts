// Rule 1: the bound on what of a fact is read.

/** Only this many leading characters of a fact are read (rule 1). */
export const MAX_FACT_CHARS = 2_000;

/** The read part of a fact (rule 1). */
export function readPart(text: string): { head: string; cut: boolean } {
  if (text.length <= MAX_FACT_CHARS) return { head: text, cut: false };
  let head = text.slice(0, MAX_FACT_CHARS);
  if (!/\s/u.test(text[MAX_FACT_CHARS]!)) {
    const ws = head.search(/\s\S*$/u);
    head = ws > 0 ? head.slice(0, ws) : '';
  }
  return { head, cut: true };
}
