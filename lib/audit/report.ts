// `hookwarden audit report --html <out.html>`: one self-contained page to read the audit in a browser.
//
// Nothing on the page can reach the network: CSS and JS are inline, there is no URL anywhere, and a CSP meta
// (`default-src 'none'`) forbids any fetch should one slip in. The data is embedded once, as JSON inside
// <script type="application/json">, with every "<", ">", "&", "/" and line separator written as a \u escape, so
// audit text (a command holding "</script><img onerror=…>") can neither end the script element nor read as a URL.
// The page's script renders every value through textContent / createElementNS, never innerHTML.

import { writeFileAtomic } from '../fs/write.js';
import { truncate } from '../terminal-text.js';
import { LEVELS } from '../engine/types.js';
import type { AuditEventV1 } from './event.js';
import {
  decisionRules,
  emptyStats,
  isLevel,
  matchedRules,
  NewestCollector,
  scanAudit,
  SummaryBuilder,
  targetOf,
  zeroVerdicts,
  type AuditFilter,
  type AuditSummary,
  type VerdictCounts,
} from './query.js';

/** Decisions listed in the page's table (the newest). */
export const REPORT_TABLE_LIMIT = 5000;
/** Longest target text kept per row. */
const ROW_TARGET_CHARS = 300;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Spans up to this long are charted by hour, longer ones by day. */
const HOURLY_SPAN_MS = 48 * HOUR_MS;

export type ReportRow = [ts: string, session: string, event: string, tool: string, verdict: string, rules: string, target: string, id: string];

export interface ReportData {
  generated: string;
  range: { since: string | null; until: string | null };
  filters: string;
  total: number;
  verdicts: VerdictCounts;
  unit: 'hour' | 'day';
  /** Buckets with at least one event, oldest first; `t` is the bucket start (ms). */
  buckets: Array<{ t: number; counts: VerdictCounts; total: number }>;
  /** Start of the first and last bucket (ms), for the chart's axis. */
  span: { from: number; to: number } | null;
  rules: Array<{ id: string; count: number; block: number; ask: number; warn: number }>;
  targets: AuditSummary['targets'];
  /** The newest decisions, newest first (at most REPORT_TABLE_LIMIT). */
  rows: ReportRow[];
  limit: number;
  skipped: AuditSummary['skipped'];
}

function rowOf(ev: AuditEventV1, t: number): ReportRow {
  return [
    Number.isFinite(t) ? new Date(t).toISOString() : String(ev.ts),
    String(ev.session_id),
    String(ev.event),
    typeof ev.tool === 'string' ? ev.tool : '',
    String(ev.verdict),
    [...matchedRules(ev), ...decisionRules(ev)].join(' '),
    truncate(targetOf(ev), ROW_TARGET_CHARS),
    String(ev.decision_id),
  ];
}

/** Reads the audit in range (streaming) into what the page shows. */
export function buildReportData(home: string, filter: AuditFilter, now: number, filters = ''): ReportData {
  const stats = emptyStats();
  const summary = new SummaryBuilder();
  const newest = new NewestCollector(REPORT_TABLE_LIMIT);
  const hours = new Map<number, VerdictCounts>();
  scanAudit(home, filter, stats, (e) => {
    summary.add(e.ev, e.t);
    newest.push(e);
    const h = Math.floor(e.t / HOUR_MS) * HOUR_MS;
    let c = hours.get(h);
    if (!c) hours.set(h, (c = zeroVerdicts()));
    if (isLevel(e.ev.verdict)) c[e.ev.verdict]++;
  });
  const s = summary.result(filter, stats, 15);
  const keys = [...hours.keys()].sort((a, b) => a - b);
  const hourly = keys.length === 0 || (keys[keys.length - 1] as number) - (keys[0] as number) <= HOURLY_SPAN_MS;
  const size = hourly ? HOUR_MS : DAY_MS;
  const buckets = new Map<number, VerdictCounts>();
  for (const h of keys) {
    const b = Math.floor(h / size) * size;
    let c = buckets.get(b);
    if (!c) buckets.set(b, (c = zeroVerdicts()));
    const src = hours.get(h) as VerdictCounts;
    for (const v of LEVELS) c[v] += src[v];
  }
  const list = [...buckets.entries()].sort((a, b) => a[0] - b[0]).map(([t, counts]) => ({ t, counts, total: LEVELS.reduce((n, v) => n + counts[v], 0) }));
  return {
    generated: new Date(now).toISOString(),
    range: s.range,
    filters,
    total: s.events,
    verdicts: s.verdicts,
    unit: hourly ? 'hour' : 'day',
    buckets: list,
    span: list.length ? { from: (list[0] as { t: number }).t, to: (list[list.length - 1] as { t: number }).t } : null,
    rules: s.rules,
    targets: s.targets,
    rows: newest
      .result()
      .reverse()
      .map((e) => rowOf(e.ev, e.t)),
    limit: REPORT_TABLE_LIMIT,
    skipped: s.skipped,
  };
}

