// The replay report as text (a reviewable diff of verdicts) and as JSON. Both are pure functions of the report,
// which is itself sorted: the same audit and the same registry give the same bytes.

import type { ReplayChange, ReplayReport } from './run.js';
import { SKIP_ORDER } from './replayable.js';

const list = (xs: readonly string[]): string => (xs.length ? xs.join(', ') : '(none)');

function arrow(a: readonly string[], b: readonly string[]): string {
  const x = list(a);
  const y = list(b);
  return x === y ? `${x} (same)` : `${x} → ${y}`;
}

function head(c: ReplayChange): string {
  const what = [c.event, c.tool].filter(Boolean).join(' ');
  return `${c.ts}  ${c.decision_id}  ${what}  ${JSON.stringify(c.target)}`;
}

function changeLines(c: ReplayChange): string[] {
  return [
    head(c),
    `  verdict   ${c.before.verdict} → ${c.after.verdict}${c.config_changed ? '  (written under another config)' : ''}`,
    `  patterns  ${arrow(c.before.patterns, c.after.patterns)}`,
    `  rules     ${arrow(c.before.rules, c.after.rules)}`,
    `  line      ${c.file}:${c.line}`,
  ];
}

/** The one summary line: N replayed, N unchanged, N changed, N skipped (by reason). */
export function summaryLine(r: ReplayReport): string {
  const s = r.summary;
  const by = SKIP_ORDER.filter((k) => s.skipped_by[k]).map((k) => `${k} ${s.skipped_by[k]}`);
  const routed = s.routing_changed ? `, ${s.routing_changed} routed differently` : '';
  return `replay: ${s.replayed} replayed, ${s.unchanged} unchanged, ${s.changed} changed${routed}, ${s.skipped} skipped${by.length ? ` (${by.join(', ')})` : ''}`;
}

export function formatText(r: ReplayReport): string {
  const out: string[] = [];
  if (r.changes.length) {
    out.push(`${r.changes.length} verdict${r.changes.length === 1 ? '' : 's'} would change:`, '');
    for (const c of r.changes) out.push(...changeLines(c), '');
  }
  if (r.rule_changes.length) {
    out.push(`${r.rule_changes.length} verdict${r.rule_changes.length === 1 ? '' : 's'} unchanged, reached through other rules:`, '');
    for (const c of r.rule_changes) {
      out.push(head(c), `  verdict   ${c.before.verdict} (same)`, `  patterns  ${arrow(c.before.patterns, c.after.patterns)}`, `  rules     ${arrow(c.before.rules, c.after.rules)}`, '');
    }
  }
  if (r.routing_changes.length) {
    out.push(`${r.routing_changes.length} prompt${r.routing_changes.length === 1 ? '' : 's'} would be routed differently:`, '');
    for (const c of r.routing_changes) {
      const b = c.before.routing!;
      const a = c.after.routing!;
      out.push(head(c), `  routing   ${arrow(b.selected, a.selected)}`, `  snapshot  ${b.snapshot ?? '?'} → ${a.snapshot ?? '?'}`, `  line      ${c.file}:${c.line}`, '');
    }
  }
  if (!r.files.length) out.push('no audit files to replay');
  out.push(summaryLine(r));
  return `${out.join('\n')}\n`;
}

export function formatJson(r: ReplayReport): string {
  return `${JSON.stringify({ schema: 1, ...r })}\n`;
}
