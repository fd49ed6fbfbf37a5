// Execution intent: can a parsed command line change anything? Each segment is judged in phases —
// mutation guards (output redirects, tee, in-place edits, find actions, privilege, risky wrappers),
// then known writers, then programs that are read-only by construction, then programs whose script or
// arguments were inspected (sed, awk, curl, git branch/tag, aws get-*). The line is as weak as its
// weakest segment. Anything not positively known to be read-only is "write-or-unknown": the engine
// may auto-allow read-only commands, so a wrong "read-only" is the costly mistake and every table here
// errs the other way.

import { SHELLS } from './nested.js';
import { type NormalisedArgs, normaliseArgs } from './operands.js';
import { ownEntry, programFamily } from './tables.js';
import type { Redirect, Segment, ShellAnalysis } from './types.js';

export type ExecutionIntent = 'read-only' | 'read-only-inspected' | 'write-or-unknown';

export interface IntentResult {
  intent: ExecutionIntent;
  /** Why, e.g. "sed -i edits files in place", "tee writes output.txt", "all segments read-only". */
  reason: string;
}

type Judge = (seg: Segment, args: NormalisedArgs) => IntentResult;


const readOnly = (reason: string): IntentResult => ({ intent: 'read-only', reason });
const inspected = (reason: string): IntentResult => ({ intent: 'read-only-inspected', reason });
const unsafe = (reason: string): IntentResult => ({ intent: 'write-or-unknown', reason });
const PLAIN_READ = readOnly('read-only program');

// ---------------------------------------------------------------------------------------------------
// Tables

/** Output redirect targets that are not files. */
const SINKS: ReadonlySet<string> = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/fd/1', '/dev/fd/2']);

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

/** Read-only by construction, once no guard fired (some are further limited by FLAG_LIMITS). */
const READ_ONLY: ReadonlySet<string> = new Set([
  'ls', 'dir', 'vdir', 'cat', 'tac', 'head', 'tail', 'wc', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'find', 'fd', 'tree',
  'stat', 'file', 'du', 'df', 'pwd', 'echo', 'printf', 'true', 'false', ':', 'which', 'whereis', 'type', 'command',
  'date', 'whoami', 'id', 'groups', 'uname', 'arch', 'nproc', 'hostname', 'env', 'printenv', 'locale', 'tty',
  'basename', 'dirname', 'realpath', 'readlink', 'sort', 'uniq', 'cut', 'tr', 'column', 'nl', 'paste', 'join',
  'fold', 'fmt', 'expand', 'unexpand', 'rev', 'od', 'hexdump', 'strings', 'seq', 'diff', 'cmp', 'comm',
  'md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'b2sum', 'cksum',
  'jq', 'yq', 'test', '[', '[[', 'ps', 'top', 'uptime', 'free', 'lsof', 'w', 'who', 'journalctl',
  'sleep', 'cd', 'pushd', 'popd', 'read', 'tee', 'xargs',
]);

/** Flags that make an otherwise read-only program write, run a command or never finish. */
const FLAG_LIMITS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  tail: { '-f': 'tail -f follows the file and never ends', '-F': 'tail -F follows the file and never ends', '--follow': 'tail --follow never ends' },
  sort: { '-o': 'sort -o writes its output to a file', '--output': 'sort --output writes a file', '--compress-program': 'sort --compress-program runs a program' },
  tree: { '-o': 'tree -o writes its listing to a file', '-R': 'tree -R writes 00Tree.html files' },
  file: { '-C': 'file -C compiles a magic file', '--compile': 'file --compile writes a magic file' },
  rg: { '--pre': 'rg --pre runs a preprocessor command', '--hostname-bin': 'rg --hostname-bin runs a program' },
  ag: { '--pager': 'ag --pager runs a pager command' },
  fd: {
    '-x': 'fd -x runs a command per result',
    '--exec': 'fd --exec runs a command per result',
    '-X': 'fd -X runs a command',
    '--exec-batch': 'fd --exec-batch runs a command',
  },
  date: { '-s': 'date -s sets the system clock', '--set': 'date --set sets the system clock' },
  hostname: {
    '-F': 'hostname -F sets the host name',
    '--file': 'hostname --file sets the host name',
    '-b': 'hostname -b sets the host name',
    '--boot': 'hostname --boot sets the host name',
  },
  journalctl: {
    '-f': 'journalctl -f follows the journal and never ends',
    '--follow': 'journalctl --follow never ends',
    '--vacuum-size': 'journalctl --vacuum-size deletes journal files',
    '--vacuum-time': 'journalctl --vacuum-time deletes journal files',
    '--vacuum-files': 'journalctl --vacuum-files deletes journal files',
    '--rotate': 'journalctl --rotate rotates journal files',
    '--flush': 'journalctl --flush moves journal files',
    '--setup-keys': 'journalctl --setup-keys writes sealing keys',
  },
};

