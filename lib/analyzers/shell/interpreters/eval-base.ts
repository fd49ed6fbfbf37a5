// Evaluation: aliases, then calls found in code tokens. This layer holds one token stream's analysis state
// and budget; the analyzer is one class split by concern into a chain of subclasses:
// eval-base → eval-expr (expressions) → eval-aliases (imports, assignments) → eval (calls).

import type { LangSpec } from './calls.js';
import { MAX_ACTIONS } from './limits.js';
import type { Stream, Tok } from './tokens.js';
import type { InterpreterAction, InterpreterLang } from './types.js';

export interface Found {
  pos: number;
  action: InterpreterAction;
}

export interface Ctx {
  lang: InterpreterLang;
  spec: LangSpec;
  aliases: Map<string, string>;
  /** Modules imported whole (`from os import *`, ruby `include FileUtils`). */
  stars: string[];
  box: { budget: number };
  found: Found[];
  evalDepth: number;
}

export abstract class AnalyzerBase {
  protected local = 0;
  protected readonly fired = new Set<number>();
  protected readonly toks: Tok[];
  private readonly match: Int32Array;
  protected readonly parent: Int32Array;
  protected readonly spec: LangSpec;
  protected readonly lang: InterpreterLang;

  constructor(
    protected readonly ctx: Ctx,
    stream: Stream,
  ) {
    this.toks = stream.toks;
    this.match = stream.match;
    this.parent = stream.parent;
    this.spec = ctx.spec;
    this.lang = ctx.lang;
  }

  protected step(): boolean {
    if (this.local <= 0 || this.ctx.box.budget <= 0) return false;
    this.local--;
    this.ctx.box.budget--;
    return true;
  }

  /** Index of the bracket closing the one at j, or hi when it is not closed before hi. */
  protected close(j: number, hi: number): number {
    const m = this.match[j] ?? -1;
    return m > j && m < hi ? m : hi;
  }

  protected emit(pos: number, action: InterpreterAction): void {
    if (this.ctx.found.length < MAX_ACTIONS) this.ctx.found.push({ pos, action });
  }
}
