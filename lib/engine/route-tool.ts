// routeToolExecution: judges a tool call before it runs (PreToolUse).

import { analyzeShell, commandKeys, fileAccesses, matchShell, type ArgsCache, type FileAccess } from '../analyzers/shell/index.js';
import { classifyIntent } from '../analyzers/shell/intent/index.js';
import { planInteractive } from '../analyzers/shell/interactive/index.js';
import type { ShellAnalysis, ShellContext } from '../analyzers/shell/types.js';
import { judgeReadOnly } from '../analyzers/session/actions.js';
import { askEffect, gateTool } from './session-gate.js';
import { headlessAsk } from './headless.js';
import { pathContext, shellContext } from './contexts.js';
import { matchPath } from '../analyzers/paths/match.js';
import { normalisePath, type NormalisedPath } from '../analyzers/paths/normalise.js';
import { redactSecrets } from '../analyzers/secrets/detect.js';
import { matchSecrets } from '../analyzers/secrets/match.js';
import { mergeKnown, NO_SCAN, scanExternal, type ExternalScan } from './external-secrets.js';
import { excerpt } from '../analyzers/truncate.js';
import { pathCandidates, shellCandidates, viewOf } from '../registry/select.js';
import type { CompiledPath, PathOp } from '../registry/types.js';
import type { CallContext, EngineDeps } from './deps.js';
import { runRoute, type LocalFindings } from './route.js';
import { fileTargets, toolDomain, writtenContent, type FileTarget } from './tool-input.js';
import type { UnifiedRoutingDecision } from './types.js';
import type { Match } from '../vocab/match.js';
import { memoryProposal, shellMemoryWrite } from './memory-tool.js';
import { hasDeleteToJudge, hasWorkLoser } from './consequence/ids.js';
import { expandFeeds, judgeDeletes, judgeWorkLosers } from './consequence/index.js';
import { hasListFedDelete } from './consequence/feed-shapes.js';
import { withoutSparedHookSettings } from './hook-settings-edit.js';

export const PARSE_ERROR_ID = 'engine/unparseable-command';

/** The non-interactive rule: a bounded rewrite (judged read-only or not) or an ask match. */
function interactiveFindings(
  input: Record<string, unknown>,
  analysis: ShellAnalysis,
  sctx: ShellContext,
  deps: EngineDeps,
): Pick<LocalFindings, 'rewrite'> & { match?: Match } {
  const mode = deps.config.nonInteractive;
  if (mode === 'off' || analysis.parseError) return {};
  const command = input.command as string;
  const plan = planInteractive(command, analysis, { runInBackground: input.run_in_background === true });
  if (!plan) return {};
  if (plan.kind === 'rewrite' && plan.command !== undefined && mode === 'rewrite') {
    const readOnly = classifyIntent(analyzeShell(plan.command, sctx)).intent !== 'write-or-unknown';
    return {
      // The match records the rule in the decision and the audit; the rewrite decides the answer.
      match: { id: plan.ruleId, kind: 'shell', severity: 'low', action: 'warn', message: plan.reason, hint: plan.hint, matched: plan.matched },
      rewrite: { ruleId: plan.ruleId, updatedInput: { ...input, command: plan.command }, command: plan.command, reason: plan.reason, readOnly },
    };
  }
  return {
    match: { id: plan.ruleId, kind: 'shell', severity: 'medium', action: 'ask', message: plan.reason, hint: plan.hint, matched: plan.matched },
  };
}

/** `source .env` / `. .env` load variables without printing them: not a read that exposes the file. */
const LOADS_WITHOUT_PRINTING = new Set(['source', '.']);
/** Metadata only: `chmod 600 ~/.ssh/id_ed25519` is the right fix, not a write of the key (the chmod patterns
 * in bash-filesystem judge modes and recursion). */
const METADATA_ONLY = new Set(['chmod', 'chown', 'chgrp', 'touch']);
/** Except for hookwarden's own files: a mode or owner change there switches the guard off as surely as a write
 * (`chmod 000` on a hook bundle or a settings file makes the host skip the hook; on the home, hookwarden treats
 * it as unsafe). `touch` stays metadata. */
const SELF_METADATA = new Set(['chmod', 'chown', 'chgrp']);
const isSelfRule = (id: string): boolean => id.startsWith('guard-self/') || id === 'paths-sensitive/hookwarden-home';

/** Files judged one by one per command; a command naming more is asked about as a whole (docs/robustness.md). */
export const MAX_FILE_ACCESSES = 2000;
export const TOO_MANY_FILES_ID = 'engine/too-many-files';

