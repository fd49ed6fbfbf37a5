// Rule 8: the masked text of a sensitive fact.

import type { Span } from './evidence.js';

/** The label a possible name is masked with. */
export const NAME_LABEL = 'person?';

/** Rule 8: spans merged and replaced by their labels. */
export function maskSpans(text: string, spans: Span[]): string {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let at = 0;
  let i = 0;
  while (i < sorted.length) {
    const first = sorted[i]!;
    let end = first.end;
    let label = first.registry ? first.label : undefined;
    let j = i + 1;
    while (j < sorted.length && sorted[j]!.start < end) {
      end = Math.max(end, sorted[j]!.end);
      if (!label && sorted[j]!.registry) label = sorted[j]!.label;
      j++;
    }
    out += `${text.slice(at, first.start)}[${label ?? NAME_LABEL}]`;
    at = end;
    i = j;
  }
  return out + text.slice(at);
}

export const wordCount = (s: string): number => s.match(/\S+/gu)?.length ?? 0;
