// Registry regexes over an all-ASCII text, at a fraction of their start-up cost and with the same matches.
// V8 builds a regex's character classes when it parses it and again for each tier (the interpreted first run,
// native code from the second), a case-insensitive one letter by letter, and a Unicode property class is the most
// expensive part of all. The cue regexes (compile.ts compileCues) are bounded by `[\p{L}\p{N}_-]` on both sides and
// case-insensitive: one cost ~1 ms over its creation and first two runs; with `[A-Za-z0-9_-]` ~0.35 ms, and without
// the `i` flag, over the lower-cased text, ~0.15 ms (measured, node 20). For a text that is all ASCII:
// - the Unicode classes and their ASCII twins hold exactly the same characters of the text;
// - a regex with `i` matches the text exactly where its lower-cased twin (every ASCII letter it names in lower case,
//   group names kept) matches the lower-cased text without `i`: same length, same places, the matched text in lower
//   case. Not for a source naming a character by code (\x, \u, \c), a back-reference, a \p, a class range that
//   runs across letters and other characters, or K (U+212A) and ſ (U+017F), which fold to ASCII letters under `iu`.
// That twin is used then, the regex as written otherwise. Callers read match places, and matched text only in
// lower case.

import { isAscii } from '../text/letters.js';
import { toRegExp } from './regex.js';
import type { RegexSource } from './types.js';

const ASCII_CLASSES: ReadonlyArray<readonly [string, string]> = [
  ['[\\p{L}\\p{N}_-]', '[A-Za-z0-9_-]'],
  ['[\\p{L}\\p{N}_]', '[A-Za-z0-9_]'],
  ['[\\p{L}\\p{N}]', '[A-Za-z0-9]'],
];

interface Twin {
  src: RegexSource;
  /** Run without `i` over the lower-cased text. */
  lower: boolean;
}
const twins = new WeakMap<RegexSource, Twin | null>();

/** The source with its Unicode letter/number classes written for ASCII, or null when a `\p{` stays in it (or the
 * `v` flag gives classes another syntax). Only whole classes outside any other class are replaced. */
