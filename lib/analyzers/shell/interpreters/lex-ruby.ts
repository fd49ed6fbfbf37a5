// Ruby literals and variables: :symbols, %q() %w[] %x() … percent literals, @ivars and $globals.

import { isIdChar, isIdStart, isSpace } from './chars.js';
import { JsLexer } from './lex-js.js';
import { OPENERS } from './lex-text.js';

export abstract class RubyLexer extends JsLexer {
  protected rubySymbol(): boolean {
    const start = this.i;
    let j = start + 1;
    while (isIdChar(this.src[j])) j++;
    if (this.src[j] === '?' || this.src[j] === '!') j++;
    this.i = j;
    this.push({ k: 'str', v: this.src.slice(start + 1, j) }, start);
    return true;
  }

  /** Ruby %q() %Q() %() %w[] %i[] %x() %r{} %s(), where an operand is expected. */
  protected rubyPercent(): boolean {
    const { src } = this;
    const start = this.i;
    let type = src[start + 1] ?? '';
    let d = start + 1;
    if (type !== '' && 'qQwWiIxrs'.includes(type)) d++;
    else type = '';
    const delim = src[d];
    if (delim === undefined || isIdChar(delim) || isSpace(delim) || delim === '\n' || delim === '=') return false;
    if (type === '' && !'([{<|!/^'.includes(delim)) return false;
    const p = this.last();
    const wanted = !this.operandBefore() || (p?.k === 'id' && this.sp && !isSpace(src[start + 1]));
    if (!wanted) return false;
    const close = OPENERS[delim] ?? delim;
    const open = OPENERS[delim] !== undefined ? delim : undefined;
    switch (type) {
      case 'q':
      case 's':
        return this.quote(start, d + 1, close, open, 'single', 'str');
      case 'w':
      case 'i':
        return this.quote(start, d + 1, close, open, 'single', 'words');
      case 'W':
      case 'I':
        return this.quote(start, d + 1, close, open, 'ruby', 'words');
      case 'x':
        return this.quote(start, d + 1, close, open, 'ruby', 'cmd', '%x');
      case 'r':
        return this.quote(start, d + 1, close, open, 'ruby', 're');
      default:
        return this.quote(start, d + 1, close, open, 'ruby', 'str');
    }
  }

  protected rubyVar(): boolean {
    const { src } = this;
    const start = this.i;
    let j = start + 1;
    if (src[start] === '@') {
      if (src[j] === '@') j++;
      if (!isIdStart(src[j])) return false;
      while (isIdChar(src[j])) j++;
    } else if (isIdStart(src[j])) while (isIdChar(src[j])) j++;
    else if (src[j] !== undefined && !isSpace(src[j]) && src[j] !== '\n') j++;
    else return false;
    this.i = j;
    this.push({ k: 'id', v: src.slice(start, j) }, start);
    return true;
  }
}
