// Phrase lists as regex alternatives.

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Phrases as regex alternatives, longest first; spaces match any whitespace, ' also matches ’. */
export const alternation = (list: readonly string[]): string =>
  [...list]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .map((p) => escape(p).replace(/'/g, "['’]").replace(/\s+/g, '\\s+'))
    .join('|');
