// Which plugins a Claude Code session in this project has turned on, and where their files are. Layout (sources
// and the assumptions made: docs/catalogue.md "Plugins"):
// - `enabledPlugins` in ~/.claude/settings.json, <project>/.claude/settings.json and .claude/settings.local.json,
//   later files overriding earlier ones per key: { "<plugin>@<marketplace>": true | false };
// - ~/.claude/plugins/installed_plugins.json maps each "<plugin>@<marketplace>" to where it is installed:
//   version 2 holds a list of installations per plugin ({scope, projectPath?, installPath, version, …}),
//   version 1 a single {installPath, …};
// - without an entry there, the versioned cache folder ~/.claude/plugins/cache/<marketplace>/<plugin>/<version>/
//   is used when it holds exactly one version.
// Runs on every hook call that routes (the warm path): four small JSON reads and at most one folder listing per
// plugin. Never throws; what cannot be used is reported in `skipped`.

import { readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { oneLine } from '../errors.js';
import { readProblem, readRegularFile } from '../fs/read.js';
import type { SkippedFile } from './types.js';
import { lazy } from '../vocab/lazy.js';

export interface PluginRoot {
  /** "<plugin>@<marketplace>", as settings name it. */
  id: string;
  /** The namespace of its agents, skills and commands. */
  name: string;
  /** The plugin's folder (holding agents/, skills/, commands/). */
  root: string;
}

const MAX_SETTINGS_BYTES = 1024 * 1024;
const MAX_INSTALLED_BYTES = 4 * 1024 * 1024;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON object file of Claude Code's (links followed, regular files only), or why not; missing → null. */
export function readJsonObject(file: string, maxBytes: number, skipped: SkippedFile[]): Json | null {
  // Most of these files are missing; asking first spares a thrown ENOENT, which costs more than the stat.
  try {
    if (statSync(file, { throwIfNoEntry: false }) === undefined) return null;
  } catch {
    // ENOTDIR and the like: the read below says why
  }
  const r = readRegularFile(file, { maxBytes });
  if (r.status === 'missing') return null;
  if (r.status !== 'ok') {
    skipped.push({ path: file, reason: `not read: ${readProblem(r)}` });
    return null;
  }
  try {
    const v: unknown = JSON.parse(r.bytes.toString('utf8'));
    if (isObject(v)) return v;
    skipped.push({ path: file, reason: 'not read: not a JSON object' });
  } catch (err) {
    skipped.push({ path: file, reason: `not read: invalid JSON (${oneLine(err, 80)})` });
  }
  return null;
}

/** The settings files Claude Code reads for a project, lowest precedence first. */
export function settingsFiles(projectDir: string, home: string): string[] {
  return [join(home, '.claude', 'settings.json'), join(projectDir, '.claude', 'settings.json'), join(projectDir, '.claude', 'settings.local.json')];
}

/** Plugin ids turned on once every settings file has had its say, sorted. */
function enabledIds(projectDir: string, home: string, skipped: SkippedFile[]): string[] {
  const state = new Map<string, boolean>();
  for (const file of settingsFiles(projectDir, home)) {
    const enabled = readJsonObject(file, MAX_SETTINGS_BYTES, skipped)?.enabledPlugins;
    if (Array.isArray(enabled)) {
      for (const id of enabled) if (typeof id === 'string') state.set(id, true);
    } else if (isObject(enabled)) {
      for (const [id, on] of Object.entries(enabled)) if (typeof on === 'boolean') state.set(id, on);
    }
  }
  return [...state].filter(([, on]) => on).map(([id]) => id).sort();
}

function expandPath(p: string, home: string, pluginsDir: string): string {
  if (p === '~' || p.startsWith('~/')) return join(home, p.slice(1));
  return isAbsolute(p) ? resolve(p) : resolve(pluginsDir, p);
}

/** The installation a session in `projectDir` uses: one made for this project first, then the user's. */
function installPathOf(entry: unknown, projectDir: string): string | null {
  const entries = (Array.isArray(entry) ? entry : [entry]).filter((e): e is Json => isObject(e) && typeof e.installPath === 'string' && e.installPath !== '');
  const forProject = entries.find((e) => (e.scope === 'project' || e.scope === 'local') && typeof e.projectPath === 'string' && resolve(e.projectPath) === projectDir);
  const general = entries.find((e) => e.scope === undefined || e.scope === 'user' || e.scope === 'managed');
  return ((forProject ?? general)?.installPath as string | undefined) ?? null;
}

/** ~/.claude/plugins/cache/<marketplace>/<plugin>/<version>/ when exactly one version is there. */
function cachedVersion(pluginsDir: string, name: string, marketplace: string): string | null {
  const dir = join(pluginsDir, 'cache', marketplace, name);
  try {
    const versions = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory());
    return versions.length === 1 ? join(dir, (versions[0] as { name: string }).name) : null;
  } catch {
    return null; // no cache folder: the plugin is reported as not installed
  }
}

const SAFE_SEGMENT = lazy(() => /^[^/\\\s\p{Cc}]+$/u);

/** Every enabled plugin's folder, sorted by id; enabled plugins that cannot be found are reported in `skipped`. */
export function enabledPluginRoots(projectDir: string, home: string): { plugins: PluginRoot[]; skipped: SkippedFile[] } {
  const skipped: SkippedFile[] = [];
  const plugins: PluginRoot[] = [];
  try {
    const ids = enabledIds(projectDir, home, skipped);
    if (!ids.length) return { plugins, skipped };
    const pluginsDir = join(home, '.claude', 'plugins');
    const installedFile = join(pluginsDir, 'installed_plugins.json');
    const installed = readJsonObject(installedFile, MAX_INSTALLED_BYTES, skipped)?.plugins;
    for (const id of ids) {
      const at = id.lastIndexOf('@');
      const name = at > 0 ? id.slice(0, at) : id;
      const marketplace = at > 0 ? id.slice(at + 1) : '';
      if (!SAFE_SEGMENT().test(name) || (marketplace !== '' && !SAFE_SEGMENT().test(marketplace))) {
        skipped.push({ path: installedFile, reason: `plugin "${id.slice(0, 80)}" is enabled but its name cannot be a folder name` });
        continue;
      }
      const recorded = isObject(installed) ? installPathOf(installed[id], projectDir) : null;
      const root = recorded !== null ? expandPath(recorded, home, pluginsDir) : marketplace ? cachedVersion(pluginsDir, name, marketplace) : null;
      if (root === null) skipped.push({ path: installedFile, reason: `plugin ${id} is enabled but not installed (no entry here, no single cached version)` });
      else plugins.push({ id, name, root });
    }
  } catch (err) {
    skipped.push({ path: join(home, '.claude', 'plugins'), reason: `plugins not read: ${oneLine(err, 120)}` });
  }
  return { plugins, skipped };
}
