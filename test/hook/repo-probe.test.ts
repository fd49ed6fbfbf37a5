// The repository probe as the hook runs it: bounded, and a defined answer when git is missing, slow, broken or
// the directory is no repository. Through the engine, every failure of the probe asks (the loss cannot be known).

import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeToolExecution } from '../../lib/engine/route-tool.js';
import { PROBE_BUDGET_MS, repoProbe } from '../../lib/hook/repo-probe.js';
import { cleanRepo, fakeGit, write } from '../helpers/git-repo.js';
import { engineDeps } from '../helpers/registry.js';

const STATUS = ['status', '--porcelain=v1', '-z'];

function withPath(path: string, budgetMs?: number) {
  return repoProbe({ env: { ...process.env, PATH: path }, ...(budgetMs ? { budgetMs } : {}) });
}

async function judgeWith(probe: ReturnType<typeof repoProbe>, dir: string, command: string) {
  const deps = await engineDeps({ projectDir: dir, repo: probe });
  const d = await routeToolExecution('Bash', { command }, { sessionId: 's', cwd: dir, permissionMode: 'default' }, deps);
  return { action: d.decision.action, message: d.decision.message ?? '' };
}

describe('repoProbe', () => {
  it('answers git status in a real repository', () => {
    const dir = cleanRepo();
    write(dir, 'src/a.ts', 'edited\n');
    expect(repoProbe({ env: process.env })(dir, STATUS)).toEqual({ ok: true, stdout: ' M src/a.ts\0' });
  });

  it('says not-a-repo for a directory outside any repository, no-cwd for one that does not exist', () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'hw-norepo-')));
    const probe = repoProbe({ env: { ...process.env, GIT_CEILING_DIRECTORIES: tmpdir() } });
    expect(probe(dir, STATUS)).toMatchObject({ ok: false, reason: 'not-a-repo' });
    expect(probe(join(dir, 'nope'), STATUS)).toMatchObject({ ok: false, reason: 'no-cwd' });
  });

  it('git missing from PATH: missing, at once', () => {
    const empty = mkdtempSync(join(tmpdir(), 'hw-nopath-'));
    const dir = cleanRepo();
    const t = performance.now();
    expect(withPath(empty)(dir, STATUS)).toMatchObject({ ok: false, reason: 'missing' });
    expect(performance.now() - t).toBeLessThan(PROBE_BUDGET_MS);
  });

  it('a git slower than the budget is killed at the bound: timeout, and later calls of the same hook call get no time', () => {
    const slow = fakeGit('/bin/sleep 5');
    const probe = withPath(slow);
    const dir = cleanRepo();
    const t = performance.now();
    expect(probe(dir, STATUS)).toMatchObject({ ok: false, reason: 'timeout' });
    const took = performance.now() - t;
    expect(took).toBeGreaterThanOrEqual(PROBE_BUDGET_MS - 5);
    expect(took).toBeLessThan(PROBE_BUDGET_MS + 1000); // killed at the bound; the rest is a loaded VM
    const t2 = performance.now();
    expect(probe(dir, STATUS)).toMatchObject({ ok: false, reason: 'timeout' });
    expect(performance.now() - t2).toBeLessThan(50);
  });

  it('a git that exits 128 or prints more than the size bound fails', () => {
    const dir = cleanRepo();
    expect(withPath(fakeGit('echo "fatal: index file corrupt" >&2; exit 128'))(dir, STATUS)).toMatchObject({
      ok: false,
      reason: 'failed',
      detail: 'git exited with 128: fatal: index file corrupt',
    });
    const big = repoProbe({ env: { ...process.env, PATH: fakeGit('/usr/bin/head -c 300000 /dev/zero') }, maxBytes: 1000 });
    expect(big(dir, STATUS)).toMatchObject({ ok: false, reason: 'too-big' });
  });
});

describe('a work-loser when the probe cannot tell: ask, within the bound', () => {
  const cases: Array<[string, () => ReturnType<typeof repoProbe>, RegExp]> = [
    ['git missing', () => withPath(mkdtempSync(join(tmpdir(), 'hw-nopath-'))), /git is not installed/],
    ['git slow', () => withPath(fakeGit('/bin/sleep 5'), 200), /git did not answer within 200 ms/],
    ['git broken (exit 128)', () => withPath(fakeGit('echo "fatal: bad object HEAD" >&2; exit 128')), /git exited with 128: fatal: bad object HEAD/],
    ['git printing garbage', () => withPath(fakeGit('echo "hello from a broken git"')), /git answered in a form hookwarden does not read/],
  ];
  it.each(cases)('%s', async (_name, make, why) => {
    const dir = cleanRepo();
    const t = performance.now();
    for (const command of ['git reset --hard', 'git clean -fd', 'git stash drop', 'git branch -D spike', 'git checkout -- src/a.ts']) {
      const r = await judgeWith(make(), dir, command);
      expect(r.action, command).toBe('ask');
      expect(r.message, command).toMatch(why);
    }
    expect(performance.now() - t).toBeLessThan(5 * PROBE_BUDGET_MS + 1000);
  });
});
