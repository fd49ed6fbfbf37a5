// hookwarden install / uninstall: wire the built hooks (or the daemon's http hooks) into Claude Code settings,
// idempotently, with a backup. docs/daemon.md explains the http mode's token and fail-mode choices.

import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { shippedPatternsDir } from '../../hook/locations.js';
import { DEFAULT_CONFIG } from '../../config/defaults.js';
import { loadConfig } from '../../config/load.js';
import { HookwardenError } from '../../errors.js';
import { ensureServeToken, userConfigFile } from '../../serve/auth.js';
import { argProblem, parseArgs, usageError, type ArgSpec, type CliIO, type Command } from '../io.js';
import { CLAUDE_CODE, CODEX, COPILOT, GEMINI, QWEN, installHooks, oursIn, readSettings, removeHooks, TOKEN_ENV, writeSettings, type HostProfile, type InstallMode } from '../settings.js';
import { nodeCommand } from '../hook-command.js';
import { DROID } from '../hosts/droid.js';
import { placeFor, type InstallScope } from '../hosts/place.js';
import { changeLines, runAll, runOne } from '../hosts/run.js';
import { canAsk, purgeHome } from '../purge.js';
import { hostFile, hostNotes, missingBundle, type Scope } from '../hosts/table.js';
import { runManaged } from '../managed/run.js';

type Args = ReturnType<typeof parseArgs>;

/** The host named by --agent (Claude Code without it), or null for one install cannot write. */
function hostOf(a: Args): HostProfile | null {
  const agent = a.options.get('agent') ?? 'claude-code';
  const hosts: Record<string, HostProfile> = { 'claude-code': CLAUDE_CODE, gemini: GEMINI, codex: CODEX, qwen: QWEN, copilot: COPILOT, droid: DROID };
  return hosts[agent] ?? null;
}

/** Claude Code's three settings files of this project: user, project (committed), local (not committed). */
const claudeFiles = (io: CliIO): Record<InstallScope, string> => ({
  user: hostFile('claude-code', 'user', io.env, io.cwd),
  project: hostFile('claude-code', 'project', io.env, io.cwd),
  local: join(io.env.CLAUDE_PROJECT_DIR ?? io.cwd, '.claude', 'settings.local.json'),
});

function settingsFile(a: Args, io: CliIO, host: HostProfile = CLAUDE_CODE): string | null {
  const explicit = a.options.get('settings');
  if (explicit) return resolve(io.cwd, explicit);
  const scope = a.options.get('scope') ?? 'project';
  if (scope === 'project' || scope === 'user') return hostFile(host.name, scope, io.env, io.cwd);
  // Only Claude Code has a file of the project's that is not committed.
  if (scope === 'local' && host.name === 'claude-code') return claudeFiles(io).local;
  return null;
}

/** One line when another of Claude Code's settings files also runs hookwarden, differently (Claude Code runs an
 * identical handler once, two different ones both): every call would be judged and audited twice. */
function doubleHooks(file: string, written: ReturnType<typeof readSettings>, io: CliIO): string[] {
  const mine = [...new Set(oursIn(written))].sort().join('\n');
  return Object.entries(claudeFiles(io)).flatMap(([scope, other]) => {
    if (resolve(other) === resolve(file)) return [];
    let theirs: string[];
    try {
      theirs = oursIn(readSettings(other));
    } catch {
      return [];
    }
    if (!theirs.length || [...new Set(theirs)].sort().join('\n') === mine) return [];
    return [`warning: hookwarden is also installed in ${other} (${scope} scope): Claude Code would run both, every call judged twice; remove one with \`hookwarden uninstall --scope ${scope}\``];
  });
}

/** The hookwarden checkout or package the running CLI belongs to (patterns/ sits at its root). */
export const installRoot = (env: NodeJS.ProcessEnv): string => dirname(shippedPatternsDir(env));

const SCOPE_USAGE =
  '  --scope project (default: ./.claude/settings.json, committed: commands relative to the project or on PATH, never\n' +
  '    this machine\'s paths; docs/install-scopes.md) | local (./.claude/settings.local.json, this machine only)\n' +
  '    | user (~/.claude/settings.json); --settings FILE overrides them.';

