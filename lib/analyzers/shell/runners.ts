// Package runners that run a package manager: `npx npm publish`, `bunx npm publish`, `npm exec -- npm publish`,
// `pnpm dlx npm publish`, `corepack pnpm publish`, `yarn npm publish`. The package manager is what runs, so the
// segment is judged as it (the publish, unpublish and token patterns name npm, pnpm, yarn). Only a package manager
// is unwrapped: `npx vitest` stays npx (session actions name it), and `npx some-tool` is not a shell wrapper.

import { posix } from 'node:path';
import { hasSub } from './markers.js';

/** What the runner's command turns into: a package manager, with an `@version` dropped (`npm@10` → npm). */
const MANAGERS: ReadonlySet<string> = new Set(['npm', 'pnpm', 'yarn', 'bun', 'npx', 'pnpx', 'bunx', 'corepack']);

interface Runner {
  /** Words of the runner itself: `npx`, or `npm exec`. */
  words: number;
  /** Options that take the next word as their value (`-p pkg`, `--package pkg`). */
  valued: string[];
}

function baseName(word: string): string {
  return hasSub(word) || !word.includes('/') || word.endsWith('/') ? word : posix.basename(word);
}

/** Index of the runner's command: past its options (`-y`, `--yes`, `-p pkg`, `--package=pkg`) and a `--`. */
function commandIndex(argv: readonly string[], start: number, valued: readonly string[]): number {
  let i = start;
  while (i < argv.length) {
    const a = argv[i] as string;
    if (a === '--') return i + 1;
    if (!a.startsWith('-') || a === '-') return i;
    i += valued.includes(a) ? 2 : 1;
  }
  return i;
}

function runnerAt(argv: readonly string[]): Runner | undefined {
  const name = baseName(argv[0] as string);
  const sub = argv[1];
  switch (name) {
    case 'npx':
    case 'pnpx':
      return { words: 1, valued: ['-p', '--package', '-c', '--call'] };
    case 'bunx':
      return { words: 1, valued: ['-p', '--package'] };
    case 'corepack':
      return { words: 1, valued: [] };
    case 'npm':
      return sub === 'exec' || sub === 'x' ? { words: 2, valued: ['-p', '--package', '-w', '--workspace', '-c', '--call'] } : undefined;
    case 'pnpm':
      return sub === 'dlx' || sub === 'exec' ? { words: 2, valued: ['-p', '--package', '-C', '--dir'] } : undefined;
    case 'yarn':
      // `yarn npm publish` is yarn's own npm client (berry): judged as npm.
      if (sub === 'npm') return { words: 1, valued: [] };
      return sub === 'dlx' || sub === 'exec' ? { words: 2, valued: ['-p', '--package'] } : undefined;
    case 'bun':
      return sub === 'x' ? { words: 2, valued: ['-p', '--package'] } : undefined;
    default:
      return undefined;
  }
}

function managerName(word: string): string | undefined {
  const m = /^((?:@[^/@\s]+\/)?[^@\s]+)(?:@\S*)?$/.exec(baseName(word));
  const name = m?.[1];
  return name !== undefined && MANAGERS.has(name) ? name : undefined;
}

/** The argv after a package runner whose command is a package manager (its name without the version), or undefined. */
export function stripRunner(argv: readonly string[]): { name: string; rest: string[] } | undefined {
  const runner = runnerAt(argv);
  if (!runner) return undefined;
  const at = commandIndex(argv, runner.words, runner.valued);
  const word = argv[at];
  const manager = word === undefined ? undefined : managerName(word);
  if (manager === undefined) return undefined;
  return { name: baseName(argv[0] as string), rest: [manager, ...argv.slice(at + 1)] };
}
