// The CLI's window on the world, injected so commands are testable without spawning processes.

import { readFileSync, writeSync } from 'node:fs';
import { newDecisionId } from '../hook/ids.js';

export interface CliIO {
  out: (text: string) => void;
  err: (text: string) => void;
  readStdin: () => Buffer;
  env: NodeJS.ProcessEnv;
  cwd: string;
  now: () => number;
  newId: () => string;
}

function writeAll(fd: number, text: string): void {
  const buf = Buffer.from(text, 'utf8');
  let off = 0;
  while (off < buf.length) off += writeSync(fd, buf, off);
}

export function processIO(): CliIO {
  return {
    out: (t) => writeAll(1, t),
    err: (t) => writeAll(2, t),
    readStdin: () => readFileSync(0),
    env: process.env,
    cwd: process.cwd(),
    now: Date.now,
    newId: () => newDecisionId(),
  };
}

export interface Command {
  name: string;
  summary: string;
  usage: string;
  run: (args: string[], io: CliIO) => Promise<number>;
}

/** Minimal flag parser: --name value, --name=value, boolean --flag; the rest are positionals. */
export function parseArgs(
  args: string[],
  spec: { flags?: string[]; options?: string[] },
): { flags: Set<string>; options: Map<string, string>; positionals: string[]; unknown: string[] } {
  const flags = new Set<string>();
  const options = new Map<string, string>();
  const positionals: string[] = [];
  const unknown: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (!a.startsWith('--') || a === '-') {
      positionals.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
    if (spec.flags?.includes(name) && eq < 0) flags.add(name);
    else if (spec.options?.includes(name)) {
      const v = eq > 0 ? a.slice(eq + 1) : args[++i];
      if (v === undefined) unknown.push(a);
      else options.set(name, v);
    } else unknown.push(a);
  }
  return { flags, options, positionals, unknown };
}
