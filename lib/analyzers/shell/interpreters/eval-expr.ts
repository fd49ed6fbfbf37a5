// Expressions: postfix chains (members, calls, indexes), literals, lists and objects, concatenation, argument
// lists, environment reads and name resolution through the aliases.

import { type Arg, makeCall } from './calls.js';
import { AnalyzerBase } from './eval-base.js';
import { MAX_CHAIN, MAX_DEPTH, MAX_ITEMS } from './limits.js';
import { isOp, isOpen, type Tok } from './tokens.js';
import { binary, env, OR_OPS, ref, str, UNK, type Val } from './values.js';

/** Words starting a function literal (an argument that is a callback, not options). */
const FUNCTION_WORDS = new Set(['function', 'async', 'lambda', 'proc', 'sub', 'fn']);
/** Prefix operators before an operand. */
const PREFIX_OPS = new Set(['\\', '-', '+', '!', '~', '*', '**', '...', '&']);

interface Chain {
  v: Val;
  end: number;
  /** The chain ended with a call. */
  called: boolean;
  /** The chain ended with a member access (`x.rmtree`: a call in Ruby). */
  member: boolean;
}

export abstract class ExprAnalyzer extends AnalyzerBase {
  /** A call of v with the arguments in (open, close) (eval). */
  protected abstract call(v: Val, open: number, close: number, d: number, fire: boolean, start: number): Val;

  /** A JS tagged template: v`…` (eval). */
  protected abstract tagged(v: Val, j: number, fire: boolean, start: number): Val;

  protected postfix(i: number, hi: number, d: number, fire: boolean): Chain {
    const { toks, spec } = this;
    if (d > MAX_DEPTH || i >= hi) return { v: UNK, end: Math.min(i + 1, hi), called: false, member: false };
    let [v, j] = this.primary(i, hi, d, fire);
    let called = false;
    let member = false;
    for (let guard = 0; j < hi && guard < MAX_CHAIN; guard++) {
      if (!fire && !this.step()) break;
      const t = toks[j] as Tok;
      if (t.k === 'str' && t.tpl && this.lang === 'node') {
        v = this.tagged(v, j, fire, i);
        j++;
        called = true;
        member = false;
        continue;
      }
      if (t.k !== 'op') break;
      if (spec.connectors.has(t.v)) {
        const nx = toks[j + 1];
        if (nx?.k === 'id' && j + 1 < hi) {
          v = this.member(v, nx.v);
          j += 2;
          called = false;
          member = true;
          continue;
        }
        if ((t.v === '?.' || t.v === '->') && (isOp(nx, '(') || isOp(nx, '['))) {
          j++;
          continue;
        }
        break;
      }
      if (t.v === '(') {
        const e = this.close(j, hi);
        v = this.call(v, j, e, d, fire, i);
        j = Math.min(e + 1, hi);
        called = true;
        member = false;
        continue;
      }
      if (t.v === '[') {
        const e = this.close(j, hi);
        v = this.index(v, j + 1, e, d + 1);
        j = Math.min(e + 1, hi);
        called = false;
        member = false;
        continue;
      }
      if (t.v === '{' && this.lang === 'perl' && !t.sp && v.k === 'ref' && v.name.startsWith('$')) {
        const e = this.close(j, hi);
        v = this.hashKey(v, j + 1, e);
        j = Math.min(e + 1, hi);
        called = false;
        member = false;
        continue;
      }
      break;
    }
    return { v, end: j, called, member };
  }