const AGENT_USAGE =
  '  --agent claude-code (default) | gemini: Gemini CLI\'s .gemini/settings.json (project: the folder must be\n' +
  '    trusted; user: ~/.gemini/settings.json) | codex: Codex\'s .codex/hooks.json (user: $CODEX_HOME/hooks.json, else ~/.codex)\n' +
  '    | qwen: .qwen/settings.json | copilot: .github/hooks/hookwarden.json (user: ~/.copilot/hooks/hookwarden.json)\n' +
  '    | droid: the hooks key of .factory/settings.json (user: ~/.factory/settings.json; Droid ignores hooks.json)\n' +
  '    | cursor: .cursor/hooks.json (user: ~/.cursor/hooks.json), guard entries failClosed\n' +
  '    | opencode: a plugin, .opencode/plugin/hookwarden.js (user: ~/.config/opencode/plugin/hookwarden.js);\n' +
  '    command hooks told --agent <host> (docs/agents.md).\n' +
  '  --agent all: every host found on this machine (its folder in HOME, or its program on PATH), user scope by\n' +
  '    default; one line per host (installed, already, skipped and why). uninstall --agent all looks at every host.';

const MANAGED_USAGE =
  '  --managed --agent claude|codex|gemini|copilot|cursor|all [--root DIR] [--managed-only] [--allow-home-path]: each\n' +
  '    agent\'s managed (system-wide) hooks instead, under DIR (default /): /etc/claude-code/managed-settings.d/hookwarden.json,\n' +
  '    /etc/codex/requirements.toml, /etc/gemini-cli/settings.json, /etc/github-copilot/policy.d/hookwarden.json,\n' +
  '    /etc/cursor/hooks.json; entries run this install by absolute path (never one under a home folder unless\n' +
  '    --allow-home-path). --managed-only also sets the agent\'s managed-hooks-only switch (Claude Code, Codex, Copilot).\n' +
  '    docs/team.md, "Deploying to a fleet".';

const INSTALL_USAGE =
  'hookwarden install [--agent claude-code|gemini|codex|qwen|copilot|droid|cursor|opencode|all] [--scope project|local|user] [--settings FILE] [--mode command|http]\n' +
  '                   [--port N] [--on-daemon-down open|closed] [--token-env]\n' +
  `${SCOPE_USAGE}\n${AGENT_USAGE}\n` +
  '  --mode command (default): one node process per hook call.\n' +
  '  --mode http: hooks POST to `hookwarden serve` on 127.0.0.1:<port> (default: serve.port, else 7437); a\n' +
  '    token is made if $HOOKWARDEN_HOME/config.json has none (mode 0600). User scope writes the token into\n' +
  `    ~/.claude/settings.json (mode 0600) unless --token-env; project scope and --settings always send \${${TOKEN_ENV}}.\n` +
  '    SessionStart stays a command hook (Claude Code runs no http hooks there).\n' +
  '  --on-daemon-down open (default): a daemon that is down is a non-blocking error, the call goes ahead\n' +
  '    unjudged; closed: the guard hooks (PreToolUse, UserPromptSubmit) get onFailure "block".\n' +
  '  Either mode replaces the other mode\'s entries.\n' +
  MANAGED_USAGE;

type Settings = ReturnType<typeof readSettings>;

/** Reads the settings file, or reports why not (nothing changed). */
function readOrReport(name: string, file: string, io: CliIO): Settings | null {
  try {
    return readSettings(file);
  } catch (err) {
    io.err(`hookwarden ${name}: cannot read ${file}: ${(err as Error).message}; nothing changed\n`);
    return null;
  }
}

/** writeSettings, with a refused link or special file reported as one line (nothing changed) instead of thrown. */
function writeOrReport(name: string, file: string, settings: Settings, io: CliIO, mode?: number): { backup: string | null } | null {
  try {
    return { backup: writeSettings(file, settings, String(io.now()), mode) };
  } catch (err) {
    if (!(err instanceof HookwardenError) || err.code !== 'E_UNSAFE_PATH') throw err;
    io.err(`hookwarden ${name}: ${err.message}; nothing changed. If the link is your own, name the file it points to with --settings <file>.\n`);
    return null;
  }
}

