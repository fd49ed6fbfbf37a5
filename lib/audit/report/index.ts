// `hookwarden audit report --html <out.html>`: one self-contained page to read the audit in a browser.
//
// data.ts     what the page shows, read from the audit in range
// page.ts     the page's HTML, the CSP and the data embedded as script-safe JSON
// styles.ts   the page's CSS;  script.ts   the page's JS
// write.ts    builds the page and writes it (0600)

export { buildReportData, REPORT_TABLE_LIMIT, type ReportData, type ReportRow } from './data.js';
export { renderReportHtml, REPORT_CSP, scriptJson } from './page.js';
export { writeReport } from './write.js';
