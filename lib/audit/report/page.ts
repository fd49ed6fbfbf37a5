// `hookwarden audit report --html <out.html>`: one self-contained page to read the audit in a browser.
//
// Nothing on the page can reach the network: CSS and JS are inline, there is no URL anywhere, and a CSP meta
// (`default-src 'none'`) forbids any fetch should one slip in. The data is embedded once, as JSON inside
// <script type="application/json">, with every "<", ">", "&", "/" and line separator written as a \u escape, so
// audit text (a command holding "</script><img onerror=…>") can neither end the script element nor read as a URL.
// The page's script renders every value through textContent / createElementNS, never innerHTML.

import { LEVELS } from '../../vocab/levels.js';
import type { ReportData } from './data.js';
import { SCRIPT } from './script.js';
import { CSS } from './styles.js';

/** JSON safe inside a <script> element and free of anything that reads as markup or a URL. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&/\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:";

/** The whole page. Only `data` varies, and it is embedded solely through scriptJson. */
export function renderReportHtml(data: ReportData): string {
  const boxes = [...LEVELS]
    .reverse()
    .map((v) => `<label><input type="checkbox" class="vf" value="${v}" checked> ${v}</label>`)
    .join('\n        ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>hookwarden audit report</title>
<style>${CSS}</style>
</head>
<body>
<h1>hookwarden audit</h1>
<p class="muted" id="range"></p>
<p class="muted" id="skipped"></p>
<div class="grid">
  <section>
    <h2>Decisions over time <span class="muted" id="unit"></span></h2>
    <svg id="chart" viewBox="0 0 900 220" role="img" aria-label="events over time, stacked by verdict"></svg>
  </section>
  <section>
    <h2>Verdict mix</h2>
    <ul class="mix" id="mix"></ul>
    <div class="mixbar" id="mixbar"></div>
  </section>
</div>
<div class="grid">
  <section>
    <h2>Top rules</h2>
    <table><thead><tr><th>rule</th><th>events</th><th>block</th><th>ask</th><th>warn</th></tr></thead><tbody id="rules"></tbody></table>
  </section>
  <section>
    <h2>Top blocked or asked</h2>
    <table><thead><tr><th>command or path</th><th>tool</th><th>verdict</th><th>count</th></tr></thead><tbody id="targets"></tbody></table>
  </section>
</div>
<section>
  <h2>Decisions</h2>
  <p class="muted" id="limit"></p>
  <div class="controls">
    <input type="search" id="q" placeholder="search: command, path, rule, session, id…" aria-label="search">
    <span>
        ${boxes}
    </span>
    <span class="muted" id="shown"></span>
  </div>
  <div class="tablewrap">
    <table id="decisions">
      <thead><tr><th>time (UTC)</th><th>session</th><th>event</th><th>tool</th><th>verdict</th><th>rules</th><th>target</th><th>decision id</th></tr></thead>
      <tbody id="rows"></tbody>
    </table>
  </div>
</section>
<script type="application/json" id="audit-data">${scriptJson(data)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
