// The summary as terminal tables.

import { LEVELS } from '../../vocab/levels.js';
import type { AuditSummary } from './summary.js';
import { formatTime, renderTable } from './table.js';

const pct = (n: number, total: number): string => (total ? `${((100 * n) / total).toFixed(1)}%` : '-');

/** The summary as terminal tables. */
export function formatSummary(s: AuditSummary): string {
  const since = s.range.since ? formatTime(Date.parse(s.range.since)).slice(0, 16) : 'the beginning';
  const until = s.range.until ? formatTime(Date.parse(s.range.until)).slice(0, 16) : 'now';
  const out: string[] = [`audit ${since} → ${until} UTC: ${s.events} event${s.events === 1 ? '' : 's'} in ${s.files} file${s.files === 1 ? '' : 's'}\n`];
  if (!s.events) {
    out.push('no events match (widen the range with --since 7d, or --all)\n');
    return out.join('');
  }
  out.push('\n');
  const verdictRows = [...LEVELS].reverse().map((v) => [v, String(s.verdicts[v]), pct(s.verdicts[v], s.events)]);
  verdictRows.push(['total', String(s.events), '']);
  out.push(renderTable([{ title: 'verdict' }, { title: 'events', align: 'right' }, { title: 'share', align: 'right' }], verdictRows));
  out.push('\n');
  out.push(renderTable([{ title: 'event', max: 30 }, { title: 'events', align: 'right' }], s.byEvent.map((e) => [e.event, String(e.count)])));
  // Hosts: shown once any host but Claude Code wrote to this audit.
  if (s.byAgent.some((a) => a.agent !== 'claude-code' && a.agent !== 'cli')) {
    out.push('\n');
    out.push(
      renderTable(
        [{ title: 'agent', max: 24 }, { title: 'events', align: 'right' }, { title: 'block', align: 'right' }, { title: 'ask', align: 'right' }],
        s.byAgent.map((a) => [a.agent, String(a.count), String(a.block), String(a.ask)]),
      ),
    );
  }
  if (s.rules.length) {
    out.push('\n');
    out.push(
      renderTable(
        [{ title: 'top rules', max: 48 }, { title: 'events', align: 'right' }, { title: 'block', align: 'right' }, { title: 'ask', align: 'right' }, { title: 'warn', align: 'right' }],
        s.rules.map((r) => [r.id, String(r.count), String(r.block), String(r.ask), String(r.warn)]),
      ),
    );
  }
  if (s.decisionRules.length) {
    out.push('\n');
    out.push(renderTable([{ title: 'decision rules', max: 48 }, { title: 'events', align: 'right' }], s.decisionRules.map((r) => [r.id, String(r.count)])));
  }
  if (s.targets.length) {
    out.push('\n');
    out.push(
      renderTable(
        [{ title: 'top blocked/asked', max: 60 }, { title: 'tool', max: 24 }, { title: 'verdict' }, { title: 'count', align: 'right' }],
        s.targets.map((t) => [t.target, t.tool, t.verdict, String(t.count)]),
      ),
    );
  }
  out.push('\n');
  out.push(
    renderTable(
      [
        { title: 'session', max: 40 },
        { title: 'events', align: 'right' },
        { title: 'block', align: 'right' },
        { title: 'ask', align: 'right' },
        { title: 'warn', align: 'right' },
        { title: 'last (UTC)' },
      ],
      s.sessions.map((x) => [x.session, String(x.events), String(x.block), String(x.ask), String(x.warn), formatTime(Date.parse(x.last)).slice(0, 16)]),
    ),
  );
  if (s.approximate) out.push('\n(counts of rare keys are approximate: more distinct values than the summary keeps)\n');
  return out.join('');
}
