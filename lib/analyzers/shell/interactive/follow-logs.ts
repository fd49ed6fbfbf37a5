// Following logs: tail -f, journalctl -f (and journalctl's pager), docker/podman/compose/kubectl logs -f.
// Bounded form: the same command without the follow flag, with a line count.

import type { Segment, ShellAnalysis } from '../types.js';
import { NONE, outputIsDirect } from './args.js';
import { lazy } from '../../../vocab/lazy.js';
import { BACKGROUND, DEFAULT_LINES, RULE } from './rules.js';
import { type OptionSpec, stripOptions } from './strip-options.js';
import type { Detection, Detector } from './types.js';

const TAIL_SPEC: OptionSpec = {
  dropShort: new Set(['f', 'F', 's']),
  dropLong: new Set(['--follow', '--pid', '--sleep-interval', '--retry', '--max-unchanged-stats']),
  valuedShort: new Set(['n', 'c', 's']),
  valuedLong: new Set(['--lines', '--bytes', '--pid', '--sleep-interval', '--max-unchanged-stats']),
};
const TAIL_FOLLOW = ['-f', '-F', '--follow'];
const DIGITS = /^-\d/;

export function detectTail(seg: Segment): Detection | undefined {
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

export function detectJournal(seg: Segment, analysis: ShellAnalysis): Detection | undefined {
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

export interface LogsTool {
  /** Options before the subcommand(s) that take a value. */
  globals: ReadonlySet<string>;
  /** Words that may come between the program and `logs` (docker container logs, docker compose logs). */
  groups: ReadonlySet<string>;
  spec: OptionSpec;
  tail: string[];
  tailFlags: readonly string[];
}

/** docker/podman and kubectl logs: built the first time such a command is judged (most Bash calls are not). */
export const DOCKER_LOGS = lazy((): LogsTool => ({
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
}));
export const KUBECTL_LOGS = lazy((): LogsTool => ({
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
}));

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

export function detectLogs(tool: LogsTool): Detector {
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
