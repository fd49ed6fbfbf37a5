// One function shared by the hook bundles and `hookwarden eval`: stdin text in, {exitCode, stdout, stderr}
// out, plus the decision. Guards the input, loads config and registry, routes, renders, audits.

import { redactSecrets } from '../analyzers/secrets/detect.js';
import { loadConfig } from '../config/load.js';
import type { EngineDeps } from '../engine/deps.js';
import type { UnifiedRoutingDecision } from '../engine/types.js';
import { HookwardenError, oneLine } from '../errors.js';
import { renderDecision, renderSessionStart, type HookOutput } from '../protocol/claude-code/render.js';
import { SCHEMAS, type HookStdin, type SupportedEvent } from '../protocol/claude-code/schema.js';
import { resolveRegistry, type EmbeddedRegistry } from '../registry/resolve.js';
import { viewOf } from '../registry/select.js';
import { auditDecision, auditMemoryEvents, auditRejectedInput } from './audit.js';
import { errorDecision } from './error-decision.js';
import { isHeadlessEntrypoint } from '../engine/headless.js';
import { GUARD_HOOKS, HOOKS, hookTakes, type HookName } from './hooks.js';
import { locate, type Locations } from './locations.js';
import { fileSystemFacts } from './path-facts.js';
import { secretlintScanner } from '../analyzers/secrets/secretlint.js';
import { orchestratorFor } from './orchestrator.js';
import type { Routers } from './routers.js';
import type { HookwardenConfig } from '../config/types.js';
import { loadSession, pruneSessions, updateSession, type LoadedSession } from '../session/session-file.js';
import { stripPrivate } from '../analyzers/memory/text.js';
import { pruneAuditFiles } from '../audit/retention.js';
import { memoryAccess, recordMemory, sessionStartMemory } from './memory-io.js';
import { routerSettings } from '../config/router-settings.js';
import type { RouterSettings } from '../config/types.js';
import { homeProblem } from '../fs/private-dir.js';
import { unsafeHomeDecision, unsafeHomeNote, withoutHome } from './home-guard.js';

export const APPROVAL_REMEMBERED = 'APPROVAL_REMEMBERED';

export const MAX_GUARD_BYTES = 4 * 1024 * 1024;
export const MAX_OBSERVER_BYTES = 32 * 1024 * 1024;

export interface RuntimeDeps {
  env: NodeJS.ProcessEnv;
  now: () => number;
  newId: () => string;
  embedded: EmbeddedRegistry | null;
  engineVersion: string;
  /** false for what-if runs (`explain`, `eval` without --audit): nothing is written. Default true. */
  audit?: boolean;
  /** Reuse config and registry across calls of one process (eval over a corpus). */
  memo?: Map<string, Promise<Prepared>>;
  /** The routes this process can run: a hook bundle carries only its own (lib/hook/routers.ts). */
  routers: Routers;
  /** Replaces the configured orchestrator (replay answers with the logged result). */
  consult?: EngineDeps['consult'];
}

export type Prepared = Awaited<ReturnType<typeof loadPrepared>>;

export interface HookRun extends HookOutput {
  decision?: UnifiedRoutingDecision;
  /** The router settings the decision was routed with (for `explain`). */
  router?: RouterSettings;
}

function reject(hook: HookName, err: HookwardenError, rt: RuntimeDeps, started: number, event: string = HOOKS[hook]): HookRun {
  const guard = GUARD_HOOKS.has(hook);
  const what = guard ? 'the call was blocked because it could not be judged' : 'nothing was judged';
  if (rt.audit !== false) auditRejectedInput(hook, event, err, rt, started);
  return { exitCode: guard ? 2 : 1, stdout: '', stderr: `hookwarden: ${err.message} (${err.code}); ${what}.\n` };
}

/** The stdin of one of `hook`'s events, or null for another event. `seen.event` is the event the input named, when
 * the hook takes it (a rejected input is audited under it). */
