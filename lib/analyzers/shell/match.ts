// Match compiled shell patterns against a ShellAnalysis. One Match per pattern id, registry order.

import type { Match } from '../../vocab/match.js';
import { toRegExp as re } from '../../registry/regex.js';
import { addCommandKeys } from '../../registry/candidates.js';
import { mightMatch } from '../../registry/regex-literal.js';
import type { CompiledShell, CompiledShellCommandSpec } from '../../registry/types.js';
import { normaliseArgs, normaliseOperand } from './operands.js';
import { approvalKeyOf, escalationFact } from './escalations.js';
import { classifyTarget, TARGET_LABELS, type TargetClass } from './targets.js';
import type { Segment, ShellAnalysis, ShellContext } from './types.js';

const MATCHED_MAX = 200;
function truncate(s: string): string {
  return s.length > MATCHED_MAX ? `${s.slice(0, MATCHED_MAX - 1)}…` : s;
}

function segmentText(seg: Segment): string {
  return seg.argv.join(' ');
}

interface Parsed {
  flags: Set<string>;
  positionals: string[];
  /** positionals after normaliseOperand, same indices. */
  normalised: string[];
  /** Target class of each positional, computed on first use. */
  classes?: TargetClass[];
}

/** Per-call memo of each segment's parsed arguments. */
export type ArgsCache = WeakMap<Segment, Parsed>;

function parsed(seg: Segment, ctx: ShellContext, cache?: ArgsCache): Parsed {
  let p = cache?.get(seg);
  if (!p) {
    const { flags, operands } = normaliseArgs(seg.argv);
    p = { flags, positionals: operands, normalised: operands.map((o) => normaliseOperand(o, ctx)) };
    cache?.set(seg, p);
  }
  return p;
}

function classesOf(seg: Segment, p: Parsed, ctx: ShellContext): TargetClass[] {
  p.classes ??= p.positionals.map((o) =>
    classifyTarget(o, { cwd: seg.cwd, home: ctx.home, projectDir: ctx.projectDir ?? ctx.cwd }),
  );
  return p.classes;
}

/** The first operand (after the subcommand) whose target class the spec names, e.g. "target /etc is a system directory". */
function targetHit(spec: CompiledShellCommandSpec, seg: Segment, ctx: ShellContext, cache?: ArgsCache): string | undefined {
  if (!spec.targets) return undefined;
  const p = parsed(seg, ctx, cache);
  const classes = classesOf(seg, p, ctx);
  for (let i = spec.subcommand?.length ?? 0; i < classes.length; i++) {
    const c = classes[i] as TargetClass;
    if (spec.targets.any.includes(c)) return `target ${p.positionals[i]} is ${TARGET_LABELS[c]}`;
  }
  return undefined;
}

function matchText(seg: Segment): string {
  return seg.stdin ? `${segmentText(seg)}\n${seg.stdin}` : segmentText(seg);
}

/** Does one segment satisfy a command spec? */
export function matchCommand(spec: CompiledShellCommandSpec, seg: Segment, ctx: ShellContext, cache?: ArgsCache): boolean {
  if (spec.programNames ? !spec.programNames.includes(seg.program) : !re(spec.program).test(seg.program)) return false;
  const { flags, positionals, normalised: allNormalised } = parsed(seg, ctx, cache);
  let skip = 0;
  if (spec.subcommand) {
    const subs = spec.subcommand;
    if (positionals.length < subs.length) return false;
    for (let i = 0; i < subs.length; i++) if (!(subs[i] as string[]).includes(positionals[i] as string)) return false;
    skip = subs.length;
  }
  if (spec.flags) {
    const { all, any, none } = spec.flags;
    if (all && !all.every((group) => group.some((f) => flags.has(f)))) return false;
    if (any && !any.some((f) => flags.has(f))) return false;
    if (none?.some((f) => flags.has(f))) return false;
  }
  if (spec.operands) {
    const normalised = skip > 0 ? allNormalised.slice(skip) : allNormalised;
    const { any, none } = spec.operands;
    if (any && !normalised.some((o) => any.some((g) => re(g).test(o)))) return false;
    if (none && normalised.some((o) => none.some((g) => re(g).test(o)))) return false;
  }
  if (spec.targets && !targetHit(spec, seg, ctx, cache)) return false;
  if (spec.text) {
    const text = matchText(seg);
    if (!mightMatch(spec.text, text) || !re(spec.text).test(text)) return false;
  }
  return true;
}

