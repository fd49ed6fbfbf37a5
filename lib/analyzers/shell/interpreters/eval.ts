// Calls found in code tokens: statements scanned, callees resolved to actions or values, actions fired (code
// given to eval is analysed again, bounded), and the public entry interpreterActions.

import { type Arg, type Handler, makeCall, type ValueFn } from './calls.js';
import { AliasAnalyzer } from './eval-aliases.js';
import type { Ctx, Found } from './eval-base.js';
import { Lexer } from './lexer.js';
import { GLOBAL_BUDGET, LOCAL_BUDGET, MAX_ACTIONS, MAX_CODE_BYTES, MAX_EVAL } from './limits.js';
import { SPECS } from './specs.js';
import { BRACKETS, isOp, isOpen, prepare, type Tok } from './tokens.js';
import { type InterpreterAction, type InterpreterLang, UNKNOWN_TARGET } from './types.js';
import { lastName, ref, str, UNK, type Val } from './values.js';

/** Functions that take a function without calling it. */
const NOT_CALLING = new Set(['promisify', 'callable', 'print', 'log', 'error', 'repr', 'str', 'type', 'id', 'hasattr', 'isinstance', 'deprecate', 'inspect', 'dir', 'help', 'getattr']);
/** Calls naming the function they call. */
const REDIRECTS = new Set(['send', 'public_send', '__send__', 'call_user_func', 'call_user_func_array', 'array_map']);

type Target = { value: ValueFn } | { action: Handler; recv?: Val };

class Analyzer extends AliasAnalyzer {
  scan(): void {
    const { toks, spec } = this;
    for (let i = 0; i < toks.length; i++) {
      if (this.ctx.found.length >= MAX_ACTIONS) return;
      const t = toks[i] as Tok;
      const prev = toks[i - 1];
      if (t.k === 'cmd') {
        this.emit(t.pos, { api: t.label ?? '`…`', shell: t.dyn ? UNKNOWN_TARGET : t.v });
        continue;
      }
      if (prev?.k === 'op' && spec.connectors.has(prev.v)) continue;
      if (prev?.k === 'id' && spec.definers.has(prev.v)) continue;
      const group =
        isOp(t, '(') && !(prev && (prev.k === 'id' || isOp(prev, ')') || isOp(prev, ']'))) && this.isConnector(this.close(i, toks.length) + 1);
      if (t.k === 'id' || group) {
        this.local = LOCAL_BUDGET;
        this.statement(i);
      }
    }
  }

  private isConnector(j: number): boolean {
    const t = this.toks[j];
    return t?.k === 'op' && this.spec.connectors.has(t.v);
  }

  private statement(i: number): void {
    const r = this.postfix(i, this.toks.length, 0, true);
    if (!r.called && r.v.k === 'ref' && (this.lang === 'python' || this.lang === 'node') && this.callbackSlot(i, r.end)) {
      // A destructive function handed over to be called: map(os.remove, files), files.forEach(fs.unlinkSync).
      const target = this.target(r.v);
      if (target && !('value' in target) && !target.recv) this.fire(target, [], -1 - r.end, (this.toks[i] as Tok).pos, this.render(i, r.end));
      return;
    }
    if (r.called || !this.spec.parenless) return;
    // Ruby/Perl call without parentheses: `system "rm -rf /"`, `FileUtils.rm_rf dir`, `unlink $f or die`.
    const target = this.target(r.v);
    if (!target || 'value' in target) return;
    const j = r.end;
    const t = this.toks[j];
    const api = this.render(i, j);
    const pos = (this.toks[i] as Tok).pos;
    if (!this.argStart(t)) {
      const ends = t === undefined || this.stmtEnd(t) || this.isConnector(j);
      const noArgs = (this.lang === 'ruby' && r.member) || (r.v.k === 'ref' && this.spec.noArgs.has(this.spec.canon(r.v.name)));
      if (ends && noArgs) this.fire(target, [], -1 - j, pos, api);
      return;
    }
    let e = j;
    for (let steps = 0; e < this.toks.length && !this.stmtEnd(this.toks[e] as Tok) && steps < 512; steps++) {
      e = isOpen(this.toks[e]) ? this.close(e, this.toks.length) + 1 : e + 1;
    }
    e = Math.min(e, this.toks.length);
    this.local = LOCAL_BUDGET;
    this.fire(target, this.args(j, e, 1), -1 - j, pos, api);
  }

