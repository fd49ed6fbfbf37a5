// Typed views of the compiled registry by kind, computed once per registry object.

import type {
  CompiledAction,
  CompiledCapability,
  CompiledClaim,
  CompiledIntent,
  CompiledMode,
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
}

const views = new WeakMap<CompiledRegistry, RegistryView>();

export function viewOf(r: CompiledRegistry): RegistryView {
  let v = views.get(r);
  if (!v) {
    v = { intents: [], shell: [], paths: [], secrets: [], actions: [], claims: [], capabilities: [], modes: [] };
    for (const p of r.patterns) {
      switch (p.kind) {
        case 'intent':
          v.intents.push(p);
          break;
        case 'shell':
          v.shell.push(p);
          break;
        case 'path':
          v.paths.push(p);
          break;
        case 'secret':
          v.secrets.push(p);
          break;
        case 'action':
          v.actions.push(p);
          break;
        case 'claim':
          v.claims.push(p);
          break;
        case 'capability':
          v.capabilities.push(p);
          break;
        case 'mode':
          v.modes.push(p);
          break;
      }
    }
    views.set(r, v);
  }
  return v;
}
