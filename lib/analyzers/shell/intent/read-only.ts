// Phase c: read-only by construction. The programs that cannot write once no guard fired, the
// invocations that only print a version, and shell launchers that only run a nested script.

import type { Lazy } from '../tables.js';
import { SHELLS } from '../nested.js';
import type { Segment, ShellAnalysis } from '../types.js';

/** Read-only by construction, once no guard fired (some are further limited by FLAG_LIMITS, known-writes.ts). */
export const READ_ONLY: ReadonlySet<string> = new Set([
  'ls', 'dir', 'vdir', 'cat', 'tac', 'head', 'tail', 'wc', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'find', 'fd', 'tree',
  'stat', 'file', 'du', 'df', 'pwd', 'echo', 'printf', 'true', 'false', ':', 'which', 'whereis', 'type', 'command',
  'date', 'whoami', 'id', 'groups', 'uname', 'arch', 'nproc', 'hostname', 'env', 'printenv', 'locale', 'tty',
  'basename', 'dirname', 'realpath', 'readlink', 'sort', 'uniq', 'cut', 'tr', 'column', 'nl', 'paste', 'join',
  'fold', 'fmt', 'expand', 'unexpand', 'rev', 'od', 'hexdump', 'strings', 'seq', 'diff', 'cmp', 'comm',
  'md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'b2sum', 'cksum',
  'jq', 'yq', 'test', '[', '[[', 'ps', 'top', 'uptime', 'free', 'lsof', 'w', 'who', 'journalctl',
  'sleep', 'cd', 'pushd', 'popd', 'read', 'tee', 'xargs',
]);

/** Programs (canonical name) whose only argument is one of these words just print a version. */
/** Each entry is built the first time a command runs its program (lazyEntry). */
export const VERSION_WORDS: Readonly<Record<string, Lazy<ReadonlySet<string>>>> = {
  node: () => (new Set(['--version', '-v'])),
  npm: () => (new Set(['--version', '-v'])),
  pnpm: () => (new Set(['--version', '-v'])),
  yarn: () => (new Set(['--version', '-v'])),
  bun: () => (new Set(['--version', '-v'])),
  deno: () => (new Set(['--version', '-V'])),
  python: () => (new Set(['--version', '-V'])),
  pip: () => (new Set(['--version', '-V'])),
  ruby: () => (new Set(['--version', '-v'])),
  perl: () => (new Set(['--version', '-v'])),
  go: () => (new Set(['version'])),
  rustc: () => (new Set(['--version', '-V'])),
  cargo: () => (new Set(['--version', '-V'])),
  java: () => (new Set(['-version', '--version'])),
  javac: () => (new Set(['-version', '--version'])),
  gcc: () => (new Set(['--version'])),
  clang: () => (new Set(['--version'])),
  make: () => (new Set(['--version'])),
  cmake: () => (new Set(['--version'])),
  tsc: () => (new Set(['--version', '-v'])),
  git: () => (new Set(['--version', 'version'])),
  docker: () => (new Set(['--version', '-v'])),
  terraform: () => (new Set(['--version', '-v', 'version'])),
  gh: () => (new Set(['--version'])),
  aws: () => (new Set(['--version'])),
};

/** Shell options that neither read startup files nor change what runs (`bash -euxc '…'`). */
const QUIET_SHELL_OPTION = /^-[ceuxv]+$/;

/**
 * `bash -c 'script'` / `eval 'script'`: the launcher itself does nothing but run the script, whose
 * segments the analyzer already produced (their `via` ends with the launcher's label).
 */
export function runsOnlyNested(seg: Segment, analysis: ShellAnalysis): boolean {
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