  /** Tokens [i, end) are a whole argument of a call that may call it (not print(), promisify(), …). */
  private callbackSlot(i: number, end: number): boolean {
    const before = this.toks[i - 1];
    const after = this.toks[end];
    if (!(isOp(before, '(') || isOp(before, ',')) || !(isOp(after, ')') || isOp(after, ',')) || this.toks[i]?.k !== 'id') return false;
    const open = this.parent[i] ?? -1;
    const callee = this.toks[open - 1];
    return isOp(this.toks[open], '(') && callee?.k === 'id' && !NOT_CALLING.has(callee.v);
  }

  private stmtEnd(t: Tok): boolean {
    if (t.k === 'nl') return true;
    if (t.k === 'op') return t.v === ';' || t.v === ')' || t.v === ']' || t.v === '}';
    return t.k === 'id' && this.spec.stops.has(t.v);
  }

  private argStart(t: Tok | undefined): boolean {
    if (!t) return false;
    switch (t.k) {
      case 'str':
      case 'words':
      case 'num':
      case 'cmd':
        return true;
      case 'id':
        return !this.spec.stops.has(t.v) && t.v !== 'x';
      case 'op':
        if (t.v === '[' || t.v === '\\') return true;
        if (t.v === '<') return this.lang === 'perl';
        return t.v === '*' && t.sp === true;
      default:
        return false;
    }
  }

  private fire(target: { action: Handler; recv?: Val }, args: Arg[], key: number, pos: number, api: string): void {
    if (this.fired.has(key)) return;
    this.fired.add(key);
    const out = target.action(makeCall(args, target.recv));
    if (!out) return;
    if ('code' in out) {
      if (this.ctx.evalDepth >= MAX_EVAL) return;
      for (const f of collect(this.lang, out.code, this.ctx.evalDepth + 1, this.ctx.box)) this.emit(pos, f.action);
      return;
    }
    this.emit(pos, { api, ...out });
  }

  /** What calling v means: a value (os.path.join), an action (shutil.rmtree), or nothing we know. */
  private target(v: Val): Target | undefined {
    const { spec } = this;
    if (v.k === 'ref') {
      const name = spec.canon(v.name);
      const value = spec.values.get(name);
      if (value) return { value };
      const action = spec.actions.get(name);
      if (action) return { action };
      const last = lastName(name);
      const d = spec.distinctive.get(last);
      const distinct = d === undefined ? undefined : spec.actions.get(d);
      if (distinct) return { action: distinct };
      const m = spec.methods.get(last);
      if (m && last !== name && spec.loose.has(last)) return { action: m, recv: UNK };
      return undefined;
    }
    if (v.k === 'meth') {
      const mv = spec.methodValues.get(v.name);
      if (mv) return { value: (c) => mv(v.recv, c) };
      const m = spec.methods.get(v.name);
      if (m && (v.recv.k === 'path' || spec.loose.has(v.name))) return { action: m, recv: v.recv };
    }
    return undefined;
  }

  /** Calls that name the function they call: ruby send(:name, …), php call_user_func('name', …). */
  private redirect(name: string, args: Arg[]): { v: Val; args: Arg[] } | undefined {
    const pos = args.filter((a) => a.name === undefined);
    const f = pos[0]?.v;
    if (f?.k !== 'str') return undefined;
    if (this.lang === 'php') {
      const n = this.spec.canon(name);
      if (n === 'call_user_func') return { v: ref(f.s), args: pos.slice(1) };
      if (n === 'array_map') return { v: ref(f.s), args: [{ v: UNK, fn: false }] };
      if (n === 'call_user_func_array') {
        const l = pos[1]?.v;
        const items = l?.k === 'list' ? l.items : [UNK];
        return { v: ref(f.s), args: items.map((v) => ({ v, fn: false })) };
      }
    }
    if (this.lang === 'ruby') {
      const last = lastName(name);
      if (last === 'send' || last === 'public_send' || last === '__send__') {
        const base = name.slice(0, Math.max(0, name.length - last.length - 1));
        return { v: base ? this.member(ref(base), f.s) : this.resolve(f.s), args: args.filter((a) => a !== pos[0]) };
      }
    }
    return undefined;
  }

