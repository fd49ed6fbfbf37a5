// A value built the first time it is asked for. A hook process lives for one call: a schema or table that the call
// may not need is not built at start-up (docs/performance.md).

export function lazy<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}
