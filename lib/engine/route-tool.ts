// routeToolExecution: judges a tool call before it runs (PreToolUse).

import { analyzeShell } from '../analyzers/shell/index.js';
import { fileAccesses } from '../analyzers/shell/file-access.js';
import { classifyIntent } from '../analyzers/shell/intent.js';
import { planInteractive } from '../analyzers/shell/interactive.js';
import { matchShell } from '../analyzers/shell/match.js';
import type { ShellAnalysis, ShellContext } from '../analyzers/shell/types.js';
import { matchPath } from '../analyzers/paths/match.js';
import { normalisePath, type NormalisedPath, type PathContext } from '../analyzers/paths/normalise.js';
import { redactSecrets } from '../analyzers/secrets/detect.js';
import { matchSecretsWith } from '../analyzers/secrets/match.js';
import { mergeKnown, NO_SCAN, scanExternal, type ExternalScan } from './external-secrets.js';
import { excerpt } from '../analyzers/truncate.js';
import { viewOf } from '../registry/select.js';
import type { PathOp } from '../registry/types.js';
import type { CallContext, EngineDeps } from './deps.js';
import { runRoute, type LocalFindings } from './route.js';
import { fileTargets, toolDomain, writtenContent } from './tool-input.js';
import type { Match, UnifiedRoutingDecision } from './types.js';

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

/** Files judged one by one per command; a command naming more is asked about as a whole (docs/robustness.md). */
export const MAX_FILE_ACCESSES = 2000;
export const TOO_MANY_FILES_ID = 'engine/too-many-files';

/** The path tiers for every file a Bash command reads, writes or deletes, in the directory it runs in. */
function shellFileMatches(analysis: ShellAnalysis, ctx: CallContext, deps: EngineDeps): Match[] {
  const out: Match[] = [];
  const accesses = fileAccesses(analysis);
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
    if ((a.op === 'read' && LOADS_WITHOUT_PRINTING.has(a.via)) || METADATA_ONLY.has(a.via)) continue;
    const pctx = pathContext(a.cwd ?? ctx.cwd, deps);
    for (const candidate of a.samples ?? [a.path]) {
      out.push(...pathMatches(normalisePath(candidate, pctx), a.op, `${a.via} in Bash`, deps));
    }
  }
  return out;
}

function bashFindings(input: Record<string, unknown>, ctx: CallContext, deps: EngineDeps, ext: ExternalScan): LocalFindings {
  const command = input.command as string;
  const view = viewOf(deps.registry);
  const sctx = { cwd: ctx.cwd, home: deps.home, projectDir: deps.projectDir };
  const analysis = analyzeShell(command, sctx);
  const matches: Match[] = matchShell(analysis, view.shell, sctx);
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
  matches.push(...shellFileMatches(analysis, ctx, deps));
  matches.push(...matchSecretsWith(command, ext.findings, view.secrets, 'command', 'tool_input.command'));
  const { rewrite, match } = interactiveFindings(input, analysis, sctx, deps);
  if (match) matches.push(match);
  const findings: LocalFindings = { matches: dedupe(matches), intent: classifyIntent(analysis) };
  if (rewrite) findings.rewrite = rewrite;
  return findings;
}

function pathContext(cwd: string, deps: EngineDeps): PathContext {
  const pctx: PathContext = { cwd, home: deps.home, projectDir: deps.projectDir, trustedRoots: deps.config.trustedRoots };
  if (deps.pathFacts) pctx.facts = deps.pathFacts;
  return pctx;
}

/** The registry's path tiers for one access, with the outside-the-project tier as configured. */
function pathMatches(path: NormalisedPath, op: PathOp, where: string, deps: EngineDeps): Match[] {
  const mode = deps.config.outsideProjectWrites;
  const patterns = viewOf(deps.registry).paths.filter((p) => p.tier !== 'outside' || mode !== 'off');
  return matchPath(path, op, patterns, where).map((m) =>
    mode === 'warn' && patterns.find((p) => p.id === m.id)?.tier === 'outside' ? { ...m, action: 'warn', severity: 'medium' } : m,
  );
}

function fileFindings(toolName: string, toolInput: unknown, ctx: CallContext, deps: EngineDeps, scans: ExternalScan[]): LocalFindings {
  const view = viewOf(deps.registry);
  const pctx = pathContext(ctx.cwd, deps);
  const matches: Match[] = [];
  const targets = fileTargets(toolName, toolInput).map((t) => ({ ...t, path: normalisePath(t.path, pctx) }));
  for (const t of targets) matches.push(...pathMatches(t.path, t.op, t.field, deps));
  // A secret written into a file is named with the file and its kind, never its text.
  const file = targets[0]?.path.display;
  writtenContent(toolName, toolInput).forEach((c, i) => {
    const where = file ? `${c.field}, written to ${file}` : c.field;
    matches.push(...matchSecretsWith(c.text, (scans[i] ?? NO_SCAN).findings, view.secrets, 'content', where));
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
  const target = fileTargets(toolName, toolInput)[0];
  // The second detector runs first (async); the analysis below stays synchronous.
  const written = domain === 'bash_command' ? [] : writtenContent(toolName, toolInput);
  const scans =
    domain === 'bash_command'
      ? [await scanExternal(deps, command)]
      : await Promise.all(written.map((c) => scanExternal(deps, c.text, target?.path)));
  const known = mergeKnown(scans);
  const content =
    domain === 'bash_command'
      ? excerpt(redactSecrets(command, viewOf(deps.registry).secrets, known).text, 2000)
      : target
        ? normalisePath(target.path, pathContext(ctx.cwd, deps)).display
        : toolName;
  return runRoute('tool_use', domain, content, ctx, deps, () => {
    if (domain === 'bash_command') {
      if (typeof input.command !== 'string') throw new Error('Bash tool_input.command is missing or not a string');
      return bashFindings(input, ctx, deps, scans[0] ?? NO_SCAN);
    }
    return fileFindings(toolName, toolInput, ctx, deps, scans);
  }, { toolName });
}
