// The shipped claims as the registry compiles them, and the claims pack as written (for its examples).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { viewOf } from '../../lib/registry/select.js';
import type { CompiledClaim } from '../../lib/registry/types.js';
import { shippedRegistry } from './registry.js';

export const CLAIMS_FILE = join(import.meta.dirname, '..', '..', 'patterns', 'claims.json');

export interface ClaimSource {
  id: string;
  cues: string[];
  keywords: string[];
  examples: { match: string[]; noMatch: string[] };
}

/** The pack's patterns as written (the registry's zod schema validates them; see test/registry). */
export function claimSources(): ClaimSource[] {
  return (JSON.parse(readFileSync(CLAIMS_FILE, 'utf8')) as { patterns: ClaimSource[] }).patterns;
}

/** The shipped claims in registry order, compiled by the registry loader. */
export async function shippedClaims(): Promise<CompiledClaim[]> {
  return viewOf(await shippedRegistry()).claims;
}
