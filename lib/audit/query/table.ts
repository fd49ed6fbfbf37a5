// Aligned text tables for the terminal, and the time format they print.

import { cellText, truncate } from '../../terminal-text.js';

export interface Column {
  title: string;
  align?: 'left' | 'right';
  max?: number;
}

/** An aligned text table, two spaces between columns, cells truncated with "…" to their column's max. */
export function renderTable(columns: Column[], rows: string[][]): string {
  const cells = rows.map((r) => columns.map((c, i) => truncate(cellText(r[i] ?? ''), c.max ?? 40)));
  const widths = columns.map((c, i) => Math.max([...c.title].length, ...cells.map((r) => [...(r[i] as string)].length)));
  const pad = (s: string, i: number): string => {
    const w = widths[i] as number;
    const fill = ' '.repeat(Math.max(0, w - [...s].length));
    return columns[i]?.align === 'right' ? fill + s : s + fill;
  };
  const line = (r: string[]): string => r.map((s, i) => pad(s, i)).join('  ').trimEnd();
  return [line(columns.map((c) => c.title)), ...cells.map(line)].join('\n') + '\n';
}

/** "2026-11-22 05:50:00" (UTC). */
export function formatTime(ms: number): string {
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 19).replace('T', ' ') : '?';
}
