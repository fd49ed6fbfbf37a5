// A hook bundle's embedded registry, parsed kind by kind when first read. A Bash call reads the shell, path and
// secret patterns; parsing the memory and convention patterns as well (and keeping them alive through the call's
// young-generation collections) was measured at a few ms of every call (docs/performance.md).
//
// The build (scripts/build.ts) embeds the registry without its patterns plus one JSON text per kind and the kind
// of each position; `patterns` and the per-kind lists of viewOf() (select.ts) parse only what is asked for.

import type { CompiledPattern, CompiledRegistry } from './types.js';

type Kind = CompiledPattern['kind'];

/** The embedded form: each kind's patterns as JSON text, and the kind at each position of the full list. */
export interface KindTexts {
  texts: Partial<Record<Kind, string>>;
  order: Kind[];
}

const loaders = new WeakMap<CompiledRegistry, (kind: Kind) => CompiledPattern[]>();

/** The build's split of a registry (its patterns by kind, in order). */
export function splitByKind(r: CompiledRegistry): { registry: CompiledRegistry; kinds: KindTexts } {
  const byKind: Partial<Record<Kind, CompiledPattern[]>> = {};
  for (const p of r.patterns) (byKind[p.kind] ??= []).push(p);
  const texts: KindTexts['texts'] = {};
  for (const [k, list] of Object.entries(byKind) as Array<[Kind, CompiledPattern[]]>) texts[k] = JSON.stringify(list);
  return { registry: { ...r, patterns: [] }, kinds: { texts, order: r.patterns.map((p) => p.kind) } };
}

/** The registry with `patterns` (and viewOf's lists) parsed from `kinds` on first read. */
export function withLazyKinds(r: CompiledRegistry, kinds: KindTexts): CompiledRegistry {
  const parsed: Partial<Record<Kind, CompiledPattern[]>> = {};
  const load = (kind: Kind): CompiledPattern[] => {
    let list = parsed[kind];
    if (!list) {
      const text = kinds.texts[kind];
      list = text === undefined ? [] : (JSON.parse(text) as CompiledPattern[]);
      parsed[kind] = list;
    }
    return list;
  };
  let all: CompiledPattern[] | undefined;
  const out = { ...r } as CompiledRegistry;
  Object.defineProperty(out, 'patterns', {
    enumerable: true,
    get: () => {
      if (!all) {
        const next: Partial<Record<Kind, number>> = {};
        all = kinds.order.map((k) => {
          const i = next[k] ?? 0;
          next[k] = i + 1;
          return load(k)[i] as CompiledPattern;
        });
      }
      return all;
    },
  });
  loaders.set(out, load);
  return out;
}

/** The per-kind loader of a registry made by withLazyKinds, else undefined. */
export const kindLoaderOf = (r: CompiledRegistry): ((kind: Kind) => CompiledPattern[]) | undefined => loaders.get(r);
