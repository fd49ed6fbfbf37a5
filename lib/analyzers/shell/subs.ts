// Table of substitutions pulled out of the command text before tokenising: $(…), `…`, <(…), >(…),
// $((…)) and heredoc bodies. Words keep a placeholder; the table holds the text and what ran inside.

import { replaceSubs, subPlaceholder } from './markers.js';

export type SubKind = '$()' | '``' | '<()' | '>()' | '$(())' | 'heredoc';

/** Substitutions whose inner text the shell executes. */
export const EXECUTING_KINDS: ReadonlySet<SubKind> = new Set<SubKind>(['$()', '``', '<()', '>()']);

export interface Sub {
  kind: SubKind;
  /** Inner text (for a heredoc: its body), still holding placeholders of enclosing levels. */
  inner: string;
  /** Heredoc with a quoted delimiter: body taken literally. */
  quoted: boolean;
  /** Programs of every segment produced inside it (filled in after analysis). */
  programs: string[];
}

const DISPLAY_MAX = 400;

export class SubTable {
  readonly subs: Sub[] = [];
  private readonly shown = new Map<number, string>();

  get size(): number {
    return this.subs.length;
  }

  add(kind: SubKind, inner: string, quoted = false): number {
    this.subs.push({ kind, inner, quoted, programs: [] });
    return this.subs.length - 1;
  }

  placeholder(id: number): string {
    return subPlaceholder(id);
  }

  get(id: number): Sub | undefined {
    return this.subs[id];
  }

  setInner(id: number, inner: string): void {
    const sub = this.subs[id];
    if (sub) sub.inner = inner;
  }

  /** Replace placeholders in a word with readable text such as `$(curl …)`. */
  display(word: string): string {
    return replaceSubs(word, (id) => this.show(id));
  }

  private show(id: number): string {
    const cached = this.shown.get(id);
    if (cached !== undefined) return cached;
    const sub = this.subs[id];
    let text: string;
    if (!sub) text = '$(?)';
    else {
      // Inner placeholders always have smaller ids (they were created at an enclosing level), so this terminates.
      let inner = replaceSubs(sub.inner, (inner) => (inner < id ? this.show(inner) : '…'));
      if (inner.length > DISPLAY_MAX) inner = `${inner.slice(0, DISPLAY_MAX)}…`;
      text = wrap(sub.kind, inner);
    }
    this.shown.set(id, text);
    return text;
  }
}

function wrap(kind: SubKind, inner: string): string {
  switch (kind) {
    case '$()':
      return `$(${inner})`;
    case '``':
      return `\`${inner}\``;
    case '<()':
      return `<(${inner})`;
    case '>()':
      return `>(${inner})`;
    case '$(())':
      return `$((${inner}))`;
    case 'heredoc':
      return '<<heredoc>>';
  }
}
