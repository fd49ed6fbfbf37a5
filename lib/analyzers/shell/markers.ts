// Private-use characters the analyzer threads through shell-quote: substitution placeholders, variable
// sentinels and file-descriptor markers. User input is scrubbed of this range before analysis.

/** Start/end of a substitution placeholder: \uE000<id>\uE001. */
export const SUB_OPEN = '\uE000';
export const SUB_CLOSE = '\uE001';
/** Start/end of a variable reference left by the shell-quote env hook: \uE002<name>\uE003. */
export const VAR_OPEN = '\uE002';
export const VAR_CLOSE = '\uE003';
/** Prefix of a word that is the fd number of the following redirect (the `2` in `2>`). */
export const FD_MARK = '\uE004';

const MARKER_RANGE = /[\uE000-\uE00F]/g;
const SUB_RE = /\uE000(\d+)\uE001/g;
const VAR_RE = /\uE002([^\uE003]*)\uE003/g;

export function scrubMarkers(text: string): string {
  return text.replace(MARKER_RANGE, '\uFFFD');
}

export function subPlaceholder(id: number): string {
  return `${SUB_OPEN}${id}${SUB_CLOSE}`;
}

export function hasSub(word: string): boolean {
  return word.includes(SUB_OPEN);
}

/** Ids of every substitution placeholder in a word, in order. */
export function subIds(word: string): number[] {
  const ids: number[] = [];
  for (const m of word.matchAll(SUB_RE)) ids.push(Number(m[1]));
  return ids;
}

export function replaceSubs(word: string, fn: (id: number) => string): string {
  return word.includes(SUB_OPEN) ? word.replace(SUB_RE, (_m, id: string) => fn(Number(id))) : word;
}

/** Expand variable sentinels: known names to their value, others back to `$NAME` text. */
export function resolveVars(word: string, vars: ReadonlyMap<string, string>): string {
  if (!word.includes(VAR_OPEN)) return word;
  return word.replace(VAR_RE, (_m, ref: string) => expandRef(ref, vars));
}

/** The whole word is one variable reference (e.g. unquoted `$x`). */
export function soleVarName(word: string): string | undefined {
  const m = /^\uE002([^\uE003]*)\uE003$/.exec(word);
  return m ? m[1] : undefined;
}

function expandRef(ref: string, vars: ReadonlyMap<string, string>): string {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(?::?[-=+?](.*))?$/s.exec(ref);
  if (!m) return /^[A-Za-z0-9_@*#?$!-]$/.test(ref) ? `$${ref}` : `\${${ref}}`;
  const name = m[1] as string;
  const value = vars.get(name);
  if (value !== undefined) return value;
  // HOME is always set in practice, whatever default or check follows it.
  if (name === 'HOME') return '$HOME';
  const op = ref.slice(name.length);
  // ${x:-default} / ${x=default} with an unknown x: the default is what runs.
  if (m[2] !== undefined && /^:?[-=]/.test(op)) return m[2];
  return name === ref ? `$${name}` : `\${${ref}}`;
}
