// How one candidate fact is judged before anything touches disk: private blocks were stripped by the caller;
// here a credential means never (refused and audited), an over-long fact is refused, and the rest is classified
// low or sensitive (lib/analyzers/memory/classify/). Shared by the prompt, tool and stop paths.

import { classifyFact } from '../analyzers/memory/classify/index.js';
import { redactSecrets, type KnownSecrets } from '../analyzers/secrets/detect.js';
import { excerpt } from '../analyzers/truncate.js';
import { viewOf } from '../registry/select.js';
import { factHash, factId, type NewFact } from '../memory/facts.js';
import type { EngineDeps } from './deps.js';

export type Judged =
  | { kind: 'secret'; id: string; preview: string; secretIds: string[] }
  | { kind: 'too-long'; id: string; preview: string; chars: number }
  | { kind: 'fact'; fact: Omit<NewFact, 'origin'>; masked: string };

export function judgeFact(text: string, deps: EngineDeps, known?: KnownSecrets): Judged {
  const view = viewOf(deps.registry);
  const hash = factHash(text);
  const id = factId(hash);
  // Our patterns and every value the second detector found in this call: the same redaction the audit uses.
  const redacted = redactSecrets(text, view.secrets, known);
  if (redacted.kinds.length) return { kind: 'secret', id, preview: excerpt(redacted.text, 160), secretIds: redacted.kinds };
  const max = deps.config.memory.maxFactChars;
  const c = classifyFact(text, { sensitive: view.sensitive, conventions: view.conventions });
  if (text.length > max) return { kind: 'too-long', id, preview: excerpt(c.class === 'low' ? text : c.masked, 160), chars: text.length };
  return {
    kind: 'fact',
    fact: { id, hash, text, class: c.class, categories: c.categories, ...(c.class === 'sensitive' ? { masked: c.masked } : {}) },
    masked: c.masked,
  };
}

/** "health, person" or "uncertain" for messages. */
export const categoryWords = (cats: readonly string[]): string => (cats.length ? cats.join(', ') : 'none');
