// Perl variables ($x, @a, %h, &f, special variables) and quote-like operators: q qq qw qx m qr s tr y.

import { isDigit, isIdChar, isIdStart, isLetter, isSpace } from './chars.js';
import type { Quoted } from './lex-quoted.js';
import { RubyLexer } from './lex-ruby.js';
import { OPENERS } from './lex-text.js';

export const PERL_QUOTES = new Set(['q', 'qq', 'qw', 'qx', 'm', 'qr', 's', 'tr', 'y']);
const PERL_SPECIAL_VARS = '&`+!@/\\,.0<>_?~=-:|';

export abstract class PerlLexer extends RubyLexer {
  protected perlVar(): boolean {
    const { src } = this;
    const start = this.i;
    const c = src[start];
    const nx = src[start + 1];
    let j = start + 1;
    const name = (): void => {
      while (isIdChar(src[j])) j++;
      while (src.startsWith('::', j)) {
        j += 2;
        while (isIdChar(src[j])) j++;
      }
    };
    if (c === '$') {
      if (nx === '#') {
        j++;
        if (src[j] !== '$' && src[j] !== '{') name();
      } else if (isIdStart(nx) || (nx === ':' && src[start + 2] === ':')) name();
      else if (isDigit(nx)) while (isDigit(src[j])) j++;
      else if (nx === '^' && isLetter(src[start + 2])) j += 2;
      else if (nx !== undefined && PERL_SPECIAL_VARS.includes(nx)) j++;
    } else if (c === '@') {
      if (isIdStart(nx) || nx === ':') name();
      else if (nx !== '$' && nx !== '{') return false;
    } else {
      if (this.operandBefore()) return false;
      if (isIdStart(nx) || (nx === ':' && src[start + 2] === ':')) name();
      else if (c === '%' && (nx === '$' || nx === '{')) {
        // %$ref, %{…}: the sigil alone
      } else return false;
    }
    this.i = j;
    this.push({ k: 'id', v: src.slice(start, j) }, start);
    return true;
  }

  /** q qq qw qx m qr s tr y with their delimiters. */
  protected perlQuote(w: string, start: number, after: number): boolean {
    const { src } = this;
    const p = this.last();
    if ((p?.k === 'op' && p.v === '->') || src[start - 1] === '-') return false;
    let d = after;
    while (src[d] === ' ' || src[d] === '\t') d++;
    const delim = src[d];
    if (delim === undefined || isIdChar(delim) || isSpace(delim) || delim === '\n' || ',;)]}>='.includes(delim) || (delim === '#' && d !== after)) {
      return false;
    }
    const close = OPENERS[delim] ?? delim;
    const open = OPENERS[delim] !== undefined ? delim : undefined;
    switch (w) {
      case 'q':
        return this.quote(start, d + 1, close, open, 'single', 'str');
      case 'qq':
        return this.quote(start, d + 1, close, open, delim === "'" ? 'single' : 'perl', 'str');
      case 'qw':
        return this.quote(start, d + 1, close, open, 'single', 'words');
      case 'qx':
        return this.quote(start, d + 1, close, open, delim === "'" ? 'single' : 'perl', 'cmd', 'qx');
      case 'm':
      case 'qr':
        return this.quote(start, d + 1, close, open, 'single', 're');
      default:
        return this.substitution(w, start, d, close, open);
    }
  }

  /** s/…/…/ tr/…/…/ y/…/…/ (bracketed: s{…}{…}); the replacement of s///e is code. */
  private substitution(w: string, start: number, d: number, close: string, open: string | undefined): boolean {
    const { src, n } = this;
    const first = this.readSingle(d + 1, close, open);
    let replFrom = first.end;
    let repl: Quoted;
    if (open !== undefined) {
      let k = first.end;
      while (k < n && (isSpace(src[k]) || src[k] === '\n')) k++;
      const d2 = src[k] ?? '';
      replFrom = k + 1;
      repl = d2 === '' ? { value: '', end: n, dyn: false } : this.readSingle(k + 1, OPENERS[d2] ?? d2, OPENERS[d2] !== undefined ? d2 : undefined);
    } else repl = this.readSingle(first.end, close, undefined);
    let j = repl.end;
    const flagsFrom = j;
    while (j < n && isLetter(src[j])) j++;
    if (w === 's' && src.slice(flagsFrom, j).includes('e')) this.nested(replFrom, repl.end - 1);
    this.i = j;
    this.push({ k: 're', v: '' }, start);
    return true;
  }
}
