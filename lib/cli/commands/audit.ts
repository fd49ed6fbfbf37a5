// hookwarden audit summary | tail | show | report | prune: reading the audit log without jq (docs/audit-review.md).
// Everything here only reads the audit, except `prune`, which removes whole daily files past audit.retentionDays.

import { resolve } from 'node:path';
import { auditDirFor, auditFileFor } from '../../audit/paths.js';
import { completeLinesEnd, followAudit } from '../../audit/follow.js';
import {
  eventTime,
  findDecision,
  fixedRow,
  formatSummary,
  formatTime,
  hostOf,
  inRange,
  isLevel,
  matchesFilter,
  parseTimeArg,
  skippedNotes,
  summarizeAudit,
  tailCells,
  tailEvents,
  tailHeader,
  targetOf,
  TIME_FORMS,
  type AuditFilter,
} from '../../audit/query/index.js';
import { REPORT_TABLE_LIMIT, writeReport } from '../../audit/report/index.js';
import { cellText, safeTerminalText } from '../../terminal-text.js';
import { pruneAuditFiles } from '../../audit/retention.js';
import type { AuditEventV1 } from '../../audit/event.js';
import { locate } from '../../hook/locations.js';
import { AGENTS, isAgent } from '../../vocab/agents.js';
import { prepare } from '../../hook/stages/prepare.js';
import { argProblem, parseArgs, usageError, type CliIO, type Command } from '../io.js';
import { runtimeFor } from '../runtime.js';

const USAGE =
  'hookwarden audit [summary|tail|show|report|prune] [options]\n' +
  '  summary [filters] [--json]             verdicts, top rules, top blocked/asked commands and paths, sessions\n' +
  '                                         (the default; range: the last 24h)\n' +
  '  tail [-n N] [-f|--follow] [filters] [--json]\n' +
  '                                         the last N lines (default 20); --follow then prints new lines as\n' +
  '                                         hooks write them, until Ctrl-C\n' +
  '  show <decision-id> [--json]            one line in full, with the memory lines that name it\n' +
  '  report --html <out.html> [filters]     one self-contained HTML page: chart, verdict mix, top rules and a\n' +
  `                                         searchable table of the newest ${REPORT_TABLE_LIMIT.toLocaleString('en-US')} decisions (range: the last 24h)\n` +
  '  prune [--json]                         remove daily files older than audit.retentionDays (never today\'s)\n' +
  'filters:\n' +
  '  --since <when>                        from then on; --all: no limit. <when>: 2h, 1h30m, "2 days ago", today,\n' +
  '                                         yesterday, 14:30, 2026-11-20, 2026-11-20T08:00 (local time unless it\n' +
  '                                         ends in Z or an offset such as +02:00)\n' +
  '  --until <when>                         before then (today, yesterday or a date alone: the end of that day)\n' +
  '  --session <id or its start>   --verdict <block,ask,warn,allow,silent>   --rule <rule id or pack>\n' +
  `  --tool <name>   --agent <${AGENTS.join('|')}>\n` +
  'Times shown are UTC. Files: $HOOKWARDEN_HOME/audit/audit-YYYY-MM-DD.jsonl (one per UTC day).';

const SUBCOMMANDS = new Set(['summary', 'tail', 'show', 'report', 'prune']);
const FILTER_OPTIONS = ['since', 'until', 'session', 'verdict', 'rule', 'tool', 'agent'];

/** Internal knobs for tests: stop a --follow with a signal or after a while, poll faster. */
export interface AuditRunOptions {
  signal?: AbortSignal;
  maxFollowMs?: number;
  pollMs?: number;
  /** Abort --follow on SIGINT (the CLI entry point sets this). */
  sigint?: boolean;
}

/** -n N, -nN, -f → the long forms parseArgs knows. */
function normalize(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--') {
      out.push(...args.slice(i));
      break;
    }
    if (a === '-f') out.push('--follow');
    else if (a === '-n') out.push('--lines');
    else if (/^-n\d+$/.test(a)) out.push(`--lines=${a.slice(2)}`);
    else out.push(a);
  }
  return out;
}