/** Programs (canonical name) whose only argument is one of these words just print a version. */
const VERSION_WORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  node: new Set(['--version', '-v']),
  npm: new Set(['--version', '-v']),
  pnpm: new Set(['--version', '-v']),
  yarn: new Set(['--version', '-v']),
  bun: new Set(['--version', '-v']),
  deno: new Set(['--version', '-V']),
  python: new Set(['--version', '-V']),
  pip: new Set(['--version', '-V']),
  ruby: new Set(['--version', '-v']),
  perl: new Set(['--version', '-v']),
  go: new Set(['version']),
  rustc: new Set(['--version', '-V']),
  cargo: new Set(['--version', '-V']),
  java: new Set(['-version', '--version']),
  javac: new Set(['-version', '--version']),
  gcc: new Set(['--version']),
  clang: new Set(['--version']),
  make: new Set(['--version']),
  cmake: new Set(['--version']),
  tsc: new Set(['--version', '-v']),
  git: new Set(['--version', 'version']),
  docker: new Set(['--version', '-v']),
  terraform: new Set(['--version', '-v', 'version']),
  gh: new Set(['--version']),
  aws: new Set(['--version']),
};

/** Known writers, plus a few programs that never finish or wait for keys: a better reason than "not a known read-only program". */
const WRITERS: Readonly<Record<string, string>> = {
  rm: 'rm deletes files',
  rmdir: 'rmdir removes directories',
  unlink: 'unlink deletes a file',
  shred: 'shred overwrites files',
  mv: 'mv moves or renames files',
  cp: 'cp copies files',
  mkdir: 'mkdir creates directories',
  touch: 'touch creates files or changes their times',
  chmod: 'chmod changes permissions',
  chown: 'chown changes ownership',
  chgrp: 'chgrp changes group ownership',
  ln: 'ln creates links',
  install: 'install copies files into place',
  dd: 'dd writes its output file',
  truncate: 'truncate resizes files',
  rsync: 'rsync copies files',
  scp: 'scp copies files',
  wget: 'wget downloads files',
  tar: 'tar can create or extract archives',
  unzip: 'unzip extracts files',
  zip: 'zip writes archives',
  gzip: 'gzip replaces files with compressed ones',
  gunzip: 'gunzip replaces files with decompressed ones',
  patch: 'patch edits files',
  make: 'make runs build recipes',
  kill: 'kill signals processes',
  pkill: 'pkill signals processes',
  killall: 'killall signals processes',
  systemctl: 'systemctl can change services',
  service: 'service can change services',
  reboot: 'reboot restarts the machine',
  shutdown: 'shutdown stops the machine',
  mount: 'mount changes mounts',
  umount: 'umount changes mounts',
  crontab: 'crontab edits scheduled jobs',
  terraform: 'terraform may write state or take a state lock',
  apt: 'apt installs or removes packages',
  'apt-get': 'apt-get installs or removes packages',
  yum: 'yum installs or removes packages',
  dnf: 'dnf installs or removes packages',
  pacman: 'pacman installs or removes packages',
  apk: 'apk installs or removes packages',
  gem: 'gem installs or removes packages',
  watch: 'watch reruns a command forever',
  less: 'less is an interactive pager',
  more: 'more is an interactive pager',
};

// ---------------------------------------------------------------------------------------------------
// Entry point

const STRENGTH: Readonly<Record<ExecutionIntent, number>> = { 'write-or-unknown': 0, 'read-only-inspected': 1, 'read-only': 2 };

export function classifyIntent(analysis: ShellAnalysis): IntentResult {
  if (analysis.parseError) return unsafe(`the command could not be parsed (${analysis.parseError})`);
  if (analysis.segments.length === 0) return unsafe('empty command');
  if (analysis.facts.length > 0) return unsafe(`the analyzer flagged ${analysis.facts.join(', ')}`);
  let weakest = readOnly('all segments read-only');
  for (const seg of analysis.segments) {
    const verdict = judgeSegment(seg, analysis);
    if (verdict.intent === 'write-or-unknown') return verdict;
    if (STRENGTH[verdict.intent] < STRENGTH[weakest.intent]) weakest = verdict;
  }
  return weakest;
}

function judgeSegment(seg: Segment, analysis: ShellAnalysis): IntentResult {
  const args = normaliseArgs(seg.argv);
  const guard = mutationGuard(seg, args);
  const verdict = guard !== undefined ? unsafe(guard) : judgeProgram(seg, args, analysis);
  if (verdict.intent !== 'write-or-unknown' || seg.via.length === 0) return verdict;
  return unsafe(`${verdict.reason} (via ${seg.via.join(', ')})`);
}

// ---------------------------------------------------------------------------------------------------
// Phase a: mutation guards, whatever the program

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

