// Aliases: imports and assignments of modules/functions (import, from … import, require, const { … } =,
// ruby include), so later calls resolve to the names they stand for.

import { ExprAnalyzer } from './eval-expr.js';
import { LOCAL_BUDGET } from './limits.js';
import { isOp, isOpen, type Tok } from './tokens.js';
import { canonModule } from './values.js';

const DECLARATIONS = new Set(['const', 'let', 'var']);

export abstract class AliasAnalyzer extends ExprAnalyzer {
  bind(): void {
    const { toks, lang } = this;
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i] as Tok;
      if (t.k !== 'id') continue;
      const prev = toks[i - 1];
      const atStart = !prev || prev.k === 'nl' || (prev.k === 'op' && (prev.v === ';' || prev.v === '{' || prev.v === '}' || (lang === 'python' && prev.v === ':')));
      if (!atStart) continue;
      this.local = LOCAL_BUDGET;
      const nx = toks[i + 1];
      if (lang === 'python' && t.v === 'import') i = Math.max(i, this.pyImport(i + 1));
      else if (lang === 'python' && t.v === 'from') i = Math.max(i, this.pyFrom(i + 1));
      else if (lang === 'node' && t.v === 'import' && !isOp(nx, '(') && !isOp(nx, '.')) i = Math.max(i, this.jsImport(i + 1));
      else if (lang === 'node' && DECLARATIONS.has(t.v)) i = Math.max(i, this.jsDeclare(i + 1));
      else if (lang === 'ruby' && (t.v === 'include' || t.v === 'extend')) {
        const v = this.full(i + 1, this.rhsEnd(i + 1, false), 0);
        if (v.k === 'ref') this.star(this.spec.canon(v.name));
      } else if (isOp(nx, '=') && lang !== 'perl' && lang !== 'php') this.assign(t.v, i + 2, this.rhsEnd(i + 2, false));
    }
  }

  private alias(name: string, target: string): void {
    if (name !== target && this.ctx.aliases.size < 512) this.ctx.aliases.set(name, target);
  }

  private star(module: string): void {
    if (!this.ctx.stars.includes(module) && this.ctx.stars.length < 16) this.ctx.stars.push(module);
  }

  /** End of an assignment's right-hand side: newline, `;` (or `,` between JS declarators) at depth 0. */
  private rhsEnd(from: number, commaEnds: boolean): number {
    const { toks } = this;
    let j = from;
    for (let steps = 0; j < toks.length && steps < 128; steps++) {
      const t = toks[j] as Tok;
      if (t.k === 'nl' || isOp(t, ';') || (commaEnds && isOp(t, ','))) break;
      if (t.k === 'op' && (t.v === ')' || t.v === ']' || t.v === '}')) break;
      j = isOpen(t) ? this.close(j, toks.length) + 1 : j + 1;
    }
    return Math.min(j, toks.length);
  }

  private assign(name: string, from: number, to: number): void {
    const v = this.full(from, to, 0);
    if (v.k === 'ref') this.alias(name, v.name);
  }

  private dotted(j: number): [string, number] {
    const { toks } = this;
    let s = '';
    while (isOp(toks[j], '.')) j++;
    while (toks[j]?.k === 'id' && s.length < 200) {
      s += (s ? '.' : '') + (toks[j] as Tok).v;
      j++;
      if (isOp(toks[j], '.') && toks[j + 1]?.k === 'id') j++;
      else break;
    }
    return [s, j];
  }

  /** import a.b [as c], d */
  private pyImport(j: number): number {
    const { toks } = this;
    while (j < toks.length) {
      const [mod, k] = this.dotted(j);
      if (!mod) return j;
      j = k;
      if (toks[j]?.v === 'as' && toks[j + 1]?.k === 'id') {
        this.alias((toks[j + 1] as Tok).v, mod);
        j += 2;
      }
      if (!isOp(toks[j], ',')) break;
      j++;
    }
    return j - 1;
  }

  /** from m import a [as b], c / from m import (a, b) / from m import * */
  private pyFrom(j: number): number {
    const { toks } = this;
    const [mod, k] = this.dotted(j);
    if (!mod || toks[k]?.k !== 'id' || (toks[k] as Tok).v !== 'import') return k - 1;
    j = k + 1;
    if (isOp(toks[j], '*')) {
      this.star(mod);
      return j;
    }
    if (isOp(toks[j], '(')) j++;
    while (toks[j]?.k === 'id') {
      const name = (toks[j] as Tok).v;
      j++;
      let as = name;
      if (toks[j]?.v === 'as' && toks[j + 1]?.k === 'id') {
        as = (toks[j + 1] as Tok).v;
        j += 2;
      }
      this.alias(as, `${mod}.${name}`);
      if (!isOp(toks[j], ',')) break;
      j++;
    }
    return j - 1;
  }

  /** import x from 'm' / import * as x from 'm' / import { a, b as c } from 'm' / import x = require('m') */
  private jsImport(j: number): number {
    const { toks } = this;
    const binds: Array<[string, string | undefined]> = [];
    if (toks[j]?.k === 'id' && (toks[j] as Tok).v !== 'from') {
      const local = (toks[j] as Tok).v;
      j++;
      if (isOp(toks[j], '=')) {
        const end = this.rhsEnd(j + 1, false);
        this.assign(local, j + 1, end);
        return end;
      }
      binds.push([local, undefined]);
      if (isOp(toks[j], ',')) j++;
    }
    if (isOp(toks[j], '*') && toks[j + 1]?.v === 'as' && toks[j + 2]?.k === 'id') {
      binds.push([(toks[j + 2] as Tok).v, undefined]);
      j += 3;
    }
    if (isOp(toks[j], '{')) {
      const e = this.close(j, toks.length);
      for (const [a, b] of this.pieces(j + 1, e)) {
        const n0 = toks[a];
        if (!n0 || (n0.k !== 'id' && n0.k !== 'str')) continue;
        const renamed = b - a === 3 && toks[a + 1]?.v === 'as' && toks[a + 2]?.k === 'id';
        binds.push([renamed ? (toks[a + 2] as Tok).v : n0.v, n0.v]);
      }
      j = Math.min(e + 1, toks.length);
    }
    if (toks[j]?.v === 'from' && toks[j + 1]?.k === 'str') {
      const mod = canonModule((toks[j + 1] as Tok).v);
      for (const [local, member] of binds) this.alias(local, member === undefined || member === 'default' ? mod : `${mod}.${member}`);
      j++;
    }
    return j;
  }

  /** const a = …, { b, c: d } = … */
  private jsDeclare(j: number): number {
    const { toks } = this;
    for (let guard = 0; guard < 64 && j < toks.length; guard++) {
      const t = toks[j] as Tok;
      let e: number;
      if (t.k === 'id' && isOp(toks[j + 1], '=')) {
        e = this.rhsEnd(j + 2, true);
        this.assign(t.v, j + 2, e);
      } else if (isOp(t, '{')) {
        const pe = this.close(j, toks.length);
        if (!isOp(toks[pe + 1], '=')) return pe;
        e = this.rhsEnd(pe + 2, true);
        const v = this.full(pe + 2, e, 0);
        if (v.k === 'ref') {
          for (const [a] of this.pieces(j + 1, pe)) {
            const key = toks[a];
            if (!key || (key.k !== 'id' && key.k !== 'str')) continue;
            const local = isOp(toks[a + 1], ':') && toks[a + 2]?.k === 'id' ? (toks[a + 2] as Tok).v : key.v;
            this.alias(local, `${v.name}.${key.v}`);
          }
        }
      } else return j;
      j = e;
      if (!isOp(toks[j], ',')) return j;
      j++;
    }
    return j;
  }
}
