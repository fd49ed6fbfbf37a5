import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectChecks } from '../../lib/hook/project-checks.js';

const PLACEHOLDER = 'echo "Error: no test specified" && exit 1';

/** A temporary project directory holding `files` (name → content). */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hw-checks-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const pkg = (scripts: Record<string, string>) => JSON.stringify({ name: 'p', scripts });
const commands = (dir: string) => projectChecks(dir).map((c) => c.command);

describe('projectChecks: package.json', () => {
  it('prefers test, then check, typecheck, lint, build, at most 3, with their sources', () => {
    const dir = project({
      'package.json': pkg({ build: 'tsc', lint: 'eslint .', typecheck: 'tsc --noEmit', check: 'x', test: 'vitest', dev: 'vite' }),
    });
    expect(projectChecks(dir)).toEqual([
      { command: 'npm test', source: 'package.json scripts.test' },
      { command: 'npm run check', source: 'package.json scripts.check' },
      { command: 'npm run typecheck', source: 'package.json scripts.typecheck' },
    ]);
    expect(commands(project({ 'package.json': pkg({ build: 'tsc', lint: 'eslint .' }) }))).toEqual(['npm run lint', 'npm run build']);
  });

  it('accepts type-check when there is no typecheck', () => {
    expect(commands(project({ 'package.json': pkg({ 'type-check': 'tsc', lint: 'l' }) }))).toEqual(['npm run type-check', 'npm run lint']);
    expect(commands(project({ 'package.json': pkg({ 'type-check': 'a', typecheck: 'b' }) }))).toEqual(['npm run typecheck']);
  });

  it('ignores npm’s placeholder test script and empty scripts', () => {
    expect(commands(project({ 'package.json': pkg({ test: PLACEHOLDER, lint: 'eslint .' }) }))).toEqual(['npm run lint']);
    expect(commands(project({ 'package.json': pkg({ test: "echo 'Error: no test specified' && exit 1" }) }))).toEqual([]);
    expect(commands(project({ 'package.json': pkg({ test: '  ', check: '' }) }))).toEqual([]);
    // A real test script that merely mentions the phrase still counts.
    expect(commands(project({ 'package.json': pkg({ test: `${PLACEHOLDER}; vitest` }) }))).toEqual(['npm test']);
  });

  it('picks the package manager from the lockfile', () => {
    const scripts = pkg({ test: 't', typecheck: 'tc', lint: 'l' });
    expect(commands(project({ 'package.json': scripts, 'package-lock.json': '{}' }))).toEqual(['npm test', 'npm run typecheck', 'npm run lint']);
    expect(commands(project({ 'package.json': scripts, 'pnpm-lock.yaml': '' }))).toEqual(['pnpm test', 'pnpm run typecheck', 'pnpm run lint']);
    expect(commands(project({ 'package.json': scripts, 'yarn.lock': '' }))).toEqual(['yarn test', 'yarn typecheck', 'yarn lint']);
    expect(commands(project({ 'package.json': scripts, 'bun.lockb': '' }))).toEqual(['bun run test', 'bun run typecheck', 'bun run lint']);
    expect(commands(project({ 'package.json': scripts, 'bun.lock': '' }))).toEqual(['bun run test', 'bun run typecheck', 'bun run lint']);
    // Several lockfiles: pnpm, then yarn, then bun.
    expect(commands(project({ 'package.json': scripts, 'yarn.lock': '', 'pnpm-lock.yaml': '' }))[0]).toBe('pnpm test');
    expect(commands(project({ 'package.json': scripts, 'yarn.lock': '', 'bun.lock': '' }))[0]).toBe('yarn test');
  });

  it('skips a broken, huge, non-object or script-less package.json but still uses the other files', () => {
    const make = 'test:\n\tgo test ./...\n';
    expect(projectChecks(project({ 'package.json': '{"scripts": {"test": ', Makefile: make }))).toEqual([
      { command: 'make test', source: 'Makefile target test' },
    ]);
    const huge = JSON.stringify({ scripts: { test: 'vitest' }, pad: 'x'.repeat(300 * 1024) });
    expect(commands(project({ 'package.json': huge, 'go.mod': 'module m\n' }))).toEqual(['go test ./...']);
    expect(commands(project({ 'package.json': 'null', 'Cargo.toml': '' }))).toEqual(['cargo test']);
    expect(commands(project({ 'package.json': '{"scripts": ["test"]}' }))).toEqual([]);
    expect(commands(project({ 'package.json': '{"name": "x"}' }))).toEqual([]);
    expect(commands(project({ 'package.json': pkg({ test: 1 as unknown as string }) }))).toEqual([]);
    // Just under the cap is read.
    const big = JSON.stringify({ scripts: { test: 'vitest' }, pad: 'x'.repeat(250 * 1024) });
    expect(commands(project({ 'package.json': big }))).toEqual(['npm test']);
  });

  it('skips a package.json that is a directory', () => {
    const dir = project({ 'go.mod': '' });
    mkdirSync(join(dir, 'package.json'));
    expect(commands(dir)).toEqual(['go test ./...']);
  });
});