function where(seg: Segment, index: number): string {
  const how = [...seg.via, ...seg.wrappers];
  return how.length > 0 ? `segment ${index + 1} (via ${how.join(', ')})` : `segment ${index + 1}`;
}

function isOutput(op: string, target: string): boolean {
  if (!op.includes('>')) return false;
  // fd duplication (2>&1, >&-) writes nowhere new.
  return !(op.endsWith('>&') && /^(?:\d+|-)$/.test(target));
}

/** `segs`: the matched segments, judged for the pattern's escalation (a pipe's client first, then what feeds it). */
type Hit = { matched: string; where?: string; segs?: Segment[] };

function find(p: CompiledShell, analysis: ShellAnalysis, ctx: ShellContext, cache: ArgsCache): Hit | undefined {
  const segs = analysis.segments;
  const m = p.match;
  if ('command' in m) {
    const i = segs.findIndex((s) => matchCommand(m.command, s, ctx, cache));
    const seg = segs[i];
    if (!seg) return undefined;
    const target = targetHit(m.command, seg, ctx, cache);
    return { matched: target ? `${segmentText(seg)} (${target})` : segmentText(seg), where: where(seg, i), segs: [seg] };
  }
  if ('pipe' in m) {
    for (let i = 0; i < segs.length; i++) {
      const a = segs[i] as Segment;
      if (!matchCommand(m.pipe.from, a, ctx, cache)) continue;
      for (let j = 0; j < segs.length; j++) {
        const b = segs[j] as Segment;
        if (b.pipeline === a.pipeline && b.stage > a.stage && matchCommand(m.pipe.to, b, ctx, cache)) {
          return { matched: `${segmentText(a)} | ${segmentText(b)}`, where: where(b, j), segs: [b, a] };
        }
      }
    }
    return undefined;
  }
  if ('redirect' in m) {
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i] as Segment;
      const r = seg.redirects.find((x) => isOutput(x.op, x.target) && m.redirect.targets.some((t) => re(t).test(x.target)));
      if (r) return { matched: `${segmentText(seg)} ${r.op} ${r.target}`.trim(), where: where(seg, i) };
    }
    return undefined;
  }
  return analysis.facts.includes(m.fact) ? { matched: m.fact, where: 'command structure' } : undefined;
}

/** The keys the command's segments meet (registry/candidates.ts): each program, and each with its first operand,
 * read as matchCommand reads a subcommand. Pass the same cache to matchShell: the arguments are parsed once. */
export function commandKeys(analysis: ShellAnalysis, ctx: ShellContext, cache: ArgsCache = new WeakMap()): Set<string> {
  const keys = new Set<string>();
  for (const seg of analysis.segments) addCommandKeys(keys, seg.program, parsed(seg, ctx, cache).positionals[0]);
  return keys;
}

export function matchShell(analysis: ShellAnalysis, patterns: readonly CompiledShell[], ctx: ShellContext, cache: ArgsCache = new WeakMap()): Match[] {
  const out: Match[] = [];
  const seen = new Set<string>();
  for (const p of patterns) {
    if (p.kind !== 'shell' || seen.has(p.id)) continue;
    const hit = find(p, analysis, ctx, cache);
    if (!hit) continue;
    seen.add(p.id);
    // One rule, one id: a fact about the matched segment (a production database) raises its verdict.
    const when = p.escalate?.when;
    const fact = when ? hit.segs?.map((seg) => escalationFact(when, seg, ctx)).find((f) => f !== undefined) : undefined;
    const raised = fact !== undefined ? p.escalate : undefined;
    // An approval is remembered for what the rule fired on: here, a key the pattern names (a push's branch).
    const key = p.approvalKey && hit.segs?.[0] ? approvalKeyOf(p.approvalKey, hit.segs[0]) : undefined;
    const shown = key ?? hit.matched;
    const match: Match = {
      id: p.id,
      kind: 'shell',
      severity: raised?.severity ?? p.severity,
      action: raised?.action ?? p.action,
      message: raised ? `${p.message} ${raised.message}` : p.message,
      hint: raised?.hint ?? p.hint,
      matched: truncate(fact !== undefined ? `${fact} — ${shown}` : shown),
    };
    if (hit.where) match.where = hit.where;
    out.push(match);
  }
  return out;
}