/** JSON safe inside a <script> element and free of anything that reads as markup or a URL. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&/\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:";

const CSS = `
:root { color-scheme: light dark; --fg: #1d2330; --muted: #5d6675; --bg: #fbfbfd; --card: #fff; --line: #dde1e8;
  --block: #c62828; --ask: #ef8f00; --warn: #c9b400; --allow: #2e7d32; --silent: #9aa3af; }
@media (prefers-color-scheme: dark) { :root { --fg: #e4e7ec; --muted: #9aa3af; --bg: #14171c; --card: #1c2027; --line: #2e343d; } }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 15px; margin: 0 0 10px; }
.muted { color: var(--muted); }
.grid { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); gap: 16px; margin: 16px 0; }
@media (max-width: 900px) { .grid { grid-template-columns: minmax(0, 1fr); } }
section { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; }
svg { width: 100%; height: auto; display: block; }
svg text { font-size: 11px; fill: var(--muted); }
.seg.v-block, .sw.v-block { fill: var(--block); background: var(--block); }
.seg.v-ask, .sw.v-ask { fill: var(--ask); background: var(--ask); }
.seg.v-warn, .sw.v-warn { fill: var(--warn); background: var(--warn); }
.seg.v-allow, .sw.v-allow { fill: var(--allow); background: var(--allow); }
.seg.v-silent, .sw.v-silent { fill: var(--silent); background: var(--silent); }
.axis { stroke: var(--line); }
ul.mix { list-style: none; margin: 0; padding: 0; }
ul.mix li { display: grid; grid-template-columns: 14px 70px 60px 1fr; gap: 8px; align-items: center; padding: 2px 0; }
.sw { display: inline-block; width: 12px; height: 12px; border-radius: 3px; }
.count { text-align: right; font-variant-numeric: tabular-nums; }
.mixbar { display: flex; height: 10px; border-radius: 5px; overflow: hidden; margin-top: 10px; background: var(--line); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; color: var(--muted); position: sticky; top: 0; background: var(--card); }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.target { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; word-break: break-all; max-width: 520px; }
td.id, td.session { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; white-space: nowrap; }
td.verdict { font-weight: 600; } tr.v-block td.verdict { color: var(--block); } tr.v-ask td.verdict { color: var(--ask); }
.controls { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin-bottom: 10px; }
.controls input[type=search] { min-width: 280px; padding: 6px 8px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
.tablewrap { max-height: 70vh; overflow: auto; }
`;

// The page's script. Plain ES5-ish JS; no template literals so it can live in this TS template string.
const SCRIPT = `
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('audit-data').textContent);
  var VERDICTS = ['block', 'ask', 'warn', 'allow', 'silent'];
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function pct(n, total) { return total ? (100 * n / total).toFixed(1) + '%' : '-'; }
  function pad(n) { return (n < 10 ? '0' : '') + n; }
  function label(t, unit) {
    var d = new Date(t);
    var day = d.getUTCFullYear() + '-' + pad(d.getUTCMonth() + 1) + '-' + pad(d.getUTCDate());
    return unit === 'hour' ? day + ' ' + pad(d.getUTCHours()) + ':00' : day;
  }

  // Header
  var range = (data.range.since ? data.range.since.replace('T', ' ').slice(0, 16) : 'the beginning') + ' to ' +
    (data.range.until ? data.range.until.replace('T', ' ').slice(0, 16) : 'now') + ' UTC';
  document.getElementById('range').textContent = data.total + ' events, ' + range +
    (data.filters ? ' (filters: ' + data.filters + ')' : '') + '; generated ' + data.generated.replace('T', ' ').slice(0, 19) + ' UTC';
  var sk = data.skipped, notes = [];
  if (sk.unreadable) notes.push(sk.unreadable + ' unreadable lines skipped');
  if (sk.otherSchema) notes.push(sk.otherSchema + ' lines of another schema version skipped');
  if (sk.partial) notes.push(sk.partial + ' partially written last lines left out');
  document.getElementById('skipped').textContent = notes.join('; ');

  // Verdict mix
  var mix = document.getElementById('mix'), bar = document.getElementById('mixbar');
  VERDICTS.forEach(function (v) {
    var n = data.verdicts[v] || 0;
    var li = el('li', 'verdict');
    li.setAttribute('data-verdict', v);
    li.appendChild(el('span', 'sw v-' + v));
    li.appendChild(el('span', 'name', v));
    var c = el('span', 'count', n);
    c.setAttribute('data-verdict', v);
    li.appendChild(c);
    li.appendChild(el('span', 'share muted', pct(n, data.total)));
    mix.appendChild(li);
    if (n) {
      var part = el('span', 'sw v-' + v);
      part.style.width = (100 * n / data.total) + '%';
      part.style.height = '100%';
      part.style.borderRadius = '0';
      bar.appendChild(part);
    }
  });

  // Decisions over time: one stacked bar per hour (or day) with data, placed on a continuous axis.
  var svg = document.getElementById('chart');
  var NS = svg.namespaceURI;
  function s(tag, attrs, text) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs) e.setAttribute(k, String(attrs[k]));
    if (text !== undefined) e.textContent = String(text);
    return e;
  }
  var W = 900, H = 220, L = 40, R = 10, T = 10, B = 30;
  document.getElementById('unit').textContent = 'per ' + data.unit + ' (UTC)';
  if (data.span) {
    var step = data.unit === 'hour' ? 3600000 : 86400000;
    var slots = Math.round((data.span.to - data.span.from) / step) + 1;
    var max = 1;
    data.buckets.forEach(function (b) { if (b.total > max) max = b.total; });
    var pw = (W - L - R) / slots, ph = H - T - B;
    svg.appendChild(s('line', { 'class': 'axis', x1: L, y1: T + ph, x2: W - R, y2: T + ph }));
    svg.appendChild(s('text', { x: L - 6, y: T + 10, 'text-anchor': 'end' }, max));
    svg.appendChild(s('text', { x: L - 6, y: T + ph, 'text-anchor': 'end' }, 0));
    data.buckets.forEach(function (b) {
      var i = Math.round((b.t - data.span.from) / step);
      var x = L + i * pw + Math.min(2, pw * 0.1), w = Math.max(1, pw - 2 * Math.min(2, pw * 0.1));
      var g = s('g', { 'class': 'bar', 'data-t': b.t, 'data-total': b.total });
      var parts = [];
      VERDICTS.forEach(function (v) { if (b.counts[v]) parts.push(v + ' ' + b.counts[v]); });
      g.appendChild(s('title', {}, label(b.t, data.unit) + ': ' + b.total + ' (' + parts.join(', ') + ')'));
      var y = T + ph;
      VERDICTS.slice().reverse().forEach(function (v) {
        var n = b.counts[v] || 0;
        if (!n) return;
        var h = ph * n / max;
        y -= h;
        g.appendChild(s('rect', { 'class': 'seg v-' + v, x: x.toFixed(2), y: y.toFixed(2), width: w.toFixed(2), height: h.toFixed(2) }));
      });
      svg.appendChild(g);
    });
    var ticks = Math.min(slots, 6);
    for (var k = 0; k < ticks; k++) {
      var idx = ticks === 1 ? 0 : Math.round(k * (slots - 1) / (ticks - 1));
      svg.appendChild(s('text', { x: (L + (idx + 0.5) * pw).toFixed(2), y: H - 10, 'text-anchor': 'middle' }, label(data.span.from + idx * step, data.unit)));
    }
  } else {
    svg.appendChild(s('text', { x: W / 2, y: H / 2, 'text-anchor': 'middle' }, 'no events in this range'));
  }

  // Top rules and blocked targets
  var rules = document.getElementById('rules');
  data.rules.forEach(function (r) {
    var tr = el('tr');
    tr.appendChild(el('td', 'rule', r.id));
    tr.appendChild(el('td', 'num', r.count));
    tr.appendChild(el('td', 'num', r.block));
    tr.appendChild(el('td', 'num', r.ask));
    tr.appendChild(el('td', 'num', r.warn));
    rules.appendChild(tr);
  });
  if (!data.rules.length) { var none = el('tr'); var td = el('td', 'muted', 'no rule matched'); td.colSpan = 5; none.appendChild(td); rules.appendChild(none); }
  var targets = document.getElementById('targets');
  data.targets.forEach(function (t) {
    var tr = el('tr', 'v-' + t.verdict);
    tr.appendChild(el('td', 'target', t.target));
    tr.appendChild(el('td', '', t.tool));
    tr.appendChild(el('td', 'verdict', t.verdict));
    tr.appendChild(el('td', 'num', t.count));
    targets.appendChild(tr);
  });

  // The table: text search (every word must appear) and a verdict filter; state in location.hash.
  document.getElementById('limit').textContent = data.rows.length < data.total
    ? 'The table lists the newest ' + data.rows.length + ' of ' + data.total + ' events (at most ' + data.limit + ').'
    : 'The table lists all ' + data.total + ' events (it keeps at most the newest ' + data.limit + ').';
  var rows = data.rows.map(function (r) { return { r: r, hay: r.join('\\n').toLowerCase() }; });
  var tbody = document.getElementById('rows'), q = document.getElementById('q'), shown = document.getElementById('shown');
  var boxes = Array.prototype.slice.call(document.querySelectorAll('input.vf'));
  function rowEl(r) {
    var tr = el('tr', 'v-' + r[4]);
    tr.setAttribute('data-verdict', r[4]);
    tr.appendChild(el('td', 'time', r[0].replace('T', ' ').slice(0, 19)));
    var sess = el('td', 'session', r[1].slice(0, 8));
    sess.title = r[1];
    tr.appendChild(sess);
    tr.appendChild(el('td', 'event', r[2]));
    tr.appendChild(el('td', 'tool', r[3]));
    tr.appendChild(el('td', 'verdict', r[4]));
    tr.appendChild(el('td', 'rules', r[5]));
    tr.appendChild(el('td', 'target', r[6]));
    tr.appendChild(el('td', 'id', r[7]));
    return tr;
  }
  function writeHash() {
    var p = new URLSearchParams();
    if (q.value) p.set('q', q.value);
    var on = boxes.filter(function (b) { return b.checked; }).map(function (b) { return b.value; });
    if (on.length !== boxes.length) p.set('verdict', on.join(','));
    var h = p.toString();
    try { history.replaceState(null, '', h ? '#' + h : location.pathname + location.search); } catch (e) { /* file: may refuse */ }
  }
  function render() {
    var terms = q.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var allowed = {};
    boxes.forEach(function (b) { allowed[b.value] = b.checked; });
    var frag = document.createDocumentFragment(), n = 0;
    rows.forEach(function (x) {
      if (!allowed[x.r[4]]) return;
      for (var i = 0; i < terms.length; i++) if (x.hay.indexOf(terms[i]) < 0) return;
      frag.appendChild(rowEl(x.r));
      n++;
    });
    tbody.replaceChildren(frag);
    shown.textContent = n + ' of ' + rows.length + ' rows shown';
    shown.setAttribute('data-shown', String(n));
  }
  function readHash() {
    var p = new URLSearchParams(location.hash.replace(/^#/, ''));
    q.value = p.get('q') || '';
    var v = p.get('verdict');
    var want = v ? v.split(',') : VERDICTS;
    boxes.forEach(function (b) { b.checked = want.indexOf(b.value) >= 0; });
  }
  q.addEventListener('input', function () { render(); writeHash(); });
  boxes.forEach(function (b) { b.addEventListener('change', function () { render(); writeHash(); }); });
  window.addEventListener('hashchange', function () { readHash(); render(); });
  readHash();
  render();
  document.body.setAttribute('data-ready', '1');
})();
`;

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

/** Builds the page and writes it (mode 0600: it holds audit data). Returns what it wrote. */
export function writeReport(out: string, home: string, filter: AuditFilter, now: number, filters = ''): { file: string; total: number; rows: number; data: ReportData } {
  const data = buildReportData(home, filter, now, filters);
  // Replaced atomically, never written through: a link planted at the output name is refused (lib/fs/write.ts).
  writeFileAtomic(out, renderReportHtml(data), 0o600);
  return { file: out, total: data.total, rows: data.rows.length, data };
}
