// One headless CLI run for the real-client suites: its own process group (a kill reaches the shell commands and
// hooks it started), a kill timeout, stdout parsed as JSON (a document, or JSON lines) when it is.

import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

export interface CliRun<T = unknown> {
  exitCode: number | null;
  /** stdout parsed: one JSON document, else the JSON lines it holds (empty when none). */
  result: T | null;
  lines: unknown[];
  stdout: string;
  stderr: string;
  ms: number;
  /** Killed by us after the timeout: the CLI was still running. */
  killed: boolean;
}

export function runCli<T = unknown>(bin: string, args: string[], o: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<CliRun<T>> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd: o.cwd, env: o.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let killed = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      killed = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, o.timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      let result: T | null = null;
      try {
        result = JSON.parse(stdout) as T;
      } catch {
        // not one document: maybe JSON lines
      }
      const lines = stdout.split('\n').flatMap((l) => {
        try {
          return l.trim() ? [JSON.parse(l) as unknown] : [];
        } catch {
          return [];
        }
      });
      resolve({ exitCode: code, result, lines, stdout, stderr, ms: Date.now() - started, killed });
    });
  });
}

/** The program and arguments that start `bin args` through `wrap` (a program and its arguments that exec what
 * follows them, e.g. one that mounts a scratch /etc first: managed-settings.test.ts), or `bin args` itself. */
export const wrapped = (bin: string, args: string[], wrap?: string[]): [string, string[]] => (wrap?.length ? [wrap[0]!, [...wrap.slice(1), bin, ...args]] : [bin, args]);

/** Ends the processes a run left behind in `dir` (a CLI that starts its shell commands in their own process group,
 * as Qwen Code does, leaves a hung `tail -f` running when the CLI is killed): found by their working folder. */
export function killLeftovers(dir: string): number {
  let killed = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (cwd === dir || cwd.startsWith(`${dir}/`)) {
        process.kill(Number(pid), 'SIGKILL');
        killed++;
      }
    } catch {
      // gone, or not ours to read
    }
  }
  return killed;
}

/** A CLI's launcher: the one `$<envVar>` names, else test/clients/node_modules/.bin/<name>; null when it is not
 * installed (the suite then says so, or fails in CI). */
export function clientBin(envVar: string, name: string): string | null {
  const explicit = process.env[envVar];
  if (explicit) return existsSync(explicit) ? explicit : null;
  const bin = join(import.meta.dirname, 'node_modules', '.bin', name);
  return existsSync(bin) ? bin : null;
}
