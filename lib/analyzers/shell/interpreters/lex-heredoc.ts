// Heredocs: <<ID / <<"ID" / <<'ID' / <<~ID (Perl, Ruby), <<<ID / <<<'ID' (PHP); the body follows the line
// that opens it and is read at its newline.

import { isIdChar, isIdStart } from './chars.js';
import type { Heredoc } from './lex-base.js';
import { QuotedLexer } from './lex-quoted.js';
import { dedent } from './lex-text.js';

export abstract class HeredocLexer extends QuotedLexer {
  /** <<ID / <<"ID" / <<'ID' / <<~ID (Perl, Ruby), <<<ID / <<<'ID' (PHP): the body follows the line. */
  protected heredoc(): boolean {
    const { src, lang } = this;
    const start = this.i;
    const php = lang === 'php';
    let j = start + (php ? 3 : 2);
    let indent = php;
    const dedent = php || src[j] === '~';
    if (php) while (src[j] === ' ' || src[j] === '\t') j++;
    else if (src[j] === '~' || (lang === 'ruby' && src[j] === '-')) {
      indent = true;
      j++;
    }
    const q = src[j];
    let id: string;
    if (q === '"' || q === "'" || (q === '`' && !php)) {
      let e = j + 1;
      while (e < this.n && e - j <= 64 && src[e] !== q && src[e] !== '\n') e++;
      if (src[e] !== q) return false;
      id = src.slice(j + 1, e);
      j = e + 1;
    } else if (isIdStart(q)) {
      let e = j;
      while (isIdChar(src[e])) e++;
      id = src.slice(j, e);
      j = e;
    } else return false;
    if (id === '') return false;
    if (lang === 'ruby' && !this.sp && this.operandBefore()) return false;
    const cmd = q === '`';
    const tok = this.push({ k: cmd ? 'cmd' : 'str', v: '', label: cmd ? '`…`' : undefined }, start);
    this.pending.push({ tok, id, indent, dedent, interp: q !== "'", php });
    this.i = j;
    return true;
  }

  protected heredocBodies(): void {
    const { src, n } = this;
    const list = this.pending;
    this.pending = [];
    let phpLast = false;
    for (const h of list) {
      const from = this.i;
      let bodyEnd = n;
      let resume = n;
      for (let line = from; line < n; ) {
        let e = src.indexOf('\n', line);
        if (e < 0) e = n;
        let s = line;
        if (h.indent) while (s < e && (src[s] === ' ' || src[s] === '\t')) s++;
        let t = e;
        if (t > s && src[t - 1] === '\r') t--;
        const found = h.php ? src.startsWith(h.id, s) && !isIdChar(src[s + h.id.length]) : t - s === h.id.length && src.startsWith(h.id, s);
        if (found) {
          bodyEnd = line;
          resume = h.php ? s + h.id.length : Math.min(e + 1, n);
          break;
        }
        line = e + 1;
      }
      this.fill(h, from, bodyEnd > from && src[bodyEnd - 1] === '\n' ? bodyEnd - 1 : bodyEnd);
      this.i = resume;
      phpLast = h.php;
    }
    // Perl/Ruby: the terminator line's newline ends the statement that opened the heredoc.
    if (!phpLast && this.i > 0 && this.i <= n && src[this.i - 1] === '\n') this.i--;
  }

  private fill(h: Heredoc, from: number, to: number): void {
    if (h.interp) {
      const r = this.readDouble(from, undefined, undefined, this.lang === 'ruby' ? 'ruby' : this.lang === 'php' ? 'php' : 'perl', to);
      h.tok.v = r.value;
      h.tok.dyn = r.dyn;
    } else h.tok.v = this.src.slice(from, to);
    if (h.dedent) h.tok.v = dedent(h.tok.v);
  }
}
