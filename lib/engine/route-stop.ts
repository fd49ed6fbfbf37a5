// routeStop: the agent wants to end its turn. Two session checks, each blocking (or reminding) once:
//  - verify after write: project files changed since the last test/build/type-check/lint or re-read;
//  - phantom claims: the final message claims an action or result no tool call in the turn backs.
// A stop that is already the result of a stop hook is never blocked again (no loops), and says nothing more.

import { findClaims } from '../analyzers/claims/detect.js';
import { viewOf } from '../registry/select.js';
import type { ActionKind, CompiledClaim } from '../registry/types.js';
import type { SessionEffect, SessionState } from '../session/state.js';
import type { CallContext, EngineDeps } from './deps.js';
import { runRoute } from './route.js';
import { flushProposals } from './memory-flush.js';
import type { Match, UnifiedRoutingDecision } from './types.js';

export const STOP_HOOK_ACTIVE_RULE = 'STOP_HOOK_ACTIVE_NEVER_BLOCKS';
export const UNVERIFIED_ID = 'session/unverified-changes';

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

const listFiles = (s: SessionState): string => {
  const names = s.changed.slice(-5).map((c) => c.path);
  const more = s.changed.length - names.length + s.changedMore;
  return `${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
};

function checkHint(deps: EngineDeps, fallback: string): string {
  const checks = deps.projectChecks?.() ?? [];
  if (!checks.length) return fallback;
  const [first, ...rest] = checks;
  const also = rest.length ? ` (also: ${rest.map((c) => `\`${c.command}\``).join(', ')})` : '';
  return `Run \`${first?.command}\` (${first?.source})${also} and report its real result.`;
}

function unverified(s: SessionState, deps: EngineDeps): Match | undefined {
  const mode = deps.config.session.verifyAfterWrite;
  if (mode === 'off' || (!s.changed.length && !s.changedMore) || s.nudged.verifyWriteSeq === s.lastWriteSeq) return undefined;
  const count = s.changed.length + s.changedMore;
  return {
    id: UNVERIFIED_ID,
    kind: 'session',
    severity: 'high',
    action: mode === 'block' ? 'block' : 'warn',
    message: `${count === 1 ? '1 file was' : `${count} files were`} changed and nothing checked them since (no test, build, type-check or lint ran after the last change, and the files were not re-read)`,
    hint: checkHint(deps, 'Run the project\'s tests or checks, or re-read the changed files, and report what you verified.'),
    matched: listFiles(s),
  };
}

/** A claim is backed by a successful command of a required kind in this turn (`since: turn`), or by one after
 * the session's last file change (`since: write`: "all tests pass" is about the code as it is now). */
function backed(c: CompiledClaim, s: SessionState): boolean {
  return s.actions.some((a) => (c.requires as string[]).includes(a.kind) && (c.since === 'write' ? a.seq > s.lastWriteSeq : a.turn === s.turn));
}

function phantoms(text: string | undefined, s: SessionState, deps: EngineDeps): Array<{ match: Match; key: string }> {
  const mode = deps.config.session.phantomClaims;
  if (mode === 'off' || !text) return [];
  const claims = viewOf(deps.registry).claims;
  const out: Array<{ match: Match; key: string }> = [];
  for (const hit of findClaims(text, claims)) {
    const c = claims.find((x) => x.id === hit.id) as CompiledClaim;
    const key = `${s.turn}:${c.id}`;
    if (backed(c, s) || s.nudged.claims.includes(key)) continue;
    const kinds = c.requires.map((k) => KIND_WORDS[k]).join(' or ');
    const when = c.since === 'write' && s.lastWriteSeq > 0 ? 'after the last file change' : 'in this turn';
    out.push({
      key,
      match: {
        id: c.id,
        kind: 'claim',
        severity: 'high',
        action: mode === 'block' ? 'block' : 'warn',
        message: `${c.message}, but no ${kinds} command ran ${when}`,
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
  const d = await runRoute('stop', 'stop', 'stop', ctx, deps, () => {
    if (stop.stopHookActive || !s) return { matches: [] };
    const matches: Match[] = [];
    const nudge: Extract<SessionEffect, { type: 'nudged' }> = { type: 'nudged' };
    const u = unverified(s, deps);
    if (u) {
      matches.push(u);
      nudge.verifyWriteSeq = s.lastWriteSeq;
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
