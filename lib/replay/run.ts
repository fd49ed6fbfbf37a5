// Replay: every replayable audit line goes through runHook again, in what-if mode (nothing written, no session
// state read), with the logged orchestrator answer and the registry under review; the verdicts are compared.

import type { UnifiedRoutingDecision } from '../engine/types.js';
import type { Level } from '../vocab/levels.js';
import { agentOf, isAgent, type AgentName } from '../vocab/agents.js';
import { ENGINE_VERSION } from '../hook/main.js';
import { locate } from '../hook/locations.js';
import { ALL_ROUTERS } from '../hook/routers.js';
import { prepare } from '../hook/stages/prepare.js';
import { runHook } from '../hook/run-hook.js';
import { type Prepared, type RuntimeDeps } from '../hook/runtime.js';
import { oneLine } from '../errors.js';
import type { EmbeddedRegistry } from '../registry/resolve.js';
import { loggedConsult } from './consult.js';
import type { AuditLine } from './read.js';
import { classify, projectDirOf, SKIP_ORDER, stateWrittenRule, targetOf, type Replayable, type SkipReason, type Skipped } from './replayable.js';

export interface ReplayOptions {
  /** The environment hooks ran with (HOOKWARDEN_HOME, HOME…); `$CLAUDE_PROJECT_DIR` is set per line. */
  env: NodeJS.ProcessEnv;
  /** Absolute patterns directory replacing the shipped one (`--registry`); override files still apply. */
  registryDir?: string;
  /** Lines logged before this instant are left out (not counted). */
  sinceMs?: number;
  /** Only lines of this host (`agent`; a line without one is Claude Code's). */
  agent?: string;
  /** The embedded registry to use when the shipped patterns are unchanged (ignored with registryDir). */
  embedded?: EmbeddedRegistry | null;
  engineVersion?: string;
}

export interface Side {
  verdict: Level;
  /** Ids of the local matches. */
  patterns: string[];
  /** Merge, final and session rules (rules a call adds by writing state are left out on both sides). */
  rules: string[];
  /** What the router suggested (prompts only), and under which snapshot of settings and candidates. */
  routing?: { selected: string[]; snapshot?: string };
}

export interface ReplayChange {
  decision_id: string;
  ts: string;
  event: string;
  tool?: string;
  target: string;
  file: string;
  line: number;
  before: Side;
  after: Side;
  /** The line was written under another config than the one it was replayed with. */
  config_changed: boolean;
}

export interface SkippedLine {
  file: string;
  line: number;
  reason: SkipReason;
  decision_id?: string;
  detail?: string;
}

export interface ReplayReport {
  files: string[];
  registry: { dir: string | null; hashes: string[] };
  summary: {
    lines: number;
    replayed: number;
    unchanged: number;
    changed: number;
    skipped: number;
    skipped_by: Partial<Record<SkipReason, number>>;
    /** Unchanged verdicts reached through other pattern or rule ids (listed in rule_changes). */
    other_rules: number;
    /** Prompts whose suggestion would change (listed in routing_changes). */
    routing_changed: number;
    config_changed: number;
    engine_changed: number;
  };
  warnings: string[];
  /** Decisions whose verdict would change, by ts then decision_id. */
  changes: ReplayChange[];
  /** Same verdict, other pattern or rule ids, same order. */
  rule_changes: ReplayChange[];
  /** Prompts the router would now route elsewhere (or no longer, or newly), same order. */
  routing_changes: ReplayChange[];
  skipped: SkippedLine[];
}

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

function byTime(a: ReplayChange, b: ReplayChange): number {
  const ta = Date.parse(a.ts);
  const tb = Date.parse(b.ts);
  if (ta !== tb) return ta - tb;
  const keys: Array<[string, string]> = [
    [a.ts, b.ts],
    [a.decision_id, b.decision_id],
    [a.file, b.file],
  ];
  for (const [x, y] of keys) if (x !== y) return x < y ? -1 : 1;
  return a.line - b.line;
}

