// PHP tags: code between <?php … ?>; text outside is output.

import { isSpace } from './chars.js';
import { PerlLexer } from './lex-perl.js';

export abstract class PhpLexer extends PerlLexer {
  protected phpStart(): void {
    let j = 0;
    while (j < this.n && (isSpace(this.src[j]) || this.src[j] === '\n')) j++;
    if (this.src.startsWith('<?', j)) this.i = this.afterOpenTag(j);
  }

  private afterOpenTag(at: number): number {
    if (this.src.startsWith('<?php', at)) return at + 5;
    if (this.src.startsWith('<?=', at)) return at + 3;
    return at + 2;
  }

  protected phpClose(): void {
    this.push({ k: 'op', v: ';' }, this.i);
    const at = this.src.indexOf('<?', this.i + 2);
    this.i = at < 0 ? this.n : this.afterOpenTag(at);
    this.sp = true;
  }
}
