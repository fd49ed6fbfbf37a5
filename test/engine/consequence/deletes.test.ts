// Deletes inside the project judged by what the targets hold, against real repositories (docs/policy.md "What
// would be lost"): uncommitted work asks, committed files pass (many at once warn), generated outputs pass.

import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BULK_TRACKED, DELETE_BULK_ID, DELETE_WORK_ID } from '../../../lib/engine/consequence/deletes.js';
import { routeToolExecution } from '../../../lib/engine/route-tool.js';
import { repoProbe } from '../../../lib/hook/repo-probe.js';
import { cleanRepo, fakeGit, git, write } from '../../helpers/git-repo.js';
import { engineDeps } from '../../helpers/registry.js';

async function judge(dir: string, command: string, env: NodeJS.ProcessEnv = process.env, withProbe = true) {
  const deps = await engineDeps({ projectDir: dir, ...(withProbe ? { repo: repoProbe({ env }) } : {}) });
  const d = await routeToolExecution('Bash', { command }, { sessionId: 's', cwd: dir, permissionMode: 'default' }, deps);
  return { action: d.decision.action, message: d.decision.message ?? '', ids: d.audit.localPatterns };
}

describe('deletes inside the project', () => {
  it('untracked, modified and ignored work asks, naming counts and the first few', async () => {
    const dir = cleanRepo();
    write(dir, 'src/new.ts');
    write(dir, 'src/a.ts', 'edited\n');
    write(dir, 'notes/plan.md');
    const r = await judge(dir, 'rm -rf src notes');
    expect(r.action).toBe('ask');
    expect(r.ids).toEqual([DELETE_WORK_ID]);
    expect(r.message).toContain('would lose work git cannot bring back: 3 paths: ');
    expect(r.message).toMatch(/src\/a\.ts \(modified\)/);
    expect(r.message).toMatch(/src\/new\.ts \(untracked\)/);
    expect(r.message).toMatch(/notes\/ \(ignored\)/);
    expect((await judge(dir, 'find src -type f -delete')).action).toBe('ask');
    expect((await judge(dir, 'find src -exec rm {} +')).action).toBe('ask');
    expect((await judge(dir, `python3 -c "import shutil; shutil.rmtree('src')"`)).action).toBe('ask');
    expect((await judge(dir, 'cd src && rm new.ts')).message).toContain('src/new.ts (untracked)');
  });

  it('committed files pass silently; a staged-only change is still in the index', async () => {
    const dir = cleanRepo();
    expect((await judge(dir, 'rm src/a.ts src/b.ts')).action).toBe('silent');
    expect((await judge(dir, 'rm -r src')).action).toBe('silent');
    // A find sweep of a tracked directory is never silent: it warns with the way back, whatever the count.
    for (const sweep of ['find src -type f -delete', 'find src -exec rm {} +']) {
      const r = await judge(dir, sweep);
      expect(r.action, sweep).toBe('warn');
      expect(r.message, sweep).toContain('removes 3 tracked files at once (src)');
    }
    expect((await judge(dir, "find src -name '*.orig' -delete")).action).toBe('silent');
    write(dir, 'src/a.ts', 'staged\n');
    git(dir, 'add', 'src/a.ts');
    expect((await judge(dir, 'rm src/a.ts')).action).toBe('silent');
  });

  it(`a recursive delete of ${BULK_TRACKED} or more committed files warns with the way back`, async () => {
    const dir = cleanRepo();
    for (let i = 0; i < BULK_TRACKED; i++) write(dir, `lib/m${i}.ts`);
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'lib');
    const r = await judge(dir, 'find lib -type f -delete');
    expect(r.action).toBe('warn');
    expect(r.ids).toEqual([DELETE_BULK_ID]);
    expect(r.message).toContain(`removes ${BULK_TRACKED} tracked files at once (lib)`);
  }, 20_000);

  it('counts tracked files (a second git call) only for a delete that can take a directory', async () => {
    const dir = cleanRepo();
    const calls: string[] = [];
    const probe = repoProbe({ env: process.env });
    const counting = (cwd: string, args: readonly string[]) => (calls.push(args[0] as string), probe(cwd, args));
    const deps = await engineDeps({ projectDir: dir, repo: counting });
    const ctx = { sessionId: 's', cwd: dir, permissionMode: 'default' };
    await routeToolExecution('Bash', { command: 'rm src/a.ts' }, ctx, deps);
    expect(calls).toEqual(['status']);
    await routeToolExecution('Bash', { command: 'rm -r src' }, ctx, deps);
    expect(calls).toEqual(['status', 'status', 'ls-files']);
  });

  it('generated outputs pass without a probe (a broken git is never asked)', async () => {
    const dir = cleanRepo();
    write(dir, 'dist/app.js');
    write(dir, 'app/__pycache__/m.cpython-312.pyc');
    const broken = { ...process.env, PATH: fakeGit('exit 128') };
    expect((await judge(dir, 'rm -rf dist node_modules coverage', broken)).action).toBe('silent');
    expect((await judge(dir, "find . -name '*.pyc' -delete", broken)).action).toBe('silent');
  });

  it('git rm: never untracked files; modified ones only with -f', async () => {
    const dir = cleanRepo();
    write(dir, 'src/a.ts', 'edited\n');
    write(dir, 'src/new.ts');
    expect((await judge(dir, 'git rm -r src')).action).toBe('silent');
    expect((await judge(dir, 'git rm -rf src')).message).toContain('1 path: src/a.ts (modified)');
  });

  it('no repository, no git: the target classes decide (v0.3: a project delete passes); a broken git asks', async () => {
    const plain = realpathSync(mkdtempSync(join(tmpdir(), 'hw-plain-')));
    write(plain, 'notes.txt');
    expect((await judge(plain, 'rm notes.txt', { ...process.env, GIT_CEILING_DIRECTORIES: tmpdir() })).action).toBe('silent');
    const dir = cleanRepo();
    expect((await judge(dir, 'rm src/a.ts', { ...process.env, PATH: mkdtempSync(join(tmpdir(), 'hw-nopath-')) })).action).toBe('silent');
    const r = await judge(dir, 'rm src/a.ts', { ...process.env, PATH: fakeGit('/bin/sleep 5') });
    expect(r.action).toBe('ask');
    expect(r.message).toContain('git did not answer within 500 ms');
  });

  it('without a probe the target classes decide, as in v0.3', async () => {
    const dir = cleanRepo();
    write(dir, 'src/new.ts');
    expect((await judge(dir, 'rm -rf src', process.env, false)).action).toBe('silent');
  });
});
