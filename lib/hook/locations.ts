// Where hookwarden finds its files. The bundle build defines __HW_PATTERNS_REL__ (patterns/ relative to the
// bundle); from source the same relative path holds for lib/hook/.

import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { homeDir } from '../fs/home-dir.js';
import { hookwardenHome } from '../audit/paths.js';

declare const __HW_PATTERNS_REL__: string | undefined;

export interface Locations {
  home: string;
  hookwardenHome: string;
  projectDir: string;
  patternsDir: string;
  configFiles: string[];
  overrideFiles: Array<{ path: string; scope: 'user' | 'project' }>;
  cacheDir: string;
  /** The managed policy folder (an admin's, root-owned: lib/hook/managed.ts); read only when it exists. */
  managedDir: string;
  /** The active policy bundle, `<home>/policy/active` (written by the bundle fetcher, never here); '' when the home
   * is not read. */
  bundleDir: string;
  /** The package or checkout this code runs from (patterns/ sits at its root): hookwarden's installed files. */
  installRoot: string;
}

export function shippedPatternsDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.HOOKWARDEN_PATTERNS_DIR) return resolve(env.HOOKWARDEN_PATTERNS_DIR);
  const rel = typeof __HW_PATTERNS_REL__ === 'string' ? __HW_PATTERNS_REL__ : '../../patterns';
  return resolve(dirname(bundleFile()), rel);
}

/** The package or checkout the running code belongs to: where its shipped patterns/ sit, whatever
 * HOOKWARDEN_PATTERNS_DIR says (that names other patterns, not another install). */
export const installRootDir = (): string => dirname(shippedPatternsDir({}));

/** In a bundle, the build's banner names the bundle file (scripts/build.ts); from source, this module's file. */
declare const __hwMeta: { file: string } | undefined;
export const bundleFile = (): string => (typeof __hwMeta === 'object' ? __hwMeta.file : fileURLToPath(import.meta.url));

/** The managed policy folder: `$HOOKWARDEN_MANAGED_DIR`, else the system's (docs/team.md "The managed layer"). */
export function managedPolicyDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const override = env.HOOKWARDEN_MANAGED_DIR?.trim();
  if (override) return resolve(override);
  if (platform === 'darwin') return '/Library/Application Support/hookwarden';
  if (platform === 'win32') return 'C:\\ProgramData\\hookwarden';
  return '/etc/hookwarden';
}

/** The active policy bundle's folder under a home. */
export const bundleDirOf = (hookwardenHome: string): string => join(hookwardenHome, 'policy', 'active');

/** A project's own config file. */
export const projectConfigFile = (projectDir: string): string => join(projectDir, '.hookwarden', 'config.json');

/** The config and pattern-override files of a home and project, user first (later ones win). */
export function configSources(hookwardenHome: string, projectDir: string): Pick<Locations, 'configFiles' | 'overrideFiles'> {
  return {
    configFiles: [join(hookwardenHome, 'config.json'), projectConfigFile(projectDir)],
    overrideFiles: [
      { path: join(hookwardenHome, 'patterns.json'), scope: 'user' },
      { path: join(projectDir, '.hookwarden', 'patterns.json'), scope: 'project' },
    ],
  };
}

/**
 * The folder Claude Code was started in, from a call's `cwd` and `transcript_path`. Claude Code names the
 * transcript's folder after that directory (every character other than a letter or digit turned into "-"), so
 * the ancestor of `cwd` whose name encodes to the folder is it. Without one (no transcript, or the agent has
 * `cd`'d out of the project), undefined.
 */
export function projectFromTranscript(cwd: string, transcriptPath: string | undefined): string | undefined {
  if (!transcriptPath || !cwd) return undefined;
  const folder = basename(dirname(transcriptPath));
  for (let d = resolve(cwd); ; d = dirname(d)) {
    if (d.replace(/[^A-Za-z0-9]/g, '-') === folder) return d;
    if (dirname(d) === d) return undefined;
  }
}

/**
 * The project is `$CLAUDE_PROJECT_DIR` when the hook's environment has it (command hooks), else the folder the
 * transcript path names (http hooks: Claude Code 2.1.332 does not interpolate `${CLAUDE_PROJECT_DIR}` into their
 * headers), else the hook's cwd.
 */
export function locate(cwd: string, env: NodeJS.ProcessEnv = process.env, transcriptPath?: string): Locations {
  const home = env.HOME && env.HOME.length > 0 ? env.HOME : homeDir();
  const hw = hookwardenHome(env, () => home);
  const projectDir = env.CLAUDE_PROJECT_DIR ? resolve(env.CLAUDE_PROJECT_DIR) : (projectFromTranscript(cwd, transcriptPath) ?? resolve(cwd || '.'));
  return {
    home,
    hookwardenHome: hw,
    projectDir,
    patternsDir: shippedPatternsDir(env),
    ...configSources(hw, projectDir),
    cacheDir: join(hw, 'cache'),
    managedDir: managedPolicyDir(env),
    bundleDir: bundleDirOf(hw),
    installRoot: installRootDir(),
  };
}
