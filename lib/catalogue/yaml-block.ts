// The YAML that agent, skill and command front matter is written in, read without a YAML library. Why: on the
// 2-core dev machine `yaml` and `js-yaml` each take ~11-14 ms just to load from a bundle and 25-190 ms to parse
// 100 small front matters on a cold process (measured, docs/catalogue.md), while a cold discovery of 100 files
// has a budget of 15 ms. This reader covers block mappings and sequences (also "compact" ones: `- a: 1`,
// a list at its key's indentation), plain scalars over several lines, single- and double-quoted strings, literal
// and folded block scalars (`|`, `>`, with chomping and indentation indicators) and flow collections
// (yaml-flow.ts), with comments anywhere YAML allows them. Not covered (a one-line reason, never a wrong value):
// anchors, aliases, tags, complex `?` keys, and several documents. Two leniencies, both in values only:
// a plain value may hold ": " (`description: Use when: …`, common in agent files that Claude Code loads), and
// continuation lines of a plain value are folded even if they look like keys.

import { oneLine } from '../errors.js';
import { MAX_DEPTH, readFlow } from './yaml-flow.js';
import { expectLineEnd, isBlank, isSeqIndicator, makeCtx, nextContent, nextIndex, parseBlockScalar, type Ctx, type Line, type Parsed } from './yaml-lines.js';
import { fail, quotedEnd, readQuoted, resolvePlain, trimEndBlanks, YamlError, type YamlMap, type YamlValue } from './yaml-scalars.js';

export type { YamlMap, YamlValue } from './yaml-scalars.js';
export type YamlResult = { ok: true; value: YamlMap } | { ok: false; reason: string };

// Searches below use indexOf (through nextIndex), not regular expressions: in a cold hook process every regex match
// allocates and every regex is compiled on first use, and this code runs for each line of up to 500 files.

/** Where a comment starts on [pos, end): a `#` after a blank (a `#` at `pos` itself is not looked at); else -1. */
function commentAt(ctx: Ctx, pos: number, end: number): number {
  for (let h = nextIndex(ctx, '#', pos + 1); h >= 0 && h < end; h = nextIndex(ctx, '#', h + 1)) {
    const before = ctx.text.charCodeAt(h - 1);
    if (before === 32 || before === 9) return h - 1;
  }
  return -1;
}

/** Where a plain key ends: the first ":" followed by a blank or the line's end, before any comment; -1 if none. */
function findKeySep(ctx: Ctx, pos: number, end: number): number {
  const stop = commentAt(ctx, pos, end);
  const limit = stop < 0 ? end : stop;
  for (let c = nextIndex(ctx, ':', pos); c >= 0 && c < limit; c = nextIndex(ctx, ':', c + 1)) {
    const after = ctx.text.charCodeAt(c + 1);
    if (c + 1 === end || after === 32 || after === 9) return c;
  }
  return -1;
}

function readKey(ctx: Ctx, pos: number, end: number): { key: string; after: number } {
  const c = ctx.text[pos] as string;
  if (c === '"' || c === "'") {
    const q = readQuoted(ctx, pos);
    let p = q.end;
    while (p < end && isBlank(ctx.text[p])) p++;
    if (q.end > end || ctx.text[p] !== ':' || !(p + 1 >= end || isBlank(ctx.text[p + 1]))) fail(ctx, pos, 'expected "key: value"');
    return { key: q.value, after: p + 1 };
  }
  if ('[{&*!|>?%@`'.includes(c)) fail(ctx, pos, `unsupported key starting with "${c}"`);
  const sep = findKeySep(ctx, pos, end);
  if (sep <= pos) fail(ctx, pos, 'expected "key: value"');
  return { key: trimEndBlanks(ctx.text.slice(pos, sep)), after: sep + 1 };
}

/** Whether the node at `pos` is a mapping (its line starts with a key). */
function looksLikeKey(ctx: Ctx, pos: number, end: number): boolean {
  const c = ctx.text[pos];
  if (c === '"' || c === "'") {
    let p = quotedEnd(ctx.text, pos);
    if (p < 0 || p > end) return false;
    while (p < end && isBlank(ctx.text[p])) p++;
    return ctx.text[p] === ':' && (p + 1 >= end || isBlank(ctx.text[p + 1]));
  }
  return c !== '[' && c !== '{' && findKeySep(ctx, pos, end) > pos;
}

