// The router scored against labelled prompts: the measure behind `npm run routing:eval` and the labelled-set
// test. Pure: indexes and settings come in.

import { routePrompt } from './decide.js';
import type { RouterIndex } from './index.js';
import type { Lexicon } from './tokens.js';
import type { RouteContext, RouterSettings } from './types.js';

export interface LabelledPrompt {
  project: string;
  prompt: string;
  /** The candidate a careful human would pick ("agent:x"), or null when none fits. */
  expect: string | null;
  note?: string;
}

export interface RoutingMetrics {
  /** Prompts that fit a candidate. */
  fit: number;
  right: number;
  /** Suggested something else. */
  wrong: number;
  /** right / (right + wrong): how often a suggestion is the right one. */
  precision: number;
  /** right / fit. */
  coverage: number;
  /** Prompts that fit nothing. */
  none: number;
  silent: number;
  /** silent / none. */
  silence: number;
}

export interface RoutingReport {
  overall: RoutingMetrics;
  projects: Record<string, RoutingMetrics>;
  /** One line per wrong suggestion, miss and unwanted suggestion. */
  errors: string[];
}

const empty = (): RoutingMetrics => ({ fit: 0, right: 0, wrong: 0, precision: 0, coverage: 0, none: 0, silent: 0, silence: 0 });

function finish(m: RoutingMetrics): RoutingMetrics {
  const r = (x: number, y: number): number => (y ? Math.round((x / y) * 1000) / 1000 : 1);
  return { ...m, precision: r(m.right, m.right + m.wrong), coverage: r(m.right, m.fit), silence: r(m.silent, m.none) };
}

export function evaluateRouting(
  rows: readonly LabelledPrompt[],
  indexes: ReadonlyMap<string, RouterIndex>,
  lexicon: Lexicon,
  cfg: RouterSettings,
  toolAccess?: RouteContext['toolAccess'],
): RoutingReport {
  const overall = empty();
  const projects: Record<string, RoutingMetrics> = {};
  const errors: string[] = [];
  for (const row of rows) {
    const index = indexes.get(row.project);
    if (!index) throw new Error(`no catalogue for project ${row.project}`);
    const t = routePrompt(row.prompt, index, lexicon, cfg, { readOnly: false, excluded: [], overrides: [], ...(toolAccess ? { toolAccess } : {}) });
    const got = t.selected[0] ?? null;
    const p = (projects[row.project] ??= empty());
    for (const m of [overall, p]) {
      if (row.expect) {
        m.fit++;
        if (got === row.expect) m.right++;
        else if (got) m.wrong++;
      } else {
        m.none++;
        if (!got) m.silent++;
      }
    }
    const best = t.ranked.slice(0, 3).map((c) => `${c.id} ${c.score}`).join(', ');
    const text = JSON.stringify(row.prompt.length > 90 ? `${row.prompt.slice(0, 89)}…` : row.prompt);
    if (row.expect && got !== row.expect) errors.push(`${got ? 'WRONG' : 'MISS '} ${row.project} ${text}: want ${row.expect}, got ${got ?? `nothing (${t.outcome})`}; top ${best || '-'}`);
    if (!row.expect && got) errors.push(`NOISE ${row.project} ${text}: got ${got}${row.note ? ` (${row.note})` : ''}; top ${best}`);
  }
  return { overall: finish(overall), projects: Object.fromEntries(Object.entries(projects).map(([k, v]) => [k, finish(v)])), errors };
}
