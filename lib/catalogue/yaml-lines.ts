// The front-matter YAML reader's view of its text as lines (indentation, blank and comment lines, where a node's
// line ends) and the one node made of whole lines: block scalars, `|` and `>` (lib/catalogue/yaml-block.ts has
// the reader's scope and why it exists).

import { fail, type Source, type YamlValue } from './yaml-scalars.js';

export interface Line {
  start: number;
  end: number;
  /** Leading spaces (tabs never indent in YAML). */
  indent: number;
  /** Only blanks. */
  blank: boolean;
  /** First non-blank character is `#`. */
  comment: boolean;
}
export interface Ctx extends Source {
  lines: Line[];
  /** Per searched character, the last answer of nextIndex: searches move forward, so each is linear in all. */
  found: Map<string, { from: number; at: number }>;
}
export interface Parsed {
  value: YamlValue;
  /** The first line not consumed. */
  next: number;
}

export const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';

/** text.indexOf(ch, from), remembering the answer: a line without `ch` would otherwise make every search run to the
 * end of the text, quadratic in a long front matter (up to 64 KiB of a file a cloned repository chose). */
export function nextIndex(ctx: Ctx, ch: string, from: number): number {
  const last = ctx.found.get(ch);
  if (last && last.from <= from && (last.at >= from || last.at < 0)) return last.at;
  const at = ctx.text.indexOf(ch, from);
  ctx.found.set(ch, { from, at });
  return at;
}

export function makeCtx(text: string, firstLine: number): Ctx {
  const lines: Line[] = [];
  const lineStarts: number[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    let first = start;
    while (first < end && text.charCodeAt(first) === 32) first++;
    const indent = first - start;
    while (first < end && text.charCodeAt(first) === 9) first++;
    while (first < end && (text.charCodeAt(first) === 32 || text.charCodeAt(first) === 9)) first++;
    lines.push({ start, end, indent, blank: first === end, comment: text.charCodeAt(first) === 35 });
    lineStarts.push(start);
    // The text's final line break ends the last line; it does not start an empty one.
    if (nl < 0 || nl + 1 === text.length) break;
    start = nl + 1;
  }
  return { text, lineStarts, firstLine, lines, found: new Map() };
}

/** The first line at or after `i` that holds a node (not blank, not a comment); checks it is not tab-indented. */
export function nextContent(ctx: Ctx, i: number): number {
  let j = i;
  while (j < ctx.lines.length && ((ctx.lines[j] as Line).blank || (ctx.lines[j] as Line).comment)) j++;
  const line = ctx.lines[j];
  if (line && ctx.text[line.start + line.indent] === '\t') fail(ctx, line.start, 'a tab used for indentation');
  return j;
}

export function isSeqIndicator(ctx: Ctx, pos: number): boolean {
  const next = ctx.text[pos + 1];
  return ctx.text[pos] === '-' && (next === undefined || next === '\n' || isBlank(next));
}

/** After a quoted or flow value: only blanks or a comment may follow on its last line. Returns the next line. */
export function expectLineEnd(ctx: Ctx, pos: number, fromLine: number): number {
  let p = pos;
  while (isBlank(ctx.text[p])) p++;
  const c = ctx.text[p];
  if (c !== undefined && c !== '\n' && !(c === '#' && p > pos)) fail(ctx, p, 'unexpected text after a value');
  // The value began on `fromLine` and most end there: walk forward rather than search.
  let li = fromLine;
  while (li + 1 < ctx.lines.length && (ctx.lines[li + 1] as Line).start <= p) li++;
  return li + 1;
}


const BLOCK_HEADER = /^([|>])(?:([1-9])([+-])?|([+-])([1-9])?)?(?:[ \t]+#.*|[ \t]*)$/;

/** `|` (lines kept) or `>` (lines folded) and the more-indented lines below it, chomped as the header says. */
export function parseBlockScalar(ctx: Ctx, p: number, li: number, parentIndent: number): Parsed {
  const m = BLOCK_HEADER.exec(ctx.text.slice(p, (ctx.lines[li] as Line).end));
  if (!m) fail(ctx, p, 'bad block scalar header');
  const folded = m[1] === '>';
  const digit = m[2] ?? m[5];
  const chomp = m[3] ?? m[4] ?? '';
  const onlySpaces = (l: Line): boolean => l.indent === l.end - l.start;
  // Without an indicator, the indentation is the first line's holding more than spaces (a tab there is content);
  // lines of spaces before it are empty lines, however long.
  let firstText = li + 1;
  while (!digit && firstText < ctx.lines.length && onlySpaces(ctx.lines[firstText] as Line)) firstText++;
  const detected = ctx.lines[firstText]?.indent ?? -1;
  const indent = digit ? parentIndent + Number(digit) : detected > parentIndent ? detected : parentIndent + 1;
  const pieces: Array<string | null> = []; // null: an empty line
  let i = li + 1;
  for (; i < ctx.lines.length; i++) {
    const line = ctx.lines[i] as Line;
    if (onlySpaces(line) && (i < firstText || line.end - line.start <= indent)) pieces.push(null);
    else if (line.indent < indent) break;
    else pieces.push(ctx.text.slice(line.start + indent, line.end));
  }
  let out = '';
  let empties = 0;
  let started = false;
  let moreIndented = false;
  for (const piece of pieces) {
    if (piece === null) {
      empties++;
      continue;
    }
    if (!folded) out += '\n'.repeat(started ? 1 + empties : empties);
    else if (isBlank(piece[0])) {
      moreIndented = true; // more-indented lines keep their line breaks even when folding
      out += '\n'.repeat(started ? 1 + empties : empties);
    } else if (moreIndented) {
      moreIndented = false;
      out += '\n'.repeat(empties + 1);
    } else if (empties === 0) out += started ? ' ' : '';
    else out += '\n'.repeat(empties);
    out += piece;
    started = true;
    empties = 0;
  }
  if (chomp === '+') out += '\n'.repeat(started ? 1 + empties : empties);
  else if (chomp === '' && started) out += '\n';
  return { value: out, next: i };
}

