// Where an installed command finds the hook bundles, by scope (docs/install-scopes.md). A project's file is
// committed, so it must not name this machine's paths: the command is relative to the project when hookwarden is
// inside it (its node_modules, or the project is the checkout), else the hook bin on PATH when this install is the
// one on PATH (a global install), else project scope is refused with one line. User and local scope, and a file
// named with --settings, keep this machine's absolute path (nobody else reads them).

import { existsSync, realpathSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { HOOK_BIN, type HookPlace } from '../hook-command.js';
import type { AgentName } from '../../vocab/agents.js';
import { onPath } from './table.js';

/** Hosts that give a project hook `$CLAUDE_PROJECT_DIR` (docs/agents.md); Cursor runs project hooks in the project
 * root and OpenCode's plugin finds its bundles from its own file, so both take a project-relative path too. Codex
 * sets no project variable we rely on: only the bin on PATH. */
const PROJECT_RELATIVE: ReadonlySet<AgentName> = new Set(['claude-code', 'gemini', 'qwen', 'copilot', 'droid', 'cursor', 'opencode']);

const real = (p: string): string => {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
};

/** The install root relative to the project ('' when it is the project), or null when it is outside it. */
export function inProject(root: string, projectDir: string): string | null {
  const r = real(root);
  const p = real(projectDir);
  if (r === p) return '';
  if (r.startsWith(p + sep)) return relative(p, r).split(sep).join('/');
  // A linked dependency (npm link, a workspace): node_modules/hookwarden resolves to this install.
  const dep = join(projectDir, 'node_modules', 'hookwarden');
  return existsSync(dep) && real(dep) === r ? 'node_modules/hookwarden' : null;
}

/** Whether `hookwarden-hook` on PATH is this install's (bin/hookwarden-hook.cjs). */
export function binOnPath(root: string, env: NodeJS.ProcessEnv): boolean {
  const found = onPath(HOOK_BIN, env);
  return !!found && real(found) === real(join(root, 'bin', 'hookwarden-hook.cjs'));
}

export type InstallScope = 'project' | 'user' | 'local';

/** The place a command names for this host and scope, or the one line that refuses project scope. `explicit`: the
 * file was named with --settings (the user chose it: this machine's path). */
export function placeFor(host: AgentName, scope: InstallScope, root: string, projectDir: string, env: NodeJS.ProcessEnv, explicit = false): { place: HookPlace } | { refused: string } {
  if (scope !== 'project' || explicit) return { place: root };
  const rel = inProject(root, projectDir);
  if (rel !== null && PROJECT_RELATIVE.has(host)) return { place: { project: rel } };
  if (host !== 'opencode' && binOnPath(root, env)) return { place: { bin: true } };
  const instead = host === 'claude-code' ? '--scope local' : '--scope user';
  const where = host === 'codex' ? 'globally (npm i -g hookwarden)' : host === 'opencode' ? 'in the project (npm i -D hookwarden)' : 'in the project (npm i -D hookwarden) or globally (npm i -g hookwarden)';
  return { refused: `project scope would commit this machine's path (${root}) for every teammate: install hookwarden ${where}, or use ${instead}` };
}
