// Concrete names a shell glob could stand for (`.env*` → .env, .envx; `*.pem` → x.pem), so that path
// globs written for real files (`**/.env`, `**/*.pem`) can be tried against an operand the shell has not
// expanded yet. A few deterministic samples per word, never an enumeration.

type Token =
  | { t: 'lit'; v: string }
  | { t: 'star' }
  // `**` then `/` at the start of a component: any number of directories, none included.
  | { t: 'dirs' }
  | { t: 'one' }
  | { t: 'class'; body: string; negated: boolean }
  | { t: 'alts'; options: Token[][] };

const MAX_GLOB = 1024;
const MAX_SAMPLES = 4;
/** Stand-in for a character a glob leaves open. */
const FILL = 'x';

/** Index of the `]` closing a bracket expression that opens at `at`, or -1. */
function classEnd(glob: string, at: number): number {
  let i = at + 1;
  if (glob[i] === '!' || glob[i] === '^') i++;
  if (glob[i] === ']') i++;
  for (; i < glob.length; i++) {
    if (glob[i] === '\\') i++;
    else if (glob[i] === ']') return i;
    else if (glob[i] === '/') return -1;
  }
  return -1;
}

/** Top-level comma-separated options of a `{…}` group opening at `at`, with the index of its `}`. */
function braceOptions(glob: string, at: number): { options: string[]; end: number } | undefined {
  const options: string[] = [];
  let depth = 0;
  let start = at + 1;
  for (let i = at + 1; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      options.push(glob.slice(start, i));
      start = i + 1;
    } else if (c === '}') {
      options.push(glob.slice(start, i));
      return options.length > 1 ? { options, end: i } : undefined;
    }
  }
  return undefined;
}

/** Tokens of a glob; `{a,b}` groups are read one level deep (inner braces stay literal). */
function tokenize(glob: string, nested: boolean): Token[] {
  const out: Token[] = [];
  const lit = (v: string): void => {
    const last = out[out.length - 1];
    if (last?.t === 'lit') last.v += v;
    else out.push({ t: 'lit', v });
  };
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '\\' && i + 1 < glob.length) lit(glob[++i] as string);
    else if (c === '*' && glob.startsWith('**/', i) && (i === 0 || glob[i - 1] === '/')) {
      if (out[out.length - 1]?.t !== 'dirs') out.push({ t: 'dirs' });
      i += 2;
    } else if (c === '*') {
      if (out[out.length - 1]?.t !== 'star') out.push({ t: 'star' });
    } else if (c === '?') out.push({ t: 'one' });
    else if (c === '[' && classEnd(glob, i) > 0) {
      const end = classEnd(glob, i);
      const body = glob.slice(i + 1, end);
      const negated = body.startsWith('!') || body.startsWith('^');
      out.push({ t: 'class', body: negated ? body.slice(1) : body, negated });
      i = end;
    } else if (c === '{' && !nested && glob[i - 1] !== '$' && braceOptions(glob, i)) {
      const group = braceOptions(glob, i) as { options: string[]; end: number };
      out.push({ t: 'alts', options: group.options.map((o) => tokenize(o, true)) });
      i = group.end;
    } else lit(c);
  }
  return out;
}

/** Does a bracket expression's body (negation removed) admit `ch`? */
function classHas(body: string, ch: string): boolean {
  for (let i = 0; i < body.length; i++) {
    let lo = body[i] as string;
    if (lo === '\\' && i + 1 < body.length) lo = body[++i] as string;
    if (body[i + 1] === '-' && i + 2 < body.length) {
      const hi = body[i + 2] as string;
      if (ch >= lo && ch <= hi) return true;
      i += 2;
    } else if (lo === ch) return true;
  }
  return false;
}

function classSample(tok: { body: string; negated: boolean }): string {
  if (!tok.negated) return tok.body[0] === '\\' ? (tok.body[1] ?? FILL) : (tok.body[0] ?? FILL);
  return ['x', 'y', 'z', '_', '0'].find((c) => !classHas(tok.body, c)) ?? FILL;
}

/** Would an empty `*` before `next` leave its path component empty or turn it into a dotfile? */
function starNeedsFill(out: string, next: Token | undefined): boolean {
  if (out !== '' && !out.endsWith('/')) return false;
  if (next === undefined) return true;
  if (next.t === 'lit') return next.v.startsWith('.') || next.v.startsWith('/');
  return next.t === 'alts';
}