/** The logged and replayed router selections of a prompt, or undefined when there is nothing to compare: not a
 * prompt, logged before the router, or routed around a candidate that had failed earlier in its session (state
 * replay does not have). */
function routingSides(e: Replayable['logged'], d: UnifiedRoutingDecision): { before: NonNullable<Side['routing']>; after: NonNullable<Side['routing']> } | undefined {
  if (e.event !== 'UserPromptSubmit' || !e.routing || e.routing.iteration !== undefined) return undefined;
  if (e.routing.vetoed?.some((v) => v.reason === 'failed earlier in this session')) return undefined;
  const r = d.routing && !('iteration' in d.routing) ? d.routing : undefined;
  return {
    before: { selected: e.routing.selected, ...(e.routing.snapshot ? { snapshot: e.routing.snapshot } : {}) },
    after: { selected: r?.selected ?? [], ...(r ? { snapshot: r.snapshot } : {}) },
  };
}

/** The environment of one replayed line: the project recovered from its input, the registry under review. */
function lineEnv(base: NodeJS.ProcessEnv, r: Replayable): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base, CLAUDE_PROJECT_DIR: projectDirOf(r.input) };
  // A headless call is replayed headless (lib/engine/headless.ts): the entry point is not in stdin.
  if (r.logged.headless) env.CLAUDE_CODE_ENTRYPOINT = 'sdk-cli';
  else delete env.CLAUDE_CODE_ENTRYPOINT;
  return env;
}

