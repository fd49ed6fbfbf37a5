// The non-interactive rule: find commands that never end (tail -f, watch, ping, yes) or that wait for a
// terminal (pagers, editors, REPLs, git's editor and hunk prompts, ssh with no remote command). A Bash
// tool call has no terminal and a time limit, so such a call just hangs until it is killed. Where a
// bounded equivalent exists and the command is one plain top-level command, the plan carries the
// rewritten command line; otherwise it asks, with the bounded form (if any) in the hint. Pure and
// deterministic: the first matching segment, in analysis order, decides.

import { quote } from 'shell-quote';
import { normaliseArgs } from './operands.js';
import { ownEntry, programFamily } from './tables.js';
import type { Redirect, Segment, ShellAnalysis } from './types.js';
import { skipOptions } from './wrappers.js';

export interface InteractivePlan {
  /** 'rewrite': a bounded equivalent exists; 'ask': no safe rewrite. */
  kind: 'rewrite' | 'ask';
  /** Stable rule id, e.g. "interactive/follow-log", "interactive/pager", "interactive/editor", "interactive/repl", "interactive/watch", "interactive/monitor" */
  ruleId: string;
  /** What was matched, e.g. "tail -f app.log" */
  matched: string;
  /** One-sentence reason for the model, e.g. "tail -f never exits; the call would hang until the tool times out." */
  reason: string;
  /** kind 'rewrite': the complete new command string. */
  command?: string;
  /** A hint the model can follow, e.g. "Use tail -n 200 app.log, or run it with run_in_background." */
  hint: string;
}

/** A bounded replacement for one segment: words to quote (with an optional env prefix), or shell text as is. */
type Bounded = { argv: string[]; env?: string } | { text: string };

interface Detection {
  ruleId: string;
  reason: string;
  /** Advice when there is no bounded form; with one, a trailing alternative ("or run it with …"). */
  hint: string;
  bounded?: Bounded;
  /** `via` label of nested segments that belong to this one (watch's inner command). */
  owns?: string;
}

type Detector = (seg: Segment, analysis: ShellAnalysis) => Detection | undefined;

const RULE = {
  follow: 'interactive/follow-log',
  pager: 'interactive/pager',
  editor: 'interactive/editor',
  prompt: 'interactive/prompt',
  repl: 'interactive/repl',
  watch: 'interactive/watch',
  monitor: 'interactive/monitor',
  remote: 'interactive/remote-shell',
  unbounded: 'interactive/unbounded',
} as const;

const BACKGROUND = 'or run it with run_in_background';
const DEFAULT_LINES = '200';

export function planInteractive(command: string, analysis: ShellAnalysis, opts: { runInBackground?: boolean }): InteractivePlan | undefined {
  if (opts.runInBackground || analysis.parseError || typeof command !== 'string') return undefined;
  for (const seg of analysis.segments) {
    if (seg.wrappers.includes('timeout')) continue; // already bounded by the caller
    const detect = ownEntry(DETECTORS, programFamily(seg.program));
    const found = detect?.(seg, analysis);
    if (found) return toPlan(seg, found, analysis);
  }
  return undefined;
}

function toPlan(seg: Segment, d: Detection, analysis: ShellAnalysis): InteractivePlan {
  const matched = render({ argv: seg.argv }, false) as string;
  const base = { ruleId: d.ruleId, matched, reason: d.reason };
  if (!d.bounded) return { kind: 'ask', ...base, hint: d.hint };
  const shown = render(d.bounded, false) as string;
  const hint = `Use \`${shown}\` instead of \`${matched}\`${d.hint ? `, ${d.hint}` : ''}.`;
  const exact = standsAlone(seg, analysis, d.owns) ? render(d.bounded, true) : undefined;
  if (exact === undefined) return { kind: 'ask', ...base, hint };
  const suffix = seg.redirects.map((r) => `${r.op}${r.target}`);
  return { kind: 'rewrite', ...base, command: [exact, ...suffix].join(' '), hint };
}



// ---------------------------------------------------------------------------------------------------
// When a rewrite is safe, and how it is written

function discardsStderr(r: Redirect): boolean {
  return (r.op === '2>' || r.op === '2>>') && r.target === '/dev/null';
}

/**
 * The segment is the whole command: the only top-level segment, no wrappers, here-strings or redirects
 * other than `2>/dev/null`, and any other segment is nested inside it (`owns`). Anything else would
 * need a partial rewrite of a compound command, which is never produced.
 */
