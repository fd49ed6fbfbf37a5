// Raw words → one Segment: resolve variables, record assignments, strip wrappers, reduce the program to
// its basename, normalise redirect targets; then hand off to nested analysis (bash -c, eval, find -exec…).

import { posix } from 'node:path';
import { catFile, fedWords, fillArgs, literalOutput, previousStage, xargsFile, xargsToken } from './literal.js';
import { hasSub, replaceSubs, resolveVars, soleVarName, subPlaceholder } from './markers.js';
import { expandHomeVar } from './operands.js';
import { runNested, stdinText } from './nested.js';
import { normaliseOperand } from './operands.js';
import { selfWrites } from './self-writes.js';
import type { RawSegment } from './split.js';
import { type AnalyzeState, fail, type Level, MAX_LOOP_ITEMS, MAX_SEGMENTS, MAX_VAR_VALUE, MAX_WORK } from './state.js';
import type { Segment } from './types.js';
import { baseName, isAssignment, stripWrappers } from './wrappers.js';

const DECLARERS = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

/** Where `cd`/`pushd` with these arguments leaves the shell; undefined when it cannot be known. */
function cdTarget(args: readonly string[], state: AnalyzeState): string | undefined {
  const home = state.ctx.home;
  const found = args.find((a) => !/^-[LPe@]+$/.test(a));
  const dir = found === undefined ? undefined : expandHomeVar(found, home?.startsWith('/') ? home : '');
  if (dir === undefined || dir === '~') return home?.startsWith('/') ? home : undefined;
  if (dir === '-' || dir === '--' || hasSub(dir) || dir.includes('$') || dir.includes('`')) return undefined;
  const expanded = dir.startsWith('~/') && home?.startsWith('/') ? `${home}${dir.slice(1)}` : dir;
  if (expanded.startsWith('/')) return posix.normalize(expanded).replace(/(.)\/+$/, '$1');
  return state.cwd === undefined || expanded.startsWith('~') ? undefined : posix.resolve(state.cwd, expanded);
}

function setVar(state: AnalyzeState, assignment: string): void {
  const eq = assignment.indexOf('=');
  const name = assignment.slice(0, eq).replace(/\+$/, '');
  const value = assignment.slice(eq + 1);
  const prev = assignment[eq - 1] === '+' ? (state.vars.get(name) ?? '') : '';
  if (prev.length + value.length > MAX_VAR_VALUE) {
    // x=$x$x doubles per 8 bytes of input: refuse to build it, and stop trusting x.
    fail(state, 'variable value too large');
    state.vars.delete(name);
    return;
  }
  state.vars.set(name, prev + value);
}

/** `$(echo $X)` with X assigned earlier (or `$HOOKWARDEN_HOME`) prints X's value. Text with quotes or escapes
 * is left alone (`'$X'` stays literal): literalOutput then refuses it as it did before. */