describe('projectChecks: Makefile', () => {
  it('finds test, check and lint targets in that order as make commands', () => {
    const text = [
      '.PHONY: test lint check',
      'CFLAGS := -O2',
      'lint:',
      '\tgolangci-lint run',
      'check: lint test ## everything',
      'test: build',
      '\t./run-tests',
      'build:',
    ].join('\n');
    expect(projectChecks(project({ Makefile: text }))).toEqual([
      { command: 'make test', source: 'Makefile target test' },
      { command: 'make check', source: 'Makefile target check' },
      { command: 'make lint', source: 'Makefile target lint' },
    ]);
  });

  it('reads makefile and GNUmakefile (make’s lookup order), CRLF, double-colon and multi-target rules', () => {
    expect(projectChecks(project({ makefile: 'lint:\r\n\techo\r\n' }))).toEqual([{ command: 'make lint', source: 'makefile target lint' }]);
    expect(projectChecks(project({ GNUmakefile: 'unit test:: deps\n' }))).toEqual([{ command: 'make test', source: 'GNUmakefile target test' }]);
  });

  it('ignores assignments, recipes, comments and other targets', () => {
    const text = ['test := 1', 'check ::= 2', 'lint=a:b', '# test:', '\ttest: not a rule', ' check: indented', 'tests:', 'testing: x'].join('\n');
    expect(commands(project({ Makefile: text }))).toEqual([]);
  });
});

describe('projectChecks: Python', () => {
  it('derives pytest, ruff and mypy from pyproject.toml', () => {
    const toml = '[tool.pytest.ini_options]\naddopts = "-q"\n[tool.ruff]\nline-length = 100\n[tool.mypy]\nstrict = true\n';
    expect(projectChecks(project({ 'pyproject.toml': toml }))).toEqual([
      { command: 'pytest', source: 'pyproject.toml pytest' },
      { command: 'ruff check .', source: 'pyproject.toml [tool.ruff]' },
      { command: 'mypy .', source: 'pyproject.toml [tool.mypy]' },
    ]);
    expect(commands(project({ 'pyproject.toml': '[project.optional-dependencies]\ndev = ["pytest>=8"]\n' }))).toEqual(['pytest']);
    expect(commands(project({ 'pyproject.toml': '[tool.ruff.lint]\nselect = ["E"]\n' }))).toEqual(['ruff check .']);
    expect(commands(project({ 'pyproject.toml': '[project]\nname = "x"\n' }))).toEqual([]);
  });

  it('runs them through uv or poetry when their lockfile is present', () => {
    const toml = '[tool.pytest.ini_options]\n[tool.ruff]\n';
    expect(commands(project({ 'pyproject.toml': toml, 'uv.lock': '' }))).toEqual(['uv run pytest', 'uv run ruff check .']);
    expect(commands(project({ 'pyproject.toml': toml, 'poetry.lock': '' }))).toEqual(['poetry run pytest', 'poetry run ruff check .']);
    expect(commands(project({ 'pyproject.toml': toml, 'poetry.lock': '', 'uv.lock': '' }))[0]).toBe('uv run pytest');
  });

  it('adds tox for a tox.ini, with or without pyproject.toml', () => {
    expect(projectChecks(project({ 'tox.ini': '[tox]\n' }))).toEqual([{ command: 'tox', source: 'tox.ini' }]);
    expect(commands(project({ 'tox.ini': '', 'pyproject.toml': 'deps = ["pytest"]' }))).toEqual(['pytest', 'tox']);
  });
});

describe('projectChecks: Cargo, Go, ordering and edge cases', () => {
  it('uses cargo test and go test ./...', () => {
    expect(projectChecks(project({ 'Cargo.toml': '[package]\n' }))).toEqual([{ command: 'cargo test', source: 'Cargo.toml' }]);
    expect(projectChecks(project({ 'go.mod': 'module x\n' }))).toEqual([{ command: 'go test ./...', source: 'go.mod' }]);
  });

  it('orders package.json, Makefile, Python, Cargo, Go and stops at 3', () => {
    const all = {
      'go.mod': '',
      'Cargo.toml': '',
      'pyproject.toml': 'pytest',
      Makefile: 'test:\n',
      'package.json': pkg({ lint: 'eslint' }),
    };
    expect(commands(project(all))).toEqual(['npm run lint', 'make test', 'pytest']);
    const { 'package.json': _p, Makefile: _m, ...rest } = all;
    expect(commands(project(rest))).toEqual(['pytest', 'cargo test', 'go test ./...']);
  });

  it('returns [] for an empty, missing or non-directory path, and never throws', () => {
    expect(projectChecks(project({}))).toEqual([]);
    expect(projectChecks(join(tmpdir(), 'hw-checks-does-not-exist', 'x'))).toEqual([]);
    const dir = project({ 'go.mod': '' });
    expect(projectChecks(join(dir, 'go.mod'))).toEqual([]);
    expect(projectChecks('')).toEqual([]);
    expect(projectChecks('bad\0path')).toEqual([]);
    expect(projectChecks(undefined as unknown as string)).toEqual([]);
  });
});
