// Judged by what would be lost: git work-losers against real repositories in temp dirs, through the engine with
// the hook's own probe (docs/consequences.md).

import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeWorkLosers } from '../../../lib/engine/consequence/index.js';
import { routeToolExecution } from '../../../lib/engine/route-tool.js';
import { analyzeShell } from '../../../lib/analyzers/shell/index.js';
import { repoProbe } from '../../../lib/hook/repo-probe.js';
import { cleanRepo, git, write } from '../../helpers/git-repo.js';
import { engineDeps } from '../../helpers/registry.js';

async function judge(dir: string, command: string, withProbe = true) {
  const deps = await engineDeps({ projectDir: dir, ...(withProbe ? { repo: repoProbe({ env: process.env }) } : {}) });
  const d = await routeToolExecution('Bash', { command }, { sessionId: 's', cwd: dir, permissionMode: 'default' }, deps);
  return { action: d.decision.action, message: d.decision.message ?? '', ids: d.audit.localPatterns };
}

describe('git reset --hard', () => {
  it('asks on a dirty tree, naming how many files and the first few', async () => {
    const dir = cleanRepo();
    for (const f of ['src/a.ts', 'src/b.ts', 'src/c.ts', 'README.md']) write(dir, f, 'edited\n');
    const r = await judge(dir, 'git reset --hard');
    expect(r.action).toBe('ask');
    expect(r.ids).toEqual(['bash-git/reset-hard']);
    expect(r.message).toContain('would discard uncommitted changes to 4 files: README.md, src/a.ts, src/b.ts and 1 more');
  });

  it('counts staged changes too, and not untracked or ignored files (reset keeps them)', async () => {
    const dir = cleanRepo();
    write(dir, 'src/a.ts', 'staged\n');
    git(dir, 'add', 'src/a.ts');
    write(dir, 'new.ts');
    write(dir, 'debug.log');
    const r = await judge(dir, 'git reset --hard HEAD~0');
    expect(r.message).toContain('changes to 1 file: src/a.ts');
  });

  it('passes silently on a clean tree, even with untracked and ignored files', async () => {
    const dir = cleanRepo();
    write(dir, 'scratch.txt');
    write(dir, 'dist/app.js');
    expect((await judge(dir, 'git reset --hard origin/main')).action).toBe('silent');
  });

  it('follows cd and git -C into a sub-repository', async () => {
    const outer = realpathSync(mkdtempSync(join(tmpdir(), 'hw-outer-')));
    const dir = cleanRepo();
    write(dir, 'src/b.ts', 'edited\n');
    expect((await judge(outer, `git -C ${dir} reset --hard`)).message).toContain('src/b.ts');
    expect((await judge(outer, `cd ${dir}/src && git reset --hard`)).message).toContain('src/b.ts');
  });

  it('outside any repository passes: git refuses the command itself', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'hw-norepo-')));
    expect((await judge(dir, 'git reset --hard')).action).toBe('silent');
  });

  it('asks when the directory is only known at run time or does not exist yet', async () => {
    const dir = cleanRepo();
    expect((await judge(dir, 'cd "$X" && git reset --hard')).action).toBe('ask');
    const r = await judge(dir, 'git -C not-cloned-yet reset --hard');
    expect(r.action).toBe('ask');
    expect(r.message).toContain('could not see what it would lose');
  });

  it('a git stash earlier in the same command has kept the changes: silent; a stash list or drop has not', async () => {
    const dir = cleanRepo();
    write(dir, 'src/a.ts', 'edited\n');
    expect((await judge(dir, 'git stash && git reset --hard origin/main')).action).toBe('silent');
    expect((await judge(dir, 'git stash push -m wip; git checkout -- src/a.ts')).action).toBe('silent');
    expect((await judge(dir, 'git stash list && git reset --hard')).action).toBe('ask');
    expect((await judge(dir, 'git reset --hard && git stash')).action).toBe('ask');
  });

  it('without a probe (what-if runs, the labelled corpus) keeps the typed verdict: warn', async () => {
    const dir = cleanRepo();
    write(dir, 'src/a.ts', 'edited\n');
    expect((await judge(dir, 'git reset --hard', false)).action).toBe('warn');
  });
});

