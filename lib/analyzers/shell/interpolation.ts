// String interpolation an interpreter one-liner uses to spell a path: an interpolation that only reads an
// environment variable or names the home directory keeps the string a known path (interpreters/ lexers).

/** Interpolations that only read an environment variable or name the home directory stand for `$NAME` / `~`,
 * as env() and the home values spell them outside a string: f"{os.environ['HOME']}/x", `${process.env.HOME}/x`,
 * "#{Dir.home}/x" stay known paths instead of making the whole string unknown. */
const KNOWN_INTERP: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:os|__import__\((['"])os\1\))\.(?:environ\[(['"])(?<n>\w+)\2\]|(?:environ\.get|getenv)\((['"])(?<m>\w+)\4\))$/, 'python'],
  [/^(?:pathlib\.)?Path\.home\(\)$|^os\.path\.expanduser\((['"])~\1\)$/, 'python~'],
  [/^process\.env(?:\.(?<n>\w+)|\[(['"])(?<m>\w+)\2\])$/, 'js'],
  [/^(?:require\((['"])(?:node:)?os\1\)|os)\.homedir\(\)$/, 'js~'],
  [/^ENV(?:\[(['"])(?<n>\w+)\1\]|\.fetch\((['"])(?<m>\w+)\3\))$/, 'ruby'],
  [/^Dir\.home(?:\(\))?$/, 'ruby~'],
];

export function knownInterpolation(lang: 'python' | 'js' | 'ruby', expr: string): string | undefined {
  const e = expr.trim();
  for (const [re, kind] of KNOWN_INTERP) {
    if (!kind.startsWith(lang)) continue;
    const m = re.exec(e);
    if (m) return kind.endsWith('~') ? '~' : `$${m.groups?.n ?? m.groups?.m}`;
  }
  return undefined;
}