function mutationGuard(seg: Segment, args: NormalisedArgs): string | undefined {
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

// ---------------------------------------------------------------------------------------------------
// Phases b–d: per program


function judgeProgram(seg: Segment, args: NormalisedArgs, analysis: ShellAnalysis): IntentResult {
  const program = programFamily(seg.program);
  if (program === '') return readOnly('no command, input redirect only');
  if (seg.argv.length === 2 && ownEntry(VERSION_WORDS, program)?.has(seg.argv[1] as string)) return readOnly(`${program} prints its version`);
  if (runsOnlyNested(seg, analysis)) return readOnly(`${program} only runs the nested script, judged separately`);
  const judge = ownEntry(JUDGES, program);
  if (judge) return judge(seg, args);
  const spec = ownEntry(SUBCOMMANDS, program);
  if (spec) return judgeSubcommand(program, spec, seg.argv);
  const limited = flagLimit(program, args);
  if (limited !== undefined) return unsafe(limited);
  if (READ_ONLY.has(program)) return PLAIN_READ;
  return unsafe(ownEntry(WRITERS, program) ?? `${program} is not a known read-only program`);
}

function flagLimit(program: string, args: NormalisedArgs): string | undefined {
  const limits = ownEntry(FLAG_LIMITS, program);
  if (!limits) return undefined;
  for (const f of args.flags) {
    const why = ownEntry(limits, f);
    if (why !== undefined) return why;
  }
  return undefined;
}

/** Shell options that neither read startup files nor change what runs (`bash -euxc '…'`). */
const QUIET_SHELL_OPTION = /^-[ceuxv]+$/;

/**
 * `bash -c 'script'` / `eval 'script'`: the launcher itself does nothing but run the script, whose
 * segments the analyzer already produced (their `via` ends with the launcher's label).
 */
function runsOnlyNested(seg: Segment, analysis: ShellAnalysis): boolean {
  let label: string;
  if (seg.program === 'eval') label = 'eval';
  else if (SHELLS.has(seg.program) && shellRunsInlineScript(seg.argv)) label = `${seg.program} -c`;
  else return false;
  const depth = seg.via.length;
  return analysis.segments.some((s) => s.via.length === depth + 1 && s.via[depth] === label && s.via.slice(0, depth).join('\0') === seg.via.join('\0'));
}

function shellRunsInlineScript(argv: readonly string[]): boolean {
  let sawC = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '-o' || a === '+o') {
      i++;
      continue;
    }
    if (!QUIET_SHELL_OPTION.test(a)) return sawC;
    if (a.includes('c')) sawC = true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Argument helpers

/** Flags as single options: `--a=b` and multi-letter `-xyz` clusters dropped (their parts are in the set). */
function plainFlags(flags: ReadonlySet<string>): string[] {
  return [...flags].filter((f) => !f.includes('=') && (f.startsWith('--') || f.length === 2) && !/^-\d$/.test(f));
}

interface Positional {
  word: string;
  index: number;
}

/** Non-option words in order; `valued` options consume the next word when written without `=`. */
function positionals(argv: readonly string[], valued: ReadonlySet<string>, from = 1): Positional[] {
  const out: Positional[] = [];
  let endOfOptions = false;
  for (let i = from; i < argv.length; i++) {
    const a = argv[i] as string;
    if (endOfOptions || a === '-' || !a.startsWith('-')) out.push({ word: a, index: i });
    else if (a === '--') endOfOptions = true;
    else if (valued.has(a)) i++;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Programs with their own judge

const JUDGES: Readonly<Record<string, Judge>> = {
  git: judgeGit,
  sed: judgeSed,
  awk: judgeAwk,
  gawk: judgeAwk,
  mawk: judgeAwk,
  nawk: judgeAwk,
  curl: judgeCurl,
  aws: judgeAws,
  top: judgeTop,
  uniq: judgeUniq,
  date: judgeDate,
  hostname: judgeHostname,
  sleep: judgeSleep,
  ping: judgePing,
  ping6: judgePing,
};

/** ping sends probes but writes nothing; without a count or deadline it never ends. */
function judgePing(seg: Segment, args: NormalisedArgs): IntentResult {
  return args.flags.has('-c') || args.flags.has('-w') ? PLAIN_READ : unsafe(`${seg.program} without -c never ends`);
}

function judgeTop(_seg: Segment, args: NormalisedArgs): IntentResult {
  return args.flags.has('-b') && args.flags.has('-n') ? PLAIN_READ : unsafe('top without -b -n runs until quit');
}

const UNIQ_VALUED: ReadonlySet<string> = new Set(['-f', '-s', '-w', '--skip-fields', '--skip-chars', '--check-chars']);
function judgeUniq(seg: Segment): IntentResult {
  const out = positionals(seg.argv, UNIQ_VALUED)[1];
  return out ? unsafe(`uniq writes its output to ${out.word}`) : PLAIN_READ;
}

const DATE_VALUED: ReadonlySet<string> = new Set(['-d', '--date', '-f', '--file', '-r', '--reference']);
function judgeDate(seg: Segment, args: NormalisedArgs): IntentResult {
  const limited = flagLimit('date', args);
  if (limited !== undefined) return unsafe(limited);
  const setting = positionals(seg.argv, DATE_VALUED).find((p) => !p.word.startsWith('+'));
  return setting ? unsafe(`date ${setting.word} sets the system clock`) : PLAIN_READ;
}

function judgeHostname(seg: Segment, args: NormalisedArgs): IntentResult {
  const limited = flagLimit('hostname', args);
  if (limited !== undefined) return unsafe(limited);
  return args.operands.length > 0 ? unsafe(`hostname ${args.operands[0]} sets the host name`) : PLAIN_READ;
}

const ENDLESS_SLEEP: ReadonlySet<string> = new Set(['inf', 'infinity']);
function judgeSleep(_seg: Segment, args: NormalisedArgs): IntentResult {
  return args.operands.some((o) => ENDLESS_SLEEP.has(o.toLowerCase())) ? unsafe('sleep infinity never ends') : PLAIN_READ;
}

// --- git --------------------------------------------------------------------------------------------

const GIT_READ_ONLY: ReadonlySet<string> = new Set([
  'status', 'log', 'diff', 'show', 'blame', 'annotate', 'rev-parse', 'ls-files', 'ls-tree', 'ls-remote', 'cat-file',
  'describe', 'shortlog', 'rev-list', 'show-ref', 'for-each-ref', 'merge-base', 'name-rev', 'whatchanged',
  'check-ignore', 'check-attr', 'count-objects', 'grep', 'cherry', 'show-branch', 'diff-tree', 'diff-files',
  'diff-index', 'range-diff', 'var', 'version',
]);
const GIT_WRITERS: ReadonlySet<string> = new Set([
  'add', 'am', 'apply', 'checkout', 'cherry-pick', 'clean', 'clone', 'commit', 'fetch', 'gc', 'init', 'merge', 'mv',
  'prune', 'pull', 'push', 'rebase', 'reset', 'restore', 'revert', 'rm', 'switch', 'submodule', 'update-index',
  'update-ref', 'filter-branch', 'notes', 'bisect', 'format-patch', 'archive',
]);
/** Per read-only subcommand, flags that write or hand output to a program. */
const GIT_FORBIDDEN: Readonly<Record<string, ReadonlySet<string>>> = {
  grep: new Set(['-O', '--open-files-in-pager']),
};

interface ListingSpec {
  /** Flags that create, delete, rename or configure. */
  writes: ReadonlySet<string>;
  /** Flags that put the command in list mode, so names are patterns, not new refs. */
  lists: ReadonlySet<string>;
  /** Flags that only shape a listing. */
  shapes: ReadonlySet<string>;
}

const BRANCH_SPEC: ListingSpec = {
  writes: new Set([
    '-d', '-D', '--delete', '-m', '-M', '--move', '-c', '-C', '--copy', '-f', '--force', '-u', '--set-upstream-to',
    '--unset-upstream', '--edit-description', '-t', '--track', '--no-track', '--create-reflog', '--recurse-submodules',
  ]),
  lists: new Set([
    '-l', '--list', '-a', '--all', '-r', '--remotes', '-v', '--verbose', '--contains', '--no-contains', '--merged',
    '--no-merged', '--points-at',
  ]),
  shapes: new Set([
    '--show-current', '--sort', '--format', '--color', '--no-color', '--column', '--no-column', '-i', '--ignore-case',
    '--abbrev', '--no-abbrev', '--omit-empty',
  ]),
};
const TAG_SPEC: ListingSpec = {
  writes: new Set([
    '-a', '--annotate', '-s', '--sign', '-u', '--local-user', '-f', '--force', '-d', '--delete', '-m', '--message',
    '-F', '--file', '-e', '--edit', '--cleanup', '--create-reflog', '--trailer',
  ]),
  lists: new Set(['-l', '--list', '-n', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at']),
  shapes: new Set(['--sort', '--format', '--color', '--no-color', '--column', '--no-column', '-i', '--ignore-case', '--omit-empty']),
};

const GIT_CONFIG_READS: ReadonlySet<string> = new Set([
  '--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool', '--list', '-l',
]);
const GIT_CONFIG_WRITES: ReadonlySet<string> = new Set([
  '--unset', '--unset-all', '--add', '--replace-all', '--rename-section', '--remove-section', '-e', '--edit',
]);

const GIT_SPECIAL: Readonly<Record<string, (args: NormalisedArgs) => IntentResult>> = {
  branch: (args) => judgeListing('branch', BRANCH_SPEC, args),
  tag: (args) => judgeListing('tag', TAG_SPEC, args),
  stash: (args) => gitSecondWord(args, new Set(['list', 'show']), 'git stash changes the working tree'),
  worktree: (args) => gitSecondWord(args, new Set(['list']), 'git worktree changes worktrees'),
  remote: (args) =>
    args.operands[1] === undefined ? PLAIN_READ : gitSecondWord(args, new Set(['show', 'get-url']), 'git remote changes remotes'),
  reflog: (args) =>
    ['expire', 'delete', 'drop'].includes(args.operands[1] ?? '') ? unsafe(`git reflog ${args.operands[1]} rewrites the reflog`) : PLAIN_READ,
  config: judgeGitConfig,
};

function judgeGit(seg: Segment, args: NormalisedArgs): IntentResult {
  const sub = args.operands[0];
  if (sub === undefined) return unsafe('git without a subcommand is not a known read-only git command');
  if (args.flags.has('--output')) return unsafe(`git ${sub} --output writes a file`);
  const special = ownEntry(GIT_SPECIAL, sub);
  if (special) return special(args);
  if (!GIT_READ_ONLY.has(sub)) {
    return unsafe(GIT_WRITERS.has(sub) ? `git ${sub} changes the repository or working tree` : `git ${sub} is not a known read-only git command`);
  }
  const forbidden = [...args.flags].find((f) => ownEntry(GIT_FORBIDDEN, sub)?.has(f));
  return forbidden ? unsafe(`git ${sub} ${forbidden} runs another program`) : PLAIN_READ;
}

function gitSecondWord(args: NormalisedArgs, allowed: ReadonlySet<string>, otherwise: string): IntentResult {
  return allowed.has(args.operands[1] ?? '') ? PLAIN_READ : unsafe(otherwise);
}

/** git branch / git tag: bare is a listing; with arguments, only list-mode flags and patterns pass. */
function judgeListing(sub: string, spec: ListingSpec, args: NormalisedArgs): IntentResult {
  const flags = plainFlags(args.flags);
  const names = args.operands.slice(1);
  if (flags.length === 0 && names.length === 0) return PLAIN_READ;
  const writing = flags.find((f) => spec.writes.has(f));
  if (writing) return unsafe(`git ${sub} ${writing} changes ${sub === 'tag' ? 'tags' : 'branches'}`);
  const other = flags.find((f) => !spec.lists.has(f) && !spec.shapes.has(f));
  if (other) return unsafe(`git ${sub} ${other} is not known to only list`);
  if (names.length > 0 && !flags.some((f) => spec.lists.has(f))) return unsafe(`git ${sub} ${names[0]} creates a ${sub}`);
  return inspected(`git ${sub} arguments only list`);
}

function judgeGitConfig(args: NormalisedArgs): IntentResult {
  const writing = [...args.flags].find((f) => GIT_CONFIG_WRITES.has(f));
  if (writing) return unsafe(`git config ${writing} changes configuration`);
  const action = args.operands[1];
  if ([...args.flags].some((f) => GIT_CONFIG_READS.has(f)) || action === 'get' || action === 'list') return PLAIN_READ;
  return unsafe('git config without --get/--list may change configuration');
}

// --- sed --------------------------------------------------------------------------------------------

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

function judgeSed(seg: Segment): IntentResult {
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

// --- awk --------------------------------------------------------------------------------------------

const AWK_VALUED_SHORT: ReadonlySet<string> = new Set(['F', 'v']);
const AWK_HARMLESS_SHORT: ReadonlySet<string> = new Set(['P', 'c', 'b', 'r', 'N']);
const AWK_VALUED_LONG: ReadonlySet<string> = new Set(['--field-separator', '--assign']);
const AWK_HARMLESS_LONG: ReadonlySet<string> = new Set(['--posix', '--traditional', '--characters-as-bytes', '--re-interval', '--use-lc-numeric']);
/** Output redirection, pipes, system() and gawk's @-directives / indirect calls (`@f("…")`). */
const AWK_RISKY_TEXT = ['>', '|', 'system', '@'] as const;

interface AwkArgs {
  texts: string[];
  sandbox: boolean;
  risk?: string;
}

function awkArgs(argv: readonly string[]): AwkArgs {
  const out: AwkArgs = { texts: [], sandbox: false };
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') {
      i++;
      break;
    }
    if (a === '-' || !a.startsWith('-')) break;
    const step = a.startsWith('--') ? awkLongOption(a, argv[i + 1], out) : awkShortOption(a, argv[i + 1], out);
    if (step === undefined) return out;
    i += step;
  }
  if (out.texts.length === 0) {
    if (argv[i] === undefined) out.risk = 'awk without a program';
    else out.texts.push(argv[i] as string);
  }
  return out;
}

/** Words consumed after the option, or undefined (with out.risk set) when the option is not inspected. */
function awkLongOption(a: string, next: string | undefined, out: AwkArgs): number | undefined {
  const eq = a.indexOf('=');
  const name = eq < 0 ? a : a.slice(0, eq);
  const inline = eq < 0 ? undefined : a.slice(eq + 1);
  if (name === '--source') {
    out.texts.push(inline ?? next ?? '');
    return inline === undefined ? 1 : 0;
  }
  if (AWK_VALUED_LONG.has(name)) return inline === undefined ? 1 : 0;
  if (name === '--sandbox') out.sandbox = true;
  else if (!AWK_HARMLESS_LONG.has(name)) {
    out.risk = name === '--file' ? 'awk --file runs a program file that was not inspected' : `awk ${name} was not inspected`;
    return undefined;
  }
  return 0;
}

function awkShortOption(a: string, next: string | undefined, out: AwkArgs): number | undefined {
  const opt = a[1] as string;
  if (opt === 'e') {
    out.texts.push(a.length > 2 ? a.slice(2) : (next ?? ''));
    return a.length > 2 ? 0 : 1;
  }
  if (AWK_VALUED_SHORT.has(opt)) return a.length > 2 ? 0 : 1;
  if (a.length === 2 && opt === 'S') out.sandbox = true;
  else if (a.length !== 2 || !AWK_HARMLESS_SHORT.has(opt)) {
    out.risk = opt === 'f' ? 'awk -f runs a program file that was not inspected' : `awk ${a} was not inspected`;
    return undefined;
  }
  return 0;
}

function judgeAwk(seg: Segment): IntentResult {
  const { texts, sandbox, risk } = awkArgs(seg.argv);
  if (risk !== undefined) return unsafe(risk);
  if (sandbox) return inspected(`${seg.program} --sandbox cannot write or run commands`);
  for (const text of texts) {
    const hit = AWK_RISKY_TEXT.find((t) => text.includes(t));
    if (hit) return unsafe(`${seg.program} program uses ${hit}, which may write files or run commands`);
  }
  return inspected(`${seg.program} program has no output redirection, pipe or system()`);
}

// --- curl -------------------------------------------------------------------------------------------

const CURL_SAFE_SHORT: ReadonlySet<string> = new Set([...'sSLfiIvkgGqjlnpNZR#0123456VhM']);
/** Short options taking a value; o, D and X are then checked, the rest are harmless. */
const CURL_VALUED_SHORT: ReadonlySet<string> = new Set([...'HAemuxbwrUyYzECoDX']);
const CURL_SAFE_LONG: ReadonlySet<string> = new Set([
  '--silent', '--show-error', '--location', '--location-trusted', '--fail', '--fail-with-body', '--fail-early', '--include',
  '--head', '--verbose', '--insecure', '--compressed', '--get', '--globoff', '--no-progress-meter', '--progress-bar',
  '--raw', '--no-buffer', '--path-as-is', '--ipv4', '--ipv6', '--http0.9', '--http1.0', '--http1.1', '--http2',
  '--http3', '--tlsv1.2', '--tlsv1.3', '--digest', '--basic', '--negotiate', '--ntlm', '--anyauth', '--netrc',
  '--retry-all-errors', '--disable', '--version', '--help', '--manual',
]);
const CURL_VALUED_LONG: ReadonlySet<string> = new Set([
  '--header', '--user-agent', '--referer', '--max-time', '--connect-timeout', '--retry', '--retry-delay',
  '--retry-max-time', '--user', '--proxy', '--noproxy', '--cookie', '--cacert', '--capath', '--cert', '--key',
  '--resolve', '--connect-to', '--write-out', '--oauth2-bearer', '--request', '--max-filesize', '--limit-rate',
  '--max-redirs', '--url', '--range', '--output', '--dump-header',
]);
const CURL_READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);
/** -o / -D targets that are not files. */
const CURL_STREAMS: ReadonlySet<string> = new Set(['-', ...SINKS]);
const CURL_WRITE_REASONS: Readonly<Record<string, string>> = {
  '-O': 'curl -O saves the response to a file',
  '--remote-name': 'curl --remote-name saves the response to a file',
  '--remote-name-all': 'curl --remote-name-all saves responses to files',
  '--output-dir': 'curl --output-dir saves responses to files',
  '-T': 'curl -T uploads a file',
  '--upload-file': 'curl --upload-file uploads a file',
  '-d': 'curl -d sends data (POST)',
  '--json': 'curl --json sends data (POST)',
  '-F': 'curl -F posts a form',
  '--form': 'curl --form posts a form',
  '-c': 'curl -c writes a cookie jar',
  '--cookie-jar': 'curl --cookie-jar writes a file',
  '-K': 'curl -K reads options from a config file that was not inspected',
  '--config': 'curl --config reads options from a file that was not inspected',
};

/** Why a curl option is not a plain read, or undefined; `value` is its argument when it takes one. */
function curlValueRisk(name: string, value: string): string | undefined {
  if ((name === '-X' || name === '--request') && !CURL_READ_METHODS.has(value.toUpperCase())) return `curl ${name} ${value} is not a read`;
  if ((name === '-o' || name === '--output' || name === '-D' || name === '--dump-header') && !CURL_STREAMS.has(value)) {
    return `curl ${name} writes ${value}`;
  }
  if ((name === '-w' || name === '--write-out') && value.includes('%output{')) return `curl ${name} %output{} writes a file`;
  return undefined;
}

function curlOptionReason(name: string): string {
  if (name.startsWith('--data')) return `curl ${name} sends data (POST)`;
  if (name.startsWith('--form')) return `curl ${name} posts a form`;
  return ownEntry(CURL_WRITE_REASONS, name) ?? `curl ${name} is not known to be read-only`;
}

function curlRisk(argv: readonly string[]): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') return undefined;
    if (a === '-' || !a.startsWith('-')) continue;
    const step = a.startsWith('--') ? curlLong(a, argv[i + 1]) : curlShort(a, argv[i + 1]);
    if (typeof step === 'string') return step;
    i += step;
  }
  return undefined;
}

/** Words consumed, or the reason the option is not a read. */
function curlLong(a: string, next: string | undefined): number | string {
  const eq = a.indexOf('=');
  const name = eq < 0 ? a : a.slice(0, eq);
  if (CURL_SAFE_LONG.has(name)) return 0;
  if (!CURL_VALUED_LONG.has(name)) return curlOptionReason(name);
  const value = eq < 0 ? (next ?? '') : a.slice(eq + 1);
  return curlValueRisk(name, value) ?? (eq < 0 ? 1 : 0);
}

function curlShort(a: string, next: string | undefined): number | string {
  for (let k = 1; k < a.length; k++) {
    const ch = a[k] as string;
    if (CURL_VALUED_SHORT.has(ch)) {
      const rest = a.slice(k + 1);
      return curlValueRisk(`-${ch}`, rest || (next ?? '')) ?? (rest ? 0 : 1);
    }
    if (!CURL_SAFE_SHORT.has(ch)) return curlOptionReason(`-${ch}`);
  }
  return 0;
}

function judgeCurl(seg: Segment): IntentResult {
  const risk = curlRisk(seg.argv);
  return risk !== undefined ? unsafe(risk) : inspected('curl only fetches to stdout (no upload, output file or write method)');
}

// --- aws --------------------------------------------------------------------------------------------

const AWS_VALUED: ReadonlySet<string> = new Set([
  '--region', '--profile', '--output', '--endpoint-url', '--query', '--color', '--ca-bundle', '--cli-read-timeout',
  '--cli-connect-timeout', '--cli-binary-format',
]);

/** A bare word after the operation that is not an option's value: an outfile (`s3api get-object … out.bin`). */
function awsOutfile(argv: readonly string[], from: number): string | undefined {
  for (let i = from; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a.startsWith('--')) {
      if (!a.includes('=') && argv[i + 1] !== undefined && !(argv[i + 1] as string).startsWith('--')) i++;
    } else return a;
  }
  return undefined;
}

