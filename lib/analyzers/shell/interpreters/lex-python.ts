// Python string literals: prefixes (r, b, f …), triple quotes, f-string interpolations lexed as code.

import { knownInterpolation } from '../interpolation.js';
import { HeredocLexer } from './lex-heredoc.js';
import { skipBalanced, unescape } from './lex-text.js';

export const PY_PREFIXES = new Set(['r', 'u', 'b', 'f', 'br', 'rb', 'fr', 'rf']);

export abstract class PythonLexer extends HeredocLexer {
  protected pyString(start: number, prefix: string): void {
    const { src, n } = this;
    const q = src[this.i] as string;
    const q3 = q + q + q;
    const triple = src.startsWith(q3, this.i);
    const lower = prefix.toLowerCase();
    const raw = lower.includes('r');
    const fmt = lower.includes('f');
    let j = this.i + (triple ? 3 : 1);
    let out = '';
    let dyn = false;
    while (j < n) {
      const ch = src[j] as string;
      if (ch === q && (!triple || src.startsWith(q3, j))) {
        j += triple ? 3 : 1;
        break;
      }
      if (ch === '\n' && !triple) break;
      if (ch === '\\') {
        if (raw) {
          out += src.slice(j, j + 2);
          j += 2;
        } else {
          const [s, len] = unescape(src, j, 'python');
          out += s;
          j += len;
        }
        continue;
      }
      if (fmt && ch === '{') {
        if (src[j + 1] === '{') {
          out += '{';
          j += 2;
          continue;
        }
        const e = skipBalanced(src, j + 1, n);
        const known = knownInterpolation('python', src.slice(j + 1, e));
        if (known !== undefined) out += known;
        else {
          this.nested(j + 1, e);
          dyn = true;
        }
        j = e + 1;
        continue;
      }
      if (fmt && ch === '}' && src[j + 1] === '}') {
        out += '}';
        j += 2;
        continue;
      }
      out += ch;
      j++;
    }
    this.i = Math.min(j, n);
    this.push({ k: 'str', v: out, dyn }, start);
  }
}
