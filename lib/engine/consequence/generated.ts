// Outputs a build, an install or a tool regenerates: losing them loses no work (docs/policy.md "What would be
// lost"). Matched by a path component (a directory anywhere in the path) or a file name suffix.

const GENERATED_DIRS: ReadonlySet<string> = new Set([
  'node_modules', 'dist', 'build', 'out', 'coverage', '.nyc_output', '.next', '.nuxt', '.svelte-kit', '.turbo',
  '.parcel-cache', '.vite', '.angular', '.expo', 'target', '__pycache__', '.pytest_cache', '.mypy_cache',
  '.ruff_cache', '.tox', '.nox', '.eggs', '.cache', '.gradle', '.dart_tool', '.build', 'DerivedData', '.venv',
  '.hypothesis', 'htmlcov', '.docusaurus', '.serverless', '.terraform',
]);

const GENERATED_SUFFIXES: readonly string[] = ['.log', '.pyc', '.pyo', '.class', '.o', '.obj', '.tsbuildinfo', '.egg-info', '.egg-info/'];
const GENERATED_NAMES: ReadonlySet<string> = new Set(['.DS_Store', 'Thumbs.db', '.eslintcache', '.stylelintcache']);

/** Is this path (relative or absolute, `/`-separated, a trailing `/` for a directory) a generated output? */
export function isGenerated(path: string): boolean {
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  const last = parts[parts.length - 1] ?? '';
  if (GENERATED_NAMES.has(last)) return true;
  if (GENERATED_SUFFIXES.some((s) => last.endsWith(s.replace(/\/$/, '')))) return true;
  return parts.some((p) => GENERATED_DIRS.has(p));
}
