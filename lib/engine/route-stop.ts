// routeStop: the agent wants to end its turn. Two session checks, each blocking (or reminding) once:
//  - verify after write (verify-write.ts): project files changed since the last test/build/type-check/lint or
//    re-read, or a check after the last change that failed;
//  - phantom claims: the final message claims an action or result no tool call in the turn backs.
// A stop that is already the result of a stop hook is never blocked again (no loops), and says nothing more.

import { findClaims } from '../analyzers/claims/detect.js';
import { viewOf } from '../registry/select.js';
import type { ActionKind, CompiledClaim } from '../registry/types.js';
import type { ActionRecord, SessionEffect, SessionState } from '../session/state.js';
import type { CallContext, EngineDeps } from './deps.js';
import { runRoute } from './route.js';
import { flushProposals } from './memory-flush.js';
import type { UnifiedRoutingDecision } from './types.js';
import type { Match } from '../vocab/match.js';
import { checkHint, unverified, verifyIgnored } from './verify-write.js';
import { oneLine } from '../errors.js';

export { UNVERIFIED_ID } from './verify-write.js';
export const STOP_HOOK_ACTIVE_RULE = 'STOP_HOOK_ACTIVE_NEVER_BLOCKS';

export interface StopInput {
  stopHookActive: boolean;
  /** The final assistant message (stdin `last_assistant_message`, else the transcript's last assistant text). */
  lastMessage?: string;
}

const KIND_WORDS: Record<ActionKind, string> = {
  test: 'test',
  build: 'build',
  typecheck: 'type-check',
  lint: 'lint',
  commit: 'git commit',
  push: 'git push',
  deploy: 'deploy',
  install: 'install',
  exec: 'command',
};

/** Commands of a kind the claim names, in its window: this turn (`since: turn`), or after the session's last file
 * change (`since: write`: "all tests pass" is about the code as it is now). */
function inWindow(c: CompiledClaim, s: SessionState): ActionRecord[] {
  return s.actions.filter((a) => (c.requires as string[]).includes(a.kind) && (c.since === 'write' ? a.seq > s.lastWriteSeq : a.turn === s.turn));
}

/** A claim is backed by a command in its window that succeeded, or by any that ran when its outcome is `ran`. */
const backed = (c: CompiledClaim, runs: ActionRecord[]): boolean => runs.some((a) => !a.failed || c.outcome === 'ran');

function phantoms(text: string | undefined, s: SessionState, deps: EngineDeps): Array<{ match: Match; key: string }> {
  const mode = deps.config.session.phantomClaims;
  if (mode === 'off' || !text) return [];
  const claims = viewOf(deps.registry).claims;
  const out: Array<{ match: Match; key: string }> = [];
  for (const hit of findClaims(text, claims)) {
    const c = claims.find((x) => x.id === hit.id) as CompiledClaim;
    const key = `${s.turn}:${c.id}`;
    const runs = inWindow(c, s);
    if (backed(c, runs) || s.nudged.claims.includes(key)) continue;
    const kinds = c.requires.map((k) => KIND_WORDS[k]).join(' or ');
    const when = c.since === 'write' && s.lastWriteSeq > 0 ? 'after the last file change' : 'in this turn';
    // Only failed runs in the window: say so (the command that did run failed), rather than that none ran.
    const failedRun = runs.at(-1);
    out.push({
      key,
      match: {
        id: c.id,
        kind: 'claim',
        severity: 'high',
        action: mode === 'block' ? 'block' : 'warn',
        message: failedRun
          ? `${c.message}, but the ${failedRun.kind === 'exec' ? '' : `${KIND_WORDS[failedRun.kind]} `}command that ran ${when} failed (\`${failedRun.command}\`)`
          : `${c.message}, but no ${kinds} command ran ${when}`,
        hint: c.requires.some((k) => k === 'test' || k === 'build' || k === 'typecheck' || k === 'lint') ? checkHint(deps, c.hint) : c.hint,
        matched: hit.sentence,
        where: 'last assistant message',
      },
    });
  }
  return out;
}

export async function routeStop(stop: StopInput, ctx: CallContext, deps: EngineDeps): Promise<UnifiedRoutingDecision> {
  const s = deps.session;
  const effects: SessionEffect[] = [];
  // session.verifyIgnore is compiled only when there are changed files to sort; a glob that cannot be compiled
  // ignores nothing (said on stderr and in the audit).
  let ignored = (_path: string): boolean => false;
  if (s?.changed.length && !stop.stopHookActive) {
    try {
      ignored = await verifyIgnored(deps.config.session.verifyIgnore);
    } catch (err) {
      deps.note?.(`session.verifyIgnore not applied: ${oneLine(err, 160)}`);
    }
  }
  const d = await runRoute('stop', 'stop', 'stop', ctx, deps, () => {
    if (stop.stopHookActive || !s) return { matches: [] };
    const matches: Match[] = [];
    const nudge: Extract<SessionEffect, { type: 'nudged' }> = { type: 'nudged' };
    const u = unverified(s, deps, ignored);
    if (u) {
      matches.push(u.match);
      nudge.verifyWriteSeq = u.seq;
    }
    const p = phantoms(stop.lastMessage, s, deps);
    if (p.length) {
      matches.push(...p.map((x) => x.match));
      nudge.claims = p.map((x) => x.key);
    }
    if (matches.length) effects.push(nudge);
    return { matches };
  }, {
    ...(stop.stopHookActive ? { skipOrchestrator: 'stop_hook_active' } : {}),
  });
  if (effects.length) d.effects = effects;
  if (stop.stopHookActive) {
    // Claude Code is already continuing because of a stop hook: never block again, and add nothing.
    if (d.decision.action === 'block' || d.decision.action === 'warn') d.decision = { ...d.decision, action: 'allow', shouldProceed: true, injections: [] };
    d.audit.decisionRules.push(STOP_HOOK_ACTIVE_RULE);
  }
  // After the turn: the memory facts its tools proposed (and that ran) are stored.
  flushProposals(d, ctx, deps);
  return d;
}