/** One sample: braces take their `pick`-th option; `*` is empty when it can be (`minimal`), else FILL. */
function sample(tokens: readonly Token[], pick: number, minimal: boolean): string {
  const flat: Token[] = [];
  for (const tok of tokens) {
    if (tok.t === 'alts') flat.push(...(tok.options[Math.min(pick, tok.options.length - 1)] ?? []));
    else flat.push(tok);
  }
  let out = '';
  flat.forEach((tok, i) => {
    if (tok.t === 'lit') out += tok.v;
    else if (tok.t === 'one') out += FILL;
    else if (tok.t === 'class') out += classSample(tok);
    else if (tok.t === 'star') out += minimal && !starNeedsFill(out, flat[i + 1]) ? '' : FILL;
    else if (tok.t === 'dirs') out += minimal ? '' : `${FILL}/`;
  });
  return out;
}

/** A sample names a file only if every component is a real name (not empty, `.` or `..`). */
function isName(p: string): boolean {
  const parts = p.split('/');
  return p !== '' && parts.every((part, i) => (part !== '' || i === 0 || i === parts.length - 1) && part !== '.' && part !== '..');
}

// Directory names worth a sample of their own when a glob component could stand for them: hookwarden's own
// home (`~/.hook*/config.json` writes `~/.hookwarden/config.json`, which the `x` fill would never show).
const KNOWN_DIRS = ['.hookwarden'];

/** A RegExp source for one component's tokens (no `/` inside; `**` cannot occur in a single component). */
function componentRegex(tokens: readonly Token[]): string {
  return tokens
    .map((tok) => {
      if (tok.t === 'lit') return tok.v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (tok.t === 'star') return '[^/]*';
      if (tok.t === 'one') return '[^/]';
      if (tok.t === 'class') return `[${tok.negated ? '^' : ''}${tok.body.replace(/[\\\]^]/g, '\\$&')}]`;
      if (tok.t === 'alts') return `(?:${tok.options.map(componentRegex).join('|')})`;
      return '(?!)';
    })
    .join('');
}

/** The glob with the first component that could be a KNOWN_DIRS name replaced by it, then sampled. */
function knownDirSample(word: string): string | undefined {
  const parts = word.split('/');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    // A wildcard does not match a leading dot: only a component written with its dot can be a dot-directory.
    // A last component that is only `.` and wildcards (`rm -rf .*`) is judged as every entry, not as one name.
    if (!/[*?[{]/.test(part) || !part.startsWith('.')) continue;
    if (i === parts.length - 1 && !/[A-Za-z0-9_-]/.test(part)) continue;
    const re = new RegExp(`^${componentRegex(tokenize(part, false))}$`);
    const name = KNOWN_DIRS.find((n) => re.test(n));
    if (!name) continue;
    const rest = parts.slice(i + 1).join('/');
    const tail = /[*?[{]/.test(rest) ? sample(tokenize(rest, false), 0, true) : rest;
    return [...parts.slice(0, i), name, ...(rest ? [tail] : [])].join('/');
  }
  return undefined;
}

/**
 * Up to four concrete paths the glob `word` could name (first with `*` as short as allowed, then with
 * `*` filled; for `{a,b}`, the first two options), in that order, plus a KNOWN_DIRS sample when a component
 * could be one; undefined when `word` has no glob.
 */
export function globSamples(word: string): string[] | undefined {
  if (word.length > MAX_GLOB || !/[*?[{]/.test(word)) return undefined;
  const tokens = tokenize(word, false);
  if (tokens.every((tok) => tok.t === 'lit')) return undefined;
  const picks = tokens.some((tok) => tok.t === 'alts') ? [0, 1] : [0];
  const out: string[] = [];
  for (const pick of picks) {
    for (const minimal of [true, false]) {
      const s = sample(tokens, pick, minimal);
      if (isName(s) && !out.includes(s)) out.push(s);
    }
  }
  const known = knownDirSample(word);
  const kept = out.slice(0, MAX_SAMPLES);
  if (known !== undefined && isName(known) && !kept.includes(known)) kept.push(known);
  return kept.length > 0 ? kept : undefined;
}