/** --agent all | cursor | opencode are written by lib/cli/hosts (command hooks, or OpenCode's plugin); undefined for
 * the other hosts. `all` defaults to the user scope: what is found is found in HOME. */
function otherHosts(action: 'install' | 'uninstall', a: Args, io: CliIO, usage: string): number | undefined {
  const agent = a.options.get('agent');
  if (agent !== 'all' && agent !== 'cursor' && agent !== 'opencode') return undefined;
  const scope = a.options.get('scope') ?? (agent === 'all' ? 'user' : 'project');
  if (scope === 'local') {
    io.err(`hookwarden ${action}: --scope local is Claude Code's settings.local.json; ${agent} has user and project scope\n`);
    return 2;
  }
  const commandOnly = (a.options.get('mode') ?? 'command') === 'command' && !a.options.has('port') && !a.options.has('on-daemon-down') && !a.flags.has('token-env');
  if (a.unknown.length || a.positionals.length || (scope !== 'user' && scope !== 'project') || !commandOnly || (agent === 'all' && a.options.has('settings'))) {
    io.err(`hookwarden ${action}: bad arguments\n${usage}\n`);
    return 2;
  }
  const root = installRoot(io.env);
  if (agent === 'all') return runAll(action, scope as Scope, root, io, process.execPath);
  const explicit = a.options.get('settings');
  const file = explicit ? resolve(io.cwd, explicit) : hostFile(agent, scope as Scope, io.env, io.cwd);
  return runOne(action, agent, file, scope as Scope, root, io, process.execPath, !!explicit);
}

/** install|uninstall --managed (lib/cli/managed), or undefined when --managed is not given. Argument errors are one
 * line each (docs/cli.md). */
function managed(action: 'install' | 'uninstall', a: Args, io: CliIO, spec: ArgSpec): number | undefined {
  if (!a.flags.has('managed')) {
    const stray = ['managed-only', 'allow-home-path'].find((f) => a.flags.has(f)) ?? (a.options.has('root') ? 'root' : undefined);
    return stray ? usageError(io, action, `--${stray} goes with --managed`) : undefined;
  }
  const other = ['scope', 'settings', 'mode', 'port', 'on-daemon-down'].find((o) => a.options.has(o)) ?? ['token-env', 'purge', 'yes', ...(action === 'uninstall' ? ['managed-only', 'allow-home-path'] : [])].find((f) => a.flags.has(f));
  const agent = a.options.get('agent');
  const why = argProblem(a.unknown, spec) ?? (a.positionals[0] !== undefined ? `unexpected argument ${JSON.stringify(a.positionals[0])}` : other ? `--${other} does not go with --managed` : !agent ? '--managed needs --agent claude|codex|gemini|copilot|cursor|all' : undefined);
  if (why) return usageError(io, action, why);
  const root = a.options.get('root');
  return runManaged(action, { agent: agent!, ...(root !== undefined ? { root } : {}), only: a.flags.has('managed-only'), allowHome: a.flags.has('allow-home-path') }, installRoot(io.env), io, process.execPath);
}

const INSTALL_ARGS: ArgSpec = { flags: ['token-env', 'managed', 'managed-only', 'allow-home-path'], options: ['agent', 'scope', 'settings', 'mode', 'port', 'on-daemon-down', 'root'] };
const UNINSTALL_ARGS: ArgSpec = { flags: ['purge', 'yes', 'managed', 'managed-only', 'allow-home-path'], options: ['agent', 'scope', 'settings', 'root'] };

