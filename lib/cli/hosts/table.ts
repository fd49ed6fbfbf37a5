// Every host install can write: where its file is (project and user scope), how it is recognised on this machine
// (install --agent all), what the user must know after an install, and one install/uninstall for each. Claude
// Code, Gemini, Codex, Qwen, Copilot and Droid take Claude-style groups (lib/cli/settings.ts installHooks); Cursor
// has a flat hooks.json (cursor.ts); OpenCode takes a plugin file (opencode.ts).

import { existsSync, statSync } from 'node:fs';
import { AGENTS, type AgentName } from '../../vocab/agents.js';
import { delimiter, join, resolve } from 'node:path';
import { CLAUDE_CODE, CODEX, COPILOT, GEMINI, QWEN, installHooks, readSettings, removeHooks, writeSettings, type EntryChange, type HostProfile } from '../settings.js';
import { hookEntryPath, type HookPlace } from '../hook-command.js';
import { installCursorHooks, removeCursorHooks, type CursorHooksFile } from './cursor.js';
import { DROID } from './droid.js';
import { isOurPlugin, pluginText } from './opencode.js';
import { readText, removeText, writeText } from './write.js';

/** Every host install writes: each agent hookwarden speaks to (lib/vocab/agents.ts). */
export const HOSTS = AGENTS;
export type HostName = AgentName;
export type Scope = 'project' | 'user';


export const PROFILES: Partial<Record<HostName, HostProfile>> = { 'claude-code': CLAUDE_CODE, gemini: GEMINI, codex: CODEX, qwen: QWEN, copilot: COPILOT, droid: DROID };

/** Each host's file, relative to the project (project scope) or to HOME (user scope; OpenCode: its config folder). */
const FILES: Record<HostName, { project: string; user: string }> = {
  'claude-code': { project: '.claude/settings.json', user: '.claude/settings.json' },
  gemini: { project: '.gemini/settings.json', user: '.gemini/settings.json' },
  codex: { project: '.codex/hooks.json', user: '.codex/hooks.json' },
  qwen: { project: '.qwen/settings.json', user: '.qwen/settings.json' },
  copilot: { project: '.github/hooks/hookwarden.json', user: '.copilot/hooks/hookwarden.json' },
  droid: { project: '.factory/settings.json', user: '.factory/settings.json' },
  cursor: { project: '.cursor/hooks.json', user: '.cursor/hooks.json' },
  opencode: { project: '.opencode/plugin/hookwarden.js', user: 'plugin/hookwarden.js' },
};

/** OpenCode's user config folder: $XDG_CONFIG_HOME/opencode, else ~/.config/opencode. */
const openCodeHome = (env: NodeJS.ProcessEnv): string => join(env.XDG_CONFIG_HOME || join(env.HOME ?? '', '.config'), 'opencode');

/** Codex's user folder: $CODEX_HOME, else ~/.codex (with CODEX_HOME set, ~/.codex/hooks.json is not read). */
const codexHome = (env: NodeJS.ProcessEnv, cwd: string): string => (env.CODEX_HOME ? resolve(cwd, env.CODEX_HOME) : join(env.HOME ?? '', '.codex'));

export function hostFile(host: HostName, scope: Scope, env: NodeJS.ProcessEnv, cwd: string): string {
  if (scope === 'project') return join(env.CLAUDE_PROJECT_DIR ?? cwd, FILES[host].project);
  if (host === 'codex') return join(codexHome(env, cwd), 'hooks.json');
  return join(host === 'opencode' ? openCodeHome(env) : (env.HOME ?? ''), FILES[host].user);
}

/** What shows a host is used on this machine: its folder in HOME, or its program on PATH. */
const SIGNS: Record<HostName, { dir: (env: NodeJS.ProcessEnv) => string; bins: string[] }> = {
  'claude-code': { dir: (e) => join(e.HOME ?? '', '.claude'), bins: ['claude'] },
  gemini: { dir: (e) => join(e.HOME ?? '', '.gemini'), bins: ['gemini'] },
  codex: { dir: (e) => codexHome(e, e.HOME ?? ''), bins: ['codex'] },
  qwen: { dir: (e) => join(e.HOME ?? '', '.qwen'), bins: ['qwen'] },
  copilot: { dir: (e) => join(e.HOME ?? '', '.copilot'), bins: ['copilot'] },
  droid: { dir: (e) => join(e.HOME ?? '', '.factory'), bins: ['droid'] },
  cursor: { dir: (e) => join(e.HOME ?? '', '.cursor'), bins: ['cursor', 'cursor-agent'] },
  opencode: { dir: openCodeHome, bins: ['opencode'] },
};

const isDir = (p: string): boolean => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

export const onPath = (bin: string, env: NodeJS.ProcessEnv): string | undefined =>
  (env.PATH ?? '').split(delimiter).filter(Boolean).map((d) => join(d, bin)).find((f) => {
    try {
      return statSync(f).isFile() && (statSync(f).mode & 0o111) !== 0;
    } catch {
      return false;
    }
  });

/** Whether the host is found on this machine, and by what (or what was looked for). */
export function detect(host: HostName, env: NodeJS.ProcessEnv): { found: boolean; why: string } {
  const dir = SIGNS[host].dir(env);
  if (isDir(dir)) return { found: true, why: `${dir} exists` };
  for (const bin of SIGNS[host].bins) {
    const at = onPath(bin, env);
    if (at) return { found: true, why: `${at} is on PATH` };
  }
  return { found: false, why: `no ${dir}, no ${SIGNS[host].bins.join(' or ')} on PATH` };
}

