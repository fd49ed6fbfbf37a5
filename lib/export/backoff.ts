// How long the shipper waits before trying a batch again: exponential from 1 s, capped, with a jitter that differs
// between machines (from the host id, so a fleet does not retry in step after an outage) but is the same on every
// run of one machine (no Math.random). A receiver's Retry-After is honoured as it is, up to MAX_RETRY_AFTER_MS.

import { hash64 } from '../hash64.js';

export const BASE_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 30_000;
/** A Retry-After longer than this is treated as this (a receiver asking for an hour is not waited out blind). */
export const MAX_RETRY_AFTER_MS = 300_000;

/** The wait before attempt `attempt` (1 = the first retry). */
export function backoffMs(attempt: number, hostId: string, retryAfter?: number): number {
  if (retryAfter !== undefined) return Math.min(Math.max(0, retryAfter), MAX_RETRY_AFTER_MS);
  const exp = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, Math.min(attempt - 1, 20)));
  // 75 % to 100 % of the exponential step.
  const spread = Number.parseInt(hash64(`${hostId}:${attempt}`).slice(0, 4), 16) / 0xffff;
  return Math.round(exp * (0.75 + 0.25 * spread));
}
