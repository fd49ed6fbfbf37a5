// Letters and numbers as Unicode defines them (\p{L}, \p{N}), answered by hand for ASCII. V8 builds a \p{L} class
// when it first evaluates a regex holding one, 50-300 us, more than a hook call spends on most of its texts; the
// regex is built only for a text with a character outside ASCII.

let nonAscii: RegExp | undefined;

/** Is the UTF-16 unit `c` an ASCII letter or digit? */
export const isAsciiAlnum = (c: number): boolean => (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122);

/** Is every character of `text` ASCII? */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Does `text` hold a letter or a number (/[\p{L}\p{N}]/u)? */
export function hasLetterOrNumber(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return (nonAscii ??= /[\p{L}\p{N}]/u).test(text.slice(i));
    if (isAsciiAlnum(c)) return true;
  }
  return false;
}

/** Is `ch` (one character) a letter, a number, `_` or `-` (/[\p{L}\p{N}_-]/u)? */
export function isWordPart(ch: string): boolean {
  const c = ch.charCodeAt(0);
  if (c >= 0x80) return (nonAscii ??= /[\p{L}\p{N}]/u).test(ch);
  return isAsciiAlnum(c) || c === 95 || c === 45;
}
