// When the daemon polls: every pollSeconds, each wait stretched or shortened by up to 10 % by a jitter derived from
// the host's id and the round's number (no Math.random: a machine's schedule is reproducible, and a fleet started
// at once still spreads its requests). The first poll comes within the first tenth of a period (at most 60 s).

import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { readRegularFile } from '../fs/read.js';

/** This machine's stable id: /etc/machine-id where there is one, else the host name. */
export function hostId(): string {
  const r = readRegularFile('/etc/machine-id', { maxBytes: 256 });
  const id = r.status === 'ok' ? r.bytes.toString('utf8').trim() : '';
  return id || hostname();
}

/** A number in [0, 1) from the host id and the round: the same inputs, the same number. */
export function jitterFraction(host: string, round: number): number {
  return createHash('sha256').update(`${host}\0${round}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** The wait before poll `round` (0 = the first after the daemon starts), in ms. */
export function pollDelayMs(pollSeconds: number, host: string, round: number): number {
  const f = jitterFraction(host, round);
  const period = pollSeconds * 1000;
  if (round === 0) return Math.round(f * Math.min(period / 10, 60_000));
  return Math.round(period * (0.9 + 0.2 * f));
}
