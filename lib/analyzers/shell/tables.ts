// Lookups shared by the analyzer's per-program tables (wrappers, read-only programs, interactive rules).

/** Own entries only: a program called `constructor` must not find Object.prototype's. */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Version-suffixed programs share one table entry (python3.12 → python, pip3 → pip, nodejs → node). */
export function programFamily(program: string): string {
  if (/^python[0-9.]*$/.test(program)) return 'python';
  if (/^pip[0-9.]*$/.test(program)) return 'pip';
  return program === 'nodejs' ? 'node' : program;
}

/** A table entry built on first lookup: an object, or a function that makes it. */
export type Lazy<T extends object> = T | (() => T);

const builtEntries = new WeakMap<object, Map<string, object>>();

/** ownEntry for a table of Lazy entries: an entry written as a function is built the first time it is looked up,
 * once per process. A Bash call looks up a few programs in tables of ~100, and building every entry at start-up
 * (their option sets and arrays) was most of the analyser's young allocation (docs/performance.md). */
export function lazyEntry<T extends object>(table: Readonly<Record<string, Lazy<T>>>, key: string): T | undefined {
  const v = ownEntry(table, key);
  if (typeof v !== 'function') return v;
  let built = builtEntries.get(table);
  if (!built) builtEntries.set(table, (built = new Map()));
  let made = built.get(key) as T | undefined;
  if (made === undefined) built.set(key, (made = v()));
  return made;
}