function buildFilter(options: Map<string, string>, all: boolean, now: number, defaultSince: number | undefined): { filter: AuditFilter; text: string } | { error: string } {
  const filter: AuditFilter = {};
  const parts: string[] = [];
  const since = options.get('since');
  if (since !== undefined && all) return { error: '--since and --all do not go together' };
  if (since !== undefined) {
    const t = parseTimeArg(since, now, 'since');
    if (t === undefined) return { error: `--since ${since}: not a time I can read; use ${TIME_FORMS}` };
    filter.since = t;
  } else if (!all && defaultSince !== undefined) filter.since = defaultSince;
  const until = options.get('until');
  if (until !== undefined) {
    const t = parseTimeArg(until, now, 'until');
    if (t === undefined) return { error: `--until ${until}: not a time I can read; use ${TIME_FORMS}` };
    filter.until = t;
  }
  const session = options.get('session');
  if (session !== undefined) {
    if (!session) return { error: '--session needs an id' };
    filter.session = session;
    parts.push(`session ${session}`);
  }
  const verdict = options.get('verdict');
  if (verdict !== undefined) {
    const list = verdict.split(',').map((v) => v.trim().toLowerCase()).filter(Boolean);
    const bad = list.filter((v) => !isLevel(v));
    if (!list.length || bad.length) return { error: `--verdict ${verdict}: verdicts are block, ask, warn, allow, silent` };
    filter.verdicts = new Set(list);
    parts.push(`verdict ${list.join(',')}`);
  }
  const rule = options.get('rule');
  if (rule !== undefined) {
    if (!rule) return { error: '--rule needs a rule id or pack' };
    filter.rule = rule;
    parts.push(`rule ${rule}`);
  }
  const tool = options.get('tool');
  if (tool !== undefined) {
    if (!tool) return { error: '--tool needs a tool name' };
    filter.tool = tool;
    parts.push(`tool ${tool}`);
  }
  const agent = options.get('agent');
  if (agent !== undefined) {
    if (!isAgent(agent)) return { error: `--agent ${agent}: known hosts are ${AGENTS.join(', ')}` };
    filter.agent = agent;
    parts.push(`agent ${agent}`);
  }
  return { filter, text: parts.join(', ') };
}

function homeOf(io: CliIO): string {
  return locate(io.cwd, io.env).hookwardenHome;
}

/** `show`: the whole line, readable; the input and orchestrator answer as indented JSON. */
function describeEvent(ev: AuditEventV1, file: string | undefined, memory: AuditEventV1[]): string {
  const t = eventTime(ev, Number.NaN);
  const lines: Array<[string, string]> = [
    ['decision', ev.decision_id],
    ['time', Number.isFinite(t) ? `${formatTime(t)} UTC` : String(ev.ts)],
    ['session', String(ev.session_id)],
    ['event', String(ev.event)],
  ];
  lines.push(['agent', hostOf(ev) ?? 'none (a person, at the CLI)']);
  if (ev.tool) lines.push(['tool', ev.tool]);
  if (ev.tool_use_id) lines.push(['tool use', ev.tool_use_id]);
  lines.push(['verdict', `${ev.verdict} (confidence ${ev.confidence})`]);
  const target = targetOf(ev);
  if (target && !ev.memory) lines.push(['target', cellText(target)]);
  lines.push(['rules', ev.rules?.length ? ev.rules.join(', ') : 'none']);
  // What the user and the model were told, as it was then (lines written before v0.4 have neither).
  if (typeof ev.reason === 'string') lines.push(['reason', ev.reason]);
  if (typeof ev.hint === 'string') lines.push(['hint', ev.hint]);
  const matches = Array.isArray(ev.local?.matches) ? ev.local.matches : [];
  lines.push(['local', `${ev.local?.level ?? '?'} (max severity ${ev.local?.max_severity ?? '?'}, confidence ${ev.local?.confidence ?? '?'})`]);
  matches.forEach((m, i) => {
    lines.push([i === 0 ? 'matches' : '', `${m.action}  ${m.severity}  ${m.id}${m.where ? `  at ${m.where}` : ''}: ${cellText(String(m.matched ?? ''))}`]);
  });
  const o = ev.orchestrator;
  if (o) {
    const state = o.available ? `${o.source}${o.level ? ` said ${o.level}` : ''}` : `not available${o.unavailable_reason ? ` (${o.unavailable_reason})` : ''}`;
    lines.push(['orchestrator', `${state}, ${o.latency_ms} ms`]);
  }
  lines.push(['latency', `${ev.latency_ms} ms`]);
  lines.push(['engine', `${ev.engine_version} (registry ${ev.registry_hash}, config ${ev.config_hash})`]);
  if (ev.error) lines.push(['error', ev.error]);
  if (ev.session) {
    if (ev.session.read_only) lines.push(['read-only', ev.session.read_only]);
    if (ev.session.grants_used?.length) lines.push(['grants used', ev.session.grants_used.join(', ')]);
    for (const [i, n] of (ev.session.notes ?? []).entries()) lines.push([i === 0 ? 'session notes' : '', n]);
  }
  if (ev.memory) {
    const m = ev.memory;
    lines.push(['memory', `${m.id} (${m.scope}, consent ${m.consent}${m.class ? `, ${m.class}` : ''}${m.categories?.length ? `: ${m.categories.join(', ')}` : ''})`]);
    if (m.preview !== undefined) lines.push(['preview', m.preview]);
    if (m.origin) lines.push(['origin', [m.origin.kind, m.origin.tool, m.origin.path, m.origin.tool_use_id].filter(Boolean).join(' ')]);
    if (m.reason) lines.push(['reason', m.reason]);
    if (m.decision) lines.push(['caused by', m.decision]);
  }
  if (ev.redactions?.length) lines.push(['redacted', ev.redactions.join(', ')]);
  if (file) lines.push(['file', file]);
  const width = Math.max(...lines.map(([k]) => k.length));
  const out = lines.map(([k, v]) => `${k.padEnd(width)}  ${v}`);
  const indent = (v: unknown): string => JSON.stringify(v, null, 2).split('\n').map((l) => `  ${l}`).join('\n');
  if (ev.input !== null && ev.input !== undefined) out.push('', 'input:', indent(ev.input));
  if (o?.answer !== undefined) out.push('', 'orchestrator answer:', indent(o.answer));
  if (memory.length) {
    out.push('', `memory lines naming this decision (${memory.length}):`);
    for (const m of memory) {
      const mm = m.memory;
      out.push(`  ${formatTime(eventTime(m, Number.NaN))}  ${m.rules.join(',')}  ${mm?.id ?? ''} ${mm?.scope ?? ''} consent ${mm?.consent ?? '?'}${mm?.preview ? `  "${mm.preview}"` : ''}  (${m.decision_id})`);
    }
  }
  return `${safeTerminalText(out.join('\n'))}\n`;
}

