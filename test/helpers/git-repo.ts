// Real git repositories in temp dirs for the consequence tests: a committed tree, then whatever state a test needs.

import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Dev',
  GIT_AUTHOR_EMAIL: 'dev@example.com',
  GIT_COMMITTER_NAME: 'Dev',
  GIT_COMMITTER_EMAIL: 'dev@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export function write(dir: string, rel: string, text = `${rel}\n`): void {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), text);
}

/** A repository on main with src/a.ts, src/b.ts, src/c.ts, README.md and a .gitignore (dist/, *.log, notes/) committed. */
export function cleanRepo(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'hw-repo-')));
  git(dir, 'init', '-q', '-b', 'main');
  for (const f of ['src/a.ts', 'src/b.ts', 'src/c.ts', 'README.md']) write(dir, f);
  write(dir, '.gitignore', 'dist/\n*.log\nnotes/\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'initial');
  return dir;
}

/** A folder holding a fake `git` (a shell script) for PATH: slow, failing, or printing garbage. */
export function fakeGit(script: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hw-fakegit-'));
  writeFileSync(join(dir, 'git'), `#!/bin/sh\n${script}\n`);
  chmodSync(join(dir, 'git'), 0o755);
  return dir;
}
