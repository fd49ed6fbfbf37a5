// Commands that execute other commands from their arguments or stdin: shells with -c or fed a
// here-string/heredoc, eval, su -c, watch, find -exec; plus the remote-script-exec fact for
// `bash <(curl …)`, `sh -c "$(curl …)"`, `source <(wget …)`, `eval "$(curl …)"`.

import { DOWNLOADERS, REMOTE_SCRIPT_EXEC } from './facts.js';
import { subIds } from './markers.js';
import { buildSegment } from './segment.js';
import { type AnalyzeState, deeper, fail, type Level, MAX_NESTED_SCRIPT } from './state.js';
import type { Segment } from './types.js';
import { skipOptions } from './wrappers.js';

export const SHELLS: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'yash', 'posh']);
const INTERPRETER = /^(?:python[\d.]*|perl[\d.]*|ruby[\d.]*|node|nodejs|php[\d.]*|deno|bun)$/;
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
function stdinText(word: string, state: AnalyzeState): { text: string; heredoc: boolean } {
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
  if (INTERPRETER.test(prog)) {
    rawArgv.slice(1).forEach((a, i) => {
      remote(a, PROC_SUB);
      if (['-c', '-e', '-E', '--eval'].includes(rawArgv[i] as string)) remote(a);
    });
    return;
  }
  if (prog === 'su') {
    const at = rawArgv.findIndex((a) => a === '-c' || a === '--command');
    const inline = rawArgv.find((a) => a.startsWith('--command='));
    const script = at > 0 ? rawArgv[at + 1] : inline?.slice(10);
    if (script !== undefined) {
      remote(script);
      recurse(script, 'su -c');
    }
    return;
  }
  if (prog === 'watch') {
    const at = skipOptions(rawArgv, 1, 'n', ['--interval']);
    recurse(rawArgv.slice(at).join(' '), 'watch');
    return;
  }
  if (prog === 'find') runFindExec(seg, rawArgv, level, state);
}

function runFindExec(seg: Segment, rawArgv: string[], level: Level, state: AnalyzeState): void {
  for (let i = 1; i < rawArgv.length; i++) {
    const flag = rawArgv[i] as string;
    if (!FIND_EXEC.has(flag)) continue;
    const words: string[] = [];
    let j = i + 1;
    for (; j < rawArgv.length && rawArgv[j] !== ';' && rawArgv[j] !== '+'; j++) words.push(rawArgv[j] as string);
    i = j;
    const child = deeper(state, level, seg.via, `find ${flag}`);
    if (!child || words.length === 0) continue;
    const pipeline = state.nextPipeline++;
    buildSegment({ words, redirects: [], hereStrings: [], groups: [], pipeline: 0, stage: 0 }, child, pipeline, state);
  }
}
