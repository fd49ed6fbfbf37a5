// Argument helpers shared by the per-program judges: single flags, and positional words past valued options.

/** Flags as single options: `--a=b` and multi-letter `-xyz` clusters dropped (their parts are in the set). */
export function plainFlags(flags: ReadonlySet<string>): string[] {
  return [...flags].filter((f) => !f.includes('=') && (f.startsWith('--') || f.length === 2) && !/^-\d$/.test(f));
}

export interface Positional {
  word: string;
  index: number;
}

/** Non-option words in order; `valued` options consume the next word when written without `=`. */
export function positionals(argv: readonly string[], valued: ReadonlySet<string>, from = 1): Positional[] {
  const out: Positional[] = [];
  let endOfOptions = false;
  for (let i = from; i < argv.length; i++) {
    const a = argv[i] as string;
    if (endOfOptions || a === '-' || !a.startsWith('-')) out.push({ word: a, index: i });
    else if (a === '--') endOfOptions = true;
    else if (valued.has(a)) i++;
  }
  return out;
}