  private primary(i: number, hi: number, d: number, fire: boolean): [Val, number] {
    const { toks, spec } = this;
    const t = toks[i];
    if (!t || i >= hi) return [UNK, hi];
    switch (t.k) {
      case 'str': {
        if (this.lang !== 'python') return [t.dyn ? UNK : str(t.v), i + 1];
        // Python joins adjacent literals: 'a' 'b'.
        let s: string | undefined = t.dyn ? undefined : t.v;
        let j = i + 1;
        for (; j < hi && toks[j]?.k === 'str'; j++) {
          const u = toks[j] as Tok;
          s = s === undefined || u.dyn ? undefined : s + u.v;
        }
        return [s === undefined ? UNK : str(s), j];
      }
      case 'num':
        return [{ k: 'num', s: t.v }, i + 1];
      case 'words':
        return [t.dyn ? UNK : { k: 'list', items: (t.items ?? []).map(str) }, i + 1];
      case 'id': {
        if (spec.prefix.has(t.v) && i + 1 < hi) {
          const r = this.postfix(i + 1, hi, d + 1, fire);
          return [t.v === 'typeof' || t.v === 'not' || t.v === 'defined?' ? UNK : r.v, r.end];
        }
        const c = spec.consts.get(spec.caseless ? t.v.toLowerCase() : t.v);
        if (c) return [c, i + 1];
        return [this.resolve(t.v), i + 1];
      }
      case 'op':
        return this.opPrimary(i, hi, d);
      default:
        return [UNK, i + 1];
    }
  }

  private opPrimary(i: number, hi: number, d: number): [Val, number] {
    const t = this.toks[i] as Tok;
    if (t.v === '(' || t.v === '[') {
      const e = this.close(i, hi);
      const next = Math.min(e + 1, hi);
      const parts = this.items(i + 1, e, d + 1);
      if (t.v === '(' && parts.length === 1 && !isOp(this.toks[e - 1], ',')) return [parts[0] as Val, next];
      return [{ k: 'list', items: parts }, next];
    }
    if (t.v === '{') {
      const e = this.close(i, hi);
      return [this.object(i + 1, e, d + 1), Math.min(e + 1, hi)];
    }
    if (PREFIX_OPS.has(t.v) && i + 1 < hi) {
      const r = this.postfix(i + 1, hi, d + 1, false);
      const v = this.deref(r.v);
      if (t.v === '\\') return [v, r.end];
      if ((t.v === '*' || t.v === '...') && v.k === 'list') return [{ ...v, spread: true }, r.end];
      return [UNK, r.end];
    }
    return [UNK, i + 1];
  }

  private expr(i: number, hi: number, d: number): [Val, number] {
    if (d > MAX_DEPTH || !this.step()) return [UNK, hi];
    const r = this.postfix(i, hi, d + 1, false);
    let v = r.v;
    let j = r.end;
    while (j < hi && this.step()) {
      const t = this.toks[j] as Tok;
      if (t.k !== 'op' || !(this.spec.concat.has(t.v) || OR_OPS.has(t.v) || (t.v === '/' && this.lang === 'python'))) break;
      const rhs = this.postfix(j + 1, hi, d + 1, false);
      v = binary(t.v, this.deref(v), this.deref(rhs.v), this.lang);
      j = rhs.end;
    }
    return [v, j];
  }

  /** The value of tokens [a, b) when they form one expression we can evaluate; UNK otherwise. */
  protected full(a: number, b: number, d: number): Val {
    if (a >= b) return UNK;
    const [v, end] = this.expr(a, b, d);
    return end === b ? this.deref(v) : UNK;
  }

  /** Values written without a call: ruby Dir.home, 'a b'.split. */
  private deref(v: Val): Val {
    if (v.k === 'ref') return this.spec.nullary.get(this.spec.canon(v.name)) ?? v;
    const mv = v.k === 'meth' && this.lang === 'ruby' ? this.spec.methodValues.get(v.name) : undefined;
    return mv && v.k === 'meth' ? mv(v.recv, makeCall([])) : v;
  }

