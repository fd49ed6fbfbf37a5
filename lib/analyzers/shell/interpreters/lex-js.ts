// JavaScript quoted strings ('…', "…"); template literals and regexes are lex-quoted's.

import { PythonLexer } from './lex-python.js';
import { unescape } from './lex-text.js';

export abstract class JsLexer extends PythonLexer {
  protected jsString(q: string): void {
    const { src, n } = this;
    const start = this.i;
    let j = start + 1;
    let out = '';
    while (j < n && src[j] !== q && src[j] !== '\n') {
      if (src[j] === '\\') {
        const [s, len] = unescape(src, j, 'other');
        out += s;
        j += len;
        continue;
      }
      out += src[j];
      j++;
    }
    this.i = src[j] === q ? j + 1 : j;
    this.push({ k: 'str', v: out }, start);
  }
}