function knownVarsIn(inner: string, vars: ReadonlyMap<string, string>): string {
  if (!inner.includes('$') || /['"\\]/.test(inner)) return inner;
  return inner.replace(/\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g, (m, a?: string, b?: string) => vars.get((a ?? b) as string) ?? m);
}

/** Replace `$(echo x)`/`$(which x)` by what they print. */
function literalSubs(word: string, state: AnalyzeState): string {
  return replaceSubs(word, (id) => {
    const sub = state.table.get(id);
    if (!sub || (sub.kind !== '$()' && sub.kind !== '``')) return subPlaceholder(id);
    const inner = knownVarsIn(sub.inner, state.vars);
    // `$(pwd)` is the cwd; `$(cd DIR && pwd)` (the usual way to make a path absolute) is DIR resolved from it.
    const cdPwd = /^\s*cd\s+([^\s;&|<>()`$'"]+)\s*&&\s*pwd(?:\s+-[LP])?\s*$/.exec(inner);
    const out = /^\s*pwd(?:\s+-[LP])?\s*$/.test(inner) ? state.cwd : cdPwd ? cdTarget([cdPwd[1] as string], state) : literalOutput(inner);
    return out ?? subPlaceholder(id);
  });
}

/** A word naming a `for` loop variable stands for each of its items. */
function loopItems(word: string, state: AnalyzeState): string[] | undefined {
  if (state.loops.size === 0) return undefined;
  for (const [name, items] of state.loops) {
    if (!word.includes(`\uE002${name}\uE003`)) continue;
    return items.map((item) => resolveVars(word, new Map([...state.vars, [name, item]])));
  }
  return undefined;
}

function resolveWords(words: readonly string[], state: AnalyzeState): string[] {
  const out: string[] = [];
  words.forEach((raw, i) => {
    const w = hasSub(raw) ? literalSubs(raw, state) : raw;
    const items = loopItems(w, state);
    if (items) {
      out.push(...items);
      return;
    }
    const value = resolveVars(w, state.vars);
    // Expanded text counts as work, so expansions cannot grow the analysis past its bound.
    if (value !== w) state.work += value.length;
    // An unquoted `$cmd` in command position word-splits (cmd="rm -rf"; $cmd /).
    if (i === 0 && soleVarName(w) !== undefined && /\s/.test(value)) out.push(...value.split(/\s+/).filter(Boolean));
    else out.push(value);
  });
  return out;
}

export function buildSegment(raw: RawSegment, level: Level, pipeline: number, state: AnalyzeState): void {
  const { table, ctx } = state;
  // `for x in a b c` binds x to each item for the loop body (kept for the rest of the line: a bound).
  if (raw.words[0] === 'for' && raw.words[2] === 'in' && /^[A-Za-z_]\w*$/.test(raw.words[1] ?? '')) {
    state.loops.set(raw.words[1] as string, resolveWords(raw.words.slice(3), state).slice(0, MAX_LOOP_ITEMS));
  }
  let words = resolveWords(raw.words, state);
  if (state.work > MAX_WORK) {
    fail(state, 'command too complex');
    return;
  }
  if (words.length > 0 && words.every(isAssignment)) {
    for (const w of words) setVar(state, w);
    words = [];
  }
  const stripped = stripWrappers(words);
  fail(state, stripped.error);
  if (stripped.drop) return;
  let rawArgv = stripped.argv;
  let feed: Segment['feed'];
  // `echo a b | xargs rm -rf`: xargs appends what the previous stage printed (or a here-string: `<<< "a b"`).
  if (stripped.wrappers.includes('xargs')) {
    // `xargs -a F` reads its items from F, not from stdin.
    const argFile = xargsFile(words);
    const fed =
      argFile !== undefined
        ? undefined
        : raw.stage > 0
          ? fedWords(previousStage(state.segments, pipeline, raw.stage))
          : raw.hereStrings.length > 0
            ? raw.hereStrings.flatMap((h) => stdinText(resolveVars(h, state.vars), state).text.split(/\s+/)).filter(Boolean)
            : undefined;
    if (fed) rawArgv = fillArgs(rawArgv, fed, xargsToken(words));
    else {
      // Items from a file the command names (`xargs -a F`, `cat F | xargs`, `xargs < F`): the engine reads it.
      const stdinFile = raw.redirects.find((r) => r.op === '<' && !r.target.startsWith('<('))?.target;
      const file = argFile ?? (raw.stage > 0 ? catFile(previousStage(state.segments, pipeline, raw.stage)) : stdinFile);
      const token = xargsToken(words);
      if (file !== undefined) feed = { file: resolveVars(file, state.vars), ...(token ? { token } : {}) };
    }
  }
  if (rawArgv.length === 0 && raw.redirects.length === 0) return;
  if (state.segments.length >= MAX_SEGMENTS) {
    fail(state, 'too many segments');
    return;
  }

  const program = rawArgv.length > 0 ? table.display(baseName(rawArgv[0] as string)) : '';
  const argv = rawArgv.length > 0 ? [program, ...rawArgv.slice(1).map((w) => table.display(w))] : [];
  const segment: Segment = {
    argv,
    program,
    wrappers: stripped.wrappers,
    via: [...level.via, ...raw.groups],
    redirects: raw.redirects.map((r) => ({
      op: r.op,
      // `> $(echo ~/x)/y` writes where `cat $(echo ~/x)/y` reads: literal substitutions resolve here too.
      target: normaliseOperand(table.display(resolveVars(hasSub(r.target) ? literalSubs(r.target, state) : r.target, state.vars)), ctx),
    })),
    pipeline,
    stage: raw.stage,
  };
  if (state.cwd !== undefined) segment.cwd = state.cwd;
  if (feed) segment.feed = feed;
  if (stripped.assignments) segment.env = stripped.assignments.map((w) => table.display(w));
  const own = selfWrites(argv, state.cwd, ctx);
  if (own.length > 0) segment.selfWrites = own;
  const hereStrings = raw.hereStrings.map((h) => resolveVars(h, state.vars));
  if (hereStrings.length > 0) segment.stdin = hereStrings.map((h) => table.display(stdinText(h, state).text)).join('\n');
  state.segments.push(segment);

  if (program === 'cd' || program === 'pushd') state.cwd = cdTarget(rawArgv.slice(1), state);
  else if (program === 'popd') state.cwd = undefined;

  if (DECLARERS.has(program)) {
    for (const w of rawArgv.slice(1)) if (isAssignment(w)) setVar(state, w);
  }
  runNested(segment, rawArgv, hereStrings, level, state);
}
