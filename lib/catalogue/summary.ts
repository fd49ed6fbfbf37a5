// How a catalogue is shown in a line: the summary `hookwarden routes` ends with and doctor's "router catalogue" check
// prints (paths and reasons are printed through lib/terminal-text.ts).

import { isMalformed } from './limits.js';
import type { Catalogue, SkippedFile } from './types.js';

export interface CatalogueSummary {
  /** "12 candidates (5 agents, 4 skills, 3 commands; project 6, user 4, plugins 2)". */
  counts: string;
  malformed: SkippedFile[];
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export function summarise(catalogue: Catalogue): CatalogueSummary {
  const count = (pick: (c: Catalogue['candidates'][number]) => boolean): number => catalogue.candidates.filter(pick).length;
  const kinds = [plural(count((c) => c.kind === 'agent'), 'agent'), plural(count((c) => c.kind === 'skill'), 'skill'), plural(count((c) => c.kind === 'command'), 'command')];
  const scopes = [`project ${count((c) => c.scope === 'project')}`, `user ${count((c) => c.scope === 'user')}`, `plugins ${count((c) => c.scope === 'plugin')}`];
  return {
    counts: `${plural(catalogue.candidates.length, 'candidate')} (${kinds.join(', ')}; ${scopes.join(', ')})`,
    malformed: catalogue.skipped.filter(isMalformed),
  };
}
