// Rewrite construction: when a bounded form may replace the command, and how its words are written as shell text.

import { quote } from 'shell-quote';
import type { Redirect, Segment, ShellAnalysis } from '../types.js';
import type { Bounded } from './types.js';

function discardsStderr(r: Redirect): boolean {
  return (r.op === '2>' || r.op === '2>>') && r.target === '/dev/null';
}

/**
 * The segment is the whole command: the only top-level segment, no wrappers, here-strings or redirects
 * other than `2>/dev/null`, and any other segment is nested inside it (`owns`). Anything else would
 * need a partial rewrite of a compound command, which is never produced.
 */
export function standsAlone(seg: Segment, analysis: ShellAnalysis, owns: string | undefined): boolean {
  if (seg.via.length > 0 || seg.wrappers.length > 0 || seg.stdin !== undefined || analysis.facts.length > 0) return false;
  if (!seg.redirects.every(discardsStderr)) return false;
  return analysis.segments.every((s) => s === seg || (owns !== undefined && s.via[0] === owns));
}

/** Needs no quoting; `~` is literal except at the start (HEAD~3). */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-][A-Za-z0-9_@%+=:,./~-]*$/;
const GLOB_WORD = /^[A-Za-z0-9_@%+=:,./*?[\]-]+$/;
const GLOB_CHAR = /[*?[]/;
const NAME_START = /[A-Za-z_{]/;

/** Every `$` starts a variable (`$X`, `${X}`), so double quotes keep its meaning. */
function onlyVariables(word: string): boolean {
  if (/["\\`]/.test(word) || word.includes('$(')) return false;
  for (let i = word.indexOf('$'); i >= 0; i = word.indexOf('$', i + 1)) {
    if (!NAME_START.test(word[i + 1] ?? '')) return false;
  }
  return true;
}

/**
 * One argv word as shell text. Quote removal lost how it was written, so: plain words stay bare, a
 * leading `~/` stays expandable, globs stay globs, `$VAR` words go in double quotes, and the rest goes
 * through shell-quote. `strict` (a real rewrite) refuses words whose meaning cannot be kept, such as
 * command substitutions; otherwise (matched text, hints) they are shown as written.
 */
function renderWord(word: string, strict: boolean): string | undefined {
  if (PLAIN_WORD.test(word)) return word;
  if (word === '~' || word === '~/') return word;
  if (word.startsWith('~/')) {
    const rest = renderWord(word.slice(2), strict);
    return rest === undefined ? undefined : `~/${rest}`;
  }
  if (GLOB_CHAR.test(word) && GLOB_WORD.test(word)) return word;
  if (word.includes('$') || word.includes('`')) {
    if (onlyVariables(word)) return `"${word}"`;
    return strict ? undefined : word; // shown as written: a substitution reads best unquoted
  }
  return quote([word]);
}

export function render(bounded: Bounded, strict: boolean): string | undefined {
  if ('text' in bounded) return bounded.text;
  const words: string[] = [];
  for (const w of bounded.argv) {
    const r = renderWord(w, strict);
    if (r === undefined) return undefined;
    words.push(r);
  }
  return [bounded.env, ...words].filter((w) => w !== undefined).join(' ');
}
