// Phase d, content inspection: sed. Its options, then its script through a small GNU sed parser, for
// commands and flags that write a file (w, W, s///w) or run one (e, s///e).

import type { Segment } from '../types.js';
import { type IntentResult, inspected, unsafe } from './result.js';

interface SedArgs {
  scripts: string[];
  fromFile: boolean;
  sandbox: boolean;
}

/** Scripts given with -e/--expression, else the first operand; -f means a script file we cannot see. */
function sedArgs(argv: readonly string[]): SedArgs {
  const out: SedArgs = { scripts: [], fromFile: false, sandbox: false };
  let positional: string | undefined;
  let endOfOptions = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (endOfOptions || a === '-' || !a.startsWith('-')) {
      positional ??= a;
      continue;
    }
    if (a === '--') endOfOptions = true;
    else if (a.startsWith('--')) i += sedLongOption(a, argv[i + 1], out);
    else i += sedShortCluster(a, argv[i + 1], out);
  }
  if (out.scripts.length === 0 && positional !== undefined) out.scripts.push(positional);
  return out;
}

/** Returns how many following words the option consumed. */
function sedLongOption(a: string, next: string | undefined, out: SedArgs): number {
  const eq = a.indexOf('=');
  const name = eq < 0 ? a : a.slice(0, eq);
  const inline = eq < 0 ? undefined : a.slice(eq + 1);
  if (name === '--sandbox') out.sandbox = true;
  if (name === '--file') out.fromFile = true;
  if (name === '--expression') out.scripts.push(inline ?? next ?? '');
  const takesValue = name === '--expression' || name === '--file' || name === '--line-length';
  return takesValue && inline === undefined ? 1 : 0;
}

function sedShortCluster(a: string, next: string | undefined, out: SedArgs): number {
  for (let k = 1; k < a.length; k++) {
    const ch = a[k] as string;
    if (ch === 'i') return 0; // -i[SUFFIX]: the rest is the suffix (the guard already fired)
    if (ch !== 'e' && ch !== 'f' && ch !== 'l') continue;
    const rest = a.slice(k + 1);
    if (ch === 'e') out.scripts.push(rest || (next ?? ''));
    if (ch === 'f') out.fromFile = true;
    return rest ? 0 : 1;
  }
  return 0;
}

export function judgeSed(seg: Segment): IntentResult {
  const { scripts, fromFile, sandbox } = sedArgs(seg.argv);
  if (fromFile) return unsafe('sed -f runs a script file that was not inspected');
  if (scripts.length === 0) return unsafe('sed without a script');
  if (sandbox) return inspected('sed --sandbox cannot write or run commands');
  for (const script of scripts) {
    const risk = sedScriptRisk(script);
    if (risk !== undefined) return unsafe(risk);
  }
  return inspected('sed script has no w/W/e commands or flags');
}

interface Cursor {
  s: string;
  i: number;
}

const SED_SIMPLE: ReadonlySet<string> = new Set(['=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F', '{']);
const SED_LABELLED: ReadonlySet<string> = new Set(['b', 't', 'T', ':', 'v']);
const SED_NUMBERED: ReadonlySet<string> = new Set(['q', 'Q', 'l', 'L']);
const SED_TEXT: ReadonlySet<string> = new Set(['a', 'i', 'c']);
const SED_SUBST_FLAGS: ReadonlySet<string> = new Set(['g', 'p', 'i', 'I', 'm', 'M']);
const UNREADABLE_SED = 'the sed script could not be inspected';

/**
 * Why a sed script may write a file or run a command, or undefined when it only filters the stream.
 * A small GNU sed parser: addresses, `!`, and every command; unknown syntax counts as a risk.
 */
export function sedScriptRisk(script: string): string | undefined {
  const c: Cursor = { s: script, i: 0 };
  for (;;) {
    skipWhile(c, ' \t\n;');
    if (c.i >= c.s.length) return undefined;
    const ch = c.s[c.i] as string;
    if (ch === '#') skipLine(c);
    else if (ch === '}') c.i++;
    else {
      if (!skipAddresses(c)) return UNREADABLE_SED;
      const risk = sedCommand(c);
      if (risk !== undefined) return risk;
    }
  }
}

function skipWhile(c: Cursor, chars: string): void {
  while (c.i < c.s.length && chars.includes(c.s[c.i] as string)) c.i++;
}

