// doctor's bundles check: every file a hook call can load is there. A hook is its loader, its code and its registry
// (scripts/hook-file.ts, lib/registry/lazy-kinds.ts); the chunks it loads (scripts/build-chunks.ts) are named in its
// code, and a chunk may name others (the shell analyser names the interpreter readers); secretlint's bundle is a
// loader and its code too. A missing chunk only shows when a call needs it (a Bash call without chunk-shell is
// asked about, not judged), so it is looked for here.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOOKS, type HookName } from '../hook/hooks.js';

const CHUNK_REF = /__hwChunk\("([\w.-]+\.code\.js)","[\w.-]+","([\w.-]+\.js)"\)/g;

/** The first missing file a hook call may need, or undefined when all are there. */
export function missingBundleFile(hooksDir: string): string | undefined {
  const need = new Set<string>();
  const hooks = Object.keys(HOOKS) as HookName[];
  for (const h of hooks) for (const ext of ['.js', '.code.js', '.registry.json']) need.add(`${h}${ext}`);
  need.add('secretlint.cjs').add('secretlint.cjs.code.js');
  const read = new Set<string>();
  const scan = (code: string): void => {
    if (read.has(code) || !existsSync(join(hooksDir, code))) return;
    read.add(code);
    for (const m of readFileSync(join(hooksDir, code), 'latin1').matchAll(CHUNK_REF)) {
      need.add(m[1]!).add(m[2]!);
      scan(m[1]!);
    }
  };
  for (const h of hooks) scan(`${h}.code.js`);
  return [...need].map((f) => join(hooksDir, f)).find((f) => !existsSync(f));
}