function standsAlone(seg: Segment, analysis: ShellAnalysis, owns: string | undefined): boolean {
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

function render(bounded: Bounded, strict: boolean): string | undefined {
  if ('text' in bounded) return bounded.text;
  const words: string[] = [];
  for (const w of bounded.argv) {
    const r = renderWord(w, strict);
    if (r === undefined) return undefined;
    words.push(r);
  }
  return [bounded.env, ...words].filter((w) => w !== undefined).join(' ');
}

// ---------------------------------------------------------------------------------------------------
// Shared argument helpers

/** Nothing later in the same pipeline reads this segment's output. */
function isLastStage(seg: Segment, analysis: ShellAnalysis): boolean {
  return !analysis.segments.some((s) => s.pipeline === seg.pipeline && s.stage > seg.stage);
}

function redirectsStdout(seg: Segment): boolean {
  return seg.redirects.some((r) => /^1?>|^&>/.test(r.op));
}

/** Its stdin is not the terminal: a pipe, a here-string/heredoc or an input redirect. */
function hasFedStdin(seg: Segment): boolean {
  return seg.stdin !== undefined || seg.stage > 0 || seg.redirects.some((r) => /^0?</.test(r.op));
}

/** Output goes straight to the caller, where a pager or an endless stream would sit. */
function outputIsDirect(seg: Segment, analysis: ShellAnalysis): boolean {
  return isLastStage(seg, analysis) && !redirectsStdout(seg);
}

/** Only prints a version or usage. Short forms differ per program (`mysql -h` is a host), so they are passed in. */
const INFO_FLAGS: ReadonlySet<string> = new Set(['--version', '--help']);
function asksForInfo(flags: ReadonlySet<string>, extra: readonly string[] = []): boolean {
  return [...flags].some((f) => INFO_FLAGS.has(f) || extra.includes(f));
}

/** Non-option words; `valued` options (exact words) take the next word as their value. */
function operandsOf(argv: readonly string[], valued: ReadonlySet<string>): string[] {
  const out: string[] = [];
  let endOfOptions = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (endOfOptions || a === '-' || !a.startsWith('-')) out.push(a);
    else if (a === '--') endOfOptions = true;
    else if (valued.has(a)) i++;
  }
  return out;
}

/** Which options to remove from a word list, and which take a value (so a value is never read as a flag). */
interface OptionSpec {
  /** Short option letters to remove (follow flags). */
  dropShort: ReadonlySet<string>;
  /** Long option names to remove (`--follow`, `--follow=name`). */
  dropLong: ReadonlySet<string>;
  valuedShort: ReadonlySet<string>;
  valuedLong: ReadonlySet<string>;
}

interface Stripped {
  kept: string[];
  /** Removed options: "-f", "--follow", … */
  removed: Set<string>;
  /** Kept short letters and long names, to see whether a count was given. */
  seen: Set<string>;
  operands: string[];
}

/** Remove options named in `spec` from words, keeping everything else as written. */
function stripOptions(words: readonly string[], spec: OptionSpec): Stripped {
  const out: Stripped = { kept: [], removed: new Set(), seen: new Set(), operands: [] };
  let endOfOptions = false;
  for (let i = 0; i < words.length; i++) {
    const a = words[i] as string;
    if (endOfOptions || a === '-' || !a.startsWith('-')) {
      out.kept.push(a);
      out.operands.push(a);
    } else if (a === '--') {
      endOfOptions = true;
      out.kept.push(a);
    } else {
      i += a.startsWith('--') ? stripLong(a, words[i + 1], spec, out) : stripCluster(a, words[i + 1], spec, out);
    }
  }
  return out;
}

/** Returns how many following words were consumed as the option's value. */
function stripLong(a: string, next: string | undefined, spec: OptionSpec, out: Stripped): number {
  const name = a.split('=', 1)[0] as string;
  const takesNext = spec.valuedLong.has(name) && !a.includes('=') && next !== undefined;
  if (spec.dropLong.has(name)) {
    out.removed.add(name);
    return takesNext ? 1 : 0;
  }
  out.seen.add(name);
  out.kept.push(a);
  if (takesNext) out.kept.push(next as string);
  return takesNext ? 1 : 0;
}

/** A short cluster minus dropped letters; a value letter ends it (attached rest or the next word). */
function stripCluster(a: string, next: string | undefined, spec: OptionSpec, out: Stripped): number {
  let body = '';
  for (let k = 1; k < a.length; k++) {
    const ch = a[k] as string;
    const drop = spec.dropShort.has(ch);
    if (drop) out.removed.add(`-${ch}`);
    else {
      out.seen.add(`-${ch}`);
      body += ch;
    }
    if (!spec.valuedShort.has(ch)) continue;
    const rest = a.slice(k + 1);
    const takesNext = rest === '' && next !== undefined;
    if (!drop) body += rest;
    if (body) out.kept.push(`-${body}`);
    if (takesNext && !drop) out.kept.push(next as string);
    return takesNext ? 1 : 0;
  }
  if (body) out.kept.push(`-${body}`);
  return 0;
}

