// Removing options from a word list (the follow flags) while keeping every other word as written.

/** Which options to remove from a word list, and which take a value (so a value is never read as a flag). */
export interface OptionSpec {
  /** Short option letters to remove (follow flags). */
  dropShort: ReadonlySet<string>;
  /** Long option names to remove (`--follow`, `--follow=name`). */
  dropLong: ReadonlySet<string>;
  valuedShort: ReadonlySet<string>;
  valuedLong: ReadonlySet<string>;
}

interface Stripped {
  kept: string[];
  /** Removed options: "-f", "--follow", … */
  removed: Set<string>;
  /** Kept short letters and long names, to see whether a count was given. */
  seen: Set<string>;
  operands: string[];
}

/** Remove options named in `spec` from words, keeping everything else as written. */
export function stripOptions(words: readonly string[], spec: OptionSpec): Stripped {
  const out: Stripped = { kept: [], removed: new Set(), seen: new Set(), operands: [] };
  let endOfOptions = false;
  for (let i = 0; i < words.length; i++) {
    const a = words[i] as string;
    if (endOfOptions || a === '-' || !a.startsWith('-')) {
      out.kept.push(a);
      out.operands.push(a);
    } else if (a === '--') {
      endOfOptions = true;
      out.kept.push(a);
    } else {
      i += a.startsWith('--') ? stripLong(a, words[i + 1], spec, out) : stripCluster(a, words[i + 1], spec, out);
    }
  }
  return out;
}

/** Returns how many following words were consumed as the option's value. */
function stripLong(a: string, next: string | undefined, spec: OptionSpec, out: Stripped): number {
  const name = a.split('=', 1)[0] as string;
  const takesNext = spec.valuedLong.has(name) && !a.includes('=') && next !== undefined;
  if (spec.dropLong.has(name)) {
    out.removed.add(name);
    return takesNext ? 1 : 0;
  }
  out.seen.add(name);
  out.kept.push(a);
  if (takesNext) out.kept.push(next as string);
  return takesNext ? 1 : 0;
}

/** A short cluster minus dropped letters; a value letter ends it (attached rest or the next word). */
function stripCluster(a: string, next: string | undefined, spec: OptionSpec, out: Stripped): number {
  let body = '';
  for (let k = 1; k < a.length; k++) {
    const ch = a[k] as string;
    const drop = spec.dropShort.has(ch);
    if (drop) out.removed.add(`-${ch}`);
    else {
      out.seen.add(`-${ch}`);
      body += ch;
    }
    if (!spec.valuedShort.has(ch)) continue;
    const rest = a.slice(k + 1);
    const takesNext = rest === '' && next !== undefined;
    if (!drop) body += rest;
    if (body) out.kept.push(`-${body}`);
    if (takesNext && !drop) out.kept.push(next as string);
    return takesNext ? 1 : 0;
  }
  if (body) out.kept.push(`-${body}`);
  return 0;
}