async function tail(a: ReturnType<typeof parseArgs>, io: CliIO, filter: AuditFilter, opts: AuditRunOptions): Promise<number> {
  const linesOpt = a.options.get('lines') ?? '20';
  if (!/^\d+$/.test(linesOpt) || Number(linesOpt) > 100_000) {
    return usageError(io, 'audit', `-n "${linesOpt}" is not a number of lines; use 0 to 100000`);
  }
  const n = Number(linesOpt);
  const json = a.flags.has('json');
  const follow = a.flags.has('follow');
  const home = homeOf(io);
  const { events, stats, offsets } = tailEvents(home, filter, n);
  const print = (ev: AuditEventV1, t: number): void => io.out(json ? `${JSON.stringify(ev)}\n` : fixedRow(tailCells(ev, t)));
  if (!json && (events.length || follow)) io.out(tailHeader());
  for (const e of events) print(e.ev, e.t);
  if (!events.length && !follow && !json) io.out('no audit lines match\n');
  io.err(skippedNotes(stats));
  if (!follow) return 0;

  const today = auditFileFor(home, new Date(io.now()));
  const from = { file: today, offset: offsets.get(today) ?? completeLinesEnd(today) };
  let signal = opts.signal;
  let onSigint: (() => void) | undefined;
  if (!signal && opts.sigint) {
    const ac = new AbortController();
    onSigint = () => ac.abort();
    process.on('SIGINT', onSigint);
    signal = ac.signal;
  }
  try {
    const r = await followAudit({
      home,
      now: io.now,
      from,
      ...(opts.pollMs !== undefined ? { intervalMs: opts.pollMs } : {}),
      ...(signal ? { signal } : {}),
      ...(opts.maxFollowMs !== undefined ? { maxDurationMs: opts.maxFollowMs } : {}),
      onEvent: (ev) => {
        const t = eventTime(ev, io.now());
        if (inRange(t, { ...filter, since: undefined }) && matchesFilter(ev, filter)) print(ev, t);
      },
    });
    io.err(skippedNotes({ files: 0, unreadable: r.unreadable, otherSchema: r.otherSchema, partial: 0 }));
  } finally {
    if (onSigint) process.off('SIGINT', onSigint);
  }
  return 0;
}

