// hookwarden mode | grant | revoke | session: the user's hand on a session's state. Each change goes through
// the same locked update the hooks use, and is audited like a decision (event "cli:<command>").

import { lstatSync } from 'node:fs';
import { locate } from '../../hook/locations.js';
import { auditSessionChange } from '../../hook/audit.js';
import { prepare } from '../../hook/stages/prepare.js';
import { CAPABILITIES } from '../../registry/types.js';
import { formatDuration, parseDuration } from '../../vocab/duration.js';
import { listSessions, loadSession, sessionFile, updateSession } from '../../session/session-file.js';
import { homeProblem } from '../../fs/private-dir.js';
import { unsafeHomeNote } from '../../hook/home-guard.js';
import { activeGrants, readOnlyStatus, type SessionEffect, type SessionState } from '../../session/state.js';
import { argProblem, parseArgs, usageError, type CliIO, type Command } from '../io.js';
import { runtimeFor } from '../runtime.js';
import { verifyIgnored } from '../../engine/verify-write.js';

/** What `grant` takes besides rule ids and packs. */
const GRANTABLE = CAPABILITIES.filter((c) => c !== 'None' && c !== 'MCP');

/** Config and registry as a hook in `projectDir` sees them (the session's project, wherever the CLI runs). */
async function context(io: CliIO, projectDir?: string) {
  const rt = runtimeFor(io, true);
  const loc = locate(io.cwd, projectDir ? { ...io.env, CLAUDE_PROJECT_DIR: projectDir } : io.env);
  const { cfg, reg } = await prepare(loc, rt);
  return { rt, loc, config: cfg.config, registry: reg.registry };
}