/** What the user must know after installing for a host. */
export function hostNotes(host: HostName, scope: Scope): string[] {
  const project = scope === 'project';
  switch (host) {
    case 'gemini':
      return project ? ['Gemini CLI runs project hooks only in a trusted folder (it lists them the first time it sees them)'] : [];
    case 'qwen':
    case 'copilot':
      return project ? [`${host === 'qwen' ? 'Qwen Code' : 'Copilot CLI'} runs a project's hooks only in a trusted folder`] : [];
    case 'codex':
      return [
        'Codex skips a hook nobody has trusted, silently: start Codex, open /hooks and trust the hookwarden hooks (again after any reinstall that changes them)',
        ...(project ? ['Codex reads a project\'s .codex/hooks.json only when the project is trusted (trust_level = "trusted" in its config.toml), silently'] : []),
      ];
    case 'droid':
      return ["written under `hooks` in Droid's settings.json: Droid 0.225 ignores hooks.json files (docs/agents.md)", ...(project ? ["Droid runs a project's hooks once the folder is trusted"] : [])];
    case 'cursor':
      return ['Cursor reads hooks.json when it starts: restart it. The guard entries say failClosed: if node or this install goes away, Cursor blocks every tool call and prompt until you reinstall or uninstall'];
    case 'opencode':
      return ['OpenCode loads plugins when it starts: restart it. A tool call the plugin cannot get judged is blocked'];
    default:
      return [];
  }
}

/** The bundles (and for OpenCode the plugin) an install points at, or why they are not there. */
export function missingBundle(root: string, hooks: readonly string[]): string | null {
  const missing = hooks.map((h) => hookEntryPath(root, h)).find((f) => !existsSync(f));
  return missing ? `${missing} does not exist; run \`npm run build\` in ${root} first` : null;
}

const ALL_HOOKS = ['user-prompt', 'pre-tool-use', 'post-tool-use', 'stop', 'session-start'] as const;

export interface Outcome {
  /** 'already': nothing to change (install); 'none': nothing of ours there (uninstall). */
  status: 'installed' | 'already' | 'removed' | 'none';
  changed: number;
  backup: string | null;
  /** Claude Code installed in http mode (the daemon): left as it is. */
  http?: boolean;
  /** What each entry was and became (an upgrade of an earlier version's entries shows here). */
  changes?: EntryChange[];
}

/** Our daemon's http PreToolUse entry in a Claude Code settings file (install --mode http). */
const OUR_HTTP = /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+\/hooks\/pre-tool-use$/;
function usesDaemon(s: ReturnType<typeof readSettings>): boolean {
  return (s.hooks?.PreToolUse ?? []).some((g) => (g.hooks ?? []).some((h) => h.type === 'http' && typeof h.url === 'string' && OUR_HTTP.test(h.url)));
}

/** Installs hookwarden's command hooks (or OpenCode's plugin) for one host into `file`. Throws on a file it cannot
 * read or may not write (a link: HookwardenError E_UNSAFE_PATH), or a build that is missing. */
export function installFor(host: HostName, file: string, root: string, suffix: string, node: string, place: HookPlace = root): Outcome {
  const profile = PROFILES[host];
  const problem = missingBundle(root, profile ? profile.events.map((e) => e.hook) : ALL_HOOKS);
  if (problem) throw new Error(problem);
  if (host === 'opencode') {
    const plugin = pluginText(root, place);
    if ('problem' in plugin) throw new Error(plugin.problem);
    if (readText(file) === plugin.text) return { status: 'already', changed: 0, backup: null };
    return { status: 'installed', changed: 1, backup: writeText(file, plugin.text, suffix) };
  }
  const current = readSettings(file);
  // A command install would replace the daemon's entries: one who chose the daemon keeps it.
  if (host === 'claude-code' && usesDaemon(current)) return { status: 'already', changed: 0, backup: null, http: true };
  const r = profile ? installHooks(current, place, { mode: 'command' }, profile) : installCursorHooks(current as CursorHooksFile, place, node);
  if (!r.changed) return { status: 'already', changed: 0, backup: null };
  const next = 'settings' in r ? r.settings : r.file;
  return { status: 'installed', changed: r.changed, backup: writeSettings(file, next as ReturnType<typeof readSettings>, suffix), changes: r.changes };
}

/** Removes what any version of installFor wrote (recognised by its forms, whichever install root it named). */
export function uninstallFor(host: HostName, file: string, suffix: string): Outcome {
  if (host === 'opencode') {
    const text = readText(file);
    if (text === null || !isOurPlugin(text)) return { status: 'none', changed: 0, backup: null };
    return { status: 'removed', changed: 1, backup: removeText(file, suffix) };
  }
  const profile = PROFILES[host];
  const current = readSettings(file);
  const r = profile ? removeHooks(current) : removeCursorHooks(current as CursorHooksFile);
  if (!r.changed) return { status: 'none', changed: 0, backup: null };
  const next = 'settings' in r ? r.settings : r.file;
  return { status: 'removed', changed: r.changed, backup: writeSettings(file, next as ReturnType<typeof readSettings>, suffix) };
}
