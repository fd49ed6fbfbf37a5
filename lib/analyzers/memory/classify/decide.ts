// The verdict (rules 5-8): evidence and possible names turned into class, categories, by and masked text.

import { toRegExp } from '../../../registry/regex.js';
import type { SensitiveCategory } from '../../../registry/types.js';
import { fires, knownNames, scan, type Span } from './evidence.js';
import { maskSpans, NAME_LABEL, wordCount } from './mask.js';
import { possibleNames } from './names.js';
import { readPart } from './read-part.js';
import { tokenize } from './tokens.js';
import type { ClassifierPatterns, FactClassification } from './types.js';

export function classifyFact(text: string, patterns: ClassifierPatterns): FactClassification {
  const { head, cut } = readPart(text);
  const spans: Span[] = [];
  const by: string[] = [];
  const categories: Array<SensitiveCategory | 'uncertain'> = [];
  const fired = patterns.sensitive.map((p) => {
    let hit = false;
    if (p.words) hit = scan(toRegExp(p.words, 'g'), head, p.category, spans) || hit;
    for (const r of p.regex) hit = scan(toRegExp(r, 'g'), head, p.category, spans) || hit;
    if (hit) by.push(p.id);
    return hit;
  });
  // A name inside a registry span ("Driver's licence") is masked by that span and adds no category of its own.
  const names = possibleNames(tokenize(head, knownNames(patterns.conventions)), spans).filter(
    ([start, end]) => !spans.some((e) => e.start <= start && end <= e.end),
  );
  let personPlaced = false;
  patterns.sensitive.forEach((p, i) => {
    if (p.category === 'person' && !personPlaced && names.length) {
      personPlaced = true;
      categories.push('person');
    }
    if (fired[i] && !categories.includes(p.category)) categories.push(p.category);
  });
  if (names.length && !personPlaced) categories.push('person');
  let convention = false;
  for (const c of patterns.conventions) {
    if (fires(c, head)) {
      by.push(c.id);
      convention = true;
    }
  }
  for (const [start, end] of names) spans.push({ start, end, label: NAME_LABEL, registry: false });

  if (spans.length === 0 && convention && !cut) return { class: 'low', categories: [], by, masked: text };
  if (spans.length === 0) {
    return { class: 'sensitive', categories: ['uncertain'], by, masked: `[unclassified fact, ${wordCount(head)} words]` };
  }
  const rest = text.length - head.length;
  const masked = maskSpans(head, spans) + (cut ? ` [+${rest} characters not read]` : '');
  return { class: 'sensitive', categories, by, masked };
}
