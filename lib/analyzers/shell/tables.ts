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
