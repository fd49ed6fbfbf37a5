// hookwarden routes: what a Claude Code session in this project can be routed to — the agents, skills and commands
// discovered from the project, the user and enabled plugins (lib/catalogue), and every file left out and why.
// Read-only: it discovers afresh, as a hook does when its cache is stale, and writes nothing.

import { relative, resolve, sep } from 'node:path';
import { discoverCatalogue } from '../../catalogue/discover.js';
import { isMalformed } from '../../catalogue/limits.js';
import { summarise } from '../../catalogue/summary.js';
import { printable, truncate } from '../../terminal-text.js';
import type { Candidate, Catalogue } from '../../catalogue/types.js';
import { locate } from '../../hook/locations.js';
import { argProblem, parseArgs, usageError, noArgument, type Command } from '../io.js';

/** As the agent invokes it: a command after a slash, an agent as the Task tool's subagent_type, a skill by name. */
const invoked = (c: Candidate): string => (c.kind === 'command' ? `/${c.name}` : c.name);

/** A path as short as it stays unambiguous: inside the project relative to it, inside the home under `~`. */
function shortPath(path: string, projectDir: string, home: string): string {
  if (path === projectDir || path.startsWith(projectDir + sep)) return relative(projectDir, path) || '.';
  if (path.startsWith(home + sep)) return `~${sep}${relative(home, path)}`;
  return path;
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd()).join('\n');
}

function render(catalogue: Catalogue, projectDir: string, home: string): string {
  const out: string[] = [];
  const { counts, malformed } = summarise(catalogue);
  if (catalogue.candidates.length) {
    const rows = [['KIND', 'NAME', 'SCOPE', 'USER-ONLY', 'TOOLS', 'HINTS', 'SOURCE']];
    for (const c of catalogue.candidates) {
      rows.push([
        c.kind,
        invoked(c),
        c.scope === 'plugin' ? `plugin ${c.plugin ?? ''}` : c.scope,
        c.userOnly ? 'yes' : 'no',
        c.tools ? truncate(c.tools.join(', ') || '(none)', 40) : '-',
        `${c.hints.intents.length}/${c.hints.antiIntents.length}/${c.hints.examples.length}`,
        shortPath(c.source, projectDir, home),
      ].map(printable));
    }
    out.push(table(rows), '');
  } else out.push('nothing found: no agents, skills or commands in this project, the user folder or enabled plugins', '');
  if (catalogue.skipped.length) {
    out.push(`skipped (${catalogue.skipped.length}):`);
    for (const s of catalogue.skipped) out.push(printable(`  ${shortPath(s.path, projectDir, home)}: ${s.reason}`));
    out.push('');
  }
  out.push(`${counts}; ${catalogue.skipped.length} skipped, ${malformed.length} malformed (hints: intents/anti-intents/examples)`);
  return `${out.join('\n')}\n`;
}

export const routesCommand: Command = {
  name: 'routes',
  summary: 'list the agents, skills and commands the router can suggest, and the files left out and why',
  usage:
    'hookwarden routes [--json]\n' +
    '  Discovers, as a hook does, the subagents (.claude/agents/*.md), skills (.claude/skills/<name>/SKILL.md) and\n' +
    '  slash commands (.claude/commands/**/*.md) of the project, the user (~/.claude) and enabled plugins. NAME is\n' +
    '  how the agent invokes it; HINTS counts the hookwarden intents/anti_intents/examples of its front matter.\n' +
    '  --json prints the catalogue. Writes nothing. Exit 1 when a file is malformed (see docs/catalogue.md).',
  async run(args, io) {
    const spec = { flags: ['json'] };
    const a = parseArgs(args, spec);
    const problem = argProblem(a.unknown, spec) ?? noArgument(a.positionals, " (it lists what this folder's project can route to)");
    if (problem) return usageError(io, 'routes', problem);
    const loc = locate(io.cwd, io.env);
    const catalogue = discoverCatalogue({ projectDir: loc.projectDir, home: loc.home });
    if (a.flags.has('json')) io.out(`${JSON.stringify(catalogue, null, 2)}\n`);
    else io.out(render(catalogue, resolve(loc.projectDir), resolve(loc.home)));
    return catalogue.skipped.some(isMalformed) ? 1 : 0;
  },
};
