// Output targets that are not files: shared by the redirect and tee guards and by curl's -o / -D check.

/** Output redirect targets that are not files. */
export const SINKS: ReadonlySet<string> = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/fd/1', '/dev/fd/2']);
