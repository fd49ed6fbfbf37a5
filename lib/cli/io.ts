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

export interface ArgSpec {
  flags?: string[];
  options?: string[];
}

/** Minimal flag parser: --name value, --name=value, boolean --flag; the rest are positionals. An option whose value
 * is missing (last, or followed by another known --flag/--option) is in `unknown` (argProblem says which). */
export function parseArgs(
  args: string[],
  spec: ArgSpec,
): { flags: Set<string>; options: Map<string, string>; positionals: string[]; unknown: string[] } {
  const flags = new Set<string>();
  const options = new Map<string, string>();
  const positionals: string[] = [];
  const unknown: string[] = [];
  const known = (a: string | undefined): boolean =>
    a !== undefined && a.startsWith('--') && [...(spec.flags ?? []), ...(spec.options ?? [])].includes(a.slice(2).split('=')[0] as string);
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
      const v = eq > 0 ? a.slice(eq + 1) : known(args[i + 1]) ? undefined : args[++i];
      if (v === undefined) unknown.push(a);
      else options.set(name, v);
    } else unknown.push(a);
  }
  return { flags, options, positionals, unknown };
}

/** What is wrong with the first of `unknown`, in words: an option without its value, a flag given a value, or an
 * option the command does not have (with the ones it has). */
export function argProblem(unknown: string[], spec: ArgSpec): string | undefined {
  const first = unknown[0];
  if (first === undefined) return undefined;
  const eq = first.indexOf('=');
  const name = eq > 0 ? first.slice(2, eq) : first.slice(2);
  if (spec.options?.includes(name)) return `--${name} needs a value`;
  if (spec.flags?.includes(name)) return `--${name} takes no value`;
  const all = [...(spec.flags ?? []), ...(spec.options ?? [])].map((n) => `--${n}`);
  return `unknown option ${first}; ${all.length ? `options are ${all.join(', ')}` : 'it takes no options'}`;
}

/** The problem with positional arguments given to a command that takes none (`hint` follows it, e.g. " (…)"). */
export function noArgument(positionals: readonly string[], hint = ''): string | undefined {
  return positionals.length ? `takes no argument, got "${positionals[0]}"${hint}` : undefined;
}

/** A usage error as one line: what was wrong and what is accepted, then where the full usage is. Exit code 2. */
export function usageError(io: CliIO, command: string, why: string): number {
  io.err(`hookwarden ${command}: ${why} (see \`hookwarden ${command} --help\`)\n`);
  return 2;
}
