// Where hookwarden finds its files. The bundle build defines __HW_PATTERNS_REL__ (patterns/ relative to the
// bundle); from source the same relative path holds for lib/hook/.

import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
}

export function shippedPatternsDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.HOOKWARDEN_PATTERNS_DIR) return resolve(env.HOOKWARDEN_PATTERNS_DIR);
  const rel = typeof __HW_PATTERNS_REL__ === 'string' ? __HW_PATTERNS_REL__ : '../../patterns';
  return resolve(dirname(fileURLToPath(import.meta.url)), rel);
}


/** The config and pattern-override files of a home and project, user first (later ones win). */
export function configSources(hookwardenHome: string, projectDir: string): Pick<Locations, 'configFiles' | 'overrideFiles'> {
  return {
    configFiles: [join(hookwardenHome, 'config.json'), join(projectDir, '.hookwarden', 'config.json')],
    overrideFiles: [
      { path: join(hookwardenHome, 'patterns.json'), scope: 'user' },
      { path: join(projectDir, '.hookwarden', 'patterns.json'), scope: 'project' },
    ],
  };
}

/** The project is `$CLAUDE_PROJECT_DIR` when Claude Code sets it, else the hook's cwd. */
export function locate(cwd: string, env: NodeJS.ProcessEnv = process.env): Locations {
  const home = env.HOME && env.HOME.length > 0 ? env.HOME : homedir();
  const hw = hookwardenHome(env, () => home);
  const projectDir = env.CLAUDE_PROJECT_DIR ? resolve(env.CLAUDE_PROJECT_DIR) : resolve(cwd || '.');
  return {
    home,
    hookwardenHome: hw,
    projectDir,
    patternsDir: shippedPatternsDir(env),
    ...configSources(hw, projectDir),
    cacheDir: join(hw, 'cache'),
  };
}