/** The path tiers for every file a Bash command reads, writes or deletes, in the directory it runs in. */
function shellFileMatches(accesses: readonly FileAccess[], command: string, ctx: CallContext, deps: EngineDeps): Match[] {
  const out: Match[] = [];
  if (accesses.length > MAX_FILE_ACCESSES) {
    out.push({
      id: TOO_MANY_FILES_ID,
      kind: 'engine',
      severity: 'medium',
      action: 'ask',
      message: `the command names ${accesses.length} files, more than hookwarden judges one by one (${MAX_FILE_ACCESSES})`,
      hint: 'Split the work into smaller commands, or use a glob or find expression the user can review.',
      matched: `${accesses.length} file operands`,
    });
  }
  for (const a of accesses.slice(0, MAX_FILE_ACCESSES)) {
    if (a.op === 'read' && LOADS_WITHOUT_PRINTING.has(a.via)) continue;
    const selfOnly = SELF_METADATA.has(a.via);
    if (METADATA_ONLY.has(a.via) && !selfOnly) continue;
    const pctx = pathContext(a.cwd ?? ctx.cwd, deps);
    for (const candidate of a.samples ?? [a.path]) {
      const path = normalisePath(candidate, pctx);
      // What a Bash write carries is in the command's own text (`echo '…_authToken=…' >> ~/.npmrc`).
      const hits = pathMatches(path, a.op, `${a.via} in Bash`, deps, command);
      out.push(...(selfOnly ? hits.filter((m) => isSelfRule(m.id)) : hits));
      if (selfOnly) continue;
      const memory = a.op === 'write' ? shellMemoryWrite(path, deps) : undefined;
      if (memory) out.push(memory);
    }
  }
  return out;
}

function bashFindings(input: Record<string, unknown>, ctx: CallContext, deps: EngineDeps, ext: ExternalScan): LocalFindings {
  const command = input.command as string;
  const view = viewOf(deps.registry);
  const sctx = shellContext(ctx, deps);
  let analysis = analyzeShell(command, sctx);
  // A delete fed from a list file the command names: its items become operands, or it asks (unreadable list).
  let fedMatches: Match[] = [];
  if (hasListFedDelete(analysis)) ({ analysis, matches: fedMatches } = expandFeeds(analysis, deps.readFeed));
  // Only patterns naming a program the command runs (and, when they name one, its subcommand) can match: the others
  // are not even parsed.
  const args: ArgsCache = new WeakMap();
  const candidates = shellCandidates(deps.registry, commandKeys(analysis, sctx, args));
  let matches: Match[] = [...matchShell(analysis, candidates, sctx, args), ...fedMatches];
  // What a git work-loser would destroy, when the repository can be looked at (docs/consequences.md).
  if (deps.repo && hasWorkLoser(matches)) matches = judgeWorkLosers(matches, analysis, candidates, sctx, deps.repo);
  if (analysis.parseError) {
    matches.push({
      id: PARSE_ERROR_ID,
      kind: 'engine',
      severity: 'medium',
      action: 'ask',
      message: 'the command could not be parsed, so it cannot be judged',
      hint: 'Rewrite the command in plain form (balanced quotes, no control characters, smaller pieces).',
      matched: analysis.parseError,
    });
  }
  const accesses = fileAccesses(analysis);
  matches.push(...shellFileMatches(accesses, command, ctx, deps));
  // What a delete inside the project would lose (docs/consequences.md).
  if (deps.repo && accesses.length <= MAX_FILE_ACCESSES && hasDeleteToJudge(accesses, sctx)) matches.push(...judgeDeletes(accesses, analysis, sctx, deps.repo));
  matches.push(...matchSecrets(command, view.secrets, 'command', 'tool_input.command', ext.findings));
  const { rewrite, match } = interactiveFindings(input, analysis, sctx, deps);
  if (match) matches.push(match);
  const findings: LocalFindings = { matches: dedupe(matches), intent: classifyIntent(analysis) };
  if (rewrite) findings.rewrite = rewrite;
  return gateTool('Bash', command, findings, ctx, deps, () => judgeReadOnly(analysis, view.actions, sctx));
}

/** A path pattern with the outside-the-project tier as configured (off: dropped; warn: its actions become warn),
 * derived once per pattern and setting rather than per access. */
const configuredPaths = new WeakMap<CompiledPath, Map<string, CompiledPath | null>>();

