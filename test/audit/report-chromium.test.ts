// The HTML report in a real browser: headless Chromium (or Chrome) loads the page from file://, runs its script and
// prints the DOM, and the test checks what a reader would see (chart bars, verdict mix, table rows, filtering
// from location.hash) against the audit file written by real hook calls. The browser is found by
// test/helpers/browser.ts ($HOOKWARDEN_BROWSER, PATH, usual install paths); without one these tests skip with one
// line, except under CI (`CI` set), where they fail (.ci/run installs Debian's chromium).

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventV1 } from '../../lib/audit/event.js';
import { listAuditFiles, matchedRules, decisionRules, targetOf } from '../../lib/audit/query/index.js';
import { readAuditFile } from '../../lib/audit/read.js';
import { auditFileFor } from '../../lib/audit/paths.js';
import { buildReportData, REPORT_CSP, REPORT_TABLE_LIMIT, writeReport } from '../../lib/audit/report/index.js';
import { closeAuditLogs } from '../../lib/audit/write.js';
import { runCli } from '../../lib/cli/main.js';
import { runtimeFor } from '../../lib/cli/runtime.js';
import { runHook } from '../../lib/hook/run-hook.js';
import { memoryIO } from '../helpers/cli.js';
import { loadFixtures } from '../helpers/fixtures.js';
import { browserPolicy, findBrowser } from '../helpers/browser.js';

const BROWSER = browserPolicy(findBrowser());
const CHROMIUM = BROWSER.run ? BROWSER.path : '';
/** No browser and not CI: the whole file is skipped, and this is the line that says why. */
const SKIP = !BROWSER.run && !BROWSER.fail;
if (!BROWSER.run && SKIP) console.warn(`hookwarden: ${BROWSER.line}`);
const root = mkdtempSync(join(tmpdir(), 'hw-report-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const H = 3_600_000;
const START = Date.UTC(2026, 10, 22, 3, 10); // 2026-11-22 03:10 UTC
const NOW = Date.UTC(2026, 10, 22, 23, 0);
const XSS = `echo '</script><img src=x onerror=alert(1)>' # <b>bold</b> & "quotes"`;

function requireChromium(): void {
  if (!BROWSER.run) throw new Error(BROWSER.line);
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is gone since the test started`);
}

/** Runs headless Chromium on the page and returns the DOM after its scripts ran. */
function dumpDom(file: string, hash = ''): Promise<string> {
  requireChromium();
  const profile = mkdtempSync(join(root, 'profile-'));
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--user-data-dir=${profile}`,
    '--virtual-time-budget=5000',
    '--dump-dom',
    `${pathToFileURL(file).href}${hash}`,
  ];
  return new Promise((resolve, reject) => {
    execFile(CHROMIUM, args, { timeout: 60_000, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, HOME: profile } }, (err, stdout, stderr) => {
      rmSync(profile, { recursive: true, force: true });
      if (err) reject(new Error(`chromium failed: ${err.message}\n${stderr.slice(-2000)}`));
      else resolve(stdout);
    });
  });
}

/** The rendered decision rows: verdict and the texts of their cells. */
function rowsOf(dom: string): Array<{ verdict: string; cells: string[] }> {
  const body = /<tbody id="rows">([\s\S]*?)<\/tbody>/.exec(dom)?.[1];
  if (body === undefined) throw new Error('no decisions table in the DOM');
  return [...body.matchAll(/<tr class="[^"]*" data-verdict="(\w+)">([\s\S]*?)<\/tr>/g)].map((m) => ({
    verdict: m[1] as string,
    cells: [...(m[2] as string).matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => c[1] as string),
  }));
}

const unescape = (s: string): string => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

let file = '';
let events: AuditEventV1[] = [];