  protected call(v: Val, open: number, close: number, d: number, fire: boolean, start: number): Val {
    let target = this.target(v);
    let args: Arg[] | undefined;
    if (!target && v.k === 'ref') {
      const last = lastName(v.name).toLowerCase();
      if (REDIRECTS.has(last)) {
        const r = this.redirect(v.name, this.args(open + 1, close, d + 1));
        if (r) {
          target = this.target(r.v);
          args = r.args;
        }
      }
    }
    if (!target) return UNK;
    args ??= this.args(open + 1, close, d + 1);
    if ('value' in target) return target.value(makeCall(args));
    // `name(…) {` in JS is a method definition.
    if (fire && !(this.lang === 'node' && isOp(this.toks[close + 1], '{'))) this.fire(target, args, open, (this.toks[start] as Tok).pos, this.render(start, open));
    return UNK;
  }

  protected tagged(v: Val, j: number, fire: boolean, start: number): Val {
    const t = this.toks[j] as Tok;
    const target = this.target(v);
    if (!target || 'value' in target || !fire) return UNK;
    this.fire(target, [{ v: t.dyn ? UNK : str(t.v), fn: false }], j, (this.toks[start] as Tok).pos, this.render(start, j));
    return UNK;
  }

  /** The callee as written, for messages: `shutil.rmtree`, `require('fs').rmSync`, `Path('/x').unlink`. */
  private render(a: number, b: number): string {
    const { toks, spec } = this;
    let s = '';
    let j = a;
    while (j < b && toks[j]?.k === 'id' && spec.prefix.has((toks[j] as Tok).v)) j++;
    for (; j < b && s.length < 80; j++) {
      const t = toks[j] as Tok;
      if (isOpen(t)) {
        const e = this.close(j, b);
        const inner = toks[j + 1];
        const body = e === j + 1 ? '' : e === j + 2 && inner?.k === 'str' && !inner.dyn ? quoteText(inner.v) : '…';
        s += `${t.v}${body}${BRACKETS[t.v] ?? ''}`;
        j = e;
        continue;
      }
      s += t.k === 'str' ? quoteText(t.v) : t.v;
    }
    return s || '?';
  }
}

function quoteText(s: string): string {
  return s.length > 40 ? `'${s.slice(0, 37)}…'` : `'${s}'`;
}

function collect(lang: InterpreterLang, code: string, evalDepth: number, box: { budget: number }): Found[] {
  const found: Found[] = [];
  try {
    const spec = SPECS[lang];
    const streams: Tok[][] = [];
    const main = new Lexer(lang, code, 0, 0, streams).run();
    const ctx: Ctx = { lang, spec, aliases: new Map(), stars: [], box, found, evalDepth };
    const analyzers = [main, ...streams].map((t) => new Analyzer(ctx, prepare(lang, t)));
    for (const a of analyzers) a.bind();
    for (const a of analyzers) a.scan();
  } catch {
    // keep what was found
  }
  found.sort((x, y) => x.pos - y.pos);
  return found.slice(0, MAX_ACTIONS);
}

/** Destructive or command-running calls found in the code, in source order. Bounded work; never throws. */
export function interpreterActions(lang: InterpreterLang, code: string): InterpreterAction[] {
  try {
    if (typeof code !== 'string' || !Object.hasOwn(SPECS, lang)) return [];
    if (code.length > MAX_CODE_BYTES || Buffer.byteLength(code, 'utf8') > MAX_CODE_BYTES) {
      return [{ api: '(code too large)', shell: UNKNOWN_TARGET }];
    }
    return collect(lang, code, 0, { budget: GLOBAL_BUDGET }).map((f) => f.action);
  } catch {
    return [];
  }
}