function judgeAws(seg: Segment): IntentResult {
  const [service, op] = positionals(seg.argv, AWS_VALUED);
  if (!service || !op) return unsafe('aws without a service operation is not known read-only');
  const call = `aws ${service.word} ${op.word}`;
  if (service.word === 's3' && op.word === 'ls') return PLAIN_READ;
  if (op.word.startsWith('describe-') || op.word.startsWith('list-')) return PLAIN_READ;
  if (!op.word.startsWith('get-')) return unsafe(`${call} is not a known read-only aws call`);
  const outfile = awsOutfile(seg.argv, op.index + 1);
  return outfile !== undefined ? unsafe(`${call} writes its result to ${outfile}`) : inspected(`${call} has no output file operand`);
}

// --- tools with read-only subcommands ---------------------------------------------------------------

interface SubcommandSpec {
  /** Options before the subcommand that take the next word as their value. */
  valued?: ReadonlySet<string>;
  /** Read-only subcommands: one word ("ps") or two ("image ls"). */
  readOnly: ReadonlySet<string>;
  /** Per subcommand, flags that make it write or never end. */
  forbid?: Readonly<Record<string, ReadonlySet<string>>>;
  /** Per subcommand, flags one of which it needs to stay read-only. */
  require?: Readonly<Record<string, ReadonlySet<string>>>;
}