function parseMapping(ctx: Ctx, firstPos: number, firstLine: number, indent: number, depth: number): Parsed {
  const map: YamlMap = new Map();
  let pos = firstPos;
  let i = firstLine;
  for (;;) {
    if (isSeqIndicator(ctx, pos)) fail(ctx, pos, 'a list item where a key was expected');
    const { key, after } = readKey(ctx, pos, (ctx.lines[i] as Line).end);
    if (map.has(key)) fail(ctx, pos, `duplicate key "${key}"`);
    const r = parseValue(ctx, after, i, indent, depth, true);
    map.set(key, r.value);
    const j = nextContent(ctx, r.next);
    const line = ctx.lines[j];
    if (!line || line.indent < indent) return { value: map, next: j };
    if (line.indent > indent) fail(ctx, line.start, 'unexpected indentation');
    i = j;
    pos = line.start + line.indent;
  }
}

function parseSequence(ctx: Ctx, firstPos: number, firstLine: number, indent: number, depth: number): Parsed {
  if (depth > MAX_DEPTH) fail(ctx, firstPos, `nested deeper than ${MAX_DEPTH} levels`);
  const list: YamlValue[] = [];
  let pos = firstPos;
  let i = firstLine;
  for (;;) {
    const line = ctx.lines[i] as Line;
    let p = pos + 1;
    while (p < line.end && isBlank(ctx.text[p])) p++;
    let r: Parsed;
    if (p < line.end && ctx.text[p] !== '#') {
      // The item starts on the dash's line: `- Read`, `- key: value` (a mapping at that column), `- - nested`.
      const column = p - line.start;
      if (isSeqIndicator(ctx, p)) r = parseSequence(ctx, p, i, column, depth + 1);
      else if (looksLikeKey(ctx, p, line.end)) r = parseMapping(ctx, p, i, column, depth + 1);
      else r = parseScalar(ctx, p, i, indent, depth + 1);
    } else r = parseValue(ctx, pos + 1, i, indent, depth + 1, false);
    list.push(r.value);
    const j = nextContent(ctx, r.next);
    const next = ctx.lines[j];
    if (!next || next.indent < indent) return { value: list, next: j };
    if (next.indent > indent) fail(ctx, next.start, 'unexpected indentation');
    if (!isSeqIndicator(ctx, next.start + next.indent)) return { value: list, next: j };
    i = j;
    pos = next.start + next.indent;
  }
}

/** The value after a key's ":" (or a dash): on the same line, on the lines below it, or null. */
function parseValue(ctx: Ctx, pos: number, li: number, parentIndent: number, depth: number, inMapping: boolean): Parsed {
  if (depth > MAX_DEPTH) fail(ctx, pos, `nested deeper than ${MAX_DEPTH} levels`);
  const line = ctx.lines[li] as Line;
  let p = pos;
  while (p < line.end && isBlank(ctx.text[p])) p++;
  if (p < line.end && ctx.text[p] !== '#') return parseScalar(ctx, p, li, parentIndent, depth);
  const j = nextContent(ctx, li + 1);
  const below = ctx.lines[j];
  if (below) {
    const q = below.start + below.indent;
    if (below.indent > parentIndent) {
      if (isSeqIndicator(ctx, q)) return parseSequence(ctx, q, j, below.indent, depth + 1);
      if (looksLikeKey(ctx, q, below.end)) return parseMapping(ctx, q, j, below.indent, depth + 1);
      return parseScalar(ctx, q, j, parentIndent, depth + 1);
    }
    // `tools:` followed by `- Read` at the key's own indentation is a list too.
    if (inMapping && below.indent === parentIndent && isSeqIndicator(ctx, q)) return parseSequence(ctx, q, j, below.indent, depth + 1);
  }
  return { value: null, next: li + 1 };
}

