// The project's own verification commands, for reminders like "run `npm test`". This file owns how they are
// found. It reads only small files directly in the project directory (each at most 256 KB; a bigger,
// unreadable or non-regular file is skipped), synchronously, and never throws.
//
// Rules, best first; duplicates dropped; at most 3 commands in all:
// 1. package.json `scripts`: `test`, then `check`, `typecheck` (or else `type-check`), `lint`, `build`. An
//    empty script, or npm's placeholder test script (`echo "Error: no test specified" && exit 1`), does not
//    count. The package manager comes from the lockfile: pnpm-lock.yaml → pnpm, yarn.lock → yarn,
//    bun.lockb or bun.lock → bun, else npm (first match in that order). Commands: `npm test` / `npm run X`,
//    `pnpm test` / `pnpm run X`, `yarn X`, and always `bun run X` (`bun test` is bun's own test runner).
//    Invalid JSON skips package.json only; the other files are still used.
// 2. GNUmakefile, makefile or Makefile (make's own lookup order; the first that can be read): targets
//    `test`, `check`, `lint` — a rule line starting with the target name followed by `:` (not `:=`, `::=`,
//    and not a recipe or variable line) — as `make test`.
// 3. Python. pyproject.toml mentioning `pytest` anywhere (which covers `[tool.pytest`) → `pytest`;
//    `[tool.ruff` → `ruff check .`; `[tool.mypy` → `mypy .`. Each runs through the project's environment
//    manager when its lockfile is there: uv.lock → `uv run …`, else poetry.lock → `poetry run …`.
//    Then a tox.ini → `tox`.
// 4. Cargo.toml → `cargo test`.
// 5. go.mod → `go test ./...`.

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { readProblem, readRegularFile } from '../fs/read.js';

import type { ProjectCheck } from '../engine/deps.js';

const MAX_FILE_BYTES = 256 * 1024;
const MAX_CHECKS = 3;

