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
const LIST: { [K in CompiledPattern['kind']]: keyof RegistryView } = {
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
    for (const p of r.patterns) (v[LIST[p.kind]] as CompiledPattern[]).push(p);
    views.set(r, v);
  }
  return v;
}