export function asciiTwin(src: RegexSource): RegexSource | null {
  if (src.flags.includes('v')) return null;
  const s = src.source;
  let out = '';
  let inClass = false;
  for (let i = 0; i < s.length; ) {
    const c = s[i]!;
    if (c === '\\') {
      out += s.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (!inClass && c === '[') {
      const twin = ASCII_CLASSES.find(([from]) => s.startsWith(from, i));
      if (twin) {
        out += twin[1];
        i += twin[0].length;
        continue;
      }
      inClass = true;
    } else if (inClass && c === ']') inClass = false;
    out += c;
    i++;
  }
  return out.includes('\\p{') ? null : { source: out, flags: src.flags };
}

const FOLDS_TO_ASCII = (c: number): boolean => c === 0x212a || c === 0x17f;
const isUpper = (c: number): boolean => c >= 65 && c <= 90;
const isLower = (c: number): boolean => c >= 97 && c <= 122;
/** Escapes that name no letter by code: classes, boundaries, control characters. Punctuation may be escaped too. */
const SAFE_ESCAPES = 'sSdDwWbBtnrfv';

/** One escape at `i` (a backslash): its text, or null when it names a character by code or a back-reference. */
function escapeAt(source: string, i: number): string | null {
  const e = source[i + 1];
  if (e === undefined || (/[A-Za-z0-9]/.test(e) && !SAFE_ESCAPES.includes(e))) return null;
  return `\\${e}`;
}

/** The class starting at `start` (a `[`) with its ASCII letters in lower case, and where it ends; or null. */
function lowerClass(source: string, start: number): { text: string; end: number } | null {
  let i = start + 1;
  let out = '[';
  if (source[i] === '^') out += source[i++];
  /** One member at `at`: its text and, for a single character, its code (ranges need both ends). */
  const member = (at: number): { text: string; code: number | null; next: number } | null => {
    if (source[at] === '\\') {
      const e = escapeAt(source, at);
      return e === null ? null : { text: e, code: /[A-Za-z]/.test(e[1]!) ? null : e.charCodeAt(1), next: at + 2 };
    }
    const code = source.codePointAt(at)!;
    return { text: String.fromCodePoint(code), code, next: at + (code > 0xffff ? 2 : 1) };
  };
  while (i < source.length && source[i] !== ']') {
    const lo = member(i);
    if (!lo) return null;
    i = lo.next;
    if (source[i] === '-' && source[i + 1] !== ']' && i + 1 < source.length) {
      const hi = member(i + 1);
      if (!hi || lo.code === null || hi.code === null) return null;
      i = hi.next;
      const [a, b] = [lo.code, hi.code];
      const letters = (isUpper(a) && isUpper(b)) || (isLower(a) && isLower(b));
      // A range touching letters must lie within one case's letters; none may hold K or ſ.
      const touches = (x: number, y: number) => a <= y && b >= x;
      if (!letters && (touches(65, 90) || touches(97, 122))) return null;
      if (touches(0x17f, 0x17f) || touches(0x212a, 0x212a)) return null;
      out += letters ? `${String.fromCharCode(a | 32)}-${String.fromCharCode(b | 32)}` : `${lo.text}-${hi.text}`;
      continue;
    }
    if (lo.code !== null && FOLDS_TO_ASCII(lo.code)) return null;
    out += lo.code !== null && isUpper(lo.code) ? lo.text.toLowerCase() : lo.text;
  }
  return i < source.length ? { text: `${out}]`, end: i + 1 } : null;
}

/** The source with every ASCII letter it names in lower case (group names kept), or null when that would not match
 * alike (rules above). */
export function lowerCased(source: string): string | null {
  let out = '';
  for (let i = 0; i < source.length; ) {
    const c = source[i]!;
    if (c === '\\') {
      const e = escapeAt(source, i);
      if (!e) return null;
      out += e;
      i += 2;
    } else if (c === '[') {
      const cls = lowerClass(source, i);
      if (!cls) return null;
      out += cls.text;
      i = cls.end;
    } else if (source.startsWith('(?<', i) && source[i + 3] !== '=' && source[i + 3] !== '!') {
      const end = source.indexOf('>', i);
      if (end < 0) return null;
      out += source.slice(i, end + 1);
      i = end + 1;
    } else {
      if (FOLDS_TO_ASCII(c.charCodeAt(0))) return null;
      out += isUpper(c.charCodeAt(0)) ? c.toLowerCase() : c;
      i++;
    }
  }
  return out;
}

/** The last text asked about: a prompt or a clause meets several cues in a row. */
let last: { text: string; ascii: boolean } | undefined;
const asciiText = (text: string): boolean => (last?.text === text ? last.ascii : (last = { text, ascii: isAscii(text) }).ascii);

function twinOf(src: RegexSource): Twin | null {
  let twin = twins.get(src);
  if (twin === undefined) {
    const ascii = src.source.includes('\\p{') ? asciiTwin(src) : src;
    const lowered = ascii && ascii.flags.includes('i') ? lowerCased(ascii.source) : null;
    twin = lowered !== null ? { src: { source: lowered, flags: ascii!.flags.replace('i', '') }, lower: true } : ascii && ascii !== src ? { src: ascii, lower: false } : null;
    twins.set(src, twin);
  }
  return twin;
}

/** The regex to run for `text` (reset, as toRegExp's), and the text to run it over: the same length and the same
 * match places as `text`; its letters may be in lower case. */
export function regexFor(src: RegexSource, text: string, extraFlags = ''): { re: RegExp; text: string } {
  // twinOf is null for a source that has neither a Unicode class nor `i`.
  const twin = asciiText(text) ? twinOf(src) : null;
  if (!twin) return { re: toRegExp(src, extraFlags), text };
  return { re: toRegExp(twin.src, extraFlags), text: twin.lower ? text.toLowerCase() : text };
}
