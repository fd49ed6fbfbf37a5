// OpenCode's install: the plugin plugins/opencode/hookwarden.js (plain JavaScript, loaded by OpenCode as it is)
// copied into .opencode/plugin/ (project) or ~/.config/opencode/plugin/ (user) with HOOKS_DIR set to this install's
// bundles. The file is wholly ours: install writes it when its text differs (backing up what was there), uninstall
// removes it (backed up) only when it is ours (it carries the marker line below).

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HookPlace } from '../hook-command.js';

const PLACEHOLDER = 'const HOOKS_DIR = null;';
export const PLUGIN_MARKER = '// hookwarden for OpenCode.';

export const pluginTemplate = (root: string): string => join(root, 'plugins', 'opencode', 'hookwarden.js');

/** HOOKS_DIR as the plugin file says it: this install's bundles by absolute path, or (a committed project plugin in
 * `.opencode/plugin/`) relative to the plugin file, so the project's own node_modules is found on every clone. */
const hooksDirSource = (root: string, place: HookPlace): string =>
  typeof place === 'object' && 'project' in place
    ? `fileURLToPath(new URL(${JSON.stringify(`../../${place.project ? `${place.project}/` : ''}dist/hooks/`)}, import.meta.url))`
    : JSON.stringify(join(root, 'dist', 'hooks'));

/** The plugin text for this install, or why there is none. */
export function pluginText(root: string, place: HookPlace = root): { text: string } | { problem: string } {
  const file = pluginTemplate(root);
  if (!existsSync(file)) return { problem: `${file} does not exist` };
  const template = readFileSync(file, 'utf8');
  if (!template.startsWith(PLUGIN_MARKER) || !template.includes(PLACEHOLDER)) return { problem: `${file} is not hookwarden's OpenCode plugin` };
  return { text: template.replace(PLACEHOLDER, `const HOOKS_DIR = ${hooksDirSource(root, place)};`) };
}

export const isOurPlugin = (text: string): boolean => text.startsWith(PLUGIN_MARKER);
