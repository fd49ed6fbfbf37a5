// ShellMatchSpec (source) → CompiledShellMatch: program names and globs become RegExp sources so the
// compiled registry is plain JSON that loads without picomatch.

import picomatch from 'picomatch';
import type {
  CompiledShellCommandSpec,
  CompiledShellMatch,
  RegexSource,
  ShellCommandSpec,
  ShellMatchSpec,
} from './types.js';

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Leading `(?i)` on a `text` regex means case-insensitive (JS has no inline flags). */
export const CASE_INSENSITIVE_PREFIX = '(?i)';

/** Program basenames, `*` as wildcard (`mkfs*`, `python3.*`) → one anchored regex. */
export function compileProgramNames(names: readonly string[]): RegexSource {
  const alts = [...new Set(names)].map((n) => n.split('*').map(escapeRegex).join('.*'));
  return { source: `^(?:${alts.join('|')})$`, flags: '' };
}

/** Operand/redirect glob (picomatch, dot: true). `~` stands for the home directory. */
export function compileShellGlob(glob: string): RegexSource {
  const re = picomatch.makeRe(glob, { dot: true });
  return { source: re.source, flags: re.flags };
}

export function compileTextRegex(text: string): RegexSource {
  return text.startsWith(CASE_INSENSITIVE_PREFIX)
    ? { source: text.slice(CASE_INSENSITIVE_PREFIX.length), flags: 'i' }
    : { source: text, flags: '' };
}

export function compileShellCommand(spec: ShellCommandSpec): CompiledShellCommandSpec {
  const out: CompiledShellCommandSpec = { program: compileProgramNames(spec.program) };
  if (!spec.program.some((n) => n.includes('*'))) out.programNames = [...new Set(spec.program)];
  if (spec.subcommand) out.subcommand = spec.subcommand.map((alts) => [...alts]);
  if (spec.flags) {
    const flags: NonNullable<CompiledShellCommandSpec['flags']> = {};
    if (spec.flags.all) flags.all = spec.flags.all.map((g) => [...g]);
    if (spec.flags.any) flags.any = [...spec.flags.any];
    if (spec.flags.none) flags.none = [...spec.flags.none];
    out.flags = flags;
  }
  if (spec.operands) {
    const operands: NonNullable<CompiledShellCommandSpec['operands']> = {};
    if (spec.operands.any) operands.any = spec.operands.any.map(compileShellGlob);
    if (spec.operands.none) operands.none = spec.operands.none.map(compileShellGlob);
    out.operands = operands;
  }
  if (spec.targets) out.targets = { any: [...spec.targets.any] };
  if (spec.text !== undefined) out.text = compileTextRegex(spec.text);
  return out;
}

export function compileShellMatch(spec: ShellMatchSpec): CompiledShellMatch {
  if ('command' in spec) return { command: compileShellCommand(spec.command) };
  if ('pipe' in spec) return { pipe: { from: compileShellCommand(spec.pipe.from), to: compileShellCommand(spec.pipe.to) } };
  if ('redirect' in spec) return { redirect: { targets: spec.redirect.targets.map(compileShellGlob) } };
  return { fact: spec.fact };
}
