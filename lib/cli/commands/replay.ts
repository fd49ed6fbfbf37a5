// hookwarden replay: every logged decision through the current registry (or the patterns in --registry DIR),
// with the orchestrator answer the audit logged, and the verdicts that would change. Exit 1 when one would,
// 0 when none would, 2 on bad arguments: a registry edit reviewed like a diff, and gated in CI. docs/replay.md.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { auditDirFor } from '../../audit/paths.js';
import { oneLine } from '../../errors.js';
import { AGENTS, isAgent } from '../../vocab/agents.js';
import { EMBEDDED } from '../../hook/main.js';
import { locate } from '../../hook/locations.js';
import { auditFilesIn, expandFiles, parseSince, readLines, type AuditLine } from '../../replay/read.js';
import { formatJson, formatText } from '../../replay/report.js';
import { replayLines } from '../../replay/run.js';
import { argProblem, parseArgs, usageError, type Command } from '../io.js';

const USAGE =
  'hookwarden replay [files…] [--registry DIR] [--since WHEN] [--agent NAME] [--json]\n' +
  '  Re-runs every logged decision through the current registry, answering the orchestrator with the result\n' +
  '  the audit logged, and lists each decision whose verdict would change (id, time, event, tool, target,\n' +
  '  verdict and rule ids before → after). Nothing is written; no session state is read.\n' +
  '  files           audit files or directories of them (default: every audit-*.jsonl in $HOOKWARDEN_HOME/audit)\n' +
  '  --registry DIR  judge with the patterns in DIR instead of the shipped patterns/ (override files still apply)\n' +
  '  --since WHEN    only lines logged since WHEN: a duration back from now (7d, 12h), a UTC day (2026-11-01)\n' +
  '                  or an ISO-8601 time\n' +
  `  --agent NAME    only decisions of this host (${AGENTS.join(', ')}); each is judged as its host again\n` +
  '  --json          the report as one JSON object\n' +
  '  Lines that cannot be replayed exactly are skipped and counted by reason (docs/replay.md).\n' +
  '  Exit 1 if any verdict would change, 0 if none would, 2 on bad arguments.';

function patternsDirProblem(dir: string): string | undefined {
  try {
    if (!statSync(dir).isDirectory()) return 'is not a directory';
  } catch {
    return 'does not exist';
  }
  try {
    if (!readdirSync(dir).some((n) => n.endsWith('.json'))) return 'holds no pattern packs (*.json)';
  } catch (err) {
    return `cannot be read (${oneLine(err, 120)})`;
  }
  return undefined;
}

export const replayCommand: Command = {
  name: 'replay',
  summary: 'replay logged decisions through the current (or an edited) registry and show verdicts that change',
  usage: USAGE,
  async run(args, io) {
    const spec = { flags: ['json'], options: ['registry', 'since', 'agent'] };
    const a = parseArgs(args, spec);
    const bad = (why: string): number => usageError(io, 'replay', why);
    const problem = argProblem(a.unknown, spec);
    if (problem) return bad(problem);

    let sinceMs: number | undefined;
    const since = a.options.get('since');
    if (since !== undefined) {
      sinceMs = parseSince(since, io.now());
      if (sinceMs === undefined) return bad(`--since ${JSON.stringify(since)} is not a duration (7d), a day (2026-11-01) or an ISO time`);
    }

    const agent = a.options.get('agent');
    if (agent !== undefined && !isAgent(agent)) return bad(`--agent ${JSON.stringify(agent)}: known hosts are ${AGENTS.join(', ')}`);

    let registryDir: string | undefined;
    const reg = a.options.get('registry');
    if (reg !== undefined) {
      registryDir = resolve(io.cwd, reg);
      const problem = patternsDirProblem(registryDir);
      if (problem) return bad(`--registry ${reg} ${problem}`);
    }

    let files: string[];
    if (a.positionals.length) {
      const x = expandFiles(a.positionals, io.cwd, sinceMs);
      if (x.missing.length) return bad(`no such file or directory: ${x.missing.join(', ')}`);
      files = x.files;
    } else {
      const dir = auditDirFor(locate(io.cwd, io.env).hookwardenHome);
      files = existsSync(dir) ? auditFilesIn(dir, sinceMs) : [];
    }

    const lines: AuditLine[] = [];
    for (const f of files) {
      try {
        lines.push(...readLines(f));
      } catch (err) {
        return bad(`cannot read ${f}: ${oneLine(err, 160)}`);
      }
    }

    const report = await replayLines(lines, files, {
      env: io.env,
      ...(registryDir ? { registryDir } : {}),
      ...(sinceMs !== undefined ? { sinceMs } : {}),
      ...(agent !== undefined ? { agent } : {}),
      embedded: EMBEDDED,
    });
    for (const w of report.warnings) io.err(`hookwarden replay: warning: ${w}\n`);
    io.out(a.flags.has('json') ? formatJson(report) : formatText(report));
    // A verdict or a suggestion that would change: either is what a reviewer of a registry or router edit must see.
    return report.summary.changed > 0 || report.summary.routing_changed > 0 ? 1 : 0;
  },
};
