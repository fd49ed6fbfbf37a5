// Pagers: less, more, most (read the file instead) and man (MANPAGER=cat).

import { normaliseArgs } from '../operands.js';
import { ownEntry } from '../tables.js';
import type { Segment, ShellAnalysis } from '../types.js';
import { asksForInfo, NONE, operandsOf, outputIsDirect } from './args.js';
import { RULE } from './rules.js';
import type { Detection } from './types.js';

interface PagerSpec {
  valued: ReadonlySet<string>;
}
export const PAGERS: Readonly<Record<string, PagerSpec>> = {
  less: { valued: new Set(['-b', '-h', '-j', '-k', '-o', '-O', '-p', '-P', '-t', '-T', '-x', '-y', '-z', '-#']) },
  more: { valued: new Set(['-n']) },
  most: { valued: NONE },
};

export function detectPager(seg: Segment): Detection | undefined {
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
export function detectMan(seg: Segment, analysis: ShellAnalysis): Detection | undefined {
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
