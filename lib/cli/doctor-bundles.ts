// doctor's bundles check: every file a hook call may load is there. A hook is its loader, its code and its registry
// (scripts/hook-file.ts, lib/registry/lazy-kinds.ts); the build lists everything else it wrote beside them in
// dist/hooks/files.json: the chunks (the shell analyser a Bash call loads, cold code) and secretlint's bundle. A
// missing chunk only shows when a call needs it (a Bash call without chunk-shell is asked about, not judged), so
// it is looked for here.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOOKS, type HookName } from '../hook/hooks.js';

export const FILE_LIST = 'files.json';

/** The first missing file a hook call may need (the list itself included), or undefined when all are there. */
export function missingBundleFile(hooksDir: string): string | undefined {
  const need = new Set<string>();
  for (const h of Object.keys(HOOKS) as HookName[]) for (const ext of ['.js', '.code.js', '.registry.json']) need.add(`${h}${ext}`);
  need.add(FILE_LIST);
  try {
    const listed = JSON.parse(readFileSync(join(hooksDir, FILE_LIST), 'utf8')) as unknown;
    if (Array.isArray(listed)) for (const f of listed) if (typeof f === 'string' && !f.includes('/')) need.add(f);
  } catch {
    // Missing or unreadable: named below as missing, or the hooks' own files are checked alone.
  }
  return [...need].map((f) => join(hooksDir, f)).find((f) => !existsSync(f));
}