function parseInput(hook: HookName, raw: Buffer | string, seen: { event?: string } = {}): HookStdin | null {
  const size = typeof raw === 'string' ? Buffer.byteLength(raw) : raw.length;
  const max = GUARD_HOOKS.has(hook) ? MAX_GUARD_BYTES : MAX_OBSERVER_BYTES;
  if (size > max) throw new HookwardenError('E_STDIN_TOO_LARGE', `stdin is ${size} bytes, over the ${max}-byte limit`);
  const text = (typeof raw === 'string' ? raw : raw.toString('utf8')).replace(/^\uFEFF/, '');
  if (!text.trim()) throw new HookwardenError('E_STDIN_EMPTY', 'stdin is empty');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new HookwardenError('E_STDIN_JSON', `stdin is not valid JSON: ${oneLine(err, 120)}`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    throw new HookwardenError('E_STDIN_SCHEMA', 'stdin must be a JSON object');
  }
  const name = (json as { hook_event_name?: unknown }).hook_event_name;
  // A hook wired to another event has no opinion on it (unknown events are a no-op, per the protocol).
  if (typeof name === 'string' && !hookTakes(hook, name)) return null;
  const event = typeof name === 'string' ? name : HOOKS[hook];
  seen.event = event;
  const parsed = SCHEMAS[event as SupportedEvent].safeParse(json);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new HookwardenError('E_STDIN_SCHEMA', `stdin field ${i?.path.map(String).join('.') || '(root)'}: ${i?.message ?? 'invalid'}`);
  }
  return parsed.data as HookStdin;
}

async function route(input: HookStdin, deps: EngineDeps, routers: Routers, env: NodeJS.ProcessEnv): Promise<UnifiedRoutingDecision> {
  const mcpServer = (input as { mcp_server?: { name?: unknown } }).mcp_server?.name;
  const ctx = {
    sessionId: input.session_id,
    cwd: input.cwd,
    ...(input.permission_mode ? { permissionMode: input.permission_mode } : {}),
    ...(typeof input.tool_use_id === 'string' && input.tool_use_id ? { toolUseId: input.tool_use_id } : {}),
    ...(typeof mcpServer === 'string' && mcpServer ? { mcpServer } : {}),
    ...(input.transcript_path ? { transcriptPath: input.transcript_path } : {}),
    ...(isHeadlessEntrypoint(env.CLAUDE_CODE_ENTRYPOINT) ? { headless: true } : {}),
  };
  const missing = (): never => {
    throw new Error(`no router for ${input.hook_event_name} in this bundle`);
  };
  switch (input.hook_event_name) {
    case 'PreToolUse':
      return (routers.PreToolUse ?? missing)(input, ctx, deps);
    case 'UserPromptSubmit':
      return (routers.UserPromptSubmit ?? missing)(input, ctx, deps);
    case 'PostToolUse':
      return (routers.PostToolUse ?? missing)(input, ctx, deps);
    case 'PostToolUseFailure':
      return (routers.PostToolUseFailure ?? missing)(input, ctx, deps);
    case 'Stop':
      return (routers.Stop ?? missing)(input, ctx, deps);
    case 'SessionStart':
      throw new Error('SessionStart is not routed');
  }
}

/** The memo key of a call's config and registry: what they were loaded from (lib/serve/reload.ts reads it back). */
export const memoKey = (loc: Pick<Locations, 'hookwardenHome' | 'projectDir' | 'patternsDir'>): string =>
  `${loc.hookwardenHome}\0${loc.projectDir}\0${loc.patternsDir}`;

/** The inverse of memoKey, or null for a key of another shape. */
export function parseMemoKey(key: string): Pick<Locations, 'hookwardenHome' | 'projectDir' | 'patternsDir'> | null {
  const parts = key.split('\0');
  if (parts.length !== 3 || parts.some((p) => !p)) return null;
  const [hookwardenHome, projectDir, patternsDir] = parts as [string, string, string];
  return { hookwardenHome, projectDir, patternsDir };
}