function somethingAt(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

interface Picked {
  id: string;
  projectDir: string;
}

const shortList = (ids: string[]): string => (ids.length > 5 ? `${ids.slice(0, 5).join(', ')} and ${ids.length - 5} more` : ids.join(', '));

/** The session named by --session (its id, or the start of exactly one), else the most recently active one in this
 * project. An id no state file has is refused: a grant or a mode on a session that does not exist would do nothing. */
function pickSession(io: CliIO, wanted: string | undefined): Picked | { error: string } {
  const loc = locate(io.cwd, io.env);
  const problem = homeProblem(loc.hookwardenHome);
  if (problem) return { error: unsafeHomeNote(loc.hookwardenHome, problem) };
  const all = listSessions(loc.hookwardenHome);
  const of = (s: SessionState): Picked => ({ id: s.sessionId, projectDir: s.projectDir });
  if (wanted === undefined) {
    const found = all.find((s) => s.projectDir === loc.projectDir);
    return found ? of(found) : { error: `no session found for ${loc.projectDir}; pass --session <id> (see \`hookwarden session list\`)` };
  }
  const exact = all.find((s) => s.sessionId === wanted);
  if (exact) return of(exact);
  // Something is at its path but is no readable state (a link, a corrupt file): the session's own update says why.
  if (wanted && somethingAt(sessionFile(loc.hookwardenHome, wanted))) return { id: wanted, projectDir: loc.projectDir };
  const starting = wanted ? all.filter((s) => s.sessionId.startsWith(wanted)) : [];
  if (starting.length === 1) return of(starting[0] as SessionState);
  if (starting.length > 1) return { error: `--session ${wanted} is the start of ${starting.length} sessions (${shortList(starting.map((s) => s.sessionId))}); give more of the id` };
  return {
    error:
      `no session "${wanted}" (${all.length ? `known: ${shortList(all.map((s) => s.sessionId))}` : 'there are none yet: a session appears with its first hook call'}; ` +
      'see `hookwarden session list`)',
  };
}

/** "session <id> (<project>)": which session a command acted on. */
const named = (p: Picked): string => `session ${p.id} (${p.projectDir})`;

async function change(io: CliIO, picked: Picked, command: string, effects: SessionEffect[]): Promise<{ notes: string[]; state: SessionState }> {
  const { rt, loc, config } = await context(io, picked.projectDir);
  const u = updateSession(loc.hookwardenHome, picked.id, picked.projectDir, effects, rt.now(), config.session);
  const notes = [...(u.note ? [u.note] : []), ...u.notes];
  const auditError = auditSessionChange(loc.hookwardenHome, picked.id, command, notes, rt);
  if (auditError) io.err(`hookwarden: audit not written: ${auditError}\n`);
  return { notes, state: u.state };
}

/** The session to act on, or its error printed (exit 1). */
function pickOrSay(io: CliIO, command: string, wanted: string | undefined): Picked | undefined {
  const picked = pickSession(io, wanted);
  if (!('error' in picked)) return picked;
  io.err(`hookwarden ${command}: ${picked.error}\n`);
  return undefined;
}

const fileList = (paths: string[], more = 0): string =>
  paths.length + more ? paths.join(', ') + (more ? ` and ${more} more` : '') : 'none';

/** `ignored`: session.verifyIgnore (docs and prose): changed, but no check is asked for them. */
function describe(s: SessionState, now: number, ignored: (path: string) => boolean): string {
  const ro = readOnlyStatus(s);
  const grants = activeGrants(s, now);
  const prose = s.changed.filter((c) => ignored(c.path)).map((c) => c.path);
  const lines = [
    `session:   ${s.sessionId}`,
    `project:   ${s.projectDir}`,
    `updated:   ${new Date(s.updatedAt).toISOString()} (turn ${s.turn})`,
    `mode:      ${ro ? `read-only (${ro.scope}: ${ro.why})` : 'normal'}`,
    `unchecked: ${fileList(s.changed.filter((c) => !ignored(c.path)).map((c) => c.path), s.changedMore)}`,
    ...(prose.length ? [`no check needed (session.verifyIgnore): ${fileList(prose)}`] : []),
    `verified:  ${s.verified ? s.verified.how : 'not since the last change'}`,
    `grants:    ${grants.length ? '' : 'none'}`,
    ...grants.map(
      (g) =>
        `  ${g.id}  ${g.capability ?? g.rule}${g.target !== undefined ? ` on ${g.target}` : ''}  ${g.until ? `for ${formatDuration(g.until - now)} more` : 'for the session'}  (${g.source})`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

export const modeCommand: Command = {
  name: 'mode',
  summary: 'show or set a session\'s mode: readonly (deny every change) or normal',
  usage:
    'hookwarden mode [readonly|normal] [--session <id>]\n' +
    '  Without a mode, shows the current one. The session is the most recently active one in this project\n' +
    '  unless --session names it.',
  async run(args, io) {
    const spec = { options: ['session'] };
    const a = parseArgs(args, spec);
    const [mode] = a.positionals;
    const problem = argProblem(a.unknown, spec);
    if (problem) return usageError(io, 'mode', problem);
    if (a.positionals.length > 1) return usageError(io, 'mode', `takes one mode, got ${a.positionals.map((p) => `"${p}"`).join(' ')}; modes are readonly, normal`);
    if (mode && mode !== 'readonly' && mode !== 'normal') return usageError(io, 'mode', `unknown mode "${mode}"; modes are readonly, normal`);
    if (!mode) return showSession(io, 'mode', a.options.get('session'));
    const picked = pickOrSay(io, 'mode', a.options.get('session'));
    if (!picked) return 1;
    await change(io, picked, 'mode', [{ type: 'mode', mode: mode === 'readonly' ? 'readonly' : 'normal', by: `hookwarden mode ${mode}` }]);
    io.out(`${named(picked)} is now ${mode === 'readonly' ? 'read-only' : 'normal'}\n`);
    return 0;
  },
};

async function showSession(io: CliIO, command: string, sessionOpt: string | undefined): Promise<number> {
  const picked = pickOrSay(io, command, sessionOpt);
  if (!picked) return 1;
  const { rt, loc, config } = await context(io, picked.projectDir);
  const { state, note } = loadSession(loc.hookwardenHome, picked.id, picked.projectDir, rt.now(), config.session);
  const ignored = await verifyIgnored(config.session.verifyIgnore);
  io.out(describe(state, rt.now(), ignored) + (note ? `note:      ${note}\n` : ''));
  return 0;
}

export const grantCommand: Command = {
  name: 'grant',
  summary: 'stop asking about a rule, a pack or a capability for a while (blocks still stand)',
  usage:
    'hookwarden grant <rule-id|pack|capability> [--target <text>] [--for <30m|2h|1d>] [--session <id>]\n' +
    `  Capabilities: ${GRANTABLE.join(', ')}, MCP:<server>.\n` +
    '  A capability grant also lifts read-only mode for that capability. Without --for, the grant lasts the\n' +
    '  session. Secret findings are never granted: each one is a new credential.',
  async run(args, io) {
    const spec = { options: ['target', 'for', 'session'] };
    const a = parseArgs(args, spec);
    const [what] = a.positionals;
    const problem = argProblem(a.unknown, spec);
    if (problem) return usageError(io, 'grant', problem);
    if (!what) return usageError(io, 'grant', `needs what to grant: a rule id (bash-git/force-push), a pack (bash-git) or a capability (${GRANTABLE.join(', ')}, MCP:<server>)`);
    if (a.positionals.length > 1) return usageError(io, 'grant', `grants one thing at a time, got ${a.positionals.map((p) => `"${p}"`).join(' ')}`);
    const forText = a.options.get('for');
    const window = forText !== undefined ? parseDuration(forText) : undefined;
    if (forText !== undefined && window === undefined) return usageError(io, 'grant', `--for "${forText}" is not a duration; use a number and s, m, h or d (30m, 2h, 1d, 1h30m)`);
    const picked = pickOrSay(io, 'grant', a.options.get('session'));
    if (!picked) return 1;
    const { registry, rt } = await context(io, picked.projectDir);
    const isCapability = (CAPABILITIES as readonly string[]).includes(what) || /^MCP:[\w.-]+$/.test(what);
    if (!isCapability) {
      const patterns = registry.patterns.filter((p) => p.id === what || p.id.startsWith(`${what}/`));
      if (!patterns.length) {
        io.err(`hookwarden grant: no rule, pack or capability is called "${what}" (capabilities: ${GRANTABLE.join(', ')}, MCP:<server>; rule ids are in \`hookwarden audit\` and \`hookwarden explain\`)\n`);
        return 1;
      }
      const asks = patterns.some((p) => (p.kind === 'path' ? Object.values(p.on).some((o) => o.action === 'ask') : p.action === 'ask'));
      if (!asks || patterns.every((p) => p.kind === 'secret')) {
        io.err(`hookwarden grant: "${what}" never asks (it blocks, warns or is a secret pattern); a grant would change nothing. Edit the registry override instead (docs/session.md).\n`);
        return 1;
      }
    }
    const grant = {
      ...(isCapability ? { capability: what } : { rule: what }),
      ...(a.options.has('target') ? { target: a.options.get('target') as string } : {}),
      ...(window ? { until: rt.now() + window } : {}),
      source: 'cli' as const,
    };
    const r = await change(io, picked, 'grant', [{ type: 'grant', grant }]);
    io.out(`${named(picked)}: ${r.notes.length ? r.notes.join('; ') : 'an equal or longer grant already exists'}\n`);
    return 0;
  },
};

export const revokeCommand: Command = {
  name: 'revoke',
  summary: 'remove grants (by id, or --all) from a session',
  usage: 'hookwarden revoke <grant-id…> | --all [--session <id>]',
  async run(args, io) {
    const spec = { flags: ['all'], options: ['session'] };
    const a = parseArgs(args, spec);
    const all = a.flags.has('all');
    const problem = argProblem(a.unknown, spec);
    if (problem) return usageError(io, 'revoke', problem);
    if (all && a.positionals.length) return usageError(io, 'revoke', 'takes grant ids or --all, not both');
    if (!all && !a.positionals.length) return usageError(io, 'revoke', 'needs grant ids (g1 g2, from `hookwarden session show`) or --all');
    const picked = pickOrSay(io, 'revoke', a.options.get('session'));
    if (!picked) return 1;
    const r = await change(io, picked, 'revoke', [{ type: 'revoke', ids: all ? 'all' : a.positionals }]);
    io.out(`${named(picked)}: ${r.notes.length ? r.notes.join('; ') : `no such grant${all ? 's' : ` ${a.positionals.join(', ')}`}`}\n`);
    return r.notes.length ? 0 : 1;
  },
};

export const sessionCommand: Command = {
  name: 'session',
  summary: 'list sessions, or show one (mode, unchecked files, grants)',
  usage: 'hookwarden session [list | show [--session <id>]]',
  async run(args, io) {
    const spec = { options: ['session'] };
    const a = parseArgs(args, spec);
    const [sub = 'show'] = a.positionals;
    const problem = argProblem(a.unknown, spec);
    if (problem) return usageError(io, 'session', problem);
    if (sub !== 'list' && sub !== 'show') return usageError(io, 'session', `unknown subcommand "${sub}"; session subcommands are list, show`);
    if (a.positionals.length > 1) return usageError(io, 'session', `session ${sub} takes no argument, got "${a.positionals[1]}"${sub === 'show' ? ' (name a session with --session <id>)' : ''}`);
    if (sub === 'show') return showSession(io, 'session show', a.options.get('session'));
    if (a.options.has('session')) return usageError(io, 'session', 'session list takes no --session (it lists them all)');
    const rt = runtimeFor(io, false);
    const sessions = listSessions(locate(io.cwd, io.env).hookwardenHome);
    if (!sessions.length) io.out('no sessions\n');
    for (const s of sessions) {
      const ro = readOnlyStatus(s);
      io.out(`${s.sessionId}  ${new Date(s.updatedAt).toISOString()}  ${ro ? 'read-only' : 'normal'}  ${activeGrants(s, rt.now()).length} grant(s)  ${s.projectDir}\n`);
    }
    return 0;
  },
};