const FOLLOW: ReadonlySet<string> = new Set(['-f', '--follow']);
const DOCKER_VALUED: ReadonlySet<string> = new Set([
  '-c', '--context', '-H', '--host', '-l', '--log-level', '--config',
  // docker compose options before its subcommand
  '-f', '--file', '-p', '--project-name', '--project-directory', '--env-file', '--profile', '--ansi', '--progress',
]);
const COMPOSE_READ_ONLY = ['ps', 'ls', 'logs', 'config', 'images', 'top', 'version'];
const COMPOSE_FORBID = { logs: FOLLOW, config: new Set(['-o', '--output']) };

const SUBCOMMANDS: Readonly<Record<string, SubcommandSpec>> = {
  npm: {
    valued: new Set(['--prefix', '-C', '-w', '--workspace']),
    readOnly: new Set([
      'ls', 'list', 'll', 'la', 'view', 'v', 'info', 'show', 'outdated', 'root', 'prefix', 'explain', 'why', 'search',
      'config get', 'config list', 'config ls',
    ]),
  },
  pnpm: { valued: new Set(['-C', '--dir', '--filter', '-F']), readOnly: new Set(['ls', 'list', 'll', 'why', 'outdated', 'view', 'info', 'root']) },
  yarn: { valued: new Set(['--cwd']), readOnly: new Set(['list', 'why', 'info', 'config get', 'config list']) },
  pip: { readOnly: new Set(['list', 'show', 'freeze', 'check']) },
  go: { readOnly: new Set(['version', 'list', 'env', 'doc']), forbid: { env: new Set(['-w', '-u']) } },
  cargo: {
    readOnly: new Set(['tree', 'metadata', 'search', 'version']),
    require: { tree: new Set(['--locked', '--frozen']), metadata: new Set(['--locked', '--frozen']) },
  },
  brew: { readOnly: new Set(['list', 'ls', 'info', 'search', 'outdated', 'deps', 'leaves', 'config']) },
  gh: {
    valued: new Set(['-R', '--repo']),
    readOnly: new Set([
      'pr view', 'pr list', 'pr status', 'pr diff', 'pr checks', 'issue view', 'issue list', 'issue status',
      'run view', 'run list', 'repo view', 'release view', 'release list', 'workflow view', 'workflow list',
      'auth status',
    ]),
    forbid: { 'pr checks': new Set(['--watch']) },
  },
  docker: {
    valued: DOCKER_VALUED,
    readOnly: new Set([
      'ps', 'images', 'inspect', 'logs', 'version', 'info', 'top', 'port', 'history', 'diff',
      'image ls', 'image inspect', 'image history', 'container ls', 'container inspect', 'container logs', 'container top',
      'container port', 'network ls', 'network inspect', 'volume ls', 'volume inspect', 'context ls', 'context show', 'system df',
      ...COMPOSE_READ_ONLY.map((s) => `compose ${s}`),
    ]),
    forbid: { logs: FOLLOW, 'container logs': FOLLOW, 'compose logs': FOLLOW, 'compose config': COMPOSE_FORBID.config },
  },
  'docker-compose': { valued: DOCKER_VALUED, readOnly: new Set(COMPOSE_READ_ONLY), forbid: COMPOSE_FORBID },
  kubectl: {
    valued: new Set([
      '-n', '--namespace', '--context', '--cluster', '--kubeconfig', '-s', '--server', '--user', '--token', '--as',
      '--as-group', '--request-timeout',
    ]),
    readOnly: new Set([
      'get', 'describe', 'logs', 'top', 'version', 'explain', 'api-resources', 'api-versions', 'cluster-info',
      'config view', 'config get-contexts', 'config current-context', 'auth can-i',
    ]),
    forbid: { get: new Set(['-w', '--watch', '--watch-only']), logs: FOLLOW },
  },
};

function judgeSubcommand(program: string, spec: SubcommandSpec, argv: readonly string[]): IntentResult {
  const [first, second] = positionals(argv, spec.valued ?? new Set());
  if (!first) return unsafe(`${program} without a subcommand is not known read-only`);
  const pair = second ? `${first.word} ${second.word}` : undefined;
  const usePair = pair !== undefined && spec.readOnly.has(pair);
  const sub = usePair ? (pair as string) : first.word;
  const at = usePair ? (second as Positional).index : first.index;
  if (!spec.readOnly.has(sub)) return unsafe(`${program} ${first.word} is not a known read-only ${program} command`);
  const flags = normaliseArgs(['_', ...argv.slice(at + 1)]).flags;
  const forbidden = [...flags].find((f) => (spec.forbid && ownEntry(spec.forbid, sub))?.has(f));
  if (forbidden) return unsafe(`${program} ${sub} ${forbidden} is not a bounded read (it writes, follows or watches)`);
  const needed = spec.require && ownEntry(spec.require, sub);
  if (needed && ![...needed].some((f) => flags.has(f))) {
    return unsafe(`${program} ${sub} may rewrite lock files without ${[...needed].join(' or ')}`);
  }
  return PLAIN_READ;
}
