// The report page's script, inlined into the page (lib/audit/report/page.ts). It reads the data from the
// <script type="application/json" id="audit-data"> element and renders every value through textContent /
// createElementNS, never innerHTML.
// The page's script. Plain ES5-ish JS; no template literals so it can live in this TS template string.
export const SCRIPT = `
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
