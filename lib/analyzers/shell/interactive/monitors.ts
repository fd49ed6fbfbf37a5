// Repeaters and monitors: watch, top and full-screen monitors, ping without a count, yes, sleep infinity.

import { normaliseArgs } from '../operands.js';
import type { Segment, ShellAnalysis } from '../types.js';
import { skipOptions } from '../wrappers.js';
import { asksForInfo, isLastStage } from './args.js';
import { RULE } from './rules.js';
import type { Bounded, Detection } from './types.js';

export function detectWatch(seg: Segment): Detection | undefined {
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

export function detectTop(seg: Segment): Detection | undefined {
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

export function detectMonitor(seg: Segment): Detection | undefined {
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
export function detectPing(seg: Segment): Detection | undefined {
  const { flags, operands } = normaliseArgs(seg.argv);
  if (operands.length === 0 || asksForInfo(flags, ['-V', '-h']) || PING_BOUNDS.some((f) => flags.has(f))) return undefined;
  return {
    ruleId: RULE.unbounded,
    reason: `${seg.program} without -c pings until interrupted; the call would hang until the tool times out.`,
    hint: '',
    bounded: { argv: [seg.program, '-c', '4', ...seg.argv.slice(1)] },
  };
}

export function detectYes(seg: Segment, analysis: ShellAnalysis): Detection | undefined {
  if (!isLastStage(seg, analysis)) return undefined;
  return {
    ruleId: RULE.unbounded,
    reason: 'yes prints forever unless a later command in the pipe stops reading.',
    hint: 'Pipe it into a bounded reader (`yes | head -n 10`), or pass the answer as a flag (e.g. -y).',
  };
}

const ENDLESS_SLEEP: ReadonlySet<string> = new Set(['inf', 'infinity']);
export function detectSleep(seg: Segment): Detection | undefined {
  if (!seg.argv.slice(1).some((a) => ENDLESS_SLEEP.has(a.toLowerCase()))) return undefined;
  return {
    ruleId: RULE.unbounded,
    reason: 'sleep infinity never returns; the call would hang until the tool times out.',
    hint: 'Sleep for a bounded time (e.g. `sleep 5`), or use run_in_background for something that must stay alive.',
  };
}
