// Stage 6, redact: every text of the decision (message, hints, injections) passed through the call's redaction:
// hookwarden's secret patterns plus every value the second detector found in this call. The same function cleans
// what the effects store.

import { redactSecrets, type KnownSecrets } from '../../analyzers/secrets/detect.js';
import type { UnifiedRoutingDecision } from '../../engine/types.js';
import type { CompiledSecret } from '../../registry/types.js';

export type Clean = (s: string) => string;

export function cleaner(secrets: CompiledSecret[], known?: KnownSecrets): Clean {
  return (s) => redactSecrets(s, secrets, known).text;
}

export function redactDecision(d: UnifiedRoutingDecision, clean: Clean): void {
  d.decision = {
    ...d.decision,
    message: clean(d.decision.message),
    hints: d.decision.hints.map(clean),
    injections: d.decision.injections.map(clean),
  };
}
