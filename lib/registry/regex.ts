// Compiled-registry regexes are built once per process and reused.

import type { RegexSource } from './types.js';

const cache = new Map<string, RegExp>();

export function toRegExp(src: RegexSource, extraFlags = ''): RegExp {
  const flags = [...new Set((src.flags + extraFlags).split(''))].sort().join('');
  const key = `${flags}/${src.source}`;
  let re = cache.get(key);
  if (!re) {
    re = new RegExp(src.source, flags);
    cache.set(key, re);
  }
  re.lastIndex = 0;
  return re;
}