/** Loads config and registry for a call; problems are reported, never fatal. */
export function prepare(loc: Locations, rt: RuntimeDeps): Promise<Prepared> {
  if (!rt.memo) return loadPrepared(loc, rt);
  const key = memoKey(loc);
  let p = rt.memo.get(key);
  if (!p) {
    p = loadPrepared(loc, rt);
    rt.memo.set(key, p);
  }
  return p;
}

async function loadPrepared(loc: Locations, rt: RuntimeDeps) {
  const cfg = loadConfig(loc.configFiles);
  const reg = await resolveRegistry(
    { shippedDir: loc.patternsDir, overrides: loc.overrideFiles, cacheDir: loc.cacheDir, root: loc.hookwardenHome },
    rt.embedded,
  );
  return { cfg, reg, issues: [...cfg.issues, ...reg.issues] };
}

export async function runHook(hook: HookName, raw: Buffer | string, rt: RuntimeDeps): Promise<HookRun> {
  const started = rt.now();
  let input: HookStdin | null;
  const seen: { event?: string } = {};
  try {
    input = parseInput(hook, raw, seen);
  } catch (err) {
    const e = err instanceof HookwardenError ? err : new HookwardenError('E_INTERNAL', oneLine(err));
    return reject(hook, e, rt, started, seen.event);
  }
  if (!input) return { exitCode: 0, stdout: '', stderr: '' };
  const loc = locate(input.cwd, rt.env, input.transcript_path);
  // An unsafe home (a link, someone else's, writable by others) is neither read nor written: lib/hook/home-guard.ts.
  const homeIssue = homeProblem(loc.hookwardenHome);
  let prepared: Prepared;
  try {
    prepared = homeIssue ? await loadPrepared(withoutHome(loc), rt) : await prepare(loc, rt);
  } catch (err) {
    return failInternal(hook, input, err, rt, loc, started);
  }
  const { cfg, reg } = prepared;
  const issues = homeIssue ? [unsafeHomeNote(loc.hookwardenHome, homeIssue), ...prepared.issues] : prepared.issues;
  const notes = issues.map((i) => `hookwarden: ${i}\n`).join('');
  // Audit, session state, memory and caches go together: none in what-if runs (rt.audit false) or under an unsafe home.
  const stateful = rt.audit !== false && !homeIssue;
  // Pruning reads the whole sessions folder: at session boundaries and prompts, not on every tool call.
  const pruneNote = stateful && PRUNE_EVENTS.has(input.hook_event_name) ? pruneQuietly(loc, rt.now(), cfg.config) : '';
  if (input.hook_event_name === 'SessionStart') {
    // Audit retention: daily files past audit.retentionDays go at session start (never today's file).
    if (stateful) pruneAuditFiles(loc.hookwardenHome, rt.now(), cfg.config.audit.retentionDays);
    const memory = stateful && cfg.config.memory.enabled ? sessionStartMemory(loc, input.session_id, rt, cfg.config) : { note: '' };
    const notice = issues.length ? `hookwarden found problems in its configuration and is running without them: ${issues.join('; ')}` : undefined;
    const run = renderSessionStart(notice, memory.context);
    const failed = stateful ? auditRejectedInput(hook, 'SessionStart', null, rt, started, input.session_id, issues) : undefined;
    const auditNote = failed ? `hookwarden: audit not written: ${failed}\n` : '';
    return { ...run, stderr: run.stderr + notes + pruneNote + memory.note + auditNote };
  }
  const deps: EngineDeps = {
    now: rt.now,
    newId: rt.newId,
    registry: reg.registry,
    config: cfg.config,
    consult: rt.consult ?? orchestratorFor(cfg.config, rt.now),
    home: loc.home,
    projectDir: loc.projectDir,
    hookwardenHome: loc.hookwardenHome,
    pathFacts: fileSystemFacts(loc.projectDir),
  };
  // Host and project files that were there but were not read (lib/fs/read.ts): said once each, on stderr and in the audit.
  const skipped = new Set<string>();
  deps.note = (line) => void skipped.add(line);
  const second = cfg.config.secretlint ? secretlintScanner() : undefined;
  if (second) deps.scanSecrets = second.scan;
  let loaded: LoadedSession | undefined;
  if (stateful) {
    loaded = loadSession(loc.hookwardenHome, input.session_id, loc.projectDir, rt.now(), cfg.config.session);
    deps.session = loaded.state;
    if (cfg.config.memory.enabled) deps.memory = memoryAccess(loc, deps.note);
  }
  const router = routerSettings(cfg.config);
  // The catalogue is read for prompts only, by the user-prompt router (never from an unsafe home's cache).
  if (input.hook_event_name === 'UserPromptSubmit' && router.enabled) deps.routingFrom = { cacheDir: homeIssue ? '' : loc.cacheDir, hookwardenHome: loc.hookwardenHome, writeCache: stateful };
  let decision: UnifiedRoutingDecision;
  try {
    decision = await route(input, deps, rt.routers, rt.env);
  } catch (err) {
    return failInternal(hook, input, err, rt, loc, started);
  }
  const secrets = viewOf(reg.registry).secrets;
  const known = second?.known;
  const clean = (s: string): string => redactSecrets(s, secrets, known).text;
  if (homeIssue && GUARD_HOOKS.has(hook)) decision = unsafeHomeDecision(decision, loc.hookwardenHome, homeIssue, cfg.config.onInternalError);
  decision.decision = {
    ...decision.decision,
    message: clean(decision.decision.message),
    hints: decision.decision.hints.map(clean),
    injections: decision.decision.injections.map(clean),
  };
  // Memory first: when the store cannot be written, the session keeps the proposals for the next Stop.
  const memory = stateful && decision.memory?.changes.length ? recordMemory(loc, decision, rt.now(), cfg.config) : { events: [], problem: '' };
  if (memory.problem) decision.effects = decision.effects?.filter((e) => e.type !== 'memoryFlushed');
  const sessionNote = stateful ? recordSession(loc, input.session_id, decision, loaded, rt.now(), cfg.config, clean) : '';
  const rendered = renderDecision(input.hook_event_name, decision.decision);
  const auditError = !stateful ? undefined : auditDecision(loc, decision, {
    event: input.hook_event_name,
    registryHash: reg.registry.hash,
    configHash: cfg.hash,
    engineVersion: rt.engineVersion,
    latencyMs: rt.now() - started,
    rawInput: auditInput(input, decision),
    secrets,
    ...(known?.size ? { known } : {}),
    ...(issues.length || sessionNote || memory.problem || skipped.size
      ? { error: [...issues, ...skipped, sessionNote.trim(), memory.problem].filter(Boolean).join('; ') }
      : {}),
  });
  const memoryAuditError = !stateful || !memory.events.length ? undefined : auditMemoryEvents(
    loc.hookwardenHome,
    memory.events,
    { sessionId: input.session_id, decisionId: decision.audit.decisionId, source: input.hook_event_name },
    rt,
    clean,
  );
  const auditNote = auditError || memoryAuditError ? `hookwarden: audit not written: ${auditError ?? memoryAuditError}\n` : '';
  const scanNote = second?.failure ? `hookwarden: ${second.failure} (judged with hookwarden's own secret patterns only)\n` : '';
  const stateNote = sessionNote ? `hookwarden: ${sessionNote}\n` : '';
  const memoryNote = memory.problem ? `hookwarden: ${memory.problem}\n` : '';
  const skippedNote = [...skipped].map((l) => `hookwarden: ${l}\n`).join('');
  const stderr = rendered.stderr + notes + skippedNote + auditNote + scanNote + stateNote + memoryNote + pruneNote;
  return { ...rendered, stderr, decision, ...(decision.routing ? { router } : {}) };
}

