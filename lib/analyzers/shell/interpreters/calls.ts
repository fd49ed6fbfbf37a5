// Calls and what they mean: the argument model, the equivalent commands (rm -rf, tee, ln -s …) handlers
// return, and the shape of a language's table (LangSpec) the calls-<lang>.ts files fill.

import { MAX_ITEMS } from './limits.js';
import type { Tok } from './tokens.js';
import { UNKNOWN_TARGET } from './types.js';
import { flat, text, type Val } from './values.js';

export interface Arg {
  /** Keyword argument (python kw=, ruby/php name:, `'k' => v`). */
  name?: string;
  v: Val;
  /** A function literal (callback), not a value. */
  fn: boolean;
  /** Where the argument is written, to read its flag constants (os.O_WRONLY) when needed. */
  span?: { toks: readonly Tok[]; from: number; to: number };
}

interface Call {
  args: Arg[];
  pos: Val[];
  named: Map<string, Val>;
  /** Receiver of a method call (Path(…).unlink()). */
  recv?: Val;
}

type Out = { argv: string[] } | { shell: string } | { code: string } | undefined;
export type Handler = (c: Call) => Out;
export type ValueFn = (c: Call) => Val;
export type MethodValue = (recv: Val, c: Call) => Val;

export function makeCall(args: Arg[], recv?: Val): Call {
  const pos: Val[] = [];
  const named = new Map<string, Val>();
  for (const a of args) {
    if (a.name !== undefined) named.set(a.name, a.v);
    else if (a.v.k === 'list' && a.v.spread) pos.push(...a.v.items.slice(0, MAX_ITEMS));
    else pos.push(a.v);
  }
  return { args, pos, named, recv };
}

export function first(c: Call, ...names: string[]): Val | undefined {
  if (c.pos[0]) return c.pos[0];
  for (const n of names) {
    const v = c.named.get(n);
    if (v) return v;
  }
  return undefined;
}

export const one = (c: Call, ...names: string[]): string[] => [text(first(c, ...names))];

/** Deletion targets: lists flattened, option hashes and numeric flags dropped. */
export function targets(vals: readonly Val[]): string[] {
  const ts = flat(vals)
    .filter((v) => v.k !== 'num' && v.k !== 'bool' && v.k !== 'obj')
    .map(text);
  return ts.length > 0 ? ts : [UNKNOWN_TARGET];
}

/** prefix + targets, with `--` when a target could be read as an option. */
export function withTargets(prefix: string[], ts: string[]): string[] {
  return ts.some((t) => t.startsWith('-')) ? [...prefix, '--', ...ts] : [...prefix, ...ts];
}

export const rmrf = (ts: string[]): Out => ({ argv: withTargets(['rm', '-rf'], ts) });
export const rm = (ts: string[]): Out => ({ argv: withTargets(['rm'], ts) });
export const rmdir = (ts: string[]): Out => ({ argv: withTargets(['rmdir'], ts) });
export const tee = (ts: string[]): Out => ({ argv: withTargets(['tee'], ts) });
export const shell = (v: Val | undefined): Out => ({ shell: v?.k === 'str' ? v.s : UNKNOWN_TARGET });
/** (source, destination) calls as the command they amount to: a link, move or copy writes its destination
 * (os.symlink(X, audit_file) is `ln -s X audit_file`). */
export const pair =
  (prefix: string[], names: [string, string] = ['src', 'dst']): Handler =>
  (c) =>
    ({ argv: withTargets(prefix, [text(c.pos[0] ?? c.named.get(names[0])), text(c.pos[1] ?? c.named.get(names[1]))]) });
export const evalOf = (v: Val | undefined): Out => (v?.k === 'str' ? { code: v.s } : undefined);

export function argvOf(vals: readonly Val[]): Out {
  const words = flat(vals)
    .filter((v) => v.k !== 'obj')
    .map(text);
  return { argv: words.length > 0 ? words : [UNKNOWN_TARGET] };
}

