// Where hookwarden keeps its state, and which audit file a given instant belongs to.

import { isoUtc } from '../vocab/iso-time.js';
import { homeDir } from '../fs/home-dir.js';
import { join, resolve } from 'node:path';

/** `$HOOKWARDEN_HOME` (resolved to an absolute path; a leading "~/" is expanded) or `~/.hookwarden`. */
export function hookwardenHome(
  env: Readonly<Record<string, string | undefined>> = process.env,
  homedir: () => string = homeDir,
): string {
  const override = env.HOOKWARDEN_HOME?.trim();
  if (override) {
    if (override === '~') return homedir();
    if (override.startsWith('~/')) return join(homedir(), override.slice(2));
    return resolve(override);
  }
  return join(homedir(), '.hookwarden');
}

export function auditDirFor(home: string): string {
  return join(home, 'audit');
}

/** `<home>/audit/audit-YYYY-MM-DD.jsonl`, by the UTC date of `date`. Throws RangeError on an invalid Date. */
export function auditFileFor(home: string, date: Date): string {
  const day = isoUtc(date.getTime()).slice(0, 10);
  return join(auditDirFor(home), `audit-${day}.jsonl`);
}
