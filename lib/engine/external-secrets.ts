// The second secret detector, consulted before a route's synchronous analysis: its findings become matches
// (lib/analyzers/secrets/match.ts) and its secret values are redacted from the decision like our own.

import type { KnownSecrets } from '../analyzers/secrets/detect.js';
import { secretValues, type ExternalSecretFinding } from '../analyzers/secrets/secretlint.js';
import type { EngineDeps } from './deps.js';

export interface ExternalScan {
  findings: ExternalSecretFinding[];
  known: Map<string, string>;
}

export const NO_SCAN: ExternalScan = { findings: [], known: new Map() };

/** Never rejects: an unavailable or failing scanner means our own regexes alone (the hook notes why). */
export async function scanExternal(deps: EngineDeps, text: string, filePath?: string): Promise<ExternalScan> {
  if (!deps.scanSecrets || !text) return NO_SCAN;
  let findings: ExternalSecretFinding[];
  try {
    findings = await deps.scanSecrets(text, filePath);
  } catch {
    return NO_SCAN;
  }
  return { findings, known: secretValues(text, findings) };
}

export function mergeKnown(scans: ExternalScan[]): KnownSecrets {
  const all = new Map<string, string>();
  for (const s of scans) for (const [k, v] of s.known) all.set(k, v);
  return all;
}
