// What an installed hook command runs, as doctor needs it: the bundle file on this machine for every form install
// writes (docs/install-scopes.md) — an absolute path, `$CLAUDE_PROJECT_DIR/…` or a path relative to the project, and
// `hookwarden-hook <hook>` found on PATH — and, when that file is gone, where hookwarden is installed now.

import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { HOOK_BIN, hookEntryPath } from './hook-command.js';
import { onPath } from './hosts/table.js';

const QUOTED = /"((?:[^"\\]|\\.)*?dist[\\/]hooks[\\/]([a-z-]+)\.c?js)"/;
const BARE = /(\S*dist[\\/]hooks[\\/]([a-z-]+)\.c?js)/;
const BIN = new RegExp(`^\\s*${HOOK_BIN}\\s+([a-z-]+)`);
const PROJECT_VAR = /^\$(?:\{CLAUDE_PROJECT_DIR\}|CLAUDE_PROJECT_DIR)(?=\/|$)/;

/** The entry file a hook runs under an install root: `<hook>.cjs`, or the `<hook>.js` of a 0.5 install (its PATH bin
 * and plugin hooks.json run that one). The `.cjs` path when neither is there. */
export function installedEntry(root: string, hook: string): string {
  const entry = hookEntryPath(root, hook);
  if (existsSync(entry)) return entry;
  const old = join(root, 'dist', 'hooks', `${hook}.js`);
  return existsSync(old) ? old : entry;
}

/** The install root the `hookwarden-hook` on PATH belongs to (bin/ sits at its root), or undefined. */
export function binRoot(env: NodeJS.ProcessEnv): string | undefined {
  const found = onPath(HOOK_BIN, env);
  if (!found) return undefined;
  try {
    return dirname(dirname(realpathSync(found)));
  } catch {
    return undefined;
  }
}

/** The hook a command runs and its bundle file here, or null when the command is not one of hookwarden's. */
export function commandTarget(command: string, projectDir: string, env: NodeJS.ProcessEnv): { hook: string; file: string } | null {
  const bin = BIN.exec(command);
  if (bin) {
    const root = binRoot(env);
    return { hook: bin[1]!, file: root ? installedEntry(root, bin[1]!) : `${HOOK_BIN} (not on PATH)` };
  }
  const m = QUOTED.exec(command) ?? BARE.exec(command);
  if (!m) return null;
  const written = m[1]!.replace(/\\(["\\$`])/g, '$1');
  const file = written.replace(PROJECT_VAR, projectDir);
  return { hook: m[2]!, file: isAbsolute(file) ? file : resolve(projectDir, file) };
}

/** Where hookwarden is installed now, when a command's bundle is gone (a moved checkout, a removed package): this
 * install, the project's node_modules, the bin on PATH; the first whose bundles are there, other than `gone`'s. */
export function installedElsewhere(gone: string, root: string, projectDir: string, env: NodeJS.ProcessEnv): string | undefined {
  const goneRoot = dirname(dirname(dirname(gone)));
  return [root, join(projectDir, 'node_modules', 'hookwarden'), binRoot(env)]
    .filter((r): r is string => !!r && r !== goneRoot)
    .find((r) => existsSync(installedEntry(r, 'pre-tool-use')));
}
