// doctor: hookwarden installed as Claude Code's plugin (docs/install.md). Claude Code records installed plugins in
// `~/.claude/plugins/installed_plugins.json` ({ plugins: { "<name>@<marketplace>": [{ installPath }] } }) and runs
// the plugin's hooks/hooks.json from its folder, so a plugin install has no entry in any settings file: without
// this, doctor told a plugin user to `hookwarden install`, which would wire every hook twice.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installedEntry } from './doctor-targets.js';

export interface PluginInstall {
  /** `hookwarden@<marketplace>`. */
  id: string;
  /** The plugin's folder (its dist/hooks/ holds the bundles its hooks.json runs). */
  path: string;
  /** false when a settings file turns it off (enabledPlugins); Claude Code enables a plugin it installs. */
  enabled: boolean;
}

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
};

/** hookwarden's installed Claude Code plugins; `settingsFiles` in Claude Code's order (a later file wins). */
export function hookwardenPlugins(home: string, settingsFiles: readonly string[]): PluginInstall[] {
  const installed = readJson(join(home, '.claude', 'plugins', 'installed_plugins.json')) as { plugins?: Record<string, Array<{ installPath?: unknown }>> } | undefined;
  const out: PluginInstall[] = [];
  for (const [id, list] of Object.entries(installed?.plugins ?? {})) {
    if (!id.startsWith('hookwarden@') || !Array.isArray(list)) continue;
    const path = list.find((e) => typeof e?.installPath === 'string')?.installPath as string | undefined;
    if (!path) continue;
    let enabled = true;
    for (const f of settingsFiles) {
      const v = (readJson(f) as { enabledPlugins?: Record<string, unknown> } | undefined)?.enabledPlugins?.[id];
      if (typeof v === 'boolean') enabled = v;
    }
    out.push({ id, path, enabled });
  }
  return out;
}

/** The bundle a plugin's hook runs, and whether it is there (a plugin from a git source has no dist/). */
export function pluginBundle(p: PluginInstall, hook: string): { file: string; exists: boolean } {
  const file = installedEntry(p.path, hook);
  return { file, exists: existsSync(file) };
}