const NONE: ReadonlySet<string> = new Set();

// ---------------------------------------------------------------------------------------------------
// Following logs

const TAIL_SPEC: OptionSpec = {
  dropShort: new Set(['f', 'F', 's']),
  dropLong: new Set(['--follow', '--pid', '--sleep-interval', '--retry', '--max-unchanged-stats']),
  valuedShort: new Set(['n', 'c', 's']),
  valuedLong: new Set(['--lines', '--bytes', '--pid', '--sleep-interval', '--max-unchanged-stats']),
};
const TAIL_FOLLOW = ['-f', '-F', '--follow'];
const DIGITS = /^-\d/;

function detectTail(seg: Segment): Detection | undefined {
  const s = stripOptions(seg.argv.slice(1), TAIL_SPEC);
  if (!TAIL_FOLLOW.some((f) => s.removed.has(f))) return undefined;
  if (s.operands.length === 0 && seg.stage > 0) return undefined; // -f is ignored on a pipe
  const counted = ['-n', '-c', '--lines', '--bytes'].some((f) => s.seen.has(f)) || s.kept.some((w) => DIGITS.test(w));
  return {
    ruleId: RULE.follow,
    reason: 'tail -f never exits; the call would hang until the tool times out.',
    hint: BACKGROUND,
    bounded: { argv: ['tail', ...(counted ? [] : ['-n', DEFAULT_LINES]), ...s.kept] },
  };
}

const JOURNAL_SPEC: OptionSpec = {
  dropShort: new Set(['f']),
  dropLong: new Set(['--follow']),
  valuedShort: new Set(['u', 'p', 'S', 'U', 't', 'o', 'D', 'M', 'g']),
  valuedLong: new Set([
    '--unit', '--user-unit', '--priority', '--since', '--until', '--identifier', '--output', '--directory',
    '--machine', '--grep', '--field', '--cursor', '--after-cursor', '--file', '--root', '--namespace',
    '--output-fields', '--facility',
  ]),
};
/** journalctl actions that print a line or two and never page. */
const JOURNAL_NO_PAGER: ReadonlySet<string> = new Set([
  '--version', '--help', '-h', '--disk-usage', '--vacuum-size', '--vacuum-time', '--vacuum-files', '--rotate',
  '--flush', '--sync', '--list-boots', '--fields', '-N', '--header', '--verify',
]);

function detectJournal(seg: Segment, analysis: ShellAnalysis): Detection | undefined {
  const s = stripOptions(seg.argv.slice(1), JOURNAL_SPEC);
  const noPager = s.seen.has('--no-pager');
  if (s.removed.size > 0) {
    const counted = ['-n', '-e', '--lines', '--pager-end'].some((f) => s.seen.has(f));
    return {
      ruleId: RULE.follow,
      reason: 'journalctl -f follows the journal forever; the call would hang until the tool times out.',
      hint: BACKGROUND,
      bounded: { argv: ['journalctl', ...(noPager ? [] : ['--no-pager']), ...(counted ? [] : ['-n', DEFAULT_LINES]), ...s.kept] },
    };
  }
  if (noPager || !outputIsDirect(seg, analysis) || [...s.seen].some((f) => JOURNAL_NO_PAGER.has(f))) return undefined;
  return {
    ruleId: RULE.pager,
    reason: 'journalctl opens a pager when it believes it is on a terminal, and a pager waits for keys.',
    hint: '',
    bounded: { argv: ['journalctl', '--no-pager', ...s.kept] },
  };
}

interface LogsTool {
  /** Options before the subcommand(s) that take a value. */
  globals: ReadonlySet<string>;
  /** Words that may come between the program and `logs` (docker container logs, docker compose logs). */
  groups: ReadonlySet<string>;
  spec: OptionSpec;
  tail: string[];
  tailFlags: readonly string[];
}

