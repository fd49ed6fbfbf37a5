// Commands that execute other commands from their arguments or stdin: shells with -c or fed a
// here-string/heredoc, eval, su -c, watch, find -exec; plus the remote-script-exec fact for
// `bash <(curl …)`, `sh -c "$(curl …)"`, `source <(wget …)`, `eval "$(curl …)"`.

import { DOWNLOADERS, REMOTE_SCRIPT_EXEC } from './facts.js';
// Which program is an interpreter (argv.ts) is asked of every command; what its code does (eval.ts) only of
// interpreter one-liners, and the hook bundles load it on first use (scripts/build-chunks.ts).
import { interpreterCode, interpreterLang } from './interpreters/argv.js';
import { interpreterActions } from './interpreters/eval.js';
import { type InterpreterLang, UNKNOWN_TARGET } from './interpreters/types.js';
import { catFile, fedScript, fedWords, fillArgs, findResults, previousStage } from './literal.js';
import { subIds } from './markers.js';
import { buildSegment } from './segment.js';
import { type AnalyzeState, deeper, fail, type Level, MAX_NESTED_SCRIPT } from './state.js';
import type { Segment } from './types.js';
import { skipOptions } from './wrappers.js';

export const SHELLS: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'yash', 'posh']);
const SOURCES = new Set(['source', '.']);
const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** Does the text hold a substitution that ran a downloader? */
function fetchesRemote(text: string | undefined, state: AnalyzeState, kinds?: ReadonlySet<string>): boolean {
  if (!text) return false;
  return subIds(text).some((id) => {
    const sub = state.table.get(id);
    return !!sub && (!kinds || kinds.has(sub.kind)) && sub.programs.some((p) => DOWNLOADERS.has(p));
  });
}

interface ShellArgs {
  script?: string;
  file?: string;
}

function parseShellArgs(argv: readonly string[]): ShellArgs {
  let hasC = false;
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--' || a === '-') {
      i++;
      break;
    }
    if (['-o', '+o', '-O', '+O', '--rcfile', '--init-file'].includes(a)) {
      i++;
      continue;
    }
    if (a.startsWith('--command=')) return { script: a.slice(10) };
    if (a === '--command') return { script: argv[i + 1] ?? '' };
    if (a.startsWith('--')) continue;
    if ((a.startsWith('-') || a.startsWith('+')) && a.length > 1) {
      if (a.startsWith('-') && a.includes('c')) hasC = true;
      continue;
    }
    break;
  }
  const first = argv[i];
  if (hasC) return { script: first ?? '' };
  return first !== undefined ? { file: first } : {};
}

/** Text a here-string word feeds on stdin: a heredoc placeholder stands for its body. */
export function stdinText(word: string, state: AnalyzeState): { text: string; heredoc: boolean } {
  const m = /^\uE000(\d+)\uE001$/.exec(word);
  const sub = m ? state.table.get(Number(m[1])) : undefined;
  return sub?.kind === 'heredoc' ? { text: sub.inner, heredoc: true } : { text: word, heredoc: false };
}

const PROC_SUB = new Set(['<()']);

export function runNested(seg: Segment, rawArgv: string[], hereStrings: string[], level: Level, state: AnalyzeState): void {
  const prog = seg.program;
  const recurse = (text: string, label: string): void => {
    if (!text.trim()) return;
    if (text.length > MAX_NESTED_SCRIPT) {
      fail(state, 'nested script too large');
      return;
    }
    const child = deeper(state, level, seg.via, label);
    if (child) state.recurse(text, child);
  };
  const remote = (text: string | undefined, kinds?: ReadonlySet<string>): void => {
    if (fetchesRemote(text, state, kinds)) state.facts.add(REMOTE_SCRIPT_EXEC);
  };

  if (SHELLS.has(prog)) {
    const sh = parseShellArgs(rawArgv);
    if (sh.script !== undefined) {
      remote(sh.script);
      recurse(sh.script, `${prog} -c`);
    } else if (sh.file !== undefined) {
      remote(sh.file);
    } else {
      // `echo 'rm -rf /' | sh`: the shell runs what the previous stage printed.
      const feeder = previousStage(state.segments, seg.pipeline, seg.stage);
      const fed = fedScript(feeder);
      if (fed !== undefined) recurse(fed, `${feeder?.program} | ${prog}`);
      for (const h of hereStrings) {
        const { text, heredoc } = stdinText(h, state);
        remote(text);
        recurse(text, heredoc ? `${prog} <<` : `${prog} <<<`);
      }
    }
    return;
  }
  if (prog === 'eval') {
    const script = rawArgv.slice(1).join(' ');
    remote(script);
    recurse(script, 'eval');
    return;
  }
  if (SOURCES.has(prog)) {
    remote(rawArgv[1]);
    return;
  }
  const lang = interpreterLang(prog);
  if (lang) {
    rawArgv.slice(1).forEach((a, i) => {
      remote(a, PROC_SUB);
      if (['-c', '-e', '-E', '--eval'].includes(rawArgv[i] as string)) remote(a);
    });
    runInterpreter(seg, lang, interpreterSource(seg, rawArgv, hereStrings, state), level, state);
    return;
  }
  if (prog === 'su' || prog === 'runuser' || prog === 'flock' || prog === 'script') {
    const at = rawArgv.findIndex((a) => a === '--command' || /^-[A-Za-z]*c$/.test(a));
    const inline = rawArgv.find((a) => a.startsWith('--command='));
    const script = at > 0 ? rawArgv[at + 1] : inline?.slice(10);
    if (script !== undefined) {
      remote(script);
      recurse(script, `${prog} -c`);
    }
    return;
  }
  if (prog === 'watch') {
    const at = skipOptions(rawArgv, 1, 'n', ['--interval']);
    recurse(rawArgv.slice(at).join(' '), 'watch');
    return;
  }
  if (prog === 'find') runFindExec(seg, rawArgv, level, state);
  else if (prog === 'ssh') runRemote(seg, remoteScript(rawArgv), level, state);
  else if (prog === 'parallel') runParallel(seg, rawArgv, level, state);
  else {
    const exec = containerExec(rawArgv);
    if (exec) runArgv(seg, exec.argv, exec.label, level, state, undefined);
  }
}

