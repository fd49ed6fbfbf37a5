// Lexer: code tokens, string values, comments dropped. This layer holds the lexer's state and what every
// language shares: token pushes, newlines, line directives (POD, =begin, __END__), comments, numbers and
// operators.
// The lexer is one class split by concern into a chain of subclasses, each adding one layer:
// lex-base → lex-quoted → lex-heredoc → lex-python → lex-js → lex-ruby → lex-perl → lex-php → lexer.

import { isDigit, isIdChar, isLetter } from './chars.js';
import type { Tok } from './tokens.js';
import type { InterpreterLang } from './types.js';

const OPS: Record<InterpreterLang, readonly string[]> = {
  python: ['**=', '//=', '->', '**', '//', '==', '!=', '<=', '>=', ':=', '+=', '-=', '*=', '/='],
  node: ['...', '===', '!==', '**', '?.', '??', '=>', '==', '!=', '<=', '>=', '&&', '||', '+=', '-='],
  ruby: ['...', '**', '::', '&.', '=>', '==', '!=', '<=', '>=', '&&', '||', '+=', '-=', '=~', '..'],
  perl: ['...', '::', '->', '=>', '==', '!=', '<=', '>=', '&&', '||', '//', '.=', '+=', '-=', '=~', '!~', '..'],
  php: ['...', '?->', '::', '->', '=>', '===', '!==', '==', '!=', '<=', '>=', '&&', '||', '??', '.=', '+='],
};

/** Words after which `/` starts a regex (and `%` a ruby literal, `%h` a perl hash). */
const OPERAND_KEYWORDS = new Set([
  'return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await',
  'if', 'unless', 'while', 'until', 'and', 'or', 'not', 'when', 'split', 'grep', 'map', 'join', 'push', 'unshift',
  'print', 'keys', 'values', 'each', 'exists', 'defined', 'scalar', 'my', 'our', 'local', 'sort', 'puts', 'x',
]);

export interface Heredoc {
  tok: Tok;
  id: string;
  /** Terminator may be indented (<<~, <<-, PHP). */
  indent: boolean;
  /** Common indentation is removed from the body (<<~, PHP). */
  dedent: boolean;
  interp: boolean;
  php: boolean;
}

export abstract class LexerBase {
  protected i = 0;
  protected sp = false;
  protected readonly toks: Tok[] = [];
  protected pending: Heredoc[] = [];
  protected readonly n: number;

  constructor(
    protected readonly lang: InterpreterLang,
    protected readonly src: string,
    protected readonly base: number,
    protected readonly depth: number,
    /** Token streams of interpolated code (f"{…}", `${…}`, "#{…}", s///e), filled as they are met. */
    protected readonly streams: Tok[][],
  ) {
    this.n = src.length;
  }

  /** Heredoc bodies pending at a newline (lex-heredoc). */
  protected abstract heredocBodies(): void;

  /** Lex interpolated code as its own token stream (lexer). */
  protected abstract nested(from: number, to: number): void;

  protected push(t: Omit<Tok, 'pos' | 'sp'>, start: number): Tok {
    // One object shape for every token keeps property access monomorphic.
    const tok: Tok = { k: t.k, v: t.v, pos: this.base + start, dyn: t.dyn ?? false, items: t.items, tpl: t.tpl ?? false, sp: this.sp, label: t.label };
    this.toks.push(tok);
    this.sp = false;
    return tok;
  }

  protected last(): Tok | undefined {
    return this.toks[this.toks.length - 1];
  }

  /** The previous token ends an operand (so `/` divides, `%` is modulo, `<<` shifts). */
  protected operandBefore(): boolean {
    const p = this.last();
    if (!p || p.k === 'nl') return false;
    if (p.k === 'op') return p.v === ')' || p.v === ']' || p.v === '}';
    if (p.k === 'id') return !OPERAND_KEYWORDS.has(p.v);
    return true;
  }

  protected newline(): void {
    const at = this.i++;
    if (this.pending.length > 0) this.heredocBodies();
    if (this.lang !== 'perl' && this.lang !== 'php') this.push({ k: 'nl', v: '\n' }, at);
    this.sp = true;
  }

  /** Ruby =begin…=end, Perl POD, __END__ / __DATA__: all data. */
  protected lineDirective(): boolean {
    const { src, lang, i } = this;
    if (lang === 'ruby' && src.startsWith('=begin', i) && !isIdChar(src[i + 6])) {
      this.i = this.lineEndAfter('\n=end', i);
      return true;
    }
    if (lang === 'perl' && src[i] === '=' && isLetter(src[i + 1])) {
      this.i = this.lineEndAfter('\n=cut', i);
      return true;
    }
    if ((lang === 'ruby' || lang === 'perl') && src[i] === '_' && (src.startsWith('__END__', i) || src.startsWith('__DATA__', i))) {
      let e = src.indexOf('\n', i);
      if (e < 0) e = this.n;
      const w = src.slice(i, e).trim();
      if (w === '__END__' || (lang === 'perl' && w === '__DATA__')) {
        this.i = this.n;
        return true;
      }
    }
    return false;
  }

  /** End of the line holding the next `marker` after `from` (its newline is left to end the statement). */
  private lineEndAfter(marker: string, from: number): number {
    const at = this.src.indexOf(marker, from);
    if (at < 0) return this.n;
    const e = this.src.indexOf('\n', at + marker.length);
    return e < 0 ? this.n : e;
  }

  protected comment(): boolean {
    const { src, lang, i } = this;
    const c = src[i];
    const nx = src[i + 1];
    const hash =
      c === '#' &&
      (lang === 'python' || lang === 'ruby' || lang === 'perl' || (lang === 'php' && nx !== '[') || (lang === 'node' && i === 0 && nx === '!'));
    const slashes = c === '/' && nx === '/' && (lang === 'node' || lang === 'php');
    if (hash || slashes) {
      let j = i;
      while (j < this.n && src[j] !== '\n' && !(lang === 'php' && src[j] === '?' && src[j + 1] === '>')) j++;
      this.i = j;
      this.sp = true;
      return true;
    }
    if (c === '/' && nx === '*' && (lang === 'node' || lang === 'php')) {
      const e = src.indexOf('*/', i + 2);
      this.i = e < 0 ? this.n : e + 2;
      this.sp = true;
      return true;
    }
    return false;
  }

  protected number(): void {
    const { src } = this;
    const start = this.i;
    let j = start + 1;
    while (j < this.n && (isIdChar(src[j]) || (src[j] === '.' && isDigit(src[j + 1])))) j++;
    this.i = j;
    this.push({ k: 'num', v: src.slice(start, j) }, start);
  }

  protected op(): void {
    const start = this.i;
    for (const o of OPS[this.lang]) {
      if (this.src.startsWith(o, start)) {
        this.i += o.length;
        this.push({ k: 'op', v: o }, start);
        return;
      }
    }
    this.i++;
    this.push({ k: 'op', v: this.src[start] as string }, start);
  }
}
