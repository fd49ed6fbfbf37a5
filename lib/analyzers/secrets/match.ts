// Secret findings as matches. What a finding means depends on where it was found (docs/policy.md):
// a prompt with a live-looking credential is not sent (block); one written into a file or a command needs the
// user (ask); one in tool output or a final message is a warning to the model. A pattern whose own action
// is `warn` (a low-confidence detector) never goes beyond warn.

import type { PatternAction } from '../../vocab/levels.js';
import type { Match } from '../../vocab/match.js';
import type { CompiledSecret } from '../../registry/types.js';
import { findSecrets, isPlaceholder, type SecretFinding, type SecretScope } from './detect.js';
import { externalSecretId, type ExternalSecretFinding } from './secretlint.js';

export const SECRET_SCOPE_ACTION: Record<SecretScope, PatternAction> = {
  prompt: 'block',
  content: 'ask',
  command: 'ask',
  output: 'warn',
};

export const EXTERNAL_HINT =
  'Keep the credential out of the file or prompt: reference it by name (an environment variable, the secret manager) and let the user supply it.';

/**
 * Our own findings plus secretlint's (ids `secretlint/<rule>`), one match per kind. A secretlint finding that
 * overlaps one of ours is the same secret and adds nothing; a secretlint finding is at most `high` (ask-grade).
 */
export function matchSecrets(
  text: string,
  patterns: CompiledSecret[],
  scope: SecretScope,
  where: string,
  external: readonly ExternalSecretFinding[] = [],
): Match[] {
  const own = findSecrets(text, patterns, scope);
  const out = secretMatches(own, scope, where);
  const seen = new Set<string>();
  for (const f of external) {
    const value = text.slice(f.start, f.end);
    if (own.some((o) => o.start < f.end && f.start < o.end) || isPlaceholder(value)) continue;
    // Our documentation values hold for its findings too (`postgres:postgres@localhost` is not live).
    if (patterns.some((p) => p.allow.some((a) => value.includes(a)))) continue;
    const id = externalSecretId(f);
    if (seen.has(id)) continue;
    seen.add(id);
    const action = SECRET_SCOPE_ACTION[scope];
    out.push({
      id,
      kind: 'secret',
      severity: 'high',
      action,
      message: `a ${f.kind} (found by secretlint)`,
      hint: EXTERNAL_HINT,
      matched: `[REDACTED:${id}] (${f.end - f.start} chars)`,
      where,
    });
  }
  return out;
}

function secretMatches(findings: SecretFinding[], scope: SecretScope, where: string): Match[] {
  const seen = new Set<string>();
  const out: Match[] = [];
  for (const f of findings) {
    if (seen.has(f.pattern.id)) continue;
    seen.add(f.pattern.id);
    const p = f.pattern;
    const action = p.action === 'warn' || p.action === 'context' ? 'warn' : SECRET_SCOPE_ACTION[scope];
    out.push({
      id: p.id,
      kind: 'secret',
      // critical is block-grade for the orchestrator's matrix; where the policy asks or warns, cap it.
      severity: action !== 'block' && p.severity === 'critical' ? 'high' : p.severity,
      action,
      message: p.message,
      hint: p.hint,
      matched: `[REDACTED:${p.id}] (${f.end - f.start} chars)`,
      where,
    });
  }
  return out;
}
