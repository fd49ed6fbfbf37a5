// Tokens as the lexers make them, and token streams ready for evaluation: newlines inside brackets dropped,
// brackets matched.

import type { InterpreterLang } from './types.js';

export type TokKind = 'id' | 'str' | 'cmd' | 'words' | 'num' | 'op' | 'nl' | 're';

export interface Tok {
  k: TokKind;
  /** Identifier, operator, decoded string value or command text. */
  v: string;
  /** Offset in the analysed code (nested code keeps its outer offset). */
  pos: number;
  /** Interpolating string/command whose value is not known. */
  dyn?: boolean;
  /** Word-list literal items (qw(), %w[]). */
  items?: string[];
  /** JS template literal (a tag's argument). */
  tpl?: boolean;
  /** Whitespace precedes the token. */
  sp?: boolean;
  /** How a command token was written (`…`, qx, %x), for messages. */
  label?: string;
}

export interface Stream {
  toks: Tok[];
  /** Index of the matching bracket, or -1. */
  match: Int32Array;
  /** Index of the innermost bracket open around each token, or -1. */
  parent: Int32Array;
}

export const BRACKETS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };
export const isOpen = (t: Tok | undefined): boolean => t?.k === 'op' && (t.v === '(' || t.v === '[' || t.v === '{');
export const isOp = (t: Tok | undefined, v: string): boolean => t?.k === 'op' && t.v === v;
/** A line ending after one of these continues on the next line. */
const CONTINUES = new Set([',', '=', '+', '-', '*', '/', '.', '&&', '||', '=>', '->', '::', '?', '?.', '&.', '??', '+=', '.=', '|', '&', '(', '[', '{']);

export function prepare(lang: InterpreterLang, raw: readonly Tok[]): Stream {
  const toks: Tok[] = [];
  const stack: string[] = [];
  for (const t of raw) {
    if (t.k === 'nl') {
      const top = stack[stack.length - 1];
      const prev = toks[toks.length - 1];
      if (!prev || prev.k === 'nl' || top === '(' || top === '[' || (top === '{' && lang === 'python') || (prev.k === 'op' && CONTINUES.has(prev.v))) continue;
    } else if (t.k === 'op') {
      if (BRACKETS[t.v] !== undefined) stack.push(t.v);
      else if ((t.v === ')' || t.v === ']' || t.v === '}') && stack.length > 0 && BRACKETS[stack[stack.length - 1] as string] === t.v) stack.pop();
      // A line starting with `.method` continues the previous one.
      if ((t.v === '.' || t.v === '?.' || t.v === '&.') && lang !== 'python' && toks[toks.length - 1]?.k === 'nl') toks.pop();
    }
    toks.push(t);
  }
  const match = new Int32Array(toks.length).fill(-1);
  const parent = new Int32Array(toks.length).fill(-1);
  const open: number[] = [];
  toks.forEach((t, j) => {
    parent[j] = open[open.length - 1] ?? -1;
    if (t.k !== 'op') return;
    if (BRACKETS[t.v] !== undefined) open.push(j);
    else if (t.v === ')' || t.v === ']' || t.v === '}') {
      const o = open[open.length - 1];
      if (o !== undefined && BRACKETS[(toks[o] as Tok).v] === t.v) {
        open.pop();
        match[o] = j;
        match[j] = o;
      }
    }
  });
  return { toks, match, parent };
}
