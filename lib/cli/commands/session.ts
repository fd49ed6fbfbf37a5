// hookwarden mode | grant | revoke | session: the user's hand on a session's state. Each change goes through
// the same locked update the hooks use, and is audited like a decision (event "cli:<command>").

import { locate } from '../../hook/locations.js';
import { auditSessionChange } from '../../hook/audit.js';
import { prepare } from '../../hook/stages/prepare.js';
import { CAPABILITIES } from '../../registry/types.js';
import { formatDuration, parseDuration } from '../../vocab/duration.js';
import { listSessions, loadSession, updateSession } from '../../session/session-file.js';
import { activeGrants, readOnlyStatus, type SessionEffect, type SessionState } from '../../session/state.js';
import { parseArgs, type CliIO, type Command } from '../io.js';
import { runtimeFor } from '../runtime.js';
import { verifyIgnored } from '../../engine/verify-write.js';

async function context(io: CliIO) {
  const rt = runtimeFor(io, true);
  const loc = locate(io.cwd, io.env);
  const { cfg, reg } = await prepare(loc, rt);
  return { rt, loc, config: cfg.config, registry: reg.registry };
}

/** The session named by --session, else the most recently active one in this project. */
function pickSession(home: string, projectDir: string, wanted: string | undefined): { id: string } | { error: string } {
  if (wanted) return { id: wanted };
  const found = listSessions(home).find((s) => s.projectDir === projectDir);
  return found ? { id: found.sessionId } : { error: `no session found for ${projectDir}; pass --session <id> (see \`hookwarden session list\`)` };
}

async function change(io: CliIO, sessionOpt: string | undefined, command: string, effects: SessionEffect[]): Promise<{ code: number; notes: string[]; state?: SessionState }> {
  const { rt, loc, config } = await context(io);
  const picked = pickSession(loc.hookwardenHome, loc.projectDir, sessionOpt);
  if ('error' in picked) {
    io.err(`hookwarden ${command}: ${picked.error}\n`);
    return { code: 1, notes: [] };
  }
  const u = updateSession(loc.hookwardenHome, picked.id, loc.projectDir, effects, rt.now(), config.session);
  const notes = [...(u.note ? [u.note] : []), ...u.notes];
  const auditError = auditSessionChange(loc.hookwardenHome, picked.id, command, notes, rt);
  if (auditError) io.err(`hookwarden: audit not written: ${auditError}\n`);
  return { code: 0, notes, state: u.state };
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
    const a = parseArgs(args, { options: ['session'] });
    const [mode] = a.positionals;
    if (a.unknown.length || a.positionals.length > 1 || (mode && mode !== 'readonly' && mode !== 'normal')) {
      io.err(`hookwarden mode: bad arguments\n${this.usage}\n`);
      return 2;
    }
    if (!mode) return showSession(io, a.options.get('session'));
    const next = mode === 'readonly' ? 'readonly' : 'normal';
    const r = await change(io, a.options.get('session'), 'mode', [{ type: 'mode', mode: next, by: `hookwarden mode ${next}` }]);
    if (r.state) io.out(`session ${r.state.sessionId} is now ${mode === 'readonly' ? 'read-only' : 'normal'}\n`);
    return r.code;
  },
};

async function showSession(io: CliIO, sessionOpt: string | undefined): Promise<number> {
  const { rt, loc, config } = await context(io);
  const picked = pickSession(loc.hookwardenHome, loc.projectDir, sessionOpt);
  if ('error' in picked) {
    io.err(`hookwarden: ${picked.error}\n`);
    return 1;
  }
  const { state, note } = loadSession(loc.hookwardenHome, picked.id, loc.projectDir, rt.now(), config.session);
  const ignored = await verifyIgnored(config.session.verifyIgnore);
  io.out(describe(state, rt.now(), ignored) + (note ? `note:      ${note}\n` : ''));
  return 0;
}

export const grantCommand: Command = {
  name: 'grant',
  summary: 'stop asking about a rule, a pack or a capability for a while (blocks still stand)',
  usage:
    'hookwarden grant <rule-id|pack|capability> [--target <text>] [--for <30m|2h|1d>] [--session <id>]\n' +
    `  Capabilities: ${CAPABILITIES.filter((c) => c !== 'None' && c !== 'MCP').join(', ')}, MCP:<server>.\n` +
    '  A capability grant also lifts read-only mode for that capability. Without --for, the grant lasts the\n' +
    '  session. Secret findings are never granted: each one is a new credential.',
  async run(args, io) {
    const a = parseArgs(args, { options: ['target', 'for', 'session'] });
    const [what] = a.positionals;
    const window = a.options.has('for') ? parseDuration(a.options.get('for') as string) : undefined;
    if (a.unknown.length || a.positionals.length !== 1 || !what || (a.options.has('for') && window === undefined)) {
      io.err(`hookwarden grant: bad arguments\n${this.usage}\n`);
      return 2;
    }
    const { registry, rt } = await context(io);
    const isCapability = (CAPABILITIES as readonly string[]).includes(what) || /^MCP:[\w.-]+$/.test(what);
    if (!isCapability) {
      const patterns = registry.patterns.filter((p) => p.id === what || p.id.startsWith(`${what}/`));
      if (!patterns.length) {
        io.err(`hookwarden grant: no rule, pack or capability is called "${what}"\n`);
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
    const r = await change(io, a.options.get('session'), 'grant', [{ type: 'grant', grant }]);
    if (r.code === 0) io.out(r.notes.length ? `${r.notes.join('\n')}\n` : 'an equal or longer grant already exists\n');
    return r.code;
  },
};

export const revokeCommand: Command = {
  name: 'revoke',
  summary: 'remove grants (by id, or --all) from a session',
  usage: 'hookwarden revoke <grant-id…> | --all [--session <id>]',
  async run(args, io) {
    const a = parseArgs(args, { flags: ['all'], options: ['session'] });
    const all = a.flags.has('all');
    if (a.unknown.length || (all ? a.positionals.length > 0 : a.positionals.length === 0)) {
      io.err(`hookwarden revoke: bad arguments\n${this.usage}\n`);
      return 2;
    }
    const r = await change(io, a.options.get('session'), 'revoke', [{ type: 'revoke', ids: all ? 'all' : a.positionals }]);
    if (r.code === 0) io.out(r.notes.length ? `${r.notes.join('\n')}\n` : 'no such grant\n');
    return r.code === 0 && !r.notes.length ? 1 : r.code;
  },
};

export const sessionCommand: Command = {
  name: 'session',
  summary: 'list sessions, or show one (mode, unchecked files, grants)',
  usage: 'hookwarden session [list | show [--session <id>]]',
  async run(args, io) {
    const a = parseArgs(args, { options: ['session'] });
    const [sub = 'show'] = a.positionals;
    if (a.unknown.length || a.positionals.length > 1 || (sub !== 'list' && sub !== 'show')) {
      io.err(`hookwarden session: bad arguments\n${this.usage}\n`);
      return 2;
    }
    if (sub === 'show') return showSession(io, a.options.get('session'));
    const { loc, rt } = await context(io);
    const all = listSessions(loc.hookwardenHome);
    if (!all.length) io.out('no sessions\n');
    for (const s of all) {
      const ro = readOnlyStatus(s);
      io.out(`${s.sessionId}  ${new Date(s.updatedAt).toISOString()}  ${ro ? 'read-only' : 'normal'}  ${activeGrants(s, rt.now()).length} grant(s)  ${s.projectDir}\n`);
    }
    return 0;
  },
};