const NPM_PLACEHOLDER = /^\s*echo\s+(["']?)Error: no test specified\1\s*&&\s*exit 1\s*;?\s*$/;

function isFile(dir: string, name: string): boolean {
  try {
    return statSync(join(dir, name)).isFile();
  } catch {
    return false;
  }
}

/** Where a file that is there but not read (a FIFO, a folder, too big) is reported: one line each. */
type Note = (line: string) => void;

/** The file's text if it is a regular file of at most MAX_FILE_BYTES, else null (and a note unless it is missing). */
function readSmall(dir: string, name: string, note?: Note): string | null {
  const r = readRegularFile(join(dir, name), { maxBytes: MAX_FILE_BYTES });
  if (r.status === 'ok') return r.bytes.toString('utf8');
  if (r.status !== 'missing') note?.(`${join(dir, name)} not read (${readProblem(r)})`);
  return null;
}

type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

function packageManager(dir: string): PackageManager {
  if (isFile(dir, 'pnpm-lock.yaml')) return 'pnpm';
  if (isFile(dir, 'yarn.lock')) return 'yarn';
  if (isFile(dir, 'bun.lockb') || isFile(dir, 'bun.lock')) return 'bun';
  return 'npm';
}

function scriptCommand(pm: PackageManager, name: string): string {
  if (pm === 'bun') return `bun run ${name}`;
  if (pm === 'yarn') return `yarn ${name}`;
  return name === 'test' ? `${pm} test` : `${pm} run ${name}`;
}

function packageJsonChecks(dir: string, note?: Note): ProjectCheck[] {
  const text = readSmall(dir, 'package.json', note);
  if (text === null) return [];
  let scripts: Record<string, unknown>;
  try {
    const pkg = JSON.parse(text) as { scripts?: unknown } | null;
    if (!pkg || typeof pkg !== 'object' || !pkg.scripts || typeof pkg.scripts !== 'object') return [];
    scripts = pkg.scripts as Record<string, unknown>;
  } catch {
    return [];
  }
  const usable = (name: string): boolean => {
    if (!Object.hasOwn(scripts, name)) return false;
    const body = scripts[name];
    if (typeof body !== 'string' || body.trim() === '') return false;
    return !(name === 'test' && NPM_PLACEHOLDER.test(body));
  };
  const typecheck = usable('typecheck') ? 'typecheck' : 'type-check';
  const names = ['test', 'check', typecheck, 'lint', 'build'].filter(usable);
  if (names.length === 0) return [];
  const pm = packageManager(dir);
  return names.map((name) => ({ command: scriptCommand(pm, name), source: `package.json scripts.${name}` }));
}

/** Targets defined by rule lines (`a b: deps`, `a:: deps`), ignoring recipes, comments and assignments. */
function makeTargets(text: string): Set<string> {
  const targets = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    if (!line || /^[\s#]/.test(line)) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const head = line.slice(0, colon);
    const rest = line.slice(colon);
    if (head.includes('=') || /^(?::{1,3})=/.test(rest)) continue; // FOO = a:b, test := x, test ::= x
    for (const t of head.trim().split(/\s+/)) targets.add(t);
  }
  return targets;
}

function makefileChecks(dir: string, note?: Note): ProjectCheck[] {
  for (const name of ['GNUmakefile', 'makefile', 'Makefile']) {
    const text = readSmall(dir, name, note);
    if (text === null) continue;
    const targets = makeTargets(text);
    return ['test', 'check', 'lint']
      .filter((t) => targets.has(t))
      .map((t) => ({ command: `make ${t}`, source: `${name} target ${t}` }));
  }
  return [];
}

function pythonChecks(dir: string, note?: Note): ProjectCheck[] {
  const out: ProjectCheck[] = [];
  const text = readSmall(dir, 'pyproject.toml', note);
  if (text !== null) {
    const run = isFile(dir, 'uv.lock') ? 'uv run ' : isFile(dir, 'poetry.lock') ? 'poetry run ' : '';
    if (text.includes('pytest')) out.push({ command: `${run}pytest`, source: 'pyproject.toml pytest' });
    if (text.includes('[tool.ruff')) out.push({ command: `${run}ruff check .`, source: 'pyproject.toml [tool.ruff]' });
    if (text.includes('[tool.mypy')) out.push({ command: `${run}mypy .`, source: 'pyproject.toml [tool.mypy]' });
  }
  if (isFile(dir, 'tox.ini')) out.push({ command: 'tox', source: 'tox.ini' });
  return out;
}

/** The project's own verification commands, best first, at most 3. Never throws; a file that is there but is not a
 * regular file (or too big) is skipped and reported through `note`. */
export function projectChecks(projectDir: string, note?: Note): ProjectCheck[] {
  const out: ProjectCheck[] = [];
  const seen = new Set<string>();
  const add = (checks: ProjectCheck[]): void => {
    for (const c of checks) {
      if (out.length >= MAX_CHECKS || seen.has(c.command)) continue;
      seen.add(c.command);
      out.push(c);
    }
  };
  const sources: Array<() => ProjectCheck[]> = [
    () => packageJsonChecks(projectDir, note),
    () => makefileChecks(projectDir, note),
    () => pythonChecks(projectDir, note),
    () => (isFile(projectDir, 'Cargo.toml') ? [{ command: 'cargo test', source: 'Cargo.toml' }] : []),
    () => (isFile(projectDir, 'go.mod') ? [{ command: 'go test ./...', source: 'go.mod' }] : []),
  ];
  try {
    if (typeof projectDir !== 'string' || projectDir === '' || !statSync(projectDir).isDirectory()) return [];
    for (const source of sources) {
      if (out.length >= MAX_CHECKS) break;
      add(source());
    }
  } catch {
    // Whatever was found before the failure is still good advice.
  }
  return out;
}
