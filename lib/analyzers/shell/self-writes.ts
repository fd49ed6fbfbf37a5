// Writes into hookwarden's own home that a command's arguments do not name as such:
// - link targets: `ln ~/.hookwarden/config.json c.json` makes c.json a second name for the config (a hard link
//   shares the file, so no realpath shows it later), and `ln -s ~/.hookwarden /tmp/l && echo > /tmp/l/config.json`
//   writes through a symlink that does not exist yet while the command is judged. So a link whose target is
//   inside the home counts as a write of that target (`ln`, and `cp -l`/`cp -s`, which link instead of copying).
//   Links to anything else stay what they were: not file accesses.
// - copies and moves into a directory: `cp -r /tmp/x/.hookwarden ~/` lands at `~/.hookwarden`; the file table
//   only sees a write of `~`.

import { posix } from 'node:path';
import { hookwardenForm, hookwardenHomeOf, hookwardenHomeView } from '../paths/hookwarden-home.js';
import { normaliseArgs } from './operands.js';
import { absoluteOperand } from './targets.js';
import type { ShellContext } from './types.js';

export interface SelfWrite {
  /** Absolute path inside hookwarden's home. */
  path: string;
  /** How, for messages: "ln (a link to it)", "cp (into a directory)". */
  via: string;
}

const CP_LINKS = ['-l', '-s', '--link', '--symbolic-link'];
const INTO_DIR = new Set(['cp', 'mv', 'ln', 'install']);

/** What a `cp`/`mv`/`ln`/`install` argv (argv[0] = program) writes inside hookwarden's home beyond its operands. */
export function selfWrites(argv: readonly string[], cwd: string | undefined, ctx: ShellContext): SelfWrite[] {
  const program = argv[0] ?? '';
  if (argv.length < 2 || !INTO_DIR.has(program)) return [];
  const hw = hookwardenHomeOf(ctx);
  if (!hw) return [];
  const home = ctx.home?.startsWith('/') ? ctx.home.replace(/(.)\/+$/, '$1') : '';
  const where = { cwd, home, projectDir: ctx.projectDir ?? cwd ?? '' };
  const view = hookwardenHomeView(hw, home, where.projectDir);
  const resolve = (word: string): string | undefined => absoluteOperand(word, where);
  const inHome = (abs: string | undefined): abs is string => abs !== undefined && hookwardenForm(abs, view, false) !== null;

  const { flags, operands } = normaliseArgs(argv);
  // -t DIR: every operand is a source (and the directory, taken for one here, is judged as a write anyway).
  const targetDir = flags.has('-t') || [...flags].some((f) => f.startsWith('--target-directory'));
  const dest = !targetDir && operands.length >= 2 ? resolve(operands[operands.length - 1] as string) : undefined;
  const sources = !targetDir && operands.length >= 2 ? operands.slice(0, -1) : operands;
  const links = program === 'ln' || (program === 'cp' && CP_LINKS.some((f) => flags.has(f)));
  const out: SelfWrite[] = [];
  for (const word of sources) {
    const src = resolve(word);
    if (links && inHome(src)) out.push({ path: src, via: `${program} (a link to it)` });
    // Into an existing directory the file keeps its name; only a landing inside the home is added here.
    const landing = dest !== undefined && src !== undefined ? `${dest === '/' ? '' : dest}/${posix.basename(src)}` : undefined;
    if (inHome(landing) && !inHome(dest)) out.push({ path: landing, via: `${program} (into a directory)` });
  }
  return out;
}
