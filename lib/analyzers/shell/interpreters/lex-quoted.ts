// Quoted literals: single- and double-quote semantics (escapes, interpolation making a value unknown while its
// code is lexed), delimited quote-like literals, and slash regexes.

import { knownInterpolation } from '../interpolation.js';
import { isIdChar, isIdStart, isLetter, isSpace } from './chars.js';
import { LexerBase } from './lex-base.js';
import { skipBalanced, splitWords, unescape } from './lex-text.js';
import type { TokKind } from './tokens.js';

type Interp = 'single' | 'js' | 'ruby' | 'perl' | 'php';

export interface Quoted {
  value: string;
  end: number;
  dyn: boolean;
}

export abstract class QuotedLexer extends LexerBase {
  /** Ruby/Perl: `/` after an operator, or `word /re/` (space before, none after). */
  protected regexAllowed(): boolean {
    if (!this.operandBefore()) return true;
    const p = this.last();
    return p?.k === 'id' && this.sp && !isSpace(this.src[this.i + 1]) && !p.v.startsWith('$') && !p.v.startsWith('@');
  }

  /** A quoted literal from `from` up to the unescaped `close` (nesting `open`); pushes its token. */
  protected quote(start: number, from: number, close: string, open: string | undefined, mode: Interp, kind: TokKind, label?: string, tpl?: boolean): boolean {
    const r = mode === 'single' ? this.readSingle(from, close, open) : this.readDouble(from, close, open, mode, this.n);
    this.i = r.end;
    if (kind === 're') while (this.i < this.n && isLetter(this.src[this.i])) this.i++;
    if (kind === 'words') this.push({ k: 'words', v: r.value, items: splitWords(r.value), dyn: r.dyn }, start);
    else this.push({ k: kind, v: r.value, dyn: r.dyn, label, tpl }, start);
    return true;
  }

  /** Single-quote semantics: only \\ and an escaped delimiter are escapes. */
  protected readSingle(from: number, close: string, open: string | undefined): Quoted {
    const { src, n } = this;
    let out = '';
    let depth = 0;
    let j = from;
    while (j < n) {
      const ch = src[j] as string;
      if (ch === '\\' && j + 1 < n) {
        const nx = src[j + 1] as string;
        out += nx === close || nx === '\\' || nx === open ? nx : ch + nx;
        j += 2;
        continue;
      }
      if (open !== undefined && ch === open) depth++;
      else if (ch === close) {
        if (depth === 0) return { value: out, end: j + 1, dyn: false };
        depth--;
      }
      out += ch;
      j++;
    }
    return { value: out, end: n, dyn: false };
  }

  /** Double-quote semantics: escapes decoded, interpolation makes the value unknown (its code is lexed). */
  protected readDouble(from: number, close: string | undefined, open: string | undefined, mode: Interp, limit: number): Quoted {
    const { src } = this;
    let out = '';
    let depth = 0;
    let dyn = false;
    let j = from;
    while (j < limit) {
      const ch = src[j] as string;
      if (ch === '\\' && j + 1 < limit) {
        const [s, len] = unescape(src, j, mode === 'php' ? 'php' : 'other');
        out += s;
        j += len;
        continue;
      }
      if (close !== undefined) {
        if (open !== undefined && ch === open) depth++;
        else if (ch === close) {
          if (depth === 0) return { value: out, end: j + 1, dyn };
          depth--;
        }
      }
      const nx = src[j + 1];
      if ((mode === 'ruby' && ch === '#' && nx === '{') || (mode === 'js' && ch === '$' && nx === '{')) {
        const e = skipBalanced(src, j + 2, limit);
        const known = knownInterpolation(mode, src.slice(j + 2, e));
        if (known !== undefined) out += known;
        else {
          this.nested(j + 2, e);
          dyn = true;
        }
        j = Math.min(e + 1, limit);
        continue;
      }
      // Perl "$ENV{HOME}/x": the variable as `$HOME` text, like an $ENV{HOME} outside a string (env()).
      const envRef = mode === 'perl' && ch === '$' ? /^\$ENV\{'?([A-Za-z_]\w{0,63})'?\}/.exec(src.slice(j, Math.min(j + 72, limit))) : null;
      if (envRef) {
        out += `$${envRef[1]}`;
        j += envRef[0].length;
        continue;
      }
      if (mode === 'ruby' && ch === '#' && (nx === '@' || nx === '$')) dyn = true;
      if (mode === 'perl' && (ch === '$' || ch === '@') && (isIdChar(nx) || nx === '{' || nx === ':' || (ch === '$' && nx === '$'))) dyn = true;
      if (mode === 'php' && ((ch === '$' && (isIdStart(nx) || nx === '{')) || (ch === '{' && nx === '$'))) dyn = true;
      out += ch;
      j++;
    }
    return { value: out, end: limit, dyn };
  }

  protected slashRegex(): boolean {
    const { src, n } = this;
    const start = this.i;
    let j = start + 1;
    let inClass = false;
    while (j < n) {
      const ch = src[j];
      if (ch === '\\') {
        j += 2;
        continue;
      }
      if (ch === '\n' && this.lang === 'node') return false;
      if (inClass) {
        if (ch === ']') inClass = false;
      } else if (ch === '[') inClass = true;
      else if (ch === '/') break;
      j++;
    }
    if (j >= n) return false;
    j++;
    while (j < n && isLetter(src[j])) j++;
    this.i = j;
    this.push({ k: 're', v: '' }, start);
    return true;
  }
}
