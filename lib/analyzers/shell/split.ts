// Tokens → raw segments: split on ; && || & | |& and scanned newlines, track ( … ) subshells,
// { …; } groups and function bodies, and collect redirects and here-strings per segment.

import { FD_MARK } from './markers.js';
import type { Token } from './tokenize.js';

export interface RawRedirect {
  op: string;
  target: string;
}

export interface RawSegment {
  words: string[];
  redirects: RawRedirect[];
  /** Words fed on stdin with <<< (heredocs arrive here too, as placeholders). */
  hereStrings: string[];
  /** Enclosing groups, outermost first: "( )", "{ }", "function f". */
  groups: string[];
  /** Local pipeline index and stage within it. */
  pipeline: number;
  stage: number;
}

const SEPARATORS = new Set([';', '&&', '||', '&', ';;', ';&', ';;&']);
const PIPES = new Set(['|', '|&']);
const REDIRECTS = new Set(['>', '>>', '>|', '<', '&>', '&>>', '>&', '<&', '<>', '<<', '<<-', '<<<']);

function isFdWord(w: string | undefined): w is string {
  return w !== undefined && w.startsWith(FD_MARK);
}

/** At most `limit` segments are returned (the rest of the command is dropped). */
export function splitSegments(tokens: Token[], limit = Number.POSITIVE_INFINITY): RawSegment[] {
  const out: RawSegment[] = [];
  const groups: string[] = [];
  let pipeline = 0;
  let stage = 0;
  let cur = fresh();
  let connector: string | undefined;
  let pendingFunction: string | undefined;

  function fresh(): RawSegment {
    return { words: [], redirects: [], hereStrings: [], groups: [], pipeline: 0, stage: 0 };
  }
  function isEmpty(): boolean {
    return cur.words.length === 0 && cur.redirects.length === 0 && cur.hereStrings.length === 0;
  }
  function flush(): void {
    if (!isEmpty()) {
      cur.words = cur.words.map((w) => (isFdWord(w) ? w.slice(1) : w));
      out.push({ ...cur, groups: [...groups], pipeline, stage });
    }
    cur = fresh();
  }
  function openGroup(label: string): void {
    flush();
    groups.push(label);
  }
  function closeGroup(kind: '(' | '{'): boolean {
    const top = groups[groups.length - 1];
    if (top === undefined || (kind === '(' ? top !== '( )' : top === '( )')) return false;
    flush();
    groups.pop();
    return true;
  }

  for (let k = 0; k < tokens.length && out.length < limit; k++) {
    const tok = tokens[k] as Token;
    if (tok.t === 'op') {
      const op = tok.v;
      if (SEPARATORS.has(op)) {
        // A scanned newline right after | && || continues the same list.
        if (isEmpty() && op === ';' && connector !== undefined && connector !== ';') continue;
        flush();
        pipeline++;
        stage = 0;
        connector = op === '&' ? ';' : op;
      } else if (PIPES.has(op)) {
        flush();
        stage++;
        connector = '|';
      } else if (op === '(') {
        const next = tokens[k + 1];
        if (cur.words.length > 0 && next?.t === 'op' && next.v === ')') {
          // name() { …; } — a function definition; its body runs when called.
          const name = cur.words.pop() as string;
          if (cur.words[cur.words.length - 1] === 'function') cur.words.pop();
          pendingFunction = name;
          k++;
          flush();
        } else openGroup('( )');
        connector = undefined;
      } else if (op === ')') {
        // An unmatched `)` is a case pattern (`a) cmd;;`): drop the pattern words.
        if (!closeGroup('(')) cur.words = [];
      } else if (REDIRECTS.has(op) || op === '>(' || op === '<(') {
        const next = tokens[k + 1];
        const target = next?.t === 'word' ? next.v : '';
        if (next?.t === 'word') k++;
        const last = cur.words[cur.words.length - 1];
        const fd = isFdWord(last) ? (cur.words.pop() as string).slice(1) : '';
        if (op === '<<<') cur.hereStrings.push(target);
        else cur.redirects.push({ op: fd + op, target });
      } else {
        // Unknown operator: treat as a separator.
        flush();
        pipeline++;
        stage = 0;
      }
      continue;
    }
    const w = tok.v;
    connector = undefined;
    if (cur.words.length === 0) {
      if (w === '{') {
        openGroup(pendingFunction !== undefined ? `function ${pendingFunction}` : '{ }');
        pendingFunction = undefined;
        continue;
      }
      if (w === '}' && closeGroup('{')) continue;
    } else if (w === '{' && cur.words.length === 2 && cur.words[0] === 'function') {
      const name = cur.words[1] as string;
      cur.words = [];
      openGroup(`function ${name}`);
      continue;
    }
    pendingFunction = undefined;
    cur.words.push(w);
  }
  flush();
  return out;
}