function configuredPath(p: CompiledPath, mode: EngineDeps['config']['outsideProjectWrites']): CompiledPath | null {
  if (p.tier !== 'outside' || mode === 'ask') return p;
  let byMode = configuredPaths.get(p);
  if (!byMode) configuredPaths.set(p, (byMode = new Map()));
  let c = byMode.get(mode);
  if (c === undefined) {
    if (mode === 'off') c = null;
    else {
      const on: CompiledPath['on'] = {};
      for (const op of Object.keys(p.on) as PathOp[]) on[op] = { action: 'warn', severity: 'medium' };
      c = { ...p, on, action: 'warn' as const, severity: 'medium' as const };
    }
    byMode.set(mode, c);
  }
  return c;
}

/** The path patterns that can match this path (the others are not even parsed), as configured, registry order. */
function pathMatches(path: NormalisedPath, op: PathOp, where: string, deps: EngineDeps, content?: string): Match[] {
  const mode = deps.config.outsideProjectWrites;
  const patterns = pathCandidates(deps.registry, path).flatMap((p) => configuredPath(p, mode) ?? []);
  return matchPath(path, op, patterns, where, content);
}

type Target = Omit<FileTarget, 'path'> & { path: NormalisedPath };

function fileFindings(toolName: string, toolInput: unknown, targets: Target[], deps: EngineDeps, scans: ExternalScan[], extra: Match[]): LocalFindings {
  const view = viewOf(deps.registry);
  const matches: Match[] = [...extra];
  const written = writtenContent(toolName, toolInput);
  const text = written.map((c) => c.text).join('\n');
  // An Edit of a settings file that leaves its hooks alone only asks (paths-sensitive/agent-settings).
  const input = (toolInput ?? {}) as Record<string, unknown>;
  for (const t of targets) matches.push(...withoutSparedHookSettings(pathMatches(t.path, t.op, t.field, deps, text), toolName, input));
  // A secret written into a file is named with the file and its kind, never its text.
  const file = targets[0]?.path.display;
  written.forEach((c, i) => {
    const where = file ? `${c.field}, written to ${file}` : c.field;
    matches.push(...matchSecrets(c.text, view.secrets, 'content', where, scans[i]?.findings));
  });
  return { matches: dedupe(matches) };
}

function dedupe(matches: Match[]): Match[] {
  const seen = new Set<string>();
  return matches.filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
}

export async function routeToolExecution(
  toolName: string,
  toolInput: unknown,
  ctx: CallContext,
  deps: EngineDeps,
): Promise<UnifiedRoutingDecision> {
  const domain = toolDomain(toolName);
  const input = (toolInput ?? {}) as Record<string, unknown>;
  const command = typeof input.command === 'string' ? input.command : '';
  const pctx = pathContext(ctx.cwd, deps);
  const targets: Target[] = fileTargets(toolName, toolInput).map((t) => ({ ...t, path: normalisePath(t.path, pctx) }));
  const target = targets[0];
  // The second detector runs first (async); the analysis below stays synchronous.
  const written = domain === 'bash_command' ? [] : writtenContent(toolName, toolInput);
  const scans =
    domain === 'bash_command'
      ? [await scanExternal(deps, command)]
      : await Promise.all(written.map((c) => scanExternal(deps, c.text, target?.path.forms[0])));
  const known = mergeKnown(scans);
  const content =
    domain === 'bash_command'
      ? excerpt(redactSecrets(command, viewOf(deps.registry).secrets, known).text, 2000)
      : (target?.path.display ?? toolName);
  const writtenPaths = targets.filter((t) => t.op === 'write').map((t) => t.path);
  const memory = domain === 'bash_command' ? undefined : memoryProposal(toolName, input, writtenPaths, ctx, deps, known);
  const d = await runRoute('tool_use', domain, content, ctx, deps, () => {
    if (domain === 'bash_command') {
      if (typeof input.command !== 'string') throw new Error('Bash tool_input.command is missing or not a string');
      return bashFindings(input, ctx, deps, scans[0] ?? NO_SCAN);
    }
    return gateTool(toolName, target?.path.display ?? toolName, fileFindings(toolName, toolInput, targets, deps, scans, memory?.matches ?? []), ctx, deps);
  }, { toolName });
  headlessAsk(d, ctx, deps);
  const effects = [askEffect(d, ctx, deps)];
  if (memory) {
    d.memory = { changes: memory.changes, ...(memory.withheld ? { withheld: true } : {}) };
    // Low facts wait for the tool to run; a call that will not run proposes nothing.
    if (d.decision.action !== 'block') effects.push(memory.effect);
  }
  const present = effects.filter((e) => e !== undefined);
  if (present.length) d.effects = present;
  return d;
}