const DOCKER_LOGS: LogsTool = {
  globals: new Set([
    '-c', '--context', '-H', '--host', '-l', '--log-level', '--config', '-f', '--file', '-p', '--project-name',
    '--project-directory', '--env-file', '--profile', '--ansi', '--progress',
  ]),
  groups: new Set(['container', 'compose']),
  spec: {
    dropShort: new Set(['f']),
    dropLong: new Set(['--follow']),
    valuedShort: new Set(['n']),
    valuedLong: new Set(['--tail', '--since', '--until', '--index']),
  },
  tail: ['--tail', DEFAULT_LINES],
  tailFlags: ['--tail', '-n'],
};
const KUBECTL_LOGS: LogsTool = {
  globals: new Set([
    '-n', '--namespace', '--context', '--cluster', '--kubeconfig', '-s', '--server', '--user', '--token', '--as',
    '--as-group', '--request-timeout',
  ]),
  groups: NONE,
  spec: {
    dropShort: new Set(['f']),
    dropLong: new Set(['--follow']),
    valuedShort: new Set(['c', 'l', 'n']),
    valuedLong: new Set([
      '--tail', '--since', '--since-time', '--container', '--selector', '--namespace', '--max-log-requests',
      '--limit-bytes', '--pod-running-timeout',
    ]),
  },
  tail: [`--tail=${DEFAULT_LINES}`],
  tailFlags: ['--tail'],
};

/** Index of the `logs` subcommand word, past global options and group words; -1 when it is not logs. */
function logsIndex(argv: readonly string[], tool: LogsTool): number {
  let i = 1;
  for (;;) {
    i = skipValued(argv, i, tool.globals);
    const word = argv[i];
    if (word === 'logs') return i;
    if (word === undefined || !tool.groups.has(word)) return -1;
    i++;
  }
}

function skipValued(argv: readonly string[], from: number, valued: ReadonlySet<string>): number {
  let i = from;
  while (i < argv.length && (argv[i] as string).startsWith('-') && argv[i] !== '-') i += valued.has(argv[i] as string) ? 2 : 1;
  return i;
}

function detectLogs(tool: LogsTool): Detector {
  return (seg) => {
    const at = logsIndex(seg.argv, tool);
    if (at < 0) return undefined;
    const s = stripOptions(seg.argv.slice(at + 1), tool.spec);
    if (s.removed.size === 0) return undefined;
    const head = seg.argv.slice(0, at + 1);
    const tailed = tool.tailFlags.some((f) => s.seen.has(f));
    const name = [seg.program, ...head.filter((w) => tool.groups.has(w)), 'logs -f'].join(' ');
    return {
      ruleId: RULE.follow,
      reason: `${name} streams until the container stops; the call would hang until the tool times out.`,
      hint: BACKGROUND,
      bounded: { argv: [...head, ...(tailed ? [] : tool.tail), ...s.kept] },
    };
  };
}

// ---------------------------------------------------------------------------------------------------
// Repeaters and monitors

function detectWatch(seg: Segment): Detection | undefined {
  const at = skipOptions(seg.argv, 1, 'nq', ['--interval', '--equexit']);
  const inner = seg.argv.slice(at);
  if (inner.length === 0) return undefined;
  const exec = seg.argv.slice(1, at).some((a) => a === '-x' || a === '--exec' || (/^-[a-z]+$/.test(a) && a.includes('x')));
  // Without -x, watch hands its words, joined by spaces, to `sh -c`: that text is the command it runs.
  const bounded: Bounded = exec ? { argv: inner } : { text: inner.join(' ') };
  return {
    ruleId: RULE.watch,
    reason: 'watch reruns the command every few seconds and never exits; the call would hang until the tool times out.',
    hint: 'or run watch with run_in_background',
    bounded,
    owns: 'watch',
  };
}

function detectTop(seg: Segment): Detection | undefined {
  const { flags } = normaliseArgs(seg.argv);
  const batch = flags.has('-b');
  const counted = flags.has('-n');
  if ((batch && counted) || asksForInfo(flags, ['-h', '-v'])) return undefined;
  return {
    ruleId: RULE.monitor,
    reason: 'top redraws the screen until it is quit; the call would hang until the tool times out.',
    hint: '',
    bounded: { argv: ['top', ...(batch ? [] : ['-b']), ...seg.argv.slice(1), ...(counted ? [] : ['-n', '1'])] },
  };
}

function detectMonitor(seg: Segment): Detection | undefined {
  const { flags } = normaliseArgs(seg.argv);
  if (asksForInfo(flags, ['-h', '-V', '-v'])) return undefined;
  if (seg.program === 'iotop' && flags.has('-b') && flags.has('-n')) return undefined;
  return {
    ruleId: RULE.monitor,
    reason: `${seg.program} is a full-screen monitor that runs until it is quit; the call would hang until the tool times out.`,
    hint: 'Take a snapshot instead, e.g. `top -b -n 1` or `ps aux --sort=-%cpu | head -n 20`.',
  };
}

