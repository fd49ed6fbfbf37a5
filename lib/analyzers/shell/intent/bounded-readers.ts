// Phase c, continued: read-only programs with a judge of their own, because an argument can make them
// write (uniq's output operand, date and hostname setting) or never end (ping, top, sleep infinity).

import type { NormalisedArgs } from '../operands.js';
import type { Segment } from '../types.js';
import { positionals } from './args.js';
import { flagLimit } from './known-writes.js';
import { type IntentResult, PLAIN_READ, unsafe } from './result.js';

/** ping sends probes but writes nothing; without a count or deadline it never ends. */
export function judgePing(seg: Segment, args: NormalisedArgs): IntentResult {
  return args.flags.has('-c') || args.flags.has('-w') ? PLAIN_READ : unsafe(`${seg.program} without -c never ends`);
}

export function judgeTop(_seg: Segment, args: NormalisedArgs): IntentResult {
  return args.flags.has('-b') && args.flags.has('-n') ? PLAIN_READ : unsafe('top without -b -n runs until quit');
}

const UNIQ_VALUED: ReadonlySet<string> = new Set(['-f', '-s', '-w', '--skip-fields', '--skip-chars', '--check-chars']);
export function judgeUniq(seg: Segment): IntentResult {
  const out = positionals(seg.argv, UNIQ_VALUED)[1];
  return out ? unsafe(`uniq writes its output to ${out.word}`) : PLAIN_READ;
}

const DATE_VALUED: ReadonlySet<string> = new Set(['-d', '--date', '-f', '--file', '-r', '--reference']);
export function judgeDate(seg: Segment, args: NormalisedArgs): IntentResult {
  const limited = flagLimit('date', args);
  if (limited !== undefined) return unsafe(limited);
  const setting = positionals(seg.argv, DATE_VALUED).find((p) => !p.word.startsWith('+'));
  return setting ? unsafe(`date ${setting.word} sets the system clock`) : PLAIN_READ;
}

export function judgeHostname(seg: Segment, args: NormalisedArgs): IntentResult {
  const limited = flagLimit('hostname', args);
  if (limited !== undefined) return unsafe(limited);
  return args.operands.length > 0 ? unsafe(`hostname ${args.operands[0]} sets the host name`) : PLAIN_READ;
}

const ENDLESS_SLEEP: ReadonlySet<string> = new Set(['inf', 'infinity']);
export function judgeSleep(_seg: Segment, args: NormalisedArgs): IntentResult {
  return args.operands.some((o) => ENDLESS_SLEEP.has(o.toLowerCase())) ? unsafe('sleep infinity never ends') : PLAIN_READ;
}
