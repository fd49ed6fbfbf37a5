// Writing the report page to disk.

import { writeFileAtomic } from '../../fs/write.js';
import type { AuditFilter } from '../query/filter.js';
import { buildReportData, type ReportData } from './data.js';
import { renderReportHtml } from './page.js';

/** Builds the page and writes it (mode 0600: it holds audit data). Returns what it wrote. */
export function writeReport(out: string, home: string, filter: AuditFilter, now: number, filters = ''): { file: string; total: number; rows: number; data: ReportData } {
  const data = buildReportData(home, filter, now, filters);
  // Replaced atomically, never written through: a link planted at the output name is refused (lib/fs/write.ts).
  writeFileAtomic(out, renderReportHtml(data), 0o600);
  return { file: out, total: data.total, rows: data.rows.length, data };
}