const PING_BOUNDS: readonly string[] = ['-c', '-w'];
function detectPing(seg: Segment): Detection | undefined {
  const { flags, operands } = normaliseArgs(seg.argv);
  if (operands.length === 0 || asksForInfo(flags, ['-V', '-h']) || PING_BOUNDS.some((f) => flags.has(f))) return undefined;
  return {
    ruleId: RULE.unbounded,
    reason: `${seg.program} without -c pings until interrupted; the call would hang until the tool times out.`,
    hint: '',
    bounded: { argv: [seg.program, '-c', '4', ...seg.argv.slice(1)] },
  };
}

function detectYes(seg: Segment, analysis: ShellAnalysis): Detection | undefined {
  if (!isLastStage(seg, analysis)) return undefined;
  return {
    ruleId: RULE.unbounded,
    reason: 'yes prints forever unless a later command in the pipe stops reading.',
    hint: 'Pipe it into a bounded reader (`yes | head -n 10`), or pass the answer as a flag (e.g. -y).',
  };
}

const ENDLESS_SLEEP: ReadonlySet<string> = new Set(['inf', 'infinity']);
function detectSleep(seg: Segment): Detection | undefined {
  if (!seg.argv.slice(1).some((a) => ENDLESS_SLEEP.has(a.toLowerCase()))) return undefined;
  return {
    ruleId: RULE.unbounded,
    reason: 'sleep infinity never returns; the call would hang until the tool times out.',
    hint: 'Sleep for a bounded time (e.g. `sleep 5`), or use run_in_background for something that must stay alive.',
  };
}

// ---------------------------------------------------------------------------------------------------
// Pagers

interface PagerSpec {
  valued: ReadonlySet<string>;
}
const PAGERS: Readonly<Record<string, PagerSpec>> = {
  less: { valued: new Set(['-b', '-h', '-j', '-k', '-o', '-O', '-p', '-P', '-t', '-T', '-x', '-y', '-z', '-#']) },
  more: { valued: new Set(['-n']) },
  most: { valued: NONE },
};

function detectPager(seg: Segment): Detection | undefined {
  const spec = ownEntry(PAGERS, seg.program) as PagerSpec;
  const files = operandsOf(seg.argv, spec.valued).filter((w) => !w.startsWith('+'));
  const reason = `${seg.program} is an interactive pager; it waits for keys, and the tool output is not a terminal.`;
  if (files.length === 0) {
    return {
      ruleId: RULE.pager,
      reason,
      hint: seg.stage > 0 ? `Drop \`| ${seg.program}\`: the tool returns the whole output without a pager.` : 'Read the file with cat, head or the Read tool.',
    };
  }
  return { ruleId: RULE.pager, reason, hint: 'or use head/sed -n to read a part', bounded: { argv: ['cat', ...files] } };
}

/** man modes that print a line or a path rather than open a page. */
const MAN_NO_PAGER: readonly string[] = ['-k', '-f', '-w', '-W', '-K', '--where', '--path', '--apropos', '--whatis', '--where-cat'];
const PAGER_ENV: readonly string[] = ['MANPAGER=', 'PAGER='];

/**
 * man X → `MANPAGER=cat man X`. The variable is honoured by man-db, mandoc (BSDs, recent macOS) and
 * the older BSD man alike, whereas `man -P cat` is missing from mandoc and `man X | cat` would turn one
 * command into a pipeline.
 */
function detectMan(seg: Segment, analysis: ShellAnalysis): Detection | undefined {
  const { flags, operands } = normaliseArgs(seg.argv);
  if (operands.length === 0 || asksForInfo(flags, MAN_NO_PAGER) || !outputIsDirect(seg, analysis)) return undefined;
  if (seg.wrappers.some((w) => PAGER_ENV.includes(w))) return undefined;
  return {
    ruleId: RULE.pager,
    reason: 'man opens a pager when it believes it is on a terminal, and a pager waits for keys.',
    hint: '',
    bounded: { env: 'MANPAGER=cat', argv: seg.argv },
  };
}

// ---------------------------------------------------------------------------------------------------
// Editors and REPLs

const EDITOR_REASON = (p: string): string => `${p} is an interactive editor; it would wait for keystrokes until the tool times out.`;
const EDITOR_HINT = 'Use the Edit or Write tools to change files, and Read to view them.';
const VIM_FAMILY: ReadonlySet<string> = new Set(['vi', 'vim', 'nvim', 'view', 'vimdiff', 'ex']);
const EMACS_BATCH: readonly string[] = ['--batch', '-batch', '--script', '-script'];

