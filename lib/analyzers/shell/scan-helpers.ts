// Low-level, quote-aware searches used by the pre-tokenising scanner. All are linear in the text they
// cover and return -1 when the construct is not closed.

const P = 0; // inside $( … ) / ( … ): normal shell context
const S = 1; // '…'
const D = 2; // "…"
const A = 3; // $'…'
const B = 4; // `…`

const BREAKS = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>']);

export function isWordBreak(c: string): boolean {
  return BREAKS.has(c);
}

/** Index of the `)` closing a `$(`/`<(`/`(` whose body starts at `start`. */
export function findClose(src: string, start: number): number {
  const stack: number[] = [P];
  const heredocs: HeredocStart[] = [];
  let wordStart = true;
  for (let i = start; i < src.length; i++) {
    const c = src[i] as string;
    const top = stack[stack.length - 1];
    if (top === P) {
      if (c === '\\') {
        i++;
        wordStart = false;
      } else if (c === "'") stack.push(S);
      else if (c === '"') stack.push(D);
      else if (c === '`') stack.push(B);
      else if (c === '$' && src[i + 1] === "'") {
        stack.push(A);
        i++;
      } else if (c === '(') stack.push(P);
      else if (c === ')') {
        stack.pop();
        if (stack.length === 0) return i;
      } else if (c === '#' && wordStart) {
        const e = src.indexOf('\n', i);
        if (e < 0) return -1;
        i = e - 1;
        continue;
      } else if (c === '<' && src[i + 1] === '<') {
        // Heredoc bodies are literal text: quotes and parens inside them must not count.
        if (src[i + 2] === '<') i += 2;
        else {
          const h = parseHeredocStart(src, i);
          if (h) {
            heredocs.push(h);
            i = h.end - 1;
          }
        }
        wordStart = true;
        continue;
      } else if (c === '\n' && heredocs.length > 0) {
        i = skipHeredocBodies(src, i + 1, heredocs) - 1;
        heredocs.length = 0;
        wordStart = true;
        continue;
      }
      wordStart = BREAKS.has(c);
      continue;
    }
    if (top === S) {
      if (c === "'") stack.pop();
    } else if (top === A || top === B) {
      if (c === '\\') i++;
      else if (c === (top === A ? "'" : '`')) stack.pop();
    } else {
      if (c === '\\') i++;
      else if (c === '"') stack.pop();
      else if (c === '`') stack.push(B);
      else if (c === '$' && src[i + 1] === '(') {
        stack.push(P);
        i++;
        wordStart = true;
      }
    }
  }
  return -1;
}

/** After `$((` at body `start`: index of the final `)` of `))`, or -1 when this is really `$( (…) …)`. */
export function findArithClose(src: string, start: number): number {
  let depth = 2;
  for (let i = start; i < src.length; i++) {
    const c = src[i];
    if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 1) return src[i + 1] === ')' ? i + 1 : -1;
    }
  }
  return -1;
}

/** Index of the closing backtick for a body starting at `start`. */
export function findBacktick(src: string, start: number): number {
  for (let i = start; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === '`') return i;
  }
  return -1;
}

export function unescapeBacktick(inner: string): string {
  return inner.replace(/\\([`$\\])/g, '$1');
}

/** Index of the `}` closing `${` whose body starts at `start`. */
export function findBrace(src: string, start: number): number {
  let depth = 1;
  for (let i = start; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

export interface HeredocStart {
  delim: string;
  strip: boolean;
  quoted: boolean;
  /** Index just after the delimiter word. */
  end: number;
}

/** Parse `<<[-] WORD` at `i` (which points at the first `<`). */
export function parseHeredocStart(src: string, i: number): HeredocStart | undefined {
  let j = i + 2;
  let strip = false;
  if (src[j] === '-') {
    strip = true;
    j++;
  }
  while (src[j] === ' ' || src[j] === '\t') j++;
  let delim = '';
  let quoted = false;
  while (j < src.length) {
    const d = src[j] as string;
    if (d === "'" || d === '"') {
      quoted = true;
      const k = src.indexOf(d, j + 1);
      if (k < 0) return undefined;
      delim += src.slice(j + 1, k);
      j = k + 1;
    } else if (d === '\\') {
      quoted = true;
      delim += src[j + 1] ?? '';
      j += 2;
    } else if (BREAKS.has(d) || d === '\r') break;
    else {
      delim += d;
      j++;
    }
  }
  return delim ? { delim, strip, quoted, end: j } : undefined;
}

/** From `pos` (start of the line after a heredoc operator), skip each pending body; index after the last. */
export function skipHeredocBodies(src: string, pos: number, pending: readonly HeredocStart[]): number {
  let p = pos;
  for (const h of pending) {
    while (p < src.length) {
      let e = src.indexOf('\n', p);
      if (e < 0) e = src.length;
      let line = src.slice(p, e);
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (h.strip) line = line.replace(/^\t+/, '');
      p = e + 1;
      if (line === h.delim) break;
    }
  }
  return Math.min(p, src.length);
}