/** Does an open mode write? No mode: the default (read); an unknown mode: assume it writes. */
export function writes(mode: Val | undefined, chars: string): boolean {
  if (!mode) return false;
  if (mode.k !== 'str') return true;
  for (const ch of chars) if (mode.s.includes(ch)) return true;
  return false;
}

const WRITE_FLAGS = ['WRONLY', 'RDWR', 'CREAT', 'TRUNC', 'APPEND'];

/** open(2)-style flags (os.open, sysopen, fs.openSync): written with constants, a mode string or a number. */
export function flagsWrite(a: Arg | undefined): boolean {
  if (!a) return false;
  if (a.v.k === 'str') return writes(a.v, 'wax+');
  if (a.v.k === 'num') return a.v.s !== '0';
  const ids: string[] = [];
  if (a.span) for (let j = a.span.from; j < a.span.to && j < a.span.from + 64; j++) if (a.span.toks[j]?.k === 'id') ids.push((a.span.toks[j] as Tok).v);
  if (ids.some((id) => WRITE_FLAGS.some((f) => id.endsWith(f)))) return true;
  return !ids.some((id) => id.endsWith('RDONLY'));
}

/** Node `{ recursive: true }`: options we cannot see are assumed recursive; a callback is not options. */
export function recursive(a: Arg | undefined): boolean {
  if (!a || a.fn) return false;
  const v = a.v;
  if (v.k === 'obj') {
    const r = v.props.get('recursive');
    return r !== undefined && !(r.k === 'bool' && !r.b) && !(r.k === 'num' && r.s === '0');
  }
  return v.k === 'unk' || v.k === 'ref';
}

export const truthy = (v: Val | undefined): boolean => v !== undefined && !(v.k === 'bool' && !v.b) && !(v.k === 'num' && v.s === '0');

export function each<T>(names: readonly string[], v: T): Record<string, T> {
  return Object.fromEntries(names.map((n) => [n, v]));
}

export function table<T>(o: Record<string, T>): ReadonlyMap<string, T> {
  return new Map(Object.entries(o));
}

export interface LangSpec {
  /** Member access operators. */
  connectors: ReadonlySet<string>;
  /** String concatenation operators. */
  concat: ReadonlySet<string>;
  actions: ReadonlyMap<string, Handler>;
  values: ReadonlyMap<string, ValueFn>;
  /** Actions of methods on values (Path(T).unlink()). */
  methods: ReadonlyMap<string, Handler>;
  methodValues: ReadonlyMap<string, MethodValue>;
  /** Method actions distinctive enough to apply to a receiver we cannot evaluate (p.write_text()). */
  loose: ReadonlySet<string>;
  /** Distinctive function names matched whatever object they are called on → canonical action. */
  distinctive: ReadonlyMap<string, string>;
  /** Environment containers: os.environ, process.env, ENV, $ENV, $_SERVER. */
  envRefs: ReadonlySet<string>;
  /** process.env.HOME (member access reads a variable). */
  envMember: boolean;
  /** Names that are values without a call (ruby Dir.home). */
  nullary: ReadonlyMap<string, Val>;
  /** Conventional aliases when the code does not bind the name (fsp → fs.promises). */
  defaults: ReadonlyMap<string, string>;
  consts: ReadonlyMap<string, Val>;
  /** Keywords before an operand (new, await, my …). */
  prefix: ReadonlySet<string>;
  /** A name after these is being defined, not called (def, function, sub). */
  definers: ReadonlySet<string>;
  /** Calls without parentheses (ruby, perl). */
  parenless: boolean;
  /** Words ending a parenthesis-less argument list. */
  stops: ReadonlySet<string>;
  /** Parenthesis-less calls that act with no argument (perl `unlink;` works on $_). */
  noArgs: ReadonlySet<string>;
  caseless: boolean;
  canon: (name: string) => string;
}
