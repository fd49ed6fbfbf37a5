// The shipped claim registry (patterns/claims.json) compiled the way the registry loader compiles claims: each cue
// becomes { source, flags: "iu" }; claims carry a fixed severity "high" and action "block" in pack "claims". Lets
// the claim tests run on the shipped data without the rest of the registry.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION_KINDS, type ActionKind, type CompiledClaim } from '../../lib/registry/types.js';
export const CLAIMS_FILE = join(import.meta.dirname, '..', '..', 'patterns', 'claims.json');

export interface ClaimSource {
  id: string;
  kind: 'claim';
  requires: ActionKind[];
  since: 'turn' | 'write';
  cues: string[];
  message: string;
  hint: string;
  examples: { match: string[]; noMatch: string[] };
}

interface ClaimPack {
  pack: string;
  description: string;
  patterns: ClaimSource[];
}

/** The pack file as written, with a light shape check (the real validation is the registry's zod schema). */
export function claimSources(): ClaimSource[] {
  const pack = JSON.parse(readFileSync(CLAIMS_FILE, 'utf8')) as ClaimPack;
  if (pack.pack !== 'claims' || !Array.isArray(pack.patterns)) throw new Error(`${CLAIMS_FILE}: not the claims pack`);
  for (const p of pack.patterns) {
    const bad =
      p.kind !== 'claim' ||
      !/^claims\/[a-z0-9][a-z0-9-]*$/.test(p.id) ||
      !p.requires.length ||
      !p.requires.every((k) => (ACTION_KINDS as readonly string[]).includes(k)) ||
      (p.since !== 'turn' && p.since !== 'write') ||
      !p.cues.length;
    if (bad) throw new Error(`${CLAIMS_FILE}: malformed claim ${JSON.stringify(p.id)}`);
  }
  return pack.patterns;
}

export function compileClaim(p: ClaimSource): CompiledClaim {
  return {
    id: p.id,
    pack: 'claims',
    kind: 'claim',
    severity: 'high',
    action: 'block',
    message: p.message,
    hint: p.hint,
    requires: p.requires,
    since: p.since,
    cues: p.cues.map((source) => ({ source, flags: 'iu' })),
  };
}

let compiled: CompiledClaim[] | undefined;

/** The shipped claims in registry order. */
export function shippedClaims(): CompiledClaim[] {
  compiled ??= claimSources().map(compileClaim);
  return compiled;
}