describe('checkout and restore of paths, switch --discard-changes', () => {
  it('asks only about the paths named, and only for unstaged edits without a source', async () => {
    const dir = cleanRepo();
    write(dir, 'src/a.ts', 'edited\n');
    write(dir, 'README.md', 'staged\n');
    git(dir, 'add', 'README.md');
    expect((await judge(dir, 'git checkout -- src/a.ts')).message).toContain('changes to 1 file: src/a.ts');
    expect((await judge(dir, 'git checkout -- src/b.ts')).action).toBe('silent');
    expect((await judge(dir, 'git restore README.md')).action).toBe('silent'); // staged only: the worktree equals the index
    expect((await judge(dir, 'git restore --source=HEAD --staged --worktree README.md')).message).toContain('README.md');
    expect((await judge(dir, 'git checkout HEAD -- README.md')).message).toContain('README.md');
    expect((await judge(dir, 'git checkout .')).message).toContain('src/a.ts');
    expect((await judge(dir, 'cd src && git restore .')).message).toContain('src/a.ts');
    expect((await judge(dir, 'git switch --discard-changes main')).message).toContain('2 files');
    expect((await judge(dir, 'git checkout -f main')).message).toContain('2 files');
  });
});

describe('git clean', () => {
  it('asks naming untracked work, ignores generated outputs, and reads -x', async () => {
    const dir = cleanRepo();
    write(dir, 'dist/app.js');
    write(dir, 'node_modules/x/index.js');
    write(dir, 'notes/todo.md');
    expect((await judge(dir, 'git clean -fd')).action).toBe('silent'); // node_modules is untracked but generated
    const x = await judge(dir, 'git clean -fdx');
    expect(x.action).toBe('ask');
    expect(x.message).toContain('git clean would delete 1 untracked path: notes/');
    write(dir, 'src/new.ts');
    expect((await judge(dir, 'git clean -f')).message).toContain('src/new.ts');
    expect((await judge(dir, 'git clean -f -e src/new.ts')).action).toBe('silent');
    expect((await judge(dir, 'git clean -n')).action).toBe('silent');
  });
});

describe('git stash drop / clear', () => {
  it('passes with no stash, asks naming the stash when there is one', async () => {
    const dir = cleanRepo();
    expect((await judge(dir, 'git stash drop')).action).toBe('silent');
    expect((await judge(dir, 'git stash clear')).action).toBe('silent');
    write(dir, 'src/a.ts', 'wip\n');
    git(dir, 'stash', 'push', '-q', '-m', 'half-done parser');
    const drop = await judge(dir, 'git stash drop');
    expect(drop.action).toBe('ask');
    expect(drop.message).toContain('stash@{0} (On main: half-done parser)');
    expect((await judge(dir, 'git stash drop stash@{3}')).action).toBe('silent');
    expect((await judge(dir, 'git stash clear')).message).toContain('1 stash: stash@{0}');
  });
});

describe('git branch -D', () => {
  it('asks for a branch with commits on no other branch; passes for a merged or pushed one', async () => {
    const dir = cleanRepo();
    git(dir, 'switch', '-q', '-c', 'spike');
    write(dir, 'src/spike.ts');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'try a new parser');
    git(dir, 'switch', '-q', 'main');
    git(dir, 'branch', 'merged');
    const r = await judge(dir, 'git branch -D spike');
    expect(r.action).toBe('ask');
    expect(r.message).toMatch(/branch spike with 1 commit on no other branch, upstream or tag \([0-9a-f]+ try a new parser\)/);
    expect((await judge(dir, 'git branch -D merged')).action).toBe('silent');
    expect((await judge(dir, 'git branch -D no-such-branch')).action).toBe('silent');
    git(dir, 'tag', 'keep-spike', 'spike');
    expect((await judge(dir, 'git branch -D spike')).action).toBe('silent');
  });
});

describe('a work-loser a pack or override already decided', () => {
  it('is left as it is: the probe judges only the shipped warn, never lowers a block or an ask', () => {
    const sctx = { cwd: '/home/dev/project', home: '/home/dev', projectDir: '/home/dev/project' };
    const analysis = analyzeShell('git reset --hard', sctx);
    const never = () => {
      throw new Error('the probe must not run');
    };
    for (const action of ['block', 'ask'] as const) {
      const m = { id: 'bash-git/reset-hard', kind: 'shell', severity: 'high' as const, action, message: 'm', hint: 'h', matched: 'git reset --hard' };
      expect(judgeWorkLosers([m], analysis, [], sctx, never)).toEqual([m]);
    }
  });
});