function parseScalar(ctx: Ctx, p: number, li: number, parentIndent: number, depth: number): Parsed {
  const c = ctx.text[p];
  if (c === '|' || c === '>') return parseBlockScalar(ctx, p, li, parentIndent);
  if (c === '"' || c === "'") {
    const q = readQuoted(ctx, p);
    return { value: q.value, next: expectLineEnd(ctx, q.end, li) };
  }
  if (c === '[' || c === '{') {
    const f = readFlow(ctx, p, depth);
    return { value: f.value, next: expectLineEnd(ctx, f.end, li) };
  }
  if (c === '&' || c === '*' || c === '!') fail(ctx, p, 'YAML anchors, aliases and tags are not supported');
  if (isSeqIndicator(ctx, p)) fail(ctx, p, 'a list cannot start on the same line as its key');
  return parsePlain(ctx, p, li, parentIndent);
}

/** One line of a plain scalar, cut at a comment (`#` after a blank), trailing blanks dropped. */
function plainLine(ctx: Ctx, p: number, end: number): { text: string; commented: boolean } {
  const text = ctx.text;
  const cut = commentAt(ctx, p, end);
  let e = cut < 0 ? end : cut;
  while (e > p && (text.charCodeAt(e - 1) === 32 || text.charCodeAt(e - 1) === 9)) e--;
  return { text: text.slice(p, e), commented: cut >= 0 };
}

/** A plain scalar and its continuation lines (indented past the parent): breaks fold to a space, empty lines to
 * newlines. */
function parsePlain(ctx: Ctx, p: number, li: number, parentIndent: number): Parsed {
  const first = plainLine(ctx, p, (ctx.lines[li] as Line).end);
  let out = first.text;
  let i = li + 1;
  let folded = false;
  if (!first.commented) {
    let empties = 0;
    for (; i < ctx.lines.length; i++) {
      const line = ctx.lines[i] as Line;
      if (line.blank) {
        empties++;
        continue;
      }
      if (line.comment || line.indent <= parentIndent) break;
      let from = line.start + line.indent;
      while (isBlank(ctx.text[from])) from++;
      const piece = plainLine(ctx, from, line.end);
      out += (empties ? '\n'.repeat(empties) : ' ') + piece.text;
      empties = 0;
      folded = true;
      if (piece.commented) {
        i++;
        break;
      }
    }
  }
  return { value: folded ? out : resolvePlain(out), next: i };
}

const DOC_END = /^\.\.\.[ \t]*(?:#.*)?$/m;

/**
 * The front matter's YAML as a mapping. Never throws: anything this reader cannot read, or that is not YAML,
 * yields a one-line reason with the file line (`firstLine` is the file line of the text's first line).
 */
export function parseYamlSubset(text: string, firstLine = 1): YamlResult {
  try {
    // A `...` line ends the document (YAML writers put one after a `|+` value); only comments may follow it.
    const docEnd = text.startsWith('...') || text.includes('\n...') ? DOC_END.exec(text) : null;
    if (docEnd && !/^(?:[ \t]*(?:#.*)?(?:\n|$))*$/.test(text.slice(docEnd.index + docEnd[0].length))) {
      return { ok: false, reason: `several YAML documents are not supported (line ${firstLine + text.slice(0, docEnd.index).split('\n').length})` };
    }
    const ctx = makeCtx(docEnd ? text.slice(0, docEnd.index) : text, firstLine);
    const j = nextContent(ctx, 0);
    const line = ctx.lines[j];
    if (!line) return { ok: true, value: new Map() };
    const q = line.start + line.indent;
    const r = ctx.text[q] === '{' ? parseScalar(ctx, q, j, -1, 0) : parseMapping(ctx, q, j, line.indent, 0);
    const k = nextContent(ctx, r.next);
    if (k < ctx.lines.length) fail(ctx, (ctx.lines[k] as Line).start, 'unexpected indentation');
    return { ok: true, value: r.value as YamlMap };
  } catch (err) {
    if (err instanceof YamlError) return { ok: false, reason: err.message };
    return { ok: false, reason: `unreadable YAML (${oneLine(err)})` };
  }
}
