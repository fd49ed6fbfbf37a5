// An in-memory CliIO for command tests.

import type { CliIO } from '../../lib/cli/io.js';
import { hookEnv } from './fixtures.js';
import { FIXED_NOW } from './registry.js';

export function memoryIO(opts: { cwd?: string; stdin?: string; home?: string } = {}): CliIO & { stdout: () => string; stderr: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  let n = 0;
  return {
    out: (s) => out.push(s),
    err: (s) => err.push(s),
    readStdin: () => Buffer.from(opts.stdin ?? ''),
    env: hookEnv(opts.home ?? '/nonexistent-hookwarden-home'),
    cwd: opts.cwd ?? '/home/dev/project',
    now: () => FIXED_NOW,
    newId: () => `id-${++n}`,
    stdout: () => out.join(''),
    stderr: () => err.join(''),
  };
}
