// REPLs and database shells: python, node, psql, mysql, sqlite3, redis-cli, … with no script, inline
// code or fed stdin open a prompt.

import { normaliseArgs } from '../operands.js';
import { type Lazy, lazyEntry, programFamily } from '../tables.js';
import type { Segment } from '../types.js';
import { asksForInfo, hasFedStdin, NONE, operandsOf } from './args.js';
import { RULE } from './rules.js';
import type { Detection } from './types.js';

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
/** Each entry is built the first time a command runs its program (lazyEntry); the names are there without building any,
 * for the detector table, which asks about every program. */
export const REPLS: Readonly<Record<string, Lazy<ReplSpec>>> = {
  python: () => ({ inline: ['-c', '-m'], force: ['-i'], valued: new Set(['-W', '-X']), operand: 'script', info: ['-V', '-h'], hint: PY_HINT }),
  ipython: () => ({ inline: ['-c', '-m'], force: ['-i'], operand: 'script', hint: PY_HINT }),
  node: () => ({
    inline: ['-e', '--eval', '-p', '--print', '--test', '--run', '--check', '-c'],
    force: ['-i', '--interactive'],
    valued: new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions', '--input-type']),
    operand: 'script',
    info: ['-v', '-h'],
    hint: "Pass the code with `node -e '…'`, a script file, or a heredoc on stdin.",
  }),
  deno: () => ({ inline: [], operand: 'script', info: ['-V', '-h'], hint: "Use `deno eval '…'` or `deno run file.ts`." }),
  irb: () => ({ inline: [], operand: 'script', info: ['-v'], hint: "Use `ruby -e '…'` or a script file." }),
  pry: () => ({ inline: [], operand: 'script', info: ['-v'], hint: "Use `ruby -e '…'` or a script file." }),
  psql: () => ({
    inline: ['-c', '--command', '-f', '--file', '-l', '--list'],
    valued: new Set(['-d', '-h', '-p', '-U', '-v', '-o', '-T', '-F', '-R', '-P', '-L', '--set', '--variable']),
    operand: 'none',
    info: ['-V', '-?'],
    hint: "Pass the SQL with `psql -c '…'`, -f file, or a heredoc on stdin.",
  }),
  mysql: () => ({ inline: ['-e', '--execute'], operand: 'none', info: ['-V', '-?'], hint: "Pass the SQL with `mysql -e '…'` or a heredoc on stdin." }),
  mariadb: () => ({ inline: ['-e', '--execute'], operand: 'none', info: ['-V', '-?'], hint: "Pass the SQL with `mariadb -e '…'` or a heredoc on stdin." }),
  sqlite3: () => ({
    inline: [],
    valued: new Set(['-cmd', '-init', '-separator', '-newline', '-nullvalue', '-vfs', '-mmap', '-maxsize', '-lookaside', '-pagecache', '-escape']),
    operand: 'second',
    info: ['-version', '-help'],
    hint: "Pass the SQL after the database: `sqlite3 app.db 'select …'`, or a heredoc on stdin.",
  }),
  mongosh: () => ({ inline: ['--eval', '-f', '--file'], valued: MONGO_VALUED, operand: 'js', hint: "Pass the code with `mongosh --eval '…'` or a .js file." }),
  mongo: () => ({ inline: ['--eval'], valued: MONGO_VALUED, operand: 'js', hint: "Pass the code with `mongo --eval '…'` or a .js file." }),
  'redis-cli': () => ({
    inline: ['--scan', '--bigkeys', '--memkeys', '--hotkeys', '--pipe', '--rdb', '--eval', '--stat', '--latency'],
    valued: new Set(['-h', '-p', '-s', '-a', '-u', '-n', '-r', '-i', '-d', '-D', '--user', '--pass', '--cacert', '--cert', '--key', '--pattern']),
    operand: 'script',
    info: ['-v'],
    hint: 'Pass the command as arguments: `redis-cli GET key`.',
  }),
  ghci: () => ({ inline: ['-e'], operand: 'none', hint: "Use `ghc -e '…'` or `runghc file.hs`." }),
  lua: () => ({ inline: ['-e'], force: ['-i'], operand: 'script', info: ['-v'], hint: "Pass the code with `lua -e '…'` or a script file." }),
  R: () => ({ inline: ['-e', '-f', '--file'], operand: 'script', hint: "Use `Rscript -e '…'` or `Rscript file.R`." }),
  scala: () => ({ inline: ['-e'], operand: 'script', info: ['-version', '-help'], hint: 'Pass a script file, or use scala-cli with -e.' }),
};

export const isRepl = (program: string): boolean => Object.hasOwn(REPLS, program);

/** Does an operand make the program run something and exit? */
function operandRuns(spec: ReplSpec, operands: readonly string[]): boolean {
  if (spec.operand === 'script') return operands.length > 0;
  if (spec.operand === 'second') return operands.length > 1;
  if (spec.operand === 'js') return operands.some((o) => o.endsWith('.js'));
  return false;
}

export function detectRepl(seg: Segment): Detection | undefined {
  const program = programFamily(seg.program);
  const spec = lazyEntry(REPLS, program) as ReplSpec;
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