export const installCommand: Command = {
  name: 'install',
  summary: 'add the hookwarden hooks (command, or http to the daemon) to Claude Code settings (idempotent, with a backup)',
  usage: INSTALL_USAGE,
  async run(args, io) {
    const a = parseArgs(args, INSTALL_ARGS);
    const fleet = managed('install', a, io, INSTALL_ARGS);
    if (fleet !== undefined) return fleet;
    const other = otherHosts('install', a, io, INSTALL_USAGE);
    if (other !== undefined) return other;
    const host = hostOf(a);
    const file = host ? settingsFile(a, io, host) : null;
    const mode = a.options.get('mode') ?? 'command';
    const portArg = a.options.get('port');
    const port = portArg === undefined ? undefined : Number(portArg);
    const down = a.options.get('on-daemon-down') ?? 'open';
    const bad =
      a.unknown.length ||
      a.positionals.length ||
      !file ||
      (mode !== 'command' && mode !== 'http') ||
      (port !== undefined && !(Number.isInteger(port) && port >= 1024 && port <= 65_535)) ||
      (down !== 'open' && down !== 'closed') ||
      // The daemon speaks Claude Code's http hooks only.
      (host?.name !== 'claude-code' && mode !== 'command') ||
      (mode === 'command' && (portArg !== undefined || a.options.has('on-daemon-down') || a.flags.has('token-env')));
    if (bad || !file || !host) {
      io.err(`hookwarden install: bad arguments\n${INSTALL_USAGE}\n`);
      return 2;
    }
    const settings = readOrReport('install', file, io);
    if (!settings) return 1;
    const root = installRoot(io.env);
    const scope = (a.options.get('scope') ?? 'project') as InstallScope;
    const where = placeFor(host.name, scope, root, io.env.CLAUDE_PROJECT_DIR ?? io.cwd, io.env, a.options.has('settings'));
    if ('refused' in where) {
      io.err(`hookwarden install: ${where.refused}\n`);
      return 1;
    }
    const notes: string[] = [];
    let how: InstallMode = { mode: 'command' };
    let fileMode: number | undefined;
    // The CLI as the hooks are run: node with an absolute path when the build is there, else the bin name.
    const cliJs = join(root, 'dist', 'cli.js');
    const cli = existsSync(cliJs) ? nodeCommand(cliJs) : 'hookwarden';
    if (mode === 'http') {
      const problem = missingBundle(root, ['session-start']);
      if (problem) {
        io.err(`hookwarden install: ${problem}\n`);
        return 1;
      }
      let stored;
      try {
        stored = ensureServeToken(io.env, port);
      } catch (err) {
        io.err(`hookwarden install: ${(err as Error).message}; nothing changed\n`);
        return 1;
      }
      const userFile = join(io.env.HOME ?? '', '.claude', 'settings.json');
      // A literal token only where no repository can hold it: the user's own settings, asked for by scope.
      const literal = !a.options.has('settings') && a.options.get('scope') === 'user' && file === userFile && !a.flags.has('token-env');
      const served = readServeConfig(io.env);
      if (served.issue) notes.push(`warning: ${served.issue}; \`hookwarden serve\` will not start until it is fixed`);
      const daemonPort = port ?? served.port;
      how = { mode: 'http', port: daemonPort, literalToken: literal ? stored.token : null, onDaemonDown: down };
      if (literal) fileMode = 0o600;
      if (stored.created) notes.push(`stored a new daemon token in ${stored.file} (mode 0600)`);
      else if (stored.written) notes.push(`updated ${stored.file} (mode 0600)`);
      if (!literal) notes.push(`the hooks send the token from $${TOKEN_ENV}; set it where Claude Code starts: export ${TOKEN_ENV}="$(${cli} serve --print-token)"`);
      notes.push(`start the daemon before Claude Code: ${cli} serve${port !== undefined ? ` --port ${port}` : ''}`);
      if (down === 'open') notes.push('while the daemon is down, Claude Code reports a hook error and the calls go ahead unjudged (--on-daemon-down closed blocks them)');
      else notes.push('while the daemon is down, every tool call and every prompt is blocked (--on-daemon-down closed)');
    } else {
      const problem = missingBundle(root, host.events.map((h) => h.hook));
      if (problem) {
        io.err(`hookwarden install: ${problem}\n`);
        return 1;
      }
      // The daemon answers Claude Code's http hooks only: the other hosts have no faster route to point to.
      if (host.name === 'claude-code') {
        notes.push(`command hooks start node for every call (\`${cli} doctor\` measures that on this machine); the fastest route is the daemon: run \`${cli} serve\` and install with --mode http`);
      }
    }
    notes.push(...hostNotes(host.name, a.options.get('scope') === 'user' ? 'user' : 'project'));
    const result = installHooks(settings, where.place, how, host);
    if (host.name === 'claude-code') notes.unshift(...doubleHooks(file, result.settings, io));
    const tail = notes.map((n) => `  ${n}\n`).join('');
    if (!result.changed) {
      io.out(`hookwarden is already installed${mode === 'http' ? ' (http)' : ''} in ${file}; nothing changed\n${tail}`);
      return 0;
    }
    const written = writeOrReport('install', file, result.settings, io, fileMode);
    if (!written) return 1;
    const { backup } = written;
    io.out(`installed ${result.changed} hook entries${mode === 'http' ? ' (http)' : ''} in ${file}${backup ? ` (backup: ${backup})` : ''}\n${changeLines(result, '  ')}${tail}`);
    return 0;
  },
};

