// Values: what an expression evaluates to (literal text, paths, lists, module references), and the path,
// join, split and concatenation helpers the calls use.

import { splitWords } from './lex-text.js';
import { MAX_ITEMS } from './limits.js';
import { type InterpreterLang, UNKNOWN_TARGET } from './types.js';

export type Val =
  | { k: 'str'; s: string }
  | { k: 'num'; s: string }
  /** A path object (pathlib.Path, Pathname); s may be UNKNOWN_TARGET. */
  | { k: 'path'; s: string }
  | { k: 'unk' }
  | { k: 'bool'; b: boolean }
  | { k: 'list'; items: Val[]; spread?: boolean }
  | { k: 'obj'; props: Map<string, Val> }
  /** A module, function or attribute by dotted name after aliases: "os.path.join", "fs.rmSync". */
  | { k: 'ref'; name: string }
  /** A method of a value that is not a module (Path(…).unlink). */
  | { k: 'meth'; recv: Val; name: string };

export const UNK: Val = { k: 'unk' };
export const str = (s: string): Val => ({ k: 'str', s });
export const path = (s: string): Val => ({ k: 'path', s });
export const ref = (name: string): Val => ({ k: 'ref', name });
export const bool = (b: boolean): Val => ({ k: 'bool', b });

export function env(name: string): Val {
  return name.length <= 64 && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? str(`$${name}`) : UNK;
}

export const envOf = (v: Val | undefined): Val => (v?.k === 'str' ? env(v.s) : UNK);

export function text(v: Val | undefined): string {
  return v !== undefined && (v.k === 'str' || v.k === 'num' || v.k === 'path') ? v.s : UNKNOWN_TARGET;
}

function scalar(v: Val): string | undefined {
  return v.k === 'str' || v.k === 'num' ? v.s : undefined;
}

export function asText(v: Val | undefined): Val {
  const t = text(v);
  return t === UNKNOWN_TARGET ? UNK : str(t);
}

export const toPath = (v: Val | undefined): Val => path(text(v));

export function flat(vals: readonly Val[], depth = 0): Val[] {
  const out: Val[] = [];
  for (const v of vals) {
    if (v.k === 'list' && depth < 3) out.push(...flat(v.items, depth + 1));
    else out.push(v);
    if (out.length >= MAX_ITEMS) break;
  }
  return out;
}

export function trimSlashesEnd(s: string): string {
  let e = s.length;
  while (e > 0 && s[e - 1] === '/') e--;
  return s.slice(0, e);
}

function trimSlashesStart(s: string): string {
  let b = 0;
  while (b < s.length && s[b] === '/') b++;
  return s.slice(b);
}

/** Join path parts with "/"; `reset`: an absolute part starts over (os.path.join, pathlib). */
function joinParts(parts: readonly string[], reset: boolean): string {
  let out = parts[0] ?? '';
  for (const p of parts.slice(1)) {
    if (p === '') continue;
    if (reset && p.startsWith('/')) out = p;
    else if (out === '') out = p;
    else out = `${trimSlashesEnd(out)}/${trimSlashesStart(p)}`;
  }
  return out;
}

export function joinAll(vals: readonly Val[], reset: boolean): Val {
  const parts = vals.map(text);
  if (parts.length === 0 || parts.includes(UNKNOWN_TARGET)) return UNK;
  return str(joinParts(parts, reset));
}

export function pathJoin(base: Val, parts: readonly Val[]): Val {
  const all = [text(base), ...parts.map(text)];
  return path(all.includes(UNKNOWN_TARGET) ? UNKNOWN_TARGET : joinParts(all, true));
}

export function joinWith(items: readonly Val[], sep: string): Val {
  const parts = flat(items).map(scalar);
  if (parts.length >= MAX_ITEMS || parts.some((p) => p === undefined)) return UNK;
  return str(parts.join(sep));
}

/** str.split(sep) (no separator: on whitespace). */
export function splitVal(r: Val, sep: Val | undefined): Val {
  if (r.k !== 'str') return UNK;
  if (sep === undefined) return { k: 'list', items: splitWords(r.s).map(str) };
  if (sep.k !== 'str' || sep.s === '') return UNK;
  return { k: 'list', items: r.s.split(sep.s).slice(0, MAX_ITEMS).map(str) };
}

export const OR_OPS = new Set(['||', '??', '//']);

export function binary(op: string, l: Val, r: Val, lang: InterpreterLang): Val {
  if (OR_OPS.has(op)) return l.k === 'str' && l.s !== '' ? l : UNK;
  if (op === '/') return l.k === 'path' ? pathJoin(l, [r]) : UNK;
  if (l.k === 'list' && r.k === 'list' && lang !== 'perl' && lang !== 'php') return { k: 'list', items: [...l.items, ...r.items].slice(0, MAX_ITEMS) };
  if (l.k === 'path' && lang === 'ruby') return pathJoin(l, [r]);
  const a = scalar(l);
  const b = scalar(r);
  return a !== undefined && b !== undefined ? str(a + b) : UNK;
}

export function canonModule(m: string): string {
  let s = m.startsWith('node:') ? m.slice(5) : m;
  if (s === 'fs-extra' || s === 'graceful-fs' || s === 'original-fs') s = 'fs';
  if (s === 'bun') return 'Bun';
  return s.split('/').join('.');
}

export function lastName(name: string): string {
  const dot = name.lastIndexOf('.');
  const colons = name.lastIndexOf('::');
  return name.slice(Math.max(dot + 1, colons >= 0 ? colons + 2 : 0));
}