/** vim -es / -Es (silent ex mode), nvim --headless, emacs --batch: scripted, no terminal needed. */
function editorIsScripted(seg: Segment, flags: ReadonlySet<string>): boolean {
  if (VIM_FAMILY.has(seg.program)) return (flags.has('-s') && (flags.has('-e') || flags.has('-E'))) || flags.has('--headless');
  if (seg.program === 'emacs') return seg.argv.some((a) => EMACS_BATCH.includes(a));
  if (seg.program === 'ed') return hasFedStdin(seg);
  return false;
}

function detectEditor(seg: Segment): Detection | undefined {
  const { flags } = normaliseArgs(seg.argv);
  if (asksForInfo(flags, ['-h']) || editorIsScripted(seg, flags)) return undefined;
  return { ruleId: RULE.editor, reason: EDITOR_REASON(seg.program), hint: EDITOR_HINT };
}

interface ReplSpec {
  /** Flags that pass code or a command, so no prompt opens. */
  inline: readonly string[];
  /** Flags that force the prompt even after a script (python -i). */
  force?: readonly string[];
  /** Options taking the next word as value (to find operands). */
  valued?: ReadonlySet<string>;
  /** What an operand means: a script that runs ('script'), nothing ('none'), SQL after the database ('second'), a .js file ('js'). */
  operand: 'script' | 'none' | 'second' | 'js';
  /** Extra flags that only print information. */
  info?: readonly string[];
  hint: string;
}

const MONGO_VALUED: ReadonlySet<string> = new Set(['--host', '--port', '-u', '--username', '-p', '--password', '--authenticationDatabase']);
const PY_HINT = "Pass the code with `python -c '…'`, a script file, or a heredoc on stdin.";
const REPLS: Readonly<Record<string, ReplSpec>> = {
  python: { inline: ['-c', '-m'], force: ['-i'], valued: new Set(['-W', '-X']), operand: 'script', info: ['-V', '-h'], hint: PY_HINT },
  ipython: { inline: ['-c', '-m'], force: ['-i'], operand: 'script', hint: PY_HINT },
  node: {
    inline: ['-e', '--eval', '-p', '--print', '--test', '--run', '--check', '-c'],
    force: ['-i', '--interactive'],
    valued: new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions', '--input-type']),
    operand: 'script',
    info: ['-v', '-h'],
    hint: "Pass the code with `node -e '…'`, a script file, or a heredoc on stdin.",
  },
  deno: { inline: [], operand: 'script', info: ['-V', '-h'], hint: "Use `deno eval '…'` or `deno run file.ts`." },
  irb: { inline: [], operand: 'script', info: ['-v'], hint: "Use `ruby -e '…'` or a script file." },
  pry: { inline: [], operand: 'script', info: ['-v'], hint: "Use `ruby -e '…'` or a script file." },
  psql: {
    inline: ['-c', '--command', '-f', '--file', '-l', '--list'],
    valued: new Set(['-d', '-h', '-p', '-U', '-v', '-o', '-T', '-F', '-R', '-P', '-L', '--set', '--variable']),
    operand: 'none',
    info: ['-V', '-?'],
    hint: "Pass the SQL with `psql -c '…'`, -f file, or a heredoc on stdin.",
  },
  mysql: { inline: ['-e', '--execute'], operand: 'none', info: ['-V', '-?'], hint: "Pass the SQL with `mysql -e '…'` or a heredoc on stdin." },
  mariadb: { inline: ['-e', '--execute'], operand: 'none', info: ['-V', '-?'], hint: "Pass the SQL with `mariadb -e '…'` or a heredoc on stdin." },
  sqlite3: {
    inline: [],
    valued: new Set(['-cmd', '-init', '-separator', '-newline', '-nullvalue', '-vfs', '-mmap', '-maxsize', '-lookaside', '-pagecache', '-escape']),
    operand: 'second',
    info: ['-version', '-help'],
    hint: "Pass the SQL after the database: `sqlite3 app.db 'select …'`, or a heredoc on stdin.",
  },
  mongosh: { inline: ['--eval', '-f', '--file'], valued: MONGO_VALUED, operand: 'js', hint: "Pass the code with `mongosh --eval '…'` or a .js file." },
  mongo: { inline: ['--eval'], valued: MONGO_VALUED, operand: 'js', hint: "Pass the code with `mongo --eval '…'` or a .js file." },
  'redis-cli': {
    inline: ['--scan', '--bigkeys', '--memkeys', '--hotkeys', '--pipe', '--rdb', '--eval', '--stat', '--latency'],
    valued: new Set(['-h', '-p', '-s', '-a', '-u', '-n', '-r', '-i', '-d', '-D', '--user', '--pass', '--cacert', '--cert', '--key', '--pattern']),
    operand: 'script',
    info: ['-v'],
    hint: 'Pass the command as arguments: `redis-cli GET key`.',
  },
  ghci: { inline: ['-e'], operand: 'none', hint: "Use `ghc -e '…'` or `runghc file.hs`." },
  lua: { inline: ['-e'], force: ['-i'], operand: 'script', info: ['-v'], hint: "Pass the code with `lua -e '…'` or a script file." },
  R: { inline: ['-e', '-f', '--file'], operand: 'script', hint: "Use `Rscript -e '…'` or `Rscript file.R`." },
  scala: { inline: ['-e'], operand: 'script', info: ['-version', '-help'], hint: 'Pass a script file, or use scala-cli with -e.' },
};