/** The code an interpreter runs: inline (-c/-e/-r), else a here-string/heredoc, else what echo pipes in. */
function interpreterSource(seg: Segment, rawArgv: readonly string[], hereStrings: readonly string[], state: AnalyzeState): string | undefined {
  const inline = interpreterCode(rawArgv);
  if (inline !== undefined) return inline;
  // `python script.py` runs a file we cannot see; `python -` and bare `python` read stdin.
  const script = rawArgv.slice(1).find((a) => !a.startsWith('-'));
  if (script !== undefined && script !== '-') return undefined;
  if (hereStrings.length > 0) return hereStrings.map((h) => stdinText(h, state).text).join('\n');
  return fedScript(previousStage(state.segments, seg.pipeline, seg.stage));
}

/** Judge the destructive calls of interpreter code as the shell commands they amount to. */
function runInterpreter(seg: Segment, lang: InterpreterLang, code: string | undefined, level: Level, state: AnalyzeState): void {
  if (code === undefined || !code.trim()) return;
  for (const action of interpreterActions(lang, code)) {
    const label = `${seg.program} ${action.api}`;
    if (action.argv) {
      // An argument the code computes at run time is unknowable: a substitution-like word says so.
      runArgv(seg, action.argv.map((w) => (w === UNKNOWN_TARGET ? '$(?)' : w)), label, level, state, state.cwd);
    } else if (action.shell !== undefined && action.shell !== UNKNOWN_TARGET && action.shell.length <= MAX_NESTED_SCRIPT) {
      const child = deeper(state, level, seg.via, label);
      if (child) state.recurse(action.shell, child);
    }
  }
}

/** Options of ssh that take a value. */
const SSH_VALUE = 'BbcDEeFIiJLlmOoPpQRSWw';

/** `ssh [opts] host cmd…`: the remote command, which the remote shell parses again. */
function remoteScript(argv: readonly string[]): string | undefined {
  const at = skipOptions(argv, 1, SSH_VALUE) + 1;
  return at < argv.length ? argv.slice(at).join(' ') : undefined;
}

/** Run a script whose paths refer to another machine: its cwd is unknown. */
function runRemote(seg: Segment, script: string | undefined, level: Level, state: AnalyzeState): void {
  if (!script?.trim() || script.length > MAX_NESTED_SCRIPT) return;
  const child = deeper(state, level, seg.via, seg.program);
  if (!child) return;
  const cwd = state.cwd;
  state.cwd = undefined;
  state.recurse(script, child);
  state.cwd = cwd;
}

/** Options taking a value: short letters, then long names (see skipOptions). */
const DOCKER_EXEC_VALUE = ['euw', ['--env', '--env-file', '--user', '--workdir', '--detach-keys', '--index']] as const;
const KUBECTL_EXEC_VALUE = ['cnfs', ['--container', '--namespace', '--context', '--cluster', '--kubeconfig', '--filename', '--pod-running-timeout', '--server']] as const;
const PARALLEL_VALUE = ['jSadnNIC', ['--jobs', '--sshlogin', '--arg-file', '--delimiter', '--max-args', '--colsep', '--joblog', '--results', '--timeout', '--delay']] as const;

const CONTAINER_ENGINES: ReadonlySet<string> = new Set(['docker', 'podman', 'nerdctl']);
const CLUSTER_CLIS: ReadonlySet<string> = new Set(['kubectl', 'oc']);