async function prune(io: CliIO, json: boolean): Promise<number> {
  const rt = runtimeFor(io, true);
  const loc = locate(io.cwd, io.env);
  const { cfg } = await prepare(loc, rt);
  for (const issue of cfg.issues) io.err(`hookwarden: ${issue}\n`);
  const days = cfg.config.audit.retentionDays;
  const now = rt.now();
  const { removed } = pruneAuditFiles(loc.hookwardenHome, now, days);
  if (json) {
    io.out(`${JSON.stringify({ retentionDays: days, dir: auditDirFor(loc.hookwardenHome), removed })}\n`);
    return 0;
  }
  if (days <= 0) {
    io.out('audit.retentionDays is 0: every audit file is kept\n');
    return 0;
  }
  const oldestKept = new Date(Math.floor(now / 86_400_000) * 86_400_000 - days * 86_400_000).toISOString().slice(0, 10);
  for (const f of removed) io.out(`removed ${f}\n`);
  io.out(`${removed.length ? `${removed.length} file${removed.length === 1 ? '' : 's'} removed` : 'nothing to remove'}; files from ${oldestKept} on are kept (audit.retentionDays ${days})\n`);
  return 0;
}

/** The command with its internal options (tests stop --follow through `opts.signal`). */
export async function runAudit(args: string[], io: CliIO, opts: AuditRunOptions = {}): Promise<number> {
  const spec = { flags: ['json', 'follow', 'all'], options: [...FILTER_OPTIONS, 'lines', 'html'] };
  const a = parseArgs(normalize(args), spec);
  const [first, ...rest] = a.positionals;
  const sub = first ?? 'summary';
  const bad = (why: string): number => usageError(io, 'audit', why);
  const problem = argProblem(a.unknown, spec);
  if (problem) return bad(problem);
  if (!SUBCOMMANDS.has(sub)) return bad(`unknown subcommand "${sub}"; audit subcommands are ${[...SUBCOMMANDS].join(', ')}`);
  const used = (names: string[]): string | undefined => [...a.options.keys(), ...a.flags].find((k) => !names.includes(k));
  const allowed: Record<string, string[]> = {
    summary: [...FILTER_OPTIONS, 'all', 'json'],
    tail: [...FILTER_OPTIONS, 'all', 'json', 'lines', 'follow'],
    show: ['json'],
    report: [...FILTER_OPTIONS, 'all', 'html'],
    prune: ['json'],
  };
  const extra = used(allowed[sub] as string[]);
  const takes = (allowed[sub] as string[]).map((o) => `--${o}`).join(', ');
  if (extra) return bad(`audit ${sub} does not take --${extra}; it takes ${takes}`);
  if (sub === 'show' && rest.length !== 1) return bad(`audit show takes one decision id (the decision column of \`hookwarden audit tail\`), got ${rest.length}`);
  if (sub !== 'show' && rest.length) return bad(`audit ${sub} takes no argument, got "${rest[0]}"`);

  const now = io.now();
  if (sub === 'prune') return prune(io, a.flags.has('json'));
  if (sub === 'show') {
    const id = rest[0] as string;
    const found = findDecision(homeOf(io), id);
    io.err(skippedNotes(found.stats));
    if (!found.event) {
      io.err(`hookwarden audit show: no audit line has decision id ${cellText(id)} (in ${auditDirFor(homeOf(io))})\n`);
      return 1;
    }
    if (a.flags.has('json')) io.out(`${JSON.stringify({ event: found.event, file: found.file, memory: found.memory })}\n`);
    else io.out(describeEvent(found.event, found.file, found.memory));
    return 0;
  }

  const built = buildFilter(a.options, a.flags.has('all'), now, sub === 'tail' ? undefined : now - 86_400_000);
  if ('error' in built) return bad(built.error);
  const { filter, text } = built;
  const home = homeOf(io);

  if (sub === 'tail') return tail(a, io, filter, opts);
  if (sub === 'report') {
    const html = a.options.get('html');
    if (!html) return bad('audit report needs --html <out.html>');
    const out = resolve(io.cwd, html);
    const r = writeReport(out, home, filter, now, text);
    io.err(skippedNotes({ files: 0, ...r.data.skipped }));
    io.out(
      `wrote ${out}: ${r.total} event${r.total === 1 ? '' : 's'}` +
        (r.rows < r.total ? `, the table lists the newest ${r.rows}` : '') +
        ' (open it in a browser; it loads nothing from the network)\n',
    );
    return 0;
  }
  const summary = summarizeAudit(home, filter);
  io.err(skippedNotes({ files: 0, ...summary.skipped }));
  if (a.flags.has('json')) io.out(`${JSON.stringify({ ...summary, filters: text })}\n`);
  else io.out(formatSummary(summary) + (text ? `\nfilters: ${text}\n` : ''));
  return 0;
}

export const auditCommand: Command = {
  name: 'audit',
  summary: 'review the audit log: summary, tail [-f], show <id>, report --html, prune',
  usage: USAGE,
  run: (args, io) => runAudit(args, io, { sigint: true }),
};