/** Does an operand make the program run something and exit? */
function operandRuns(spec: ReplSpec, operands: readonly string[]): boolean {
  if (spec.operand === 'script') return operands.length > 0;
  if (spec.operand === 'second') return operands.length > 1;
  if (spec.operand === 'js') return operands.some((o) => o.endsWith('.js'));
  return false;
}

function detectRepl(seg: Segment): Detection | undefined {
  const program = programFamily(seg.program);
  const spec = ownEntry(REPLS, program) as ReplSpec;
  const { flags } = normaliseArgs(seg.argv);
  if (hasFedStdin(seg) || asksForInfo(flags, spec.info)) return undefined;
  const forced = spec.force?.some((f) => seg.argv.includes(f)) ?? false;
  if (!forced) {
    if (spec.inline.some((f) => flags.has(f))) return undefined;
    const operands = operandsOf(seg.argv, spec.valued ?? NONE);
    if (program === 'deno' ? operands.length > 0 && operands[0] !== 'repl' : operandRuns(spec, operands)) return undefined;
  }
  const why = forced
    ? `${seg.program} ${spec.force?.find((f) => seg.argv.includes(f))} opens an interactive prompt`
    : `${seg.program} with no script or inline code opens an interactive prompt`;
  return {
    ruleId: RULE.repl,
    reason: `${why} and waits for input; the call would hang until the tool times out.`,
    hint: spec.hint,
  };
}

// ---------------------------------------------------------------------------------------------------
// git: editors and hunk prompts

const EDITOR_ENV: readonly string[] = ['GIT_EDITOR=', 'EDITOR=', 'VISUAL=', 'GIT_SEQUENCE_EDITOR='];
/** `git -c core.editor=true …` supplies a non-interactive editor. */
const EDITOR_CONFIG: readonly string[] = ['core.editor=', 'sequence.editor='];
const COMMIT_MESSAGE_FLAGS: readonly string[] = ['-m', '--message', '-F', '--file', '-C', '--reuse-message', '--no-edit', '--dry-run'];
const TAG_ANNOTATE_FLAGS: readonly string[] = ['-a', '--annotate', '-s', '--sign', '-u', '--local-user'];
const TAG_MESSAGE_FLAGS: readonly string[] = ['-m', '--message', '-F', '--file'];
/** Per subcommand, flags that open an interactive hunk or menu prompt. */
const GIT_PROMPT_FLAGS: Readonly<Record<string, readonly string[]>> = {
  add: ['-p', '--patch', '-i', '--interactive', '-e', '--edit'],
  checkout: ['-p', '--patch'],
  reset: ['-p', '--patch'],
  restore: ['-p', '--patch'],
  stash: ['-p', '--patch'],
  commit: ['-p', '--patch', '--interactive'],
  clean: ['-i', '--interactive'],
};
const GIT_HUNK_HINT = 'Name whole paths instead of picking hunks, or write a patch and apply it with `git apply` (add --cached to stage it).';

/** --fixup=<commit> writes its own message; --fixup=amend:/reword: open the editor. */
function fixupWithoutEditor(argv: readonly string[]): boolean {
  return argv.some((a) => a === '--fixup' || (a.startsWith('--fixup=') && !a.startsWith('--fixup=amend:') && !a.startsWith('--fixup=reword:')));
}

