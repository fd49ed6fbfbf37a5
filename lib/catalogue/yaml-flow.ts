// Flow collections for the front-matter YAML reader: `[Read, Grep]`, `["slow query", 'add an index']`,
// `{intents: [a, b]}`, nested and spread over lines. Plain scalars inside end at , [ ] { } and at ": ".

import { fail, readQuoted, resolvePlain, trimBlanks, trimEndBlanks, type Source, type YamlMap, type YamlValue } from './yaml-scalars.js';

/** Deeper nesting than this is refused (a file of 60 000 `[` must not exhaust the stack). */
export const MAX_DEPTH = 32;

const FLOW_STOP = new Set([',', '[', ']', '{', '}']);
const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n';

/** Skips blanks, line breaks and comments (a `#` after a blank or at a line start). */
function skipSpace(src: Source, pos: number): number {
  const text = src.text;
  let p = pos;
  for (;;) {
    const c = text[p];
    if (isSpace(c)) p++;
    else if (c === '#' && (p === 0 || isSpace(text[p - 1]))) {
      while (p < text.length && text[p] !== '\n') p++;
    } else return p;
  }
}

/** ":" that separates a key from its value inside a flow collection. */
function isFlowColon(src: Source, pos: number): boolean {
  if (src.text[pos] !== ':') return false;
  const next = src.text[pos + 1];
  return next === undefined || isSpace(next) || FLOW_STOP.has(next);
}

// The characters that may end a plain scalar in a flow collection; the ones that only sometimes do (":", "#") are
// checked where they are found. Found natively: a per-character loop is slow in a cold process.
const FLOW_PLAIN_STOP = /[,[\]{}\n#:]/g;

function readFlowPlain(src: Source, pos: number): { value: YamlValue; end: number } {
  const text = src.text;
  let p = pos;
  let out = '';
  for (;;) {
    FLOW_PLAIN_STOP.lastIndex = p;
    const at = FLOW_PLAIN_STOP.test(text) ? FLOW_PLAIN_STOP.lastIndex - 1 : text.length;
    out += text.slice(p, at);
    p = at;
    const c = text[p];
    if (c === undefined || FLOW_STOP.has(c) || isFlowColon(src, p) || (c === '#' && isSpace(text[p - 1]))) break;
    if (c === '\n') {
      // A line break folds to one space (empty lines to newlines), whatever blanks surround it.
      let empties = 0;
      p++;
      for (;;) {
        while (text[p] === ' ' || text[p] === '\t') p++;
        if (text[p] !== '\n') break;
        empties++;
        p++;
      }
      out = trimEndBlanks(out) + (empties ? '\n'.repeat(empties) : ' ');
      continue;
    }
    out += c; // a ":" or "#" inside the scalar
    p++;
  }
  return { value: resolvePlain(trimBlanks(out)), end: p };
}

/** One node inside a flow collection (`pos` at its first character, blanks already skipped). */
function readFlowNode(src: Source, pos: number, depth: number): { value: YamlValue; end: number } {
  const c = src.text[pos];
  if (c === '[' || c === '{') return readFlow(src, pos, depth + 1);
  if (c === '"' || c === "'") return readQuoted(src, pos);
  if (c === '&' || c === '*' || c === '!') fail(src, pos, 'YAML anchors, aliases and tags are not supported');
  if (c === undefined) fail(src, pos, 'unterminated flow collection');
  if (FLOW_STOP.has(c) || isFlowColon(src, pos)) fail(src, pos, `unexpected "${c}" in a flow collection`);
  return readFlowPlain(src, pos);
}

function keyText(src: Source, pos: number, key: YamlValue): string {
  if (key !== null && typeof key === 'object') fail(src, pos, 'a collection used as a key');
  return String(key ?? '');
}

/** A flow sequence or mapping starting at `pos` (its bracket); `end` is just past the closing bracket. */
export function readFlow(src: Source, pos: number, depth = 0): { value: YamlValue; end: number } {
  if (depth > MAX_DEPTH) fail(src, pos, `nested deeper than ${MAX_DEPTH} levels`);
  const isMap = src.text[pos] === '{';
  const close = isMap ? '}' : ']';
  const list: YamlValue[] = [];
  const map: YamlMap = new Map();
  let p = skipSpace(src, pos + 1);
  while (src.text[p] !== close) {
    if (p >= src.text.length) fail(src, pos, 'unterminated flow collection');
    const at = p;
    const first = readFlowNode(src, p, depth);
    p = skipSpace(src, first.end);
    let value: YamlValue = null;
    const paired = isFlowColon(src, p);
    if (paired) {
      p = skipSpace(src, p + 1);
      if (src.text[p] !== ',' && src.text[p] !== close) {
        const v = readFlowNode(src, p, depth);
        value = v.value;
        p = skipSpace(src, v.end);
      }
    }
    if (isMap) {
      const key = keyText(src, at, first.value);
      if (map.has(key)) fail(src, at, `duplicate key "${key}"`);
      map.set(key, value);
    } else if (paired) {
      // `[a: b]` is a sequence holding the one-pair mapping {a: b}.
      list.push(new Map([[keyText(src, at, first.value), value]]));
    } else list.push(first.value);
    if (src.text[p] === ',') p = skipSpace(src, p + 1);
    else if (p >= src.text.length) fail(src, pos, 'unterminated flow collection');
    else if (src.text[p] !== close) fail(src, p, `expected "," or "${close}" in a flow collection`);
  }
  return { value: isMap ? map : list, end: p + 1 };
}
