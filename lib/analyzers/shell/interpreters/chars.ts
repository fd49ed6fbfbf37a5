// Character classes shared by the argv readers and the lexers.

export const isOctal = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '7';
export const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9A-Fa-f]$/.test(c);
export const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
export const isLetter = (c: string | undefined): boolean => c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
export const isIdStart = (c: string | undefined): boolean => c !== undefined && (isLetter(c) || c === '_' || c.charCodeAt(0) > 127);
export const isIdChar = (c: string | undefined): boolean => isIdStart(c) || isDigit(c);
export const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v';
