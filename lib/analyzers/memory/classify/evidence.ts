// Registry evidence (rules 2, 3): sensitive spans, convention patterns that fire, and the technical names that
// are never a person's name.

import { toRegExp } from '../../../registry/regex.js';
import type { CompiledConvention } from '../../../registry/types.js';

export interface Span {
  start: number;
  end: number;
  label: string;
  /** From a registry pattern (not the name heuristic). */
  registry: boolean;
}

/** Every non-empty match of `re` (global) in `text` as a span. */
export function scan(re: RegExp, text: string, label: string, out: Span[]): boolean {
  let hit = false;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    hit = true;
    out.push({ start: m.index, end: m.index + m[0].length, label, registry: true });
  }
  return hit;
}

export function fires(p: CompiledConvention, text: string): boolean {
  if (p.words && toRegExp(p.words).test(text)) return true;
  return p.regex.some((r) => toRegExp(r).test(text));
}

const knownCache = new WeakMap<readonly CompiledConvention[], ReadonlySet<string>>();

/** The union of every convention pattern's technical names, lower-case; a multi-word name adds its words too. */
export function knownNames(conventions: readonly CompiledConvention[]): ReadonlySet<string> {
  let set = knownCache.get(conventions);
  if (!set) {
    const s = new Set<string>();
    for (const c of conventions) {
      for (const n of c.names) {
        const lower = n.toLowerCase();
        s.add(lower);
        if (lower.includes(' ')) for (const w of lower.split(/\s+/u)) if (w.length > 1) s.add(w);
      }
    }
    set = s;
    knownCache.set(conventions, set);
  }
  return set;
}
