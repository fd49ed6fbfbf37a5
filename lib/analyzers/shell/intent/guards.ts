// Phase a: mutation guards, whatever the program. Any one of them disqualifies read-only at once:
// privilege, a wrapper or variable not known to be harmless, an output redirect, tee, in-place edits,
// find actions, git configuration overrides, xargs/parallel feeding a program that may take writing options.

import type { NormalisedArgs } from '../operands.js';
import { ownEntry } from '../tables.js';
import type { Redirect, Segment } from '../types.js';
import { SINKS } from './sinks.js';

/** Wrappers that change nothing about what the wrapped program may do (xargs is judged by its target). */
const SAFE_WRAPPERS: ReadonlySet<string> = new Set([
  'command', 'builtin', 'exec', 'setsid', 'nice', 'ionice', 'timeout', 'stdbuf', 'xargs', 'parallel',
]);
const PRIVILEGE_WRAPPERS: ReadonlySet<string> = new Set(['sudo', 'doas']);
const FAN_OUT_WRAPPERS: ReadonlySet<string> = new Set(['xargs', 'parallel']);
const WRAPPER_RISKS: Readonly<Record<string, string>> = {
  env: 'env can set variables (LD_PRELOAD, GIT_EXTERNAL_DIFF, …) that change what the program runs',
  nohup: 'nohup may write nohup.out',
  time: 'time -o can write its report to a file',
};
/** Leading assignments that only change formatting or locale. */
const SAFE_ENV: ReadonlySet<string> = new Set([
  'LANG', 'LANGUAGE', 'TZ', 'TERM', 'COLUMNS', 'LINES', 'NO_COLOR', 'FORCE_COLOR', 'CLICOLOR', 'CLICOLOR_FORCE',
]);

/** Programs that stay read-only whatever words xargs appends (no option of theirs writes or runs code). */
const ARG_PROOF: ReadonlySet<string> = new Set([
  'cat', 'head', 'wc', 'grep', 'egrep', 'fgrep', 'ls', 'stat', 'du', 'basename', 'dirname', 'realpath', 'readlink',
  'echo', 'printf', 'md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'b2sum', 'cksum',
  'cut', 'nl', 'cmp', 'comm', 'diff', 'strings', 'od', 'hexdump', 'test', '[', 'true', 'false',
]);

const IN_PLACE_PROGRAMS: ReadonlySet<string> = new Set(['sed', 'perl', 'ruby', 'yq']);
const IN_PLACE_FLAGS: ReadonlySet<string> = new Set(['-i', '--in-place', '--inplace']);
const FIND_ACTIONS: ReadonlySet<string> = new Set(['-delete', '-exec', '-execdir', '-ok', '-okdir', '-fprint', '-fprint0', '-fprintf', '-fls']);
/** git global options that can redefine what a subcommand runs (pager, aliases, hooks, helpers). */
const GIT_CONFIG_GLOBALS: ReadonlySet<string> = new Set(['-c', '--config-env', '--exec-path']);
const GIT_VALUED_GLOBALS: ReadonlySet<string> = new Set(['-C', '--git-dir', '--work-tree', '--namespace', '--super-prefix']);

const GUARDS: ReadonlyArray<(seg: Segment, args: NormalisedArgs) => string | undefined> = [
  privilegeGuard,
  wrapperGuard,
  redirectGuard,
  teeGuard,
  inPlaceGuard,
  findGuard,
  gitConfigGuard,
  fanOutGuard,
];

export function mutationGuard(seg: Segment, args: NormalisedArgs): string | undefined {
  for (const guard of GUARDS) {
    const why = guard(seg, args);
    if (why !== undefined) return why;
  }
  return undefined;
}

function privilegeGuard(seg: Segment): string | undefined {
  const w = seg.wrappers.find((x) => PRIVILEGE_WRAPPERS.has(x));
  return w && `${w} runs ${seg.program || 'the command'} with elevated privileges`;
}

function wrapperGuard(seg: Segment): string | undefined {
  for (const w of seg.wrappers) {
    if (w.endsWith('=')) {
      const name = w.slice(0, -1);
      if (!SAFE_ENV.has(name) && !name.startsWith('LC_')) return `${name}= may change what ${seg.program} runs`;
      continue;
    }
    if (SAFE_WRAPPERS.has(w)) continue;
    return ownEntry(WRAPPER_RISKS, w) ?? `wrapper ${w} is not known to be harmless`;
  }
  return undefined;
}

/** `2>&1`, `>&2`, `<&0`, `>&-`: duplicating or closing a descriptor opens no file. */
function isFdDuplication(r: Redirect): boolean {
  return r.op.endsWith('&') && (r.target === '-' || /^\d+$/.test(r.target));
}

function redirectGuard(seg: Segment): string | undefined {
  for (const r of seg.redirects) {
    if (!r.op.includes('>') || isFdDuplication(r) || SINKS.has(r.target)) continue;
    return r.op.includes('<>') ? `${r.op} opens ${r.target} for writing` : `redirect ${r.op} writes ${r.target}`;
  }
  return undefined;
}

function teeGuard(seg: Segment, args: NormalisedArgs): string | undefined {
  if (seg.program !== 'tee') return undefined;
  const file = args.operands.find((o) => !SINKS.has(o));
  return file !== undefined ? `tee writes ${file}` : undefined;
}

function inPlaceGuard(seg: Segment, args: NormalisedArgs): string | undefined {
  if (!IN_PLACE_PROGRAMS.has(seg.program)) return undefined;
  return [...args.flags].some((f) => IN_PLACE_FLAGS.has(f)) ? `${seg.program} -i edits files in place` : undefined;
}

function findGuard(seg: Segment): string | undefined {
  if (seg.program !== 'find') return undefined;
  const action = seg.argv.find((a) => FIND_ACTIONS.has(a));
  return action && `find ${action} ${action === '-delete' ? 'deletes files' : action.startsWith('-f') ? 'writes a file' : 'runs a command'}`;
}

function gitConfigGuard(seg: Segment): string | undefined {
  if (seg.program !== 'git') return undefined;
  for (let i = 1; i < seg.argv.length; i++) {
    const a = seg.argv[i] as string;
    if (!a.startsWith('-')) return undefined;
    const name = a.split('=', 1)[0] as string;
    if (GIT_CONFIG_GLOBALS.has(name)) return `git ${name} overrides configuration (pager, aliases, hooks)`;
    if (GIT_VALUED_GLOBALS.has(a)) i++;
  }
  return undefined;
}

function fanOutGuard(seg: Segment): string | undefined {
  const w = seg.wrappers.find((x) => FAN_OUT_WRAPPERS.has(x));
  if (!w || ARG_PROOF.has(seg.program)) return undefined;
  return `${w} runs ${seg.program} with arguments read from stdin, which may add writing options`;
}
