// Typed views of the compiled registry by kind, computed once per registry object.

import type {
  CompiledAction,
  CompiledCapability,
  CompiledClaim,
  CompiledIntent,
  CompiledMode,
  CompiledConvention,
  CompiledMemoryCue,
  CompiledMemoryTarget,
  CompiledSensitive,
  CompiledPattern,
  CompiledPath,
  CompiledRegistry,
  CompiledSecret,
  CompiledShell,
} from './types.js';
import { candidateLoaderOf, kindLoaderOf } from './lazy-kinds.js';
import { isCandidate, isPathCandidate, programKey, type PathProbe } from './candidates.js';

export interface RegistryView {
  intents: CompiledIntent[];
  shell: CompiledShell[];
  paths: CompiledPath[];
  secrets: CompiledSecret[];
  actions: CompiledAction[];
  claims: CompiledClaim[];
  capabilities: CompiledCapability[];
  modes: CompiledMode[];
  sensitive: CompiledSensitive[];
  conventions: CompiledConvention[];
  memoryCues: CompiledMemoryCue[];
  memoryTargets: CompiledMemoryTarget[];
}

const views = new WeakMap<CompiledRegistry, RegistryView>();

/** Which list of the view each pattern kind goes to. */
export const VIEW_LIST: { [K in CompiledPattern['kind']]: keyof RegistryView } = {
  intent: 'intents',
  shell: 'shell',
  path: 'paths',
  secret: 'secrets',
  action: 'actions',
  claim: 'claims',
  capability: 'capabilities',
  mode: 'modes',
  sensitive: 'sensitive',
  convention: 'conventions',
  'memory-cue': 'memoryCues',
  'memory-target': 'memoryTargets',
};

export function viewOf(r: CompiledRegistry): RegistryView {
  let v = views.get(r);
  if (!v) {
    v = { intents: [], shell: [], paths: [], secrets: [], actions: [], claims: [], capabilities: [], modes: [], sensitive: [], conventions: [], memoryCues: [], memoryTargets: [] };
    const load = kindLoaderOf(r);
    if (load) {
      // An embedded registry: each list is parsed when first read (lazy-kinds.ts).
      for (const kind of Object.keys(VIEW_LIST) as Array<CompiledPattern['kind']>) {
        let list: CompiledPattern[] | undefined;
        Object.defineProperty(v, VIEW_LIST[kind], { configurable: true, enumerable: true, get: () => (list ??= load(kind)) });
      }
    } else {
      for (const p of r.patterns) (v[VIEW_LIST[p.kind]] as CompiledPattern[]).push(p);
    }
    // A hook's subset: reading a kind it does not carry is a build mistake, and must fail loudly (an internal
    // error, audited), never judge silently with an empty list.
    if (r.kinds) {
      for (const kind of Object.keys(VIEW_LIST) as Array<CompiledPattern['kind']>) {
        if (r.kinds.includes(kind)) continue;
        Object.defineProperty(v, VIEW_LIST[kind], {
          get: () => {
            throw new Error(`this hook's embedded registry carries no ${kind} patterns`);
          },
        });
      }
    }
    views.set(r, v);
  }
  return v;
}

/** The shell patterns, in registry order, that a command meeting these keys (its programs, and each with its first
 * operand: commandKeys in analyzers/shell) can match (candidates.ts): from a hook's registry file only those are
 * parsed. */
export function shellCandidates(r: CompiledRegistry, keys: ReadonlySet<string>): CompiledShell[] {
  const lazy = candidateLoaderOf(r);
  if (lazy) return lazy.shell(keys);
  return viewOf(r).shell.filter((p) => isCandidate(programKey(p), keys));
}

/** The path patterns, in registry order, that can match this path (candidates.ts); parsed likewise. */
export function pathCandidates(r: CompiledRegistry, path: PathProbe): CompiledPath[] {
  const lazy = candidateLoaderOf(r);
  if (lazy) return lazy.path(path);
  return viewOf(r).paths.filter((p) => isPathCandidate(p, path));
}

/** A copy carrying only the given kinds (a hook bundle's embedded registry); the hash stays the full registry's.
 * The router's data (intent routes and its lexicon) travels with the intent kind: only the prompt route reads it. */
export function registrySubset(r: CompiledRegistry, kinds: ReadonlyArray<CompiledPattern['kind']>): CompiledRegistry {
  const routed = kinds.includes('intent');
  return {
    ...r,
    patterns: r.patterns.filter((p) => kinds.includes(p.kind)),
    routes: routed ? r.routes : [],
    lexicon: routed ? r.lexicon : { stopwords: [], synonyms: [] },
    kinds: [...kinds],
  };
}