function detectGit(seg: Segment): Detection | undefined {
  const { flags, operands } = normaliseArgs(seg.argv);
  const sub = operands[0] ?? '';
  const has = (list: readonly string[]): boolean => list.some((f) => flags.has(f));
  const prompt = ownEntry(GIT_PROMPT_FLAGS, sub);
  if (prompt && has(prompt)) {
    return { ruleId: RULE.prompt, reason: `git ${sub} ${prompt.find((f) => flags.has(f))} asks interactively which hunks to use.`, hint: GIT_HUNK_HINT };
  }
  if (seg.wrappers.some((w) => EDITOR_ENV.includes(w)) || seg.argv.some((a) => EDITOR_CONFIG.some((c) => a.startsWith(c)))) return undefined;
  if (sub === 'rebase' && has(['-i', '--interactive', '--edit-todo'])) {
    return {
      ruleId: RULE.editor,
      reason: 'git rebase -i opens an editor on the todo list and waits for it to close.',
      hint: 'Run a non-interactive rebase (e.g. `git rebase main`), or set GIT_SEQUENCE_EDITOR to a script that edits the todo list.',
    };
  }
  if (sub === 'commit' && !has(COMMIT_MESSAGE_FLAGS) && !fixupWithoutEditor(seg.argv)) {
    return {
      ruleId: RULE.editor,
      reason: 'git commit without -m opens an editor for the message and waits for it to close.',
      hint: 'Pass the message with `git commit -m "…"` (or -F file); with --amend, add --no-edit to keep the message.',
    };
  }
  if (sub === 'tag' && has(TAG_ANNOTATE_FLAGS) && !has(TAG_MESSAGE_FLAGS)) {
    return { ruleId: RULE.editor, reason: 'git tag -a without -m opens an editor for the message.', hint: 'Pass the message with -m (or -F file).' };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// ssh

const SSH_VALUED_SHORT: ReadonlySet<string> = new Set([...'BbcDEeFIiJLlmOopQRSWw']);
const SSH_NO_SESSION: ReadonlySet<string> = new Set(['-V', '-G', '-O', '-f', '-Q']);

interface SshArgs {
  flags: Set<string>;
  operands: string[];
}

function sshArgs(argv: readonly string[]): SshArgs {
  const out: SshArgs = { flags: new Set(), operands: [] };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (out.operands.length > 0 || !a.startsWith('-') || a === '-') {
      out.operands.push(a);
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const ch = a[k] as string;
      out.flags.add(`-${ch}`);
      if (SSH_VALUED_SHORT.has(ch)) {
        if (k === a.length - 1) i++;
        break;
      }
    }
  }
  return out;
}

function detectSsh(seg: Segment): Detection | undefined {
  const { flags, operands } = sshArgs(seg.argv);
  if (operands.length === 0 || hasFedStdin(seg) || [...flags].some((f) => SSH_NO_SESSION.has(f))) return undefined;
  const tunnel = flags.has('-N');
  if (operands.length > 1 && !tunnel) return undefined;
  return {
    ruleId: RULE.remote,
    reason: tunnel
      ? 'ssh -N holds a tunnel open and never exits; the call would hang until the tool times out.'
      : 'ssh with no remote command opens an interactive shell and waits for input.',
    hint: tunnel ? 'Run the tunnel with run_in_background.' : `Pass the remote command, e.g. \`ssh ${operands[0]} 'uptime'\`.`,
  };
}

// ---------------------------------------------------------------------------------------------------
// Detector table

const EDITORS = ['vi', 'vim', 'nvim', 'view', 'vimdiff', 'ex', 'ed', 'nano', 'emacs', 'pico', 'micro', 'joe', 'helix', 'hx', 'kak', 'ne', 'mcedit'];
const MONITORS = ['htop', 'btop', 'bpytop', 'glances', 'iotop', 'atop', 'nmon', 'iftop', 'nload', 'bmon'];

const DETECTORS: Readonly<Record<string, Detector>> = {
  tail: detectTail,
  journalctl: detectJournal,
  docker: detectLogs(DOCKER_LOGS),
  podman: detectLogs(DOCKER_LOGS),
  'docker-compose': detectLogs({ ...DOCKER_LOGS, groups: NONE }),
  kubectl: detectLogs(KUBECTL_LOGS),
  watch: detectWatch,
  top: detectTop,
  ping: detectPing,
  ping6: detectPing,
  yes: detectYes,
  sleep: detectSleep,
  man: detectMan,
  git: detectGit,
  ssh: detectSsh,
  ...Object.fromEntries(Object.keys(PAGERS).map((p) => [p, detectPager])),
  ...Object.fromEntries(EDITORS.map((p) => [p, detectEditor])),
  ...Object.fromEntries(MONITORS.map((p) => [p, detectMonitor])),
  ...Object.fromEntries(Object.keys(REPLS).map((p) => [p, detectRepl])),
};
