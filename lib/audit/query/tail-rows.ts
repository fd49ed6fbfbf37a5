// The rows `hookwarden audit tail` prints: fixed column widths, so rows printed later while following line up.

import { cellText, truncate } from '../../terminal-text.js';
import type { AuditEventV1 } from '../event.js';
import { decisionRules, matchedRules, targetOf } from './event-fields.js';
import { formatTime, type Column } from './table.js';

export const TAIL_COLUMNS: Column[] = [
  { title: 'time (UTC)', max: 14 },
  { title: 'session', max: 8 },
  { title: 'event', max: 16 },
  { title: 'tool', max: 16 },
  { title: 'verdict', max: 7 },
  { title: 'rules', max: 32 },
  { title: 'target', max: 48 },
  { title: 'decision', max: 40 },
  { title: 'reason (as told)', max: 160 },
];

/** The reason and hint a line recorded, without the verdict that the row already shows ("" on older lines). */
export function toldOf(ev: AuditEventV1): string {
  const reason = typeof ev.reason === 'string' ? ev.reason.replace(/^hookwarden \w+: /, '') : '';
  const hint = typeof ev.hint === 'string' && ev.hint ? `Hint: ${ev.hint}` : '';
  return [reason, hint].filter(Boolean).join(' ');
}

/** The cells of one tail row. Rules: the matched patterns, else the decision rules; last, what the user was told. */
export function tailCells(ev: AuditEventV1, t: number): string[] {
  const matched = matchedRules(ev);
  return [
    formatTime(t).slice(5),
    String(ev.session_id).slice(0, 8),
    String(ev.event),
    typeof ev.tool === 'string' ? ev.tool : '',
    String(ev.verdict),
    (matched.length ? matched : decisionRules(ev)).join(','),
    targetOf(ev),
    ev.decision_id,
    toldOf(ev),
  ];
}

/** A row with fixed column widths (the header's too), so rows printed later while following line up. */
export function fixedRow(cells: string[], columns: Column[] = TAIL_COLUMNS): string {
  return (
    columns
      .map((c, i) => {
        const s = truncate(cellText(cells[i] ?? ''), c.max ?? 40);
        return i === columns.length - 1 ? s : s + ' '.repeat(Math.max(0, (c.max ?? 40) - [...s].length));
      })
      .join('  ')
      .trimEnd() + '\n'
  );
}

export const tailHeader = (): string => fixedRow(TAIL_COLUMNS.map((c) => c.title));
