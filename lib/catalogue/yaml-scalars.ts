// The scalar half of the front-matter YAML reader (lib/catalogue/yaml-block.ts has the why): quoted strings with
// YAML's escapes and line folding, the typing of plain scalars, and the shared source/error plumbing.
//
// Plain scalars follow YAML 1.2's core schema as far as front matter needs it: true/false and null/~ are typed,
// everything else stays a string (numbers too: no field hookwarden reads is a number, and "1.10" stays "1.10").

export type YamlValue = string | boolean | null | YamlValue[] | YamlMap;
/** A Map, not an object: a key named `__proto__` or `constructor` is just a key. */
export type YamlMap = Map<string, YamlValue>;

/** Thrown inside the reader only; parseYamlSubset turns it into a one-line reason. */
export class YamlError extends Error {}

/** The text being read and where its lines start, for positions → file line numbers in messages. */
export interface Source {
  text: string;
  lineStarts: number[];
  /** The file line of the text's first line (front matter starts on line 2). */
  firstLine: number;
}

export function lineOf(src: Source, pos: number): number {
  let lo = 0;
  let hi = src.lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((src.lineStarts[mid] as number) <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo + src.firstLine;
}

export function fail(src: Source, pos: number, what: string): never {
  throw new YamlError(`${what} (line ${lineOf(src, pos)})`);
}

const TRUE = new Set(['true', 'True', 'TRUE']);
const FALSE = new Set(['false', 'False', 'FALSE']);
const NULL = new Set(['', '~', 'null', 'Null', 'NULL']);

/** A plain scalar's value under the core schema (numbers kept as text). */
export function resolvePlain(text: string): string | boolean | null {
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  if (NULL.has(text)) return null;
  return text;
}

const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\x85',
  _: '\xa0',
  L: '\u2028',
  P: '\u2029',
};
const HEX_LEN: Record<string, number> = { x: 2, u: 4, U: 8 };

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';

/** YAML's blanks are space and tab only: String#trim would also eat a no-break space that belongs to the value. */
export const trimBlanks = (s: string): string => s.replace(/^[ \t]+|[ \t]+$/g, '');
export const trimEndBlanks = (s: string): string => s.replace(/[ \t]+$/, '');

/** After a line break inside a quoted scalar: skips the next lines' leading blanks and counts empty lines, so the
 * break folds to one space, or to one newline per empty line (YAML's flow folding). */
function foldBreak(src: Source, pos: number): { pos: number; fold: string } {
  let p = pos;
  let empty = 0;
  for (;;) {
    while (isBlank(src.text[p])) p++;
    if (src.text[p] !== '\n') break;
    empty++;
    p++;
  }
  return { pos: p, fold: empty ? '\n'.repeat(empty) : ' ' };
}

// Where the next character a quoted scalar must look at is: its quote, a line break, and (double) a backslash.
// Searched natively so long quoted descriptions are copied in slices, not character by character.
const DOUBLE_STOP = /["\\\n]/g;
const SINGLE_STOP = /['\n]/g;
const HEX = /^[0-9a-fA-F]+$/;

/** A single- or double-quoted scalar starting at `pos` (the quote); `end` is just past the closing quote. */
export function readQuoted(src: Source, pos: number): { value: string; end: number } {
  const text = src.text;
  const quote = text[pos];
  const stop = quote === '"' ? DOUBLE_STOP : SINGLE_STOP;
  let out = '';
  let p = pos + 1;
  for (;;) {
    // test(), not exec(): the position is all that is needed, and test() allocates no match.
    stop.lastIndex = p;
    if (!stop.test(text)) fail(src, pos, 'unterminated quoted string');
    const at = stop.lastIndex - 1;
    out += text.slice(p, at);
    p = at;
    const c = text[p];
    if (c === quote) {
      if (quote === "'" && text[p + 1] === "'") {
        out += "'";
        p += 2;
        continue;
      }
      return { value: out, end: p + 1 };
    }
    if (c === '\n') {
      out = out.replace(/[ \t]+$/, '');
      const f = foldBreak(src, p + 1);
      out += f.fold;
      p = f.pos;
      continue;
    }
    // A backslash in a double-quoted scalar.
    const e = text[p + 1];
    if (e === '\n') {
      // An escaped line break joins the lines with nothing between them.
      p = foldBreak(src, p + 2).pos;
      continue;
    }
    if (e !== undefined && e in HEX_LEN) {
      const len = HEX_LEN[e] as number;
      const hex = text.slice(p + 2, p + 2 + len);
      const cp = hex.length === len && HEX.test(hex) ? parseInt(hex, 16) : -1;
      if (cp < 0 || cp > 0x10ffff) fail(src, p, `bad \\${e} escape in a quoted string`);
      out += String.fromCodePoint(cp);
      p += 2 + len;
      continue;
    }
    const rep = e === undefined ? undefined : ESCAPES[e];
    if (rep === undefined) fail(src, p, `unknown escape \\${e ?? ''} in a quoted string`);
    out += rep;
    p += 2;
  }
}

/** Just past the closing quote of the quoted scalar at `pos`, or -1 if it does not close; builds no value and
 * never throws (to tell a quoted key from a quoted value cheaply). */
export function quotedEnd(text: string, pos: number): number {
  const quote = text[pos];
  let p = pos + 1;
  for (;;) {
    const q = text.indexOf(quote as string, p);
    if (q < 0) return -1;
    if (quote === '"') {
      let slashes = 0;
      while (text[q - 1 - slashes] === '\\') slashes++;
      if (slashes % 2 === 1) {
        p = q + 1;
        continue;
      }
      return q + 1;
    }
    if (text[q + 1] === "'") {
      p = q + 2;
      continue;
    }
    return q + 1;
  }
}
