// The session's say before a tool runs (PreToolUse): grants lift the asks they cover, a read-only session
// denies every tool needing a write capability, and an ask is remembered so that the tool running afterwards
// (PostToolUse for the same tool_use_id) can count as the user's approval. docs/session.md has the policy.

import { redactSecrets } from '../analyzers/secrets/detect.js';
import { capabilityOf, UNKNOWN_TOOL_ID, type ToolCapability } from '../analyzers/session/capability.js';
import type { ReadOnlyJudgement } from '../analyzers/session/actions.js';
import { excerpt } from '../analyzers/truncate.js';
import type { HookwardenConfig } from '../config/types.js';
import { viewOf } from '../registry/select.js';
import { activeGrants, grantCovers, readOnlyStatus, type GrantKey, type ReadOnlyStatus, type SessionEffect } from '../session/state.js';
import type { CallContext, EngineDeps } from './deps.js';
import type { LocalFindings } from './route.js';
import type { UnifiedRoutingDecision } from './types.js';
import type { Match } from '../vocab/match.js';

export const READ_ONLY_ID = 'session/read-only';
export const GRANT_APPLIED = 'GRANT_APPLIED';

/** Asks a grant may lift: not a secret (each one is new), not an engine failure, not the read-only denial. */
const grantable = (m: Match): boolean => m.action === 'ask' && m.kind !== 'secret' && m.kind !== 'engine' && m.kind !== 'session';

/** The target an approval is remembered for: what the rule fired on, redacted like everything that is stored. */
function grantKey(m: Match, deps: EngineDeps): GrantKey {
  return { rule: m.id, target: redactSecrets(m.matched, viewOf(deps.registry).secrets).text };
}

export function toolCapability(toolName: string, ctx: CallContext, deps: EngineDeps): ToolCapability {
  return capabilityOf(toolName, viewOf(deps.registry).capabilities, ctx.mcpServer);
}

export function liftHint(ro: ReadOnlyStatus, config: HookwardenConfig): string {
  const how =
    ro.scope === 'turn'
      ? `the user lifts it by sending their next prompt (or one starting with "${config.session.readWritePrefix}")`
      : `the user lifts it with \`hookwarden mode normal\` or a prompt starting with "${config.session.readWritePrefix}"`;
  return `The session is read-only: investigate and report without changing files; ${how}.`;
}

/**
 * Applies grants and read-only mode to a tool call's findings. `judgeCommand` says whether a Bash command may
 * run in a read-only session (only asked when the session is read-only and the tool executes commands).
 */
export function gateTool(
  toolName: string,
  subject: string,
  findings: LocalFindings,
  ctx: CallContext,
  deps: EngineDeps,
  judgeCommand?: () => ReadOnlyJudgement,
): LocalFindings {
  const s = deps.session;
  if (!s) return findings;
  const grants = activeGrants(s, deps.now());
  const ro = readOnlyStatus(s);
  // The common case on every tool call: no grant to apply and no read-only mode, so no capability lookup.
  if (!grants.length && !ro) return findings;
  const cap = toolCapability(toolName, ctx, deps);
  const used: string[] = [];
  const matches = findings.matches.filter((m) => {
    if (!grants.length || !grantable(m)) return true;
    const { target } = grantKey(m, deps);
    const g = grants.find((x) => grantCovers(x, m.id, target, cap.capability));
    if (!g) return true;
    used.push(`${g.id} ${m.id} on ${target}`);
    return false;
  });
  const out: LocalFindings = { ...findings, matches };
  if (ro) {
    out.session = { readOnly: `${ro.scope}: ${ro.why}` };
    let denial: string | undefined;
    if (cap.access === 'write') {
      denial = `${toolName} needs ${cap.capability}${cap.id === UNKNOWN_TOOL_ID ? ' (hookwarden does not know this tool, so it counts as a write)' : ''}`;
    } else if (cap.access === 'execute') {
      const j = judgeCommand?.() ?? { readOnly: false, reason: `hookwarden does not analyse ${toolName} commands` };
      if (!j.readOnly) denial = `the command may change files (${j.reason})`;
    }
    const capGrant = denial ? grants.find((g) => g.capability === cap.capability) : undefined;
    if (capGrant) used.push(`${capGrant.id} ${cap.capability} in read-only mode`);
    else if (denial) {
      matches.push({
        id: READ_ONLY_ID,
        kind: 'session',
        severity: 'high',
        action: 'block',
        message: `the session is read-only because ${ro.why}, and ${denial}`,
        hint: liftHint(ro, deps.config),
        matched: excerpt(redactSecrets(subject, viewOf(deps.registry).secrets).text, 200),
        where: cap.capability,
      });
    }
  }
  if (used.length) {
    out.session = { ...out.session, grantsUsed: used };
    out.rules = [...(out.rules ?? []), GRANT_APPLIED];
  }
  return out;
}

/** An ask to remember, so that the tool running afterwards counts as the user's approval of these rules. */
export function askEffect(d: UnifiedRoutingDecision, ctx: CallContext, deps: EngineDeps): SessionEffect | undefined {
  if (!deps.session || !ctx.toolUseId || d.decision.action !== 'ask') return undefined;
  const keys = d.local.matches.filter(grantable).map((m) => grantKey(m, deps));
  if (!keys.length) return undefined;
  return { type: 'ask', toolUseId: ctx.toolUseId, keys, ...(ctx.permissionMode ? { permissionMode: ctx.permissionMode } : {}) };
}
