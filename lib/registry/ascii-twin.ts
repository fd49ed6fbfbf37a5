// Cue regexes over an all-ASCII text, at a fraction of their start-up cost and with the same matches.
// V8 builds a regex's character classes when it parses it and again for each tier (the interpreted first run,
// native code from the second): a Unicode property class is the expensive part. The cue regexes (compile.ts
// compileCues) are bounded by `[\p{L}\p{N}_-]` on both sides and case-insensitive: one cost ~1 ms over its creation
// and first two runs; with `[A-Za-z0-9_-]` ~0.35 ms, and without the `i` flag, over the lower-cased text, ~0.15 ms
// (measured, node 20). For a text that is all ASCII:
// - the two classes hold exactly the same characters of the text, so the regex matches alike with either;
// - a source whose letters are all lower-case, with no class but those and no escape but \s \S \d \D \w \W \b \B
//   and escaped punctuation, matches the text under `i` exactly where it matches the lower-cased text without it
//   (same length, same places; the matched text is in lower case).
// That twin is used then, the regex as written otherwise.

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

/** Does the (twin) source match alike with `i` on a text and without it on the lower-cased text? (Rules above.) */
export function caseFree(source: string): boolean {
  for (let i = 0; i < source.length; ) {
    const c = source[i]!;
    if (c === '\\') {
      const e = source[i + 1] ?? '';
      if (/[A-Za-z0-9]/.test(e) && !'sSdDwWbB'.includes(e)) return false;
      i += 2;
      continue;
    }
    if (c === '[') {
      const cls = ASCII_CLASSES.find(([, to]) => source.startsWith(to, i));
      if (!cls) return false;
      i += cls[1].length;
      continue;
    }
    if (c >= 'A' && c <= 'Z') return false;
    i++;
  }
  return true;
}

let lastText: string | undefined;
let lastAscii = false;

function isAscii(text: string): boolean {
  if (text !== lastText) {
    lastText = text;
    lastAscii = true;
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) > 0x7f) {
        lastAscii = false;
        break;
      }
    }
  }
  return lastAscii;
}

function twinOf(src: RegexSource): Twin | null {
  let twin = twins.get(src);
  if (twin === undefined) {
    const ascii = asciiTwin(src);
    const lower = ascii !== null && ascii.flags.includes('i') && caseFree(ascii.source);
    twin = ascii && { src: lower ? { source: ascii.source, flags: ascii.flags.replace('i', '') } : ascii, lower };
    twins.set(src, twin);
  }
  return twin;
}

/** The regex to run for `text` (reset, as toRegExp's), and the text to run it over: the same length and the same
 * match places as `text`; its letters may be in lower case. */
export function regexFor(src: RegexSource, text: string, extraFlags = ''): { re: RegExp; text: string } {
  const twin = src.source.includes('\\p{') && isAscii(text) ? twinOf(src) : null;
  if (!twin) return { re: toRegExp(src, extraFlags), text };
  return { re: toRegExp(twin.src, extraFlags), text: twin.lower ? text.toLowerCase() : text };
}