/**
 * Does a segment with this nesting chain run on another machine or in a container (`ssh`,
 * `docker exec`, `kubectl exec` labels)? Its paths are not this machine's.
 */
export function runsElsewhere(via: readonly string[]): boolean {
  return via.some((label) => {
    if (label === 'ssh') return true;
    const prog = label.endsWith(' exec') ? label.slice(0, -5) : '';
    return CONTAINER_ENGINES.has(prog) || CLUSTER_CLIS.has(prog);
  });
}

/** `docker|podman [container|compose] exec … ctr cmd…`, `kubectl|oc exec … pod [--] cmd…` → the command's argv. */
function containerExec(argv: readonly string[]): { argv: string[]; label: string } | undefined {
  const prog = argv[0] ?? '';
  if (CONTAINER_ENGINES.has(prog)) {
    let at = 1;
    if (argv[at] === 'container' || argv[at] === 'compose') at++;
    if (argv[at] !== 'exec') return undefined;
    const target = skipOptions(argv, at + 1, ...DOCKER_EXEC_VALUE);
    const cmd = argv.slice(target + 1);
    return cmd.length ? { argv: cmd, label: `${prog} exec` } : undefined;
  }
  if (CLUSTER_CLIS.has(prog) && argv.includes('exec')) {
    const dash = argv.indexOf('--');
    const cmd = dash > 0 ? argv.slice(dash + 1) : argv.slice(skipOptions(argv, argv.indexOf('exec') + 1, ...KUBECTL_EXEC_VALUE) + 1);
    return cmd.length ? { argv: cmd, label: `${prog} exec` } : undefined;
  }
  return undefined;
}

/**
 * `parallel [opts] cmd… ::: args…` (args in place of `{}`, else appended; from the previous pipeline
 * stage when there is no `:::`), or `parallel ::: 'cmd1' 'cmd2'` where each argument is a command line.
 */
function runParallel(seg: Segment, argv: readonly string[], level: Level, state: AnalyzeState): void {
  const start = skipOptions(argv, 1, ...PARALLEL_VALUE);
  const sep = argv.findIndex((a, i) => i >= start && (a === ':::' || a === '::::' || a === ':::+'));
  const cmd = argv.slice(start, sep < 0 ? undefined : sep);
  const fed = sep < 0 ? fedWords(previousStage(state.segments, seg.pipeline, seg.stage)) : undefined;
  const args = sep < 0 ? (fed ?? []) : argv.slice(sep + 1).filter((a) => !a.startsWith(':::'));
  // Items from a file the command names (`parallel cmd :::: F`, `cat F | parallel cmd`, `parallel cmd < F`): the
  // engine reads it (Segment.feed), as for xargs.
  const file =
    sep >= 0 ? (argv[sep] === '::::' ? argv[sep + 1] : undefined) : fed === undefined ? (catFile(previousStage(state.segments, seg.pipeline, seg.stage)) ?? seg.redirects.find((r) => r.op === '<' && !r.target.startsWith('<('))?.target) : undefined;
  if (cmd.length) {
    const before = state.segments.length;
    runArgv(seg, file !== undefined ? cmd : fillArgs(cmd, args, '{}'), 'parallel', level, state, state.cwd);
    const child = state.segments.length > before ? state.segments[before] : undefined;
    if (child && file !== undefined) child.feed = { file, ...(cmd.some((w) => w.includes('{}')) ? { token: '{}' } : {}) };
    return;
  }
  const child = deeper(state, level, seg.via, 'parallel');
  if (!child) return;
  for (const line of args.slice(0, 64)) if (line.length <= MAX_NESTED_SCRIPT) state.recurse(line, child);
}

/** Judge an argv another program executes directly (no shell in between). */
function runArgv(seg: Segment, words: string[], label: string, level: Level, state: AnalyzeState, cwd: string | undefined): void {
  const child = deeper(state, level, seg.via, label);
  if (!child || words.length === 0) return;
  const saved = state.cwd;
  state.cwd = cwd;
  buildSegment({ words, redirects: [], hereStrings: [], groups: [], pipeline: 0, stage: 0 }, child, state.nextPipeline++, state);
  state.cwd = saved;
}

/** `find P… [tests] -exec cmd {} ;`: cmd runs on what find yields (see findResults). */
function runFindExec(seg: Segment, rawArgv: string[], level: Level, state: AnalyzeState): void {
  const found = findResults(rawArgv);
  for (let i = 1; i < rawArgv.length; i++) {
    const flag = rawArgv[i] as string;
    if (!FIND_EXEC.has(flag)) continue;
    const words: string[] = [];
    let j = i + 1;
    for (; j < rawArgv.length && rawArgv[j] !== ';' && rawArgv[j] !== '+'; j++) {
      const w = rawArgv[j] as string;
      if (w === '{}') words.push(...found);
      else words.push(w);
    }
    i = j;
    runArgv(seg, words, `find ${flag}`, level, state, state.cwd);
  }
}
