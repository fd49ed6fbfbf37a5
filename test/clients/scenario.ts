// What every real-client suite asks of a finished scenario, whatever the host: how often a text appears, which
// files hold a value, the audit hookwarden wrote, and a bare `origin` for force-push scenarios.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const count = (text: string, needle: string): number => text.split(needle).length - 1;

/** Files under `dir` whose bytes hold `needle`. */
export function filesHolding(dir: string, needle: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile() && readFileSync(f).includes(needle));
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