export async function replayLines(lines: readonly AuditLine[], files: readonly string[], opts: ReplayOptions): Promise<ReplayReport> {
  const base: NodeJS.ProcessEnv = { ...opts.env };
  delete base.CLAUDE_PROJECT_DIR;
  if (opts.registryDir) base.HOOKWARDEN_PATTERNS_DIR = opts.registryDir;
  const engineVersion = opts.engineVersion ?? ENGINE_VERSION;
  const embedded = opts.registryDir ? null : (opts.embedded ?? null);
  const memo = new Map<string, Promise<Prepared>>();

  const skipped: SkippedLine[] = [];
  const changes: ReplayChange[] = [];
  const ruleChanges: ReplayChange[] = [];
  const routingChanges: ReplayChange[] = [];
  const hashes = new Set<string>();
  const issues = new Set<string>();
  let total = 0;
  let replayed = 0;
  let configChanged = 0;
  let engineChanged = 0;

  const skip = (s: Pick<Skipped, 'file' | 'line' | 'reason' | 'decision_id' | 'detail'>): void => {
    skipped.push({ file: s.file, line: s.line, reason: s.reason, ...(s.decision_id ? { decision_id: s.decision_id } : {}), ...(s.detail ? { detail: s.detail } : {}) });
  };

  for (const l of lines) {
    const c = classify(l);
    if (opts.sinceMs !== undefined && c.time !== undefined && c.time < opts.sinceMs) continue;
    if (opts.agent !== undefined && c.kind === 'replayable' && agentOf(c.logged.agent) !== opts.agent) continue;
    total += 1;
    if (c.kind === 'skipped') {
      skip(c);
      continue;
    }
    const e = c.logged;
    const at = { file: c.file, line: c.line, decision_id: e.decision_id };
    const orch = loggedConsult(e.orchestrator);
    if (!orch.ok) {
      skip({ ...at, reason: 'orchestrator-unusable', detail: orch.why });
      continue;
    }
    const env = lineEnv(base, c);
    const rt: RuntimeDeps = {
      env,
      now: () => c.time,
      newId: () => e.decision_id,
      embedded,
      engineVersion,
      audit: false,
      memo,
      routers: ALL_ROUTERS,
      consult: orch.consult,
      // Judged as the host it came from (a Codex ask is decided by askFallback again), from the input as logged.
      ...(isAgent(agentOf(e.agent)) ? { agent: agentOf(e.agent) as AgentName } : {}),
      normalized: true,
    };
    let prepared: Prepared | undefined;
    try {
      prepared = await prepare(locate(typeof c.input.cwd === 'string' ? c.input.cwd : '', env), rt);
    } catch (err) {
      issues.add(`config or registry not loaded: ${oneLine(err)}`);
    }
    const run = await runHook(c.hook, c.stdin, rt);
    const d = run.decision;
    if (!d) {
      skip({ ...at, reason: 'replay-failed', detail: oneLine(run.stderr.trim() || `exit ${run.exitCode}, no decision`, 200) });
      continue;
    }
    if (e.event === 'PreToolUse' && e.tool === 'Write' && d.memory) {
      skip({ ...at, reason: 'memory-file-state' });
      continue;
    }
    replayed += 1;
    if (prepared) {
      hashes.add(prepared.reg.registry.hash);
      for (const i of prepared.issues) issues.add(i);
    }
    const cfgChanged = prepared !== undefined && prepared.cfg.hash !== e.config_hash;
    if (cfgChanged) configChanged += 1;
    if (e.engine_version !== engineVersion) engineChanged += 1;
    const before: Side = {
      verdict: e.verdict,
      patterns: e.local.matches.map((m) => m.id),
      rules: e.rules.filter((r) => !stateWrittenRule(r)),
    };
    const after: Side = {
      verdict: d.decision.action,
      patterns: d.local.matches.map((m) => m.id),
      rules: d.audit.decisionRules.filter((r) => !stateWrittenRule(r)),
    };
    const change: ReplayChange = {
      decision_id: e.decision_id,
      ts: e.ts,
      event: e.event,
      ...(e.tool !== undefined ? { tool: e.tool } : {}),
      target: targetOf(e.event, c.input),
      file: c.file,
      line: c.line,
      before,
      after,
      config_changed: cfgChanged,
    };
    if (before.verdict !== after.verdict) changes.push(change);
    else if (!sameList(before.patterns, after.patterns) || !sameList(before.rules, after.rules)) ruleChanges.push(change);
    const routed = routingSides(e, d);
    if (routed && !sameList(routed.before.selected, routed.after.selected)) {
      routingChanges.push({ ...change, before: { ...before, routing: routed.before }, after: { ...after, routing: routed.after } });
    }
  }

  changes.sort(byTime);
  ruleChanges.sort(byTime);
  routingChanges.sort(byTime);
  const skippedBy: Partial<Record<SkipReason, number>> = {};
  for (const reason of SKIP_ORDER) {
    const n = skipped.filter((s) => s.reason === reason).length;
    if (n) skippedBy[reason] = n;
  }
  const warnings: string[] = [];
  if (configChanged) {
    warnings.push(`config changed since ${configChanged} of the replayed lines were written; they are replayed with the current config, so a change among them may come from the config rather than the registry`);
  }
  if (engineChanged) {
    warnings.push(`${engineChanged} of the replayed lines were written by another hookwarden version than ${engineVersion}; they are replayed with this one`);
  }
  const failed = skipped.filter((s) => s.reason === 'replay-failed');
  if (failed.length) {
    const first = failed[0] as SkippedLine;
    warnings.push(`${failed.length} line${failed.length === 1 ? '' : 's'} could not be replayed (first: ${first.file}:${first.line}: ${first.detail ?? 'no decision'})`);
  }
  for (const i of [...issues].sort()) warnings.push(`registry or config problem (the replay ran without it): ${i}`);
  if (total > 0 && replayed === 0) warnings.push('no line could be replayed: nothing was compared');

  return {
    files: [...files],
    registry: { dir: opts.registryDir ?? null, hashes: [...hashes].sort() },
    summary: {
      lines: total,
      replayed,
      unchanged: replayed - changes.length,
      changed: changes.length,
      skipped: skipped.length,
      skipped_by: skippedBy,
      other_rules: ruleChanges.length,
      routing_changed: routingChanges.length,
      config_changed: configChanged,
      engine_changed: engineChanged,
    },
    warnings,
    changes,
    rule_changes: ruleChanges,
    routing_changes: routingChanges,
    skipped,
  };
}