/** The hook input as the audit keeps it: private prompt blocks replaced, and the tool input of a memory write
 * that holds facts needing consent (or a credential) left out entirely. */
function auditInput(input: HookStdin, d: UnifiedRoutingDecision): unknown {
  if (d.memory?.withheld && 'tool_input' in input) return { ...input, tool_input: '[withheld: a memory write holding facts that need consent]' };
  if ('prompt' in input && typeof input.prompt === 'string') return { ...input, prompt: stripPrivate(input.prompt) };
  return input;
}

/** A copy of plain data with every string passed through `f`. */
function mapStrings<T>(v: T, f: (s: string) => string): T {
  if (typeof v === 'string') return f(v) as T;
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f)) as T;
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapStrings(x, f)])) as T;
  }
  return v;
}

const PRUNE_EVENTS = new Set(['SessionStart', 'UserPromptSubmit', 'Stop']);

function pruneQuietly(loc: Locations, now: number, config: HookwardenConfig): string {
  try {
    pruneSessions(loc.hookwardenHome, now, config.session);
    return '';
  } catch (err) {
    return `hookwarden: old session files not pruned: ${oneLine(err)}\n`;
  }
}

/** Applies the decision's session effects under the session lock and records what changed in its audit.
 * Returns a one-line problem (the verdict stands either way: state is advisory to the next call). */
