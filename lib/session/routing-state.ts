// What the session remembers about routing: the latest routing decision (its ranking, so a failure can re-route
// without the prompt) and the candidates that failed this session (never suggested again in it). Plain data and
// a pure apply, like the rest of the session state (state.ts).

import type { SessionState } from './state.js';

export interface RankedEntry {
  id: string;
  score: number;
}

export interface LastRouting {
  /** The audit id of the decision that made the suggestion (re-routes point back to it). */
  decisionId: string;
  turn: number;
  selected: string[];
  /** The best allowed candidates of that decision (at most RANKED_KEPT), best first. */
  ranked: RankedEntry[];
  tau: number;
  margin: number;
  /** 1 for the prompt's own decision, +1 per re-route. */
  iteration: number;
}

export interface RoutingMemory {
  last?: LastRouting;
  failed: string[];
}

export type RoutingEffect =
  | { type: 'routed'; decisionId: string; selected: string[]; ranked: RankedEntry[]; tau: number; margin: number }
  | { type: 'routeFailed'; candidate: string; selected: string[] };

export const RANKED_KEPT = 5;
const MAX_FAILED = 20;

export function applyRouting(s: SessionState, e: RoutingEffect, notes: string[]): void {
  const r: RoutingMemory = s.routing ?? { failed: [] };
  if (e.type === 'routed') {
    r.last = { decisionId: e.decisionId, turn: s.turn, selected: e.selected, ranked: e.ranked.slice(0, RANKED_KEPT), tau: e.tau, margin: e.margin, iteration: 1 };
  } else {
    if (!r.failed.includes(e.candidate)) r.failed.push(e.candidate);
    if (r.failed.length > MAX_FAILED) r.failed.splice(0, r.failed.length - MAX_FAILED);
    if (r.last) r.last = { ...r.last, selected: e.selected, iteration: r.last.iteration + 1 };
    notes.push(`routing: ${e.candidate} failed; ${e.selected.length ? `re-routed to ${e.selected.join(', ')}` : 'nothing else fits'}`);
  }
  s.routing = r;
}

/** The next suggestion after `failed` failed: the best remaining candidate of the last ranking that reaches τ and
 * leads the one after it by the margin (the same rule as the prompt's decision), or none. */
export function rerouteFrom(last: LastRouting, failedIds: readonly string[]): string[] {
  const rest = last.ranked.filter((x) => !failedIds.includes(x.id));
  const [top, second] = rest;
  if (!top || top.score < last.tau - 1e-9) return [];
  if (second && top.score - second.score < last.margin - 1e-9) return [];
  return [top.id];
}