/** serve.port from the user config the token is in, else the default; and that file's first problem, if any. */
function readServeConfig(env: NodeJS.ProcessEnv): { port: number; issue?: string } {
  const cfg = loadConfig([userConfigFile(env)]);
  return { port: cfg.config.serve.port ?? DEFAULT_CONFIG.serve.port, ...(cfg.issues[0] ? { issue: cfg.issues[0] } : {}) };
}

export const uninstallCommand: Command = {
  name: 'uninstall',
  summary: 'remove the hook entries install added (any version, command and http); --purge also removes $HOOKWARDEN_HOME',
  usage:
    `hookwarden uninstall [--agent claude-code|gemini|codex|qwen|copilot|droid|cursor|opencode|all] [--scope project|local|user] [--settings FILE] [--purge [--yes]]\n${SCOPE_USAGE}\n${AGENT_USAGE}\n` +
    '  Removes every entry any version of install wrote (whatever checkout or package it pointed at); one backup of the\n' +
    '  file is kept (the earlier ones go).\n' +
    '  --purge: then says what $HOOKWARDEN_HOME holds (audit lines, sessions, memory facts, config) and removes it, once\n' +
    '    confirmed: --yes, or y at the terminal; without a terminal and without --yes nothing is changed.\n' +
    '  --managed --agent claude|codex|gemini|copilot|cursor|all [--root DIR]: removes exactly what install --managed added\n' +
    '    to the agents\' managed files under DIR (default /); an admin\'s own file is left as it was, byte for byte.',
  async run(args, io) {
    const a = parseArgs(args, UNINSTALL_ARGS);
    const fleet = managed('uninstall', a, io, UNINSTALL_ARGS);
    if (fleet !== undefined) return fleet;
    const purge = a.flags.has('purge');
    if (purge && !a.flags.has('yes') && !canAsk(io)) {
      io.err('hookwarden uninstall: --purge removes $HOOKWARDEN_HOME (your audit log and memory): add --yes to confirm; nothing changed\n');
      return 1;
    }
    if (a.flags.has('yes') && !purge) {
      io.err(`hookwarden uninstall: bad arguments (--yes confirms --purge)\n${this.usage}\n`);
      return 2;
    }
    const entries = await removeEntries(a, io, this.usage);
    if (!purge || entries !== 0) return entries;
    return purgeHome(io, a.flags.has('yes'));
  },
};

async function removeEntries(a: Args, io: CliIO, usage: string): Promise<number> {
  const other = otherHosts('uninstall', a, io, usage);
  if (other !== undefined) return other;
  const host = hostOf(a);
  const file = host ? settingsFile(a, io, host) : null;
  if (a.unknown.length || a.positionals.length || !file || !host) {
    io.err(`hookwarden uninstall: bad arguments\n${usage}\n`);
    return 2;
  }
  const settings = readOrReport('uninstall', file, io);
  if (!settings) return 1;
  const result = removeHooks(settings);
  if (!result.changed) {
    io.out(`no hookwarden hook entries in ${file}; nothing changed\n`);
    return 0;
  }
  const written = writeOrReport('uninstall', file, result.settings, io);
  if (!written) return 1;
  const { backup } = written;
  io.out(`removed ${result.changed} hook entries from ${file}${backup ? ` (backup: ${backup})` : ''}\n`);
  return 0;
}
