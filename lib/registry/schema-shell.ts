// zod/mini schema for the source form of a shell pattern's `match` (ShellMatchSpec in types.ts).

import * as z from 'zod/mini';
import './zod-messages.js';
import { TARGET_CLASSES } from './target-classes.js';
import { CASE_INSENSITIVE_PREFIX } from './compile-shell.js';
import type { ShellMatchSpec } from './types.js';

const list = <T extends z.ZodMiniType>(item: T, what: string) =>
  z.array(item).check(z.minLength(1, `${what} must list at least one entry`));

const programName = z.string().check(
  z.regex(/^[A-Za-z0-9_.+*:[-]+$/, 'program must be a basename (letters, digits, . _ + -) with optional * wildcards'),
  z.refine((s) => s.replace(/\*/g, '') !== '', 'program cannot be only wildcards'),
);

const word = z.string().check(z.minLength(1, 'must be a non-empty word'));
const flag = z.string().check(z.regex(/^(?:-{1,2}|\+)[^\s]+$/, 'flags start with - or -- (e.g. "-r", "--force")'));
const glob = z.string().check(z.minLength(1, 'globs must be non-empty'));

const validText = (s: string): boolean => {
  try {
    new RegExp(s.startsWith(CASE_INSENSITIVE_PREFIX) ? s.slice(CASE_INSENSITIVE_PREFIX.length) : s);
    return true;
  } catch {
    return false;
  }
};

const regexText = z.string().check(
  z.minLength(1, 'text must be a non-empty regular expression'),
  z.refine(validText, 'text must be a valid regular expression (a leading "(?i)" makes it case-insensitive)'),
);

export const shellCommandSpecSchema = z.strictObject({
  program: list(programName, 'program'),
  subcommand: z.optional(list(list(word, 'each subcommand position'), 'subcommand')),
  flags: z.optional(
    z
      .strictObject({
        all: z.optional(list(list(flag, 'each flags.all group'), 'flags.all')),
        any: z.optional(list(flag, 'flags.any')),
        none: z.optional(list(flag, 'flags.none')),
      })
      .check(z.refine((f) => Boolean(f.all || f.any || f.none), 'flags needs at least one of all, any, none')),
  ),
  operands: z.optional(
    z
      .strictObject({
        any: z.optional(list(glob, 'operands.any')),
        none: z.optional(list(glob, 'operands.none')),
      })
      .check(z.refine((o) => Boolean(o.any || o.none), 'operands needs at least one of any, none')),
  ),
  targets: z.optional(z.strictObject({ any: list(z.enum(TARGET_CLASSES), 'targets.any') })),
  text: z.optional(regexText),
});

const matchKeys = ['command', 'pipe', 'redirect', 'fact'] as const;

export const shellMatchSchema = z.pipe(
  z
    .strictObject({
      command: z.optional(shellCommandSpecSchema),
      pipe: z.optional(z.strictObject({ from: shellCommandSpecSchema, to: shellCommandSpecSchema })),
      redirect: z.optional(z.strictObject({ targets: list(glob, 'redirect.targets') })),
      fact: z.optional(z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'fact must be a kebab-case name such as "fork-bomb"'))),
    })
    .check(
      z.superRefine((m, ctx) => {
        const present = matchKeys.filter((k) => m[k] !== undefined);
        if (present.length !== 1) {
          ctx.issues.push({
            code: 'custom',
            input: m,
            message: `a shell match needs exactly one of ${matchKeys.join(', ')} (found ${present.length ? present.join(', ') : 'none'})`,
          });
        }
      }),
    ),
  z.transform((m) => m as ShellMatchSpec),
);

export type ShellMatchSource = z.input<typeof shellMatchSchema>;
