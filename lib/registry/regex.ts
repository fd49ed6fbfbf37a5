// Compiled-registry regexes are built once per process and reused. Looked up by the RegexSource object first
// (no key to build: a long source string is hashed only when the object is seen for the first time), then by
// flags + source, so equal sources in different objects share one RegExp.

import type { RegexSource } from './types.js';

const cache = new Map<string, RegExp>();
const byObject = new WeakMap<RegexSource, Map<string, RegExp>>();

export function toRegExp(src: RegexSource, extraFlags = ''): RegExp {
  let mine = byObject.get(src);
  let re = mine?.get(extraFlags);
  if (!re) {
    const flags = [...new Set((src.flags + extraFlags).split(''))].sort().join('');
    const key = `${flags}/${src.source}`;
    re = cache.get(key);
    if (!re) {
      re = new RegExp(src.source, flags);
      cache.set(key, re);
    }
    if (!mine) byObject.set(src, (mine = new Map()));
    mine.set(extraFlags, re);
  }
  re.lastIndex = 0;
  return re;
}

// V8 builds a regex's character classes when it parses it, and builds them again for each tier (the interpreted
// first run, native code from the second): a Unicode property class is the expensive part. The cue regexes
// (compile.ts compileCues) are bounded by `[\p{L}\p{N}_-]` on both sides, and one such regex cost ~1 ms over its
// creation and first two runs, where the same regex with `[A-Za-z0-9_-]` costs ~0.3 ms (measured, node 20). For a
// text that is all ASCII the two classes hold exactly the same characters of the text, so the regex gives the same
// matches with either: that twin is used then, the regex as written otherwise.

const ASCII_TWINS: ReadonlyArray<readonly [string, string]> = [
  ['[\\p{L}\\p{N}_-]', '[A-Za-z0-9_-]'],
  ['[\\p{L}\\p{N}_]', '[A-Za-z0-9_]'],
  ['[\\p{L}\\p{N}]', '[A-Za-z0-9]'],
];
const twins = new WeakMap<RegexSource, RegexSource | null>();

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
      const twin = ASCII_TWINS.find(([from]) => s.startsWith(from, i));
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

/** toRegExp for running over `text` (reset, as toRegExp's): the ASCII twin of the source when the text is all ASCII
 * and the source has one, the source itself otherwise. Matches are the same either way. */
export function toRegExpFor(src: RegexSource, text: string, extraFlags = ''): RegExp {
  if (!src.source.includes('\\p{') || !isAscii(text)) return toRegExp(src, extraFlags);
  let twin = twins.get(src);
  if (twin === undefined) twins.set(src, (twin = asciiTwin(src)));
  return toRegExp(twin ?? src, extraFlags);
}
