// Secret findings as matches. What a finding means depends on where it was found (docs/policy.md):
// a prompt with a live-looking credential is not sent (block); one written into a file or a command needs the
// user (ask); one in tool output or a final message is a warning to the model. A pattern whose own action
// is `warn` (a low-confidence detector) never goes beyond warn.

import type { Match, PatternAction } from '../../engine/types.js';
import type { CompiledSecret } from '../../registry/types.js';
import { findSecrets, type SecretScope } from './detect.js';

export const SECRET_SCOPE_ACTION: Record<SecretScope, PatternAction> = {
  prompt: 'block',
  content: 'ask',
  command: 'ask',
  output: 'warn',
};

export function matchSecrets(text: string, patterns: CompiledSecret[], scope: SecretScope, where: string): Match[] {
  const seen = new Set<string>();
  const out: Match[] = [];
  for (const f of findSecrets(text, patterns, scope)) {
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