  /** Ranges of the comma-separated pieces of [lo, hi), newlines at their ends left out. */
  protected pieces(lo: number, hi: number): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    let a = lo;
    let j = lo;
    while (j < hi && out.length < MAX_ITEMS) {
      if (!this.step()) break;
      const t = this.toks[j] as Tok;
      if (isOp(t, ',')) {
        this.addPiece(out, a, j);
        a = ++j;
        continue;
      }
      j = isOpen(t) ? Math.min(this.close(j, hi) + 1, hi) : j + 1;
    }
    this.addPiece(out, a, hi);
    return out;
  }

  private addPiece(out: Array<[number, number]>, a: number, b: number): void {
    while (a < b && this.toks[a]?.k === 'nl') a++;
    while (b > a && this.toks[b - 1]?.k === 'nl') b--;
    if (b > a && out.length < MAX_ITEMS) out.push([a, b]);
  }

  private items(lo: number, hi: number, d: number): Val[] {
    const out: Val[] = [];
    for (const [a, b] of this.pieces(lo, hi)) {
      const v = this.full(a, b, d);
      if (v.k === 'list' && v.spread) out.push(...v.items);
      else out.push(v);
    }
    return out.slice(0, MAX_ITEMS);
  }

  protected args(lo: number, hi: number, d: number): Arg[] {
    if (d > MAX_DEPTH) return [{ v: UNK, fn: false }];
    return this.pieces(lo, hi).map(([a, b]) => this.arg(a, b, d));
  }

  private arg(a: number, b: number, d: number): Arg {
    const { toks, lang } = this;
    const t0 = toks[a] as Tok;
    const t1 = toks[a + 1];
    let name: string | undefined;
    if (t1?.k === 'op' && a + 2 <= b && (t0.k === 'id' || t0.k === 'str')) {
      if (t1.v === '=>' && (lang === 'ruby' || lang === 'perl')) name = t0.v;
      else if (t0.k === 'id' && ((t1.v === '=' && lang === 'python') || (t1.v === ':' && (lang === 'ruby' || lang === 'php')))) name = t0.v;
    }
    const from = name === undefined ? a : a + 2;
    const head = toks[from];
    let fn = head?.k === 'id' && FUNCTION_WORDS.has(head.v);
    if (lang === 'node') for (let j = from; j < b && j < from + 64 && !fn; j++) fn = isOp(toks[j], '=>');
    return { name, v: fn ? UNK : this.full(from, b, d), fn, span: { toks, from, to: b } };
  }

  private object(lo: number, hi: number, d: number): Val {
    const props = new Map<string, Val>();
    for (const [a, b] of this.pieces(lo, hi)) {
      const key = this.toks[a];
      if (!key || (key.k !== 'id' && key.k !== 'str')) continue;
      const sep = this.toks[a + 1];
      if (sep?.k === 'op' && (sep.v === ':' || sep.v === '=>')) props.set(key.v, this.full(a + 2, b, d));
      else if (key.k === 'id' && b === a + 1) props.set(key.v, UNK);
    }
    return { k: 'obj', props };
  }

  protected member(v: Val, name: string): Val {
    if (v.k === 'ref') {
      if (this.spec.envMember && this.spec.envRefs.has(this.spec.canon(v.name))) return env(name);
      return v.name.length > 200 ? UNK : ref(`${v.name}.${name}`);
    }
    return { k: 'meth', recv: v, name };
  }

  private index(v: Val, lo: number, hi: number, d: number): Val {
    if (v.k !== 'ref') return UNK;
    const key = this.full(lo, hi, d);
    if (key.k !== 'str') return UNK;
    if (this.spec.envRefs.has(this.spec.canon(v.name))) return env(key.s);
    return this.lang === 'node' ? this.member(v, key.s) : UNK;
  }

  /** Perl $ENV{HOME} / $ENV{'HOME'}. */
  private hashKey(v: Val, lo: number, hi: number): Val {
    const key = this.toks[lo];
    if (v.k !== 'ref' || v.name !== '$ENV' || hi !== lo + 1 || !key || (key.k !== 'id' && key.k !== 'str') || key.dyn) return UNK;
    return env(key.v);
  }

  protected resolve(name: string): Val {
    const { aliases, stars } = this.ctx;
    const a = aliases.get(name);
    if (a !== undefined) return ref(a);
    for (const m of stars) {
      const full = `${m}.${name}`;
      const c = this.spec.canon(full);
      if (this.spec.actions.has(c) || this.spec.values.has(c)) return ref(full);
    }
    return ref(this.spec.defaults.get(name) ?? name);
  }
}
