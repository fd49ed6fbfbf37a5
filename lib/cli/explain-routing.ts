// `hookwarden explain --prompt`: the router's trace as a person reads it — every candidate with its features,
// weights and score against τ, the vetoes, the tie-breaks, and what was selected and why.

import type { RouterSettings, RoutingTrace } from '../analyzers/routing/types.js';
import type { RoutingRecord } from '../engine/types.js';

const pad = (s: string, n: number): string => (s.length >= n ? s : s + ' '.repeat(n - s.length));

export function formatRouting(r: RoutingRecord, cfg: RouterSettings): string[] {
  if ('iteration' in r) return [`routing:      re-route #${r.iteration} of ${r.of}: ${r.reason}`];
  return formatTrace(r, cfg);
}

function formatTrace(t: RoutingTrace, cfg: RouterSettings): string[] {
  const lines = [
    `routing:      ${t.outcome}${t.selected.length ? ` → ${t.selected.join(', ')}` : ''} — ${t.reason}`,
    `  snapshot ${t.snapshot}; τ ${t.tau}, margin ${t.margin}; text = raw/(raw+${cfg.K}) of BM25F (k1 ${cfg.k1}, b ${cfg.b}; ` +
      `weights name ${cfg.weights.name}, description ${cfg.weights.description}, hints ${cfg.weights.hints}, body ${cfg.weights.body}; synonyms ×${cfg.synonymWeight}); ` +
      `+${cfg.intentBonus} hint, +${cfg.overrideBonus} override, ×${cfg.unhealthyPenalty} unhealthy; the top needs ${cfg.minTerms} matched words or a hint`,
  ];
  const width = Math.min(40, Math.max(10, ...t.ranked.map((c) => c.id.length)));
  for (const c of t.ranked) {
    const mark = t.selected.includes(c.id) ? '*' : c.score >= t.tau ? '+' : ' ';
    const parts = [`text ${c.text}`];
    if (c.intents.length) parts.push(`hint "${c.intents.join('", "')}"`);
    if (c.overrides.length) parts.push(`override ${c.overrides.join(', ')}`);
    if (c.prefer) parts.push(`prefer ${c.prefer > 0 ? '+' : ''}${c.prefer}`);
    if (c.unhealthy) parts.push(`unhealthy: ${c.unhealthy}`);
    const terms = c.terms.map((x) => `${x.stem} ${x.weight}`).join(', ');
    lines.push(`  ${mark} ${pad(c.id, width)} ${c.score.toFixed(4)}  ${parts.join('; ')}${terms ? `  [${terms}]` : ''}`);
  }
  if (!t.ranked.length && t.outcome !== 'named' && t.outcome !== 'slash-command') lines.push('  (no candidate matched a word of the prompt)');
  for (const v of t.vetoed) lines.push(`  x ${pad(v.id, width)} vetoed: ${v.reason}`);
  for (const tie of t.ties) lines.push(`  tie: ${tie}`);
  return lines;
}
