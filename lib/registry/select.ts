// Typed views of the compiled registry by kind, computed once per registry object.

import type { CompiledIntent, CompiledPath, CompiledRegistry, CompiledSecret, CompiledShell } from './types.js';

export interface RegistryView {
  intents: CompiledIntent[];
  shell: CompiledShell[];
  paths: CompiledPath[];
  secrets: CompiledSecret[];
}

const views = new WeakMap<CompiledRegistry, RegistryView>();

export function viewOf(r: CompiledRegistry): RegistryView {
  let v = views.get(r);
  if (!v) {
    v = { intents: [], shell: [], paths: [], secrets: [] };
    for (const p of r.patterns) {
      if (p.kind === 'intent') v.intents.push(p);
      else if (p.kind === 'shell') v.shell.push(p);
      else if (p.kind === 'path') v.paths.push(p);
      else v.secrets.push(p);
    }
    views.set(r, v);
  }
  return v;
}
