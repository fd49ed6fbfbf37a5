// Which of a call's files are the project's, and whether the user's own config trusts that project: a cloned
// repository's `.hookwarden/` may tighten hookwarden, and loosen it only when trusted (lib/config/project-trust.ts
// for settings, lib/registry/overrides.ts for patterns). A project whose `.hookwarden/` is the user's own (the home
// folder opened as a project) is read once, as the user's.

import { join } from 'node:path';
import { loadConfig, type LoadedConfig } from '../config/load.js';
import { isTrustedProject } from '../config/project-trust.js';
import type { HookwardenConfig } from '../config/types.js';
import type { ManagedConfigSource } from '../config/managed.js';
import { managedSources } from './managed.js';
import { projectConfigFile, type Locations } from './locations.js';

type Where = Pick<Locations, 'home' | 'hookwardenHome' | 'projectDir' | 'configFiles' | 'overrideFiles'>;

/** Does the user's config (the `trustedProjects` a project file cannot set) trust this call's project? */
export const projectTrusted = (loc: Pick<Locations, 'home' | 'projectDir'>, config: Pick<HookwardenConfig, 'trustedProjects'>): boolean =>
  isTrustedProject(loc.projectDir, config.trustedProjects, loc.home);

/** The call's config: the managed layer's files (managed.ts), then the user's file, then the project's, held to what
 * an untrusted project may do, and both held to what the managed layer sets. */
export function loadCallConfig(loc: Where & Pick<Locations, 'managedDir' | 'bundleDir'>, managed: readonly ManagedConfigSource[] = managedSources(loc).config): LoadedConfig {
  const project = projectConfigFile(loc.projectDir);
  const file = project !== join(loc.hookwardenHome, 'config.json') && loc.configFiles.includes(project) ? project : undefined;
  return loadConfig(loc.configFiles, file ? { file, trusted: (c) => projectTrusted(loc, c) } : undefined, managed);
}

/** The override files with the project's marked trusted or not; the project's dropped when it is the user's own. */
export function trustedOverrides(loc: Where, config: Pick<HookwardenConfig, 'trustedProjects'>): Locations['overrideFiles'] {
  const user = loc.overrideFiles.find((o) => o.scope === 'user')?.path;
  const trusted = projectTrusted(loc, config);
  return loc.overrideFiles.flatMap((o) => (o.scope !== 'project' ? [o] : o.path === user ? [] : [{ ...o, trusted }]));
}