beforeAll(async () => {
  if (!BROWSER.run) return;
  // Real hook calls over several sessions, spread over hours by the injected clock (one fixture every 25 min).
  const home = join(root, 'home');
  const io = memoryIO({ home });
  let clock = START;
  let n = 0;
  io.now = () => clock;
  io.newId = () => `hw-r-${++n}`;
  const rt = runtimeFor(io, true);
  const sessions = ['11111111-aaaa', '22222222-bbbb', '33333333-cccc'];
  const all = loadFixtures();
  for (const [i, f] of all.entries()) {
    let stdin = f.stdin;
    try {
      const j = JSON.parse(stdin) as unknown;
      if (j && typeof j === 'object' && !Array.isArray(j)) stdin = JSON.stringify({ ...j, session_id: sessions[i % sessions.length] });
    } catch {
      // Malformed fixtures stay as they are (they are audited as rejected input).
    }
    await runHook(f.hook, stdin, rt);
    clock += 25 * 60_000;
  }
  // An audit value that tries to break out of the page.
  const ls = JSON.parse((all.find((f) => f.name === 'pre-bash-ls') as { stdin: string }).stdin) as Record<string, unknown>;
  await runHook('pre-tool-use', JSON.stringify({ ...ls, tool_input: { command: XSS } }), rt);
  closeAuditLogs();
  events = listAuditFiles(home).flatMap((r) => readAuditFile(r.file).events);

  file = join(root, 'report.html');
  const cli = memoryIO({ home });
  cli.now = () => NOW;
  const code = await runCli(['audit', 'report', '--html', file, '--since', '2026-11-22'], cli);
  if (code !== 0) throw new Error(`audit report failed: ${cli.stderr()}`);
}, 120_000);

