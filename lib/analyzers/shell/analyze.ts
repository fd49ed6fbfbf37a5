// analyzeShell: a command line → segments, facts and an optional parseError. Never throws.

import { oneLine } from '../../errors.js';
import { hookwardenHomeOf, HW_VAR } from '../paths/hookwarden-home.js';
import { hasForkBomb, FORK_BOMB } from './facts.js';
import { scrubMarkers } from './markers.js';
import { scanShell } from './scan.js';
import { buildSegment } from './segment.js';
import { splitSegments } from './split.js';
import { type AnalyzeState, deeper, fail, type Level, MAX_BYTES, MAX_SEGMENTS, MAX_SUBS, MAX_WORK } from './state.js';
import { EXECUTING_KINDS, SubTable } from './subs.js';
import { tokenize } from './tokenize.js';
import type { ShellAnalysis, ShellContext } from './types.js';

function analyzeText(text: string, level: Level, state: AnalyzeState): void {
  state.work += text.length;
  if (state.work > MAX_WORK) {
    fail(state, 'command too complex');
    return;
  }
  const { table } = state;
  const first = table.size;
  const scanned = scanShell(text, table);
  fail(state, scanned.error);
  if (hasForkBomb(scanned.masked)) state.facts.add(FORK_BOMB);

  // Substitutions found at this level run before the command that holds them.
  const last = table.size;
  for (let id = first; id < last; id++) {
    const sub = table.get(id);
    if (!sub || !sub.inner.trim()) continue;
    // $(( … )) only runs commands through a $( ) or backtick inside it.
    if (!EXECUTING_KINDS.has(sub.kind) && !(sub.kind === '$(())' && /\$\(|`/.test(sub.inner))) continue;
    if (++state.subsAnalysed > MAX_SUBS) {
      fail(state, 'too many substitutions');
      break;
    }
    const child = deeper(state, level, level.via, sub.kind);
    if (!child) continue;
    const before = state.segments.length;
    const cwd = state.cwd;
    analyzeText(sub.inner, child, state);
    state.cwd = cwd; // a substitution runs in a subshell: its `cd` does not leak
    sub.programs = state.segments.slice(before).map((s) => s.program);
  }

  const tokenized = tokenize(scanned.text);
  fail(state, tokenized.error);
  const raws = splitSegments(tokenized.tokens, MAX_SEGMENTS);
  if (raws.length >= MAX_SEGMENTS) fail(state, 'too many segments');
  const base = state.nextPipeline;
  state.nextPipeline = base + raws.reduce((m, r) => Math.max(m, r.pipeline), -1) + 1;
  // `( cd x; … )` moves only its own subshell: remember the cwd at each subshell's entry.
  const entered: (string | undefined)[] = [];
  for (const raw of raws) {
    const depth = raw.groups.filter((g) => g === '( )').length;
    while (entered.length > depth) state.cwd = entered.pop();
    while (entered.length < depth) entered.push(state.cwd);
    buildSegment(raw, level, base + raw.pipeline, state);
  }
  while (entered.length > 0) state.cwd = entered.pop();
}

/** Variables the command inherits and hookwarden knows. `$HOOKWARDEN_HOME` is judged as set to the home the
 * hook sees (the agent's shell usually inherits it): `> "$HOOKWARDEN_HOME/x"` writes into hookwarden's own
 * files unless the command assigns the variable first. */
function knownVars(ctx: ShellContext): Map<string, string> {
  const hw = ctx && typeof ctx.home === 'string' ? hookwardenHomeOf(ctx) : '';
  return hw ? new Map([[HW_VAR, hw]]) : new Map();
}

export function analyzeShell(command: string, ctx: ShellContext): ShellAnalysis {
  const state: AnalyzeState = {
    ctx,
    cwd: ctx.cwd?.startsWith('/') ? ctx.cwd : undefined,
    table: new SubTable(),
    segments: [],
    facts: new Set(),
    vars: knownVars(ctx),
    loops: new Map(),
    errors: [],
    nextPipeline: 0,
    work: 0,
    subsAnalysed: 0,
    recurse: (text, level) => {
      // A nested shell (bash -c, su -c, ssh) is another process: its `cd` does not leak out.
      const cwd = state.cwd;
      analyzeText(text, level, state);
      state.cwd = cwd;
    },
  };
  try {
    if (typeof command !== 'string') return { segments: [], facts: [], parseError: 'command is not a string' };
    if (command.length > MAX_BYTES || Buffer.byteLength(command, 'utf8') > MAX_BYTES) {
      return { segments: [], facts: [], parseError: 'command too large' };
    }
    let text = command;
    if (text.includes('\0')) {
      fail(state, 'NUL byte in command');
      text = text.replace(/\0/g, ' ');
    }
    analyzeText(scrubMarkers(text), { depth: 0, via: [] }, state);
  } catch (e) {
    fail(state, `internal error: ${oneLine(e, 80)}`);
  }
  const result: ShellAnalysis = { segments: state.segments, facts: [...state.facts] };
  if (state.errors.length > 0) result.parseError = state.errors[0];
  return result;
}