function recordSession(
  loc: Locations,
  sessionId: string,
  d: UnifiedRoutingDecision,
  loaded: LoadedSession | undefined,
  now: number,
  config: HookwardenConfig,
  clean: (s: string) => string,
): string {
  const notes = loaded?.note ? [loaded.note] : [];
  let problem = '';
  if (d.effects?.length) {
    try {
      // Stored text is redacted again with every value found in this call (our patterns and secretlint's).
      const effects = mapStrings(d.effects, clean);
      const u = updateSession(loc.hookwardenHome, sessionId, loc.projectDir, effects, now, config.session);
      if (u.note && !notes.includes(u.note)) notes.push(u.note);
      notes.push(...u.notes);
      if (u.created.some((g) => g.source === 'approval')) d.audit.decisionRules.push(APPROVAL_REMEMBERED);
    } catch (err) {
      problem = `session state not updated: ${oneLine(err)}`;
    }
  }
  if (notes.length) d.audit.session = { ...d.audit.session, notes: [...(d.audit.session?.notes ?? []), ...notes] };
  return problem || (loaded?.refused ? `session state not used: ${loaded.refused}` : '');
}

function failInternal(
  hook: HookName,
  input: HookStdin,
  err: unknown,
  rt: RuntimeDeps,
  loc: Locations,
  started: number,
): HookRun {
  const summary = oneLine(err);
  if (!GUARD_HOOKS.has(hook) || input.hook_event_name === 'SessionStart') {
    if (rt.audit !== false) auditRejectedInput(hook, input.hook_event_name, new HookwardenError('E_INTERNAL', summary), rt, started, input.session_id);
    return { exitCode: 1, stdout: '', stderr: `hookwarden: internal error: ${summary}\n` };
  }
  const mode = loadConfigSafe(loc).onInternalError;
  const decision = errorDecision(input, summary, mode, rt);
  const rendered = renderDecision(input.hook_event_name, decision.decision);
  if (rt.audit !== false) auditDecision(loc, decision, {
    event: input.hook_event_name,
    registryHash: 'unavailable',
    configHash: 'unavailable',
    engineVersion: rt.engineVersion,
    latencyMs: rt.now() - started,
    rawInput: input,
    secrets: rt.embedded ? viewOf(rt.embedded.registry).secrets : [],
    error: summary,
  });
  return { ...rendered, decision };
}

function loadConfigSafe(loc: Locations) {
  try {
    return loadConfig(loc.configFiles).config;
  } catch {
    return { onInternalError: 'ask' as const };
  }
}