describe.skipIf(SKIP)(SKIP ? `audit report (headless Chromium): ${BROWSER.run ? '' : BROWSER.line}` : 'audit report (headless Chromium)', () => {
  it('finds Chromium or Chrome (HOOKWARDEN_BROWSER, PATH or an install path)', () => {
    requireChromium();
  });

  it('is one file that names no URL and forbids the network', () => {
    const html = readFileSync(file, 'utf8');
    expect(events.some((e) => JSON.stringify(e.input).includes('https://'))).toBe(true); // the audit does hold URLs
    expect(html).not.toMatch(/https?:\/\//i);
    // Outside the embedded data (which holds audit text as JSON), no element or style loads anything.
    const markup = html.replace(/<script type="application\/json" id="audit-data">[^<]*<\/script>/, '');
    expect(markup.length).toBeLessThan(html.length);
    expect(markup).not.toMatch(/\b(src|href|action|srcset|xlink:href)\s*=/i);
    expect(markup).not.toMatch(/<link\b|<iframe\b|<object\b|<embed\b|<img\b|@import|url\(/i);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`);
    expect(REPORT_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:");
    // The hostile command cannot close the data element: exactly the page's own two scripts end.
    expect(html.match(/<\/script>/gi)).toHaveLength(2);
    expect(html).toContain('\\u003c\\u002fscript\\u003e\\u003cimg src=x onerror=alert(1)\\u003e');
  });

  it('renders the chart, the verdict mix and every decision as the audit file has them', async () => {
    const dom = await dumpDom(file);
    expect(dom).toContain('data-ready="1"');
    // One bar per hour with data.
    const hours = new Set(events.map((e) => Math.floor(Date.parse(e.ts) / H)));
    const bars = [...dom.matchAll(/<g class="bar" data-t="(\d+)" data-total="(\d+)">/g)];
    expect(bars).toHaveLength(hours.size);
    expect(hours.size).toBeGreaterThan(10);
    for (const [, t, total] of bars) {
      const h = Number(t) / H;
      expect(Number(total), `hour ${new Date(Number(t)).toISOString()}`).toBe(events.filter((e) => Math.floor(Date.parse(e.ts) / H) === h).length);
    }
    // Verdict mix.
    for (const v of ['block', 'ask', 'warn', 'allow', 'silent']) {
      const shown = new RegExp(`<span class="count" data-verdict="${v}">(\\d+)</span>`).exec(dom)?.[1];
      expect(Number(shown), v).toBe(events.filter((e) => e.verdict === v).length);
    }
    expect(events.filter((e) => e.verdict === 'block').length).toBeGreaterThan(3);
    // Top rules.
    expect(dom).toContain('<td class="rule">paths-sensitive/env-files</td>');
    // The table: every decision (fewer than the 5,000 bound), newest first.
    const rows = rowsOf(dom);
    expect(rows).toHaveLength(events.length);
    expect(dom).toContain(`${events.length} of ${events.length} rows shown`);
    expect(dom).toMatch(/The table lists all \d+ events \(it keeps at most the newest 5000\)/);
    // The hostile command is text in a cell, and no element came of it.
    const xss = rows.find((r) => r.cells.some((c) => unescape(c) === XSS));
    expect(xss, 'the XSS command is shown as text').toBeDefined();
    expect(dom).not.toMatch(/<img\b/i);
    expect(dom).not.toMatch(/<b>bold/);
  });

  it('filters from location.hash: #q=rm&verdict=block', async () => {
    const dom = await dumpDom(file, '#q=rm&verdict=block');
    const rows = rowsOf(dom);
    const hay = (e: AuditEventV1): string =>
      [e.ts, e.session_id, e.event, e.tool ?? '', e.verdict, [...matchedRules(e), ...decisionRules(e)].join(' '), targetOf(e), e.decision_id]
        .join('\n')
        .toLowerCase();
    const want = events.filter((e) => e.verdict === 'block' && hay(e).includes('rm'));
    expect(want.length).toBeGreaterThan(1);
    expect(want.length).toBeLessThan(events.filter((e) => e.verdict === 'block').length);
    expect(rows).toHaveLength(want.length);
    for (const r of rows) {
      expect(r.verdict).toBe('block');
      expect(r.cells.join('\n').toLowerCase()).toContain('rm');
    }
    expect(dom).toContain(`data-shown="${want.length}"`);
  });

  it('filters by verdict alone (#verdict=block) and by text alone (#q=onerror)', async () => {
    const blocks = rowsOf(await dumpDom(file, '#verdict=block'));
    expect(blocks).toHaveLength(events.filter((e) => e.verdict === 'block').length);
    expect(blocks.every((r) => r.verdict === 'block')).toBe(true);
    const xss = rowsOf(await dumpDom(file, '#q=onerror'));
    expect(xss).toHaveLength(1);
    expect(unescape(xss[0]?.cells[6] ?? '')).toBe(XSS);
    const askOrWarn = rowsOf(await dumpDom(file, '#verdict=ask,warn'));
    expect(askOrWarn).toHaveLength(events.filter((e) => e.verdict === 'ask' || e.verdict === 'warn').length);
  });

  it('bounds the table to the newest 5,000 events and says so; the counts still cover them all', async () => {
    const home = join(root, 'many');
    const day = Date.UTC(2026, 10, 21);
    mkdirSync(join(home, 'audit'), { recursive: true });
    const total = REPORT_TABLE_LIMIT + 321;
    const lines: string[] = [];
    for (let i = 0; i < total; i++) {
      lines.push(
        JSON.stringify({
          schema: 1,
          decision_id: `hw-many-${i}`,
          ts: new Date(day + i * 15_000).toISOString(),
          session_id: 'many-session',
          event: 'PreToolUse',
          tool: 'Bash',
          input: { tool_input: { command: `echo ${i}` } },
          local: { matches: [] },
          rules: [],
          verdict: i % 10 === 0 ? 'block' : 'silent',
        }),
      );
    }
    writeFileSync(auditFileFor(home, new Date(day)), `${lines.join('\n')}\n`);
    const data = buildReportData(home, {}, day + 86_400_000);
    expect(data.total).toBe(total);
    expect(data.rows).toHaveLength(REPORT_TABLE_LIMIT);
    expect(data.rows[0]?.[7]).toBe(`hw-many-${total - 1}`);
    expect(data.rows[REPORT_TABLE_LIMIT - 1]?.[7]).toBe(`hw-many-${total - REPORT_TABLE_LIMIT}`);
    expect(data.verdicts.block).toBe(Math.ceil(total / 10));

    const out = join(root, 'many.html');
    writeReport(out, home, {}, day + 86_400_000);
    const dom = await dumpDom(out);
    expect(rowsOf(dom)).toHaveLength(REPORT_TABLE_LIMIT);
    expect(dom).toContain(`The table lists the newest ${REPORT_TABLE_LIMIT} of ${total} events (at most ${REPORT_TABLE_LIMIT}).`);
    expect(dom).toContain(`<span class="count" data-verdict="block">${Math.ceil(total / 10)}</span>`);
  });
});
