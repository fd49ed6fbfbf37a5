// Lexer: code tokens, string values, comments dropped. The top of the lexer chain (see lex-base.ts): where
// each character goes — literals and words per language — and interpolated code lexed as its own stream.

import { isDigit, isIdChar, isIdStart, isSpace } from './chars.js';
import { PERL_QUOTES } from './lex-perl.js';
import { PhpLexer } from './lex-php.js';
import { PY_PREFIXES } from './lex-python.js';
import { MAX_NESTED_LEX, MAX_STREAMS } from './limits.js';
import type { Tok } from './tokens.js';

export class Lexer extends PhpLexer {
  run(): Tok[] {
    if (this.lang === 'php') this.phpStart();
    while (this.i < this.n) this.next();
    return this.toks;
  }

  private next(): void {
    const { src, lang } = this;
    const c = src[this.i] as string;
    if (c === '\n') return this.newline();
    if (isSpace(c)) {
      this.i++;
      this.sp = true;
      return;
    }
    if (c === '\\' && src[this.i + 1] === '\n' && (lang === 'python' || lang === 'ruby')) {
      this.i += 2;
      this.sp = true;
      return;
    }
    if ((this.i === 0 || src[this.i - 1] === '\n') && this.lineDirective()) return;
    if (this.comment()) return;
    if (lang === 'php' && c === '?' && src[this.i + 1] === '>') return this.phpClose();
    if (this.literal()) return;
    if (this.word()) return;
    if (isDigit(c)) return this.number();
    this.op();
  }

  private literal(): boolean {
    const { src, lang, i } = this;
    const c = src[i] as string;
    switch (lang) {
      case 'python':
        if (c !== '"' && c !== "'") return false;
        this.pyString(i, '');
        return true;
      case 'node':
        if (c === '"' || c === "'") {
          this.jsString(c);
          return true;
        }
        if (c === '`') return this.quote(i, i + 1, '`', undefined, 'js', 'str', undefined, true);
        return c === '/' && !this.operandBefore() && this.slashRegex();
      case 'ruby':
        if (c === "'") return this.quote(i, i + 1, "'", undefined, 'single', 'str');
        if (c === '"') return this.quote(i, i + 1, '"', undefined, 'ruby', 'str');
        if (c === '`') return this.quote(i, i + 1, '`', undefined, 'ruby', 'cmd', '`…`');
        if (c === '%') return this.rubyPercent();
        if (c === ':' && src[i - 1] !== ':' && !isIdChar(src[i - 1])) {
          if (src[i + 1] === '"') return this.quote(i, i + 2, '"', undefined, 'ruby', 'str');
          if (isIdStart(src[i + 1])) return this.rubySymbol();
        }
        if (c === '/' && this.regexAllowed()) return this.slashRegex();
        return c === '<' && src[i + 1] === '<' && this.heredoc();
      case 'perl':
        if (c === "'") return this.quote(i, i + 1, "'", undefined, 'single', 'str');
        if (c === '"') return this.quote(i, i + 1, '"', undefined, 'perl', 'str');
        if (c === '`') return this.quote(i, i + 1, '`', undefined, 'perl', 'cmd', '`…`');
        if (c === '/' && this.regexAllowed()) return this.slashRegex();
        return c === '<' && src[i + 1] === '<' && this.heredoc();
      case 'php':
        if (c === "'") return this.quote(i, i + 1, "'", undefined, 'single', 'str');
        if (c === '"') return this.quote(i, i + 1, '"', undefined, 'php', 'str');
        if (c === '`') return this.quote(i, i + 1, '`', undefined, 'php', 'cmd', '`…`');
        return src.startsWith('<<<', i) && this.heredoc();
    }
  }

  /** Lex interpolated code as its own token stream. */
  protected nested(from: number, to: number): void {
    if (this.depth >= MAX_NESTED_LEX || this.streams.length >= MAX_STREAMS || to <= from) return;
    const sub = new Lexer(this.lang, this.src.slice(from, to), this.base + from, this.depth + 1, this.streams);
    this.streams.push(sub.run());
  }

  private word(): boolean {
    const { src, lang } = this;
    const start = this.i;
    const c = src[start] as string;
    if (lang === 'perl' && (c === '$' || c === '@' || c === '%' || c === '&')) return this.perlVar();
    if (lang === 'ruby' && (c === '@' || c === '$')) return this.rubyVar();
    if (lang === 'php' && c === '$') {
      let j = start + 1;
      while (isIdChar(src[j])) j++;
      if (j === start + 1) return false;
      this.i = j;
      this.push({ k: 'id', v: src.slice(start, j) }, start);
      return true;
    }
    const nameStart = lang === 'php' && c === '\\' && isIdStart(src[start + 1]) ? start + 1 : start;
    const idChar = (ch: string | undefined): boolean => isIdChar(ch) || (lang === 'node' && ch === '$');
    if (!(isIdStart(src[nameStart]) || (lang === 'node' && c === '$'))) return false;
    let j = nameStart + 1;
    while (j < this.n && idChar(src[j])) j++;
    if (lang === 'perl') {
      while (src.startsWith('::', j) && isIdStart(src[j + 2])) {
        j += 2;
        while (isIdChar(src[j])) j++;
      }
    }
    if (lang === 'php') {
      while (src[j] === '\\' && isIdStart(src[j + 1])) {
        j++;
        while (isIdChar(src[j])) j++;
      }
    }
    if (lang === 'ruby' && (src[j] === '?' || src[j] === '!') && src[j + 1] !== '=') j++;
    const w = src.slice(nameStart, j);
    if (lang === 'python' && PY_PREFIXES.has(w.toLowerCase()) && (src[j] === '"' || src[j] === "'")) {
      this.i = j;
      this.pyString(start, w);
      return true;
    }
    if (lang === 'perl' && PERL_QUOTES.has(w) && this.perlQuote(w, start, j)) return true;
    this.i = j;
    this.push({ k: 'id', v: w }, start);
    return true;
  }
}