function skipDigits(c: Cursor): void {
  while (c.i < c.s.length && (c.s[c.i] as string) >= '0' && (c.s[c.i] as string) <= '9') c.i++;
}

function skipLine(c: Cursor): void {
  while (c.i < c.s.length && c.s[c.i] !== '\n') c.i++;
}

/** Up to `;`, a newline or a blank: the shortest reading, so no command hides inside a label. */
function skipLabel(c: Cursor): void {
  skipWhile(c, ' \t');
  while (c.i < c.s.length && !' \t\n;}'.includes(c.s[c.i] as string)) c.i++;
}

/** a/i/c text runs to the end of the line; a backslash carries it onto the next. */
function skipText(c: Cursor): void {
  while (c.i < c.s.length && c.s[c.i] !== '\n') c.i += c.s[c.i] === '\\' ? 2 : 1;
}

/** Past the next unescaped `delim`; false at the end of the script or at a bare newline. */
function skipDelimited(c: Cursor, delim: string): boolean {
  while (c.i < c.s.length) {
    const ch = c.s[c.i] as string;
    if (ch === '\\') c.i += 2;
    else if (ch === '\n') return false;
    else {
      c.i++;
      if (ch === delim) return true;
    }
  }
  return false;
}

/** One address (number, first~step, $, /re/ or \cREc with I/M flags); true when none is present too. */
function skipAddress(c: Cursor): boolean {
  const ch = c.s[c.i];
  if (ch !== undefined && ch >= '0' && ch <= '9') {
    skipDigits(c);
    if (c.s[c.i] === '~') {
      c.i++;
      skipDigits(c);
    }
  } else if (ch === '$') c.i++;
  else if (ch === '/' || ch === '\\') {
    const delim = ch === '/' ? '/' : c.s[c.i + 1];
    if (delim === undefined || delim === '\n' || delim === '\\') return false;
    c.i += ch === '/' ? 1 : 2;
    if (!skipDelimited(c, delim)) return false;
    skipWhile(c, 'IM');
  }
  return true;
}

function skipAddresses(c: Cursor): boolean {
  if (!skipAddress(c)) return false;
  skipWhile(c, ' \t');
  if (c.s[c.i] === ',') {
    c.i++;
    skipWhile(c, ' \t');
    const start = c.i;
    if (c.s[c.i] === '+' || c.s[c.i] === '~') {
      c.i++;
      skipDigits(c);
    } else if (!skipAddress(c)) return false;
    if (c.i === start) return false;
  }
  skipWhile(c, ' \t!');
  return true;
}

function sedCommand(c: Cursor): string | undefined {
  const cmd = c.s[c.i] as string;
  c.i++;
  if (SED_SIMPLE.has(cmd)) return undefined;
  if (SED_LABELLED.has(cmd)) skipLabel(c);
  else if (SED_NUMBERED.has(cmd)) {
    skipWhile(c, ' \t');
    skipDigits(c);
  } else if (SED_TEXT.has(cmd) || cmd === 'r' || cmd === 'R') skipText(c);
  else return sedOtherCommand(c, cmd);
  return undefined;
}

function sedOtherCommand(c: Cursor, cmd: string): string | undefined {
  if (cmd === 'w' || cmd === 'W') return `sed ${cmd} writes a file`;
  if (cmd === 'e') return 'sed e runs a shell command';
  if (cmd === 's' || cmd === 'y') return sedSubstitute(c, cmd === 's');
  return `sed command ${cmd} is not understood`;
}

/** s/re/repl/flags (`withFlags`) or y/src/dst/. */
function sedSubstitute(c: Cursor, withFlags: boolean): string | undefined {
  const delim = c.s[c.i];
  if (delim === undefined || delim === '\n' || delim === '\\') return UNREADABLE_SED;
  c.i++;
  if (!skipDelimited(c, delim) || !skipDelimited(c, delim)) return UNREADABLE_SED;
  if (!withFlags) return undefined;
  while (c.i < c.s.length) {
    const f = c.s[c.i] as string;
    if (f === 'w') return 'sed s///w writes a file';
    if (f === 'e') return 'sed s///e runs the result as a command';
    if (!SED_SUBST_FLAGS.has(f) && !(f >= '0' && f <= '9')) break;
    c.i++;
  }
  return undefined;
}
