// Canonical JSON (keys sorted, no whitespace) and its sha256: config and registry hashes do not change
// when a file is reformatted or its keys reordered.


/** JSON with object keys sorted recursively; undefined members dropped as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

/** node:crypto costs ~5 ms to load, so it is loaded on first use only (hot hook paths avoid hashing). */
export function sha256(text: string): string {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(text).digest('hex');
}

export function canonicalHash(value: unknown): string {
  return sha256(canonicalJson(value));
}
