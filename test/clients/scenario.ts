// What every real-client suite asks of a finished scenario, whatever the host: how often a text appears, which
// files hold a value, the audit hookwarden wrote, and a bare `origin` for force-push scenarios.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

/** The hookwarden checkout the suites install from. */
const ROOT = join(import.meta.dirname, '..', '..');

export const count = (text: string, needle: string): number => text.split(needle).length - 1;

/** Files under `dir` whose bytes hold `needle`. */
export function filesHolding(dir: string, needle: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile() && readFileSync(f).includes(needle));
}

/** This machine's absolute paths that `text` names: the checkout (as named and resolved), the scratch workspace, its
 * HOME, the runner's HOME and the temp folder. A committed project file holding one runs on no teammate's machine
 * (docs/install-scopes.md), so a project-scope install must leave this empty. */
export function machinePaths(text: string, ws: { root: string; home: string }): string[] {
  const paths = new Set([ROOT, realpathSync(ROOT), ws.root, realpathSync(ws.root), ws.home, homedir(), tmpdir(), realpathSync(tmpdir())]);
  return [...paths].filter((p) => p.length > 1 && text.includes(p));
}

/** The command a project-scope install writes for `host` (null: Claude Code, told no `--agent`) when hookwarden is
 * the project's dependency: the project's own copy, found through the variable the host sets for its hooks, run by
 * node with the flags of lib/cli/hook-command.ts. */
export const projectCommand = (host: string | null, hook = '[a-z-]+'): RegExp =>
  new RegExp(`^node --jitless --no-expose-wasm "\\$CLAUDE_PROJECT_DIR/node_modules/hookwarden/dist/hooks/${hook}\\.cjs"${host ? ` --agent ${host}` : ''}$`);

/** Every `command` a host's JSON hook file names (whatever its layout: Claude-like groups, Copilot's, Droid's). */
export function hookCommands(file: string): string[] {
  const found: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k === 'command' && typeof x === 'string') found.push(x);
        else walk(x);
      }
  };
  walk(JSON.parse(readFileSync(file, 'utf8')));
  return found;
}

/** The audit lines hookwarden wrote under a workspace's HOOKWARDEN_HOME, oldest file first. */
export function audit(ws: { hwHome: string }): Array<Record<string, unknown>> {
  const dir = join(ws.hwHome, 'audit');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>));
}

/** A bare repository as `origin` and a branch feat/x checked out, so a force push has somewhere to go. */
export function withRemote(ws: { project: string; home: string; root: string }): void {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ws.project, stdio: 'ignore', env: { PATH: process.env.PATH ?? '', HOME: ws.home } });
  execFileSync('git', ['init', '-q', '--bare', join(ws.root, 'origin.git')], { stdio: 'ignore' });
  git('remote', 'add', 'origin', join(ws.root, 'origin.git'));
  git('checkout', '-q', '-b', 'feat/x');
}

/** Whether the bare `origin` of withRemote holds `ref`. */
export function remoteHas(ws: { root: string }, ref: string): boolean {
  try {
    execFileSync('git', ['--git-dir', join(ws.root, 'origin.git'), 'rev-parse', '--verify', '-q', ref], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
