// One function shared by the hook bundles, the daemon, `eval`, `explain` and replay: stdin text in,
// {exitCode, stdout, stderr} out, plus the decision. It reads as its stages (lib/hook/stages/), each returning
// what it met as data:
//   parse → locate → prepare → load state → route → redact → apply effects → render → audit
// SessionStart is not routed (stages/session-start.ts); input that cannot be judged and internal errors end the
// call by the failure policy (stages/fail.ts).

import { viewOf } from '../registry/select.js';
import { adapterFor } from '../protocol/adapters.js';
import { claudeCode } from '../protocol/claude-code/adapter.js';
import type { UnifiedRoutingDecision } from '../engine/types.js';
import { GUARD_HOOKS, type HookName } from './hooks.js';
import { unsafeHomeDecision } from './home-guard.js';
import { heartbeatName } from './heartbeat.js';
import { refusedManagedDecision } from './managed-guard.js';
import { locate } from './locations.js';
import type { HookRun, RuntimeDeps } from './runtime.js';
import { auditCall } from './stages/audit-call.js';
import { applyEffects } from './stages/effects.js';
import { failInternal, reject } from './stages/fail.js';
import { loadState } from './stages/load-state.js';
import { parse } from './stages/parse.js';
import { prepareCall, type PreparedCall } from './stages/prepare.js';
import { noProblems, stderrLines } from './stages/problems.js';
import { cleaner, redactDecision } from './stages/redact.js';
import { route } from './stages/route.js';
import { PRUNE_EVENTS, pruneQuietly, sessionStart } from './stages/session-start.js';
import { mark } from './timing.js';

export async function runHook(hook: HookName, raw: Buffer | string, rt: RuntimeDeps): Promise<HookRun> {
  const started = rt.now();

  const adapter = adapterFor(rt.agent);
  const parsed = parse(hook, raw, rt.normalized ? claudeCode : adapter);
  if (parsed.kind === 'not-ours') return { exitCode: 0, stdout: '', stderr: '' };
  if (parsed.kind === 'rejected') return reject(hook, parsed.error, rt, started, parsed.event);
  const { input } = parsed;
  mark('parse');

  const loc = locate(input.cwd, rt.env, input.transcript_path);

  let p: PreparedCall;
  try {
    p = await prepareCall(loc, rt);
  } catch (err) {
    return failInternal(hook, input, err, rt, loc, started);
  }
  mark('config+registry');
  if (input.hook_event_name === 'SessionStart') return sessionStart(hook, input, loc, p, rt, started);
  const problems = noProblems(p.issues);
  if (p.stateful && PRUNE_EVENTS.has(input.hook_event_name)) problems.prune = pruneQuietly(loc, rt.now(), p.cfg.config, true);

  const state = loadState(input, loc, p, rt, problems);
  mark('state');

  let decision: UnifiedRoutingDecision;
  try {
    decision = await route(input, state.deps, rt.routers, rt.env, { agent: adapter.name, canAsk: adapter.canAsk !== false });
  } catch (err) {
    return failInternal(hook, input, err, rt, loc, started);
  }
  if (p.homeIssue && GUARD_HOOKS.has(hook)) decision = unsafeHomeDecision(decision, loc.hookwardenHome, p.homeIssue, p.cfg.config.onInternalError);
  if (p.policy.refused.length && GUARD_HOOKS.has(hook)) decision = refusedManagedDecision(decision, p.policy.refused[0]!);

  mark('route');
  const secrets = viewOf(p.reg.registry).secrets;
  const known = state.second?.known;
  const clean = cleaner(secrets, known);
  redactDecision(decision, clean);

  const memoryEvents = p.stateful ? applyEffects(loc, input.session_id, decision, state.loaded, rt.now(), p.cfg.config, clean, problems) : [];

  const rendered = adapter.render(input.hook_event_name, decision.decision);
  mark('redact+effects+render');

  if (p.stateful) auditCall({ loc, input, decision, prepared: p, rt, started, secrets, ...(known ? { known } : {}), memoryEvents, clean }, problems);
  mark('audit');
  if (state.second?.failure) problems.scan = state.second.failure;

  const beat = p.stateful ? { beat: heartbeatName(adapter.name, input.hook_event_name) } : {};
  return { ...rendered, stderr: rendered.stderr + stderrLines(problems), decision, ...(decision.routing ? { router: state.router } : {}), ...beat };
}
