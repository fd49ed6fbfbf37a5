// Where on the machine a path operand points: the classes shell patterns name in `target` (patterns/*.json), so
// they belong to the registry's vocabulary; lib/analyzers/shell/targets.ts classifies operands into them.

export const TARGET_CLASSES = [
  'root',
  'system',
  'home',
  'home-config',
  'project-root',
  'project-git',
  'outside',
  'unset-var',
  'temp',
  'cache',
  'project',
  'unknown',
] as const;
export type TargetClass = (typeof TARGET_CLASSES)[number];

/** Words shown in messages, e.g. "rm -rf /etc → /etc: a system directory". */
export const TARGET_LABELS: Record<TargetClass, string> = {
  root: 'the filesystem root',
  system: 'a system directory',
  home: 'the home directory',
  'home-config': 'a home dotfile or credential directory',
  'project-root': 'the whole project (or a directory containing it)',
  'project-git': "the project's git history",
  outside: 'a path outside the project',
  'unset-var': 'a path that becomes / or ~ when its variable is unset or empty',
  temp: 'a temp directory',
  cache: 'a cache directory',
  project: 'a path inside the project',
  unknown: 'a path that cannot be known before the command runs',
};
