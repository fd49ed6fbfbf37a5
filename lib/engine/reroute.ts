// After a suggested subagent failed: the next fit of the prompt's own ranking, kept in the session
// (lib/session/routing-state.ts). No scoring and no catalogue here, so the post-tool-use hook does not carry the
// router.

import { rerouteFrom } from '../session/routing-state.js';
import type { SessionEffect, SessionState } from '../session/state.js';
import type { RoutingRecord } from './types.js';
import type { Suggestion } from '../vocab/match.js';

/** A subagent call that failed: if the session's last routing suggested it, the next fit (or none), the effect that
 * records the failure, and the re-route record for the audit. Undefined when routing had nothing to do with it. */
export function rerouteAfterFailure(
  agentName: string,
  session: SessionState | undefined,
): { suggestion?: Suggestion; effect: SessionEffect; record: RoutingRecord } | undefined {
  const last = session?.routing?.last;
  const failed = `agent:${agentName}`;
  if (!last || !last.selected.includes(failed)) return undefined;
  const excluded = [...new Set([...(session?.routing?.failed ?? []), failed])];
  const next = rerouteFrom(last, excluded);
  const entry = next[0] ? last.ranked.find((x) => x.id === next[0]) : undefined;
  const [kind, ...rest] = (next[0] ?? '').split(':');
  const suggestion: Suggestion | undefined = entry
    ? { id: entry.id, kind: kind as Suggestion['kind'], name: rest.join(':'), score: entry.score, why: `score ${entry.score} for the same request`, after: `\`${agentName}\`` }
    : undefined;
  const reason = entry ? `${failed} failed; next in the ranking: ${entry.id} ${entry.score}` : `${failed} failed; nothing else in the ranking reaches τ ${last.tau} with the margin`;
  return {
    ...(suggestion ? { suggestion } : {}),
    effect: { type: 'routeFailed', candidate: failed, selected: next },
    record: { iteration: last.iteration + 1, of: last.decisionId, failed, excluded, selected: next, reason },
  };
}
