// The entry point: every segment through the guards (phase a), then its program through the phases in
// order (b–d, then the fallback). The line is as weak as its weakest segment.

import { type NormalisedArgs, normaliseArgs } from '../operands.js';
import { lazyEntry, ownEntry, programFamily } from '../tables.js';
import type { Segment, ShellAnalysis } from '../types.js';
import { judgeDate, judgeHostname, judgePing, judgeSleep, judgeTop, judgeUniq } from './bounded-readers.js';
import { fallbackVerdict } from './fallback.js';
import { mutationGuard } from './guards.js';
import { judgeAws } from './inspect-aws.js';
import { judgeAwk } from './inspect-awk.js';
import { judgeCurl } from './inspect-curl.js';
import { judgeGit } from './inspect-git.js';
import { judgeSed } from './inspect-sed.js';
import { flagLimit } from './known-writes.js';
import { READ_ONLY, runsOnlyNested, VERSION_WORDS } from './read-only.js';
import { type ExecutionIntent, type IntentResult, type Judge, PLAIN_READ, readOnly, unsafe } from './result.js';
import { judgeSubcommand, SUBCOMMANDS } from './subcommands.js';

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
// Phases b–d and the fallback: per program

function judgeProgram(seg: Segment, args: NormalisedArgs, analysis: ShellAnalysis): IntentResult {
  const program = programFamily(seg.program);
  if (program === '') return readOnly('no command, input redirect only');
  if (seg.argv.length === 2 && lazyEntry(VERSION_WORDS, program)?.has(seg.argv[1] as string)) return readOnly(`${program} prints its version`);
  if (runsOnlyNested(seg, analysis)) return readOnly(`${program} only runs the nested script, judged separately`);
  const judge = ownEntry(JUDGES, program);
  if (judge) return judge(seg, args);
  const spec = lazyEntry(SUBCOMMANDS, program);
  if (spec) return judgeSubcommand(program, spec, seg.argv);
  const limited = flagLimit(program, args);
  if (limited !== undefined) return unsafe(limited);
  if (READ_ONLY.has(program)) return PLAIN_READ;
  return fallbackVerdict(program);
}

/** Programs with their own judge: read-only programs whose arguments matter (c), content inspection (d). */
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
