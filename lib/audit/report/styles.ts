// The report page's stylesheet, inlined into the page (lib/audit/report/page.ts).

export const CSS = `
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
