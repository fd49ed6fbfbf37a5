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

