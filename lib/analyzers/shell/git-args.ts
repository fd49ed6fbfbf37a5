// A git subcommand's arguments the way git reads them, shared by the push reader (git-push.ts) and the judgement
// of git work-losers (lib/engine/consequence/). Pure.

/** Short options bundled in one word (`-fdx`) as single letters; a long option as itself. */
export function letters(word: string): string[] {
  return word.startsWith('--') ? [word] : [...word.slice(1)].map((c) => `-${c}`);
}

/** A subcommand's arguments the way git reads them: operands (and every word after `--`) are paths; each option
 * word goes to `option`, which may take its value with `next()` and may stop the walk with an answer. */
export function walkArgs<T>(rest: readonly string[], option: (word: string, next: () => string) => T | undefined): { paths: string[]; stop?: T } {
  const paths: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] as string;
    if (a === '--') {
      paths.push(...rest.slice(i + 1));
      break;
    }
    if (!a.startsWith('-') || a === '-') {
      paths.push(a);
      continue;
    }
    const stop = option(a, () => rest[++i] ?? '');
    if (stop !== undefined) return { paths, stop };
  }
  return { paths };
}
