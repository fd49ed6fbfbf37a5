// What a git push forces, and when that is the default branch: main/master by name, or the branch the repository
// names for the remote (injected as ShellContext.defaultBranch; the engine reads no file itself).

import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../lib/analyzers/shell/analyze.js';
import { forcesDefaultBranch, readPush } from '../../../lib/analyzers/shell/git-push.js';
import type { ShellContext } from '../../../lib/analyzers/shell/types.js';
import { routeToolExecution } from '../../../lib/engine/route-tool.js';
import { CTX as CALL, engineDeps } from '../../helpers/registry.js';

const CTX: ShellContext = { cwd: '/home/dev/project', home: '/home/dev', projectDir: '/home/dev/project' };
const seg = (cmd: string) => analyzeShell(cmd, CTX).segments.at(-1)!;
const forces = (cmd: string, ctx: ShellContext = CTX) => forcesDefaultBranch(seg(cmd), ctx);

describe('readPush', () => {
  it('reads the remote, the forced destinations and the flags', () => {
    expect(readPush(seg('git push -fu origin main feature').argv)).toMatchObject({ remote: 'origin', force: true, forced: ['main', 'feature'] });
    expect(readPush(seg('git push origin +HEAD:refs/heads/main other').argv)).toMatchObject({ force: false, forced: ['main'], refspecs: ['+HEAD:refs/heads/main', 'other'] });
    expect(readPush(seg('git push --force-with-lease=main:abc origin main').argv)).toMatchObject({ lease: true, force: false, forced: [] });
    expect(readPush(seg('git -C ../app push -o ci.skip --force upstream dev').argv)).toMatchObject({ dir: '../app', remote: 'upstream', forced: ['dev'] });
    expect(readPush(seg('git push --mirror backup').argv)).toMatchObject({ everyBranch: true });
    expect(readPush(seg('git fetch -f origin main').argv)).toBeUndefined();
  });
});

describe('forcesDefaultBranch', () => {
  it.each(['git push -f origin main', 'git push origin +master', 'git push --force origin HEAD:refs/heads/main', 'git push --mirror origin', 'git push --all -f'])(
    '%s overwrites the default branch',
    (cmd) => expect(forces(cmd)).toBeDefined(),
  );
  it.each(['git push -f origin feature/x', 'git push -f', 'git push --force origin HEAD', 'git push origin main', 'git push --force-with-lease origin main', 'git push --all origin'])(
    '%s does not (or cannot be known before it runs)',
    (cmd) => expect(forces(cmd)).toBeUndefined(),
  );

  it("uses the repository's configured default for that remote, from the push's directory", () => {
    const asked: string[] = [];
    const ctx: ShellContext = {
      ...CTX,
      defaultBranch: (dir, remote) => (asked.push(`${dir} ${remote}`), dir === '/home/dev/app' && remote === 'upstream' ? 'trunk' : undefined),
    };
    expect(forces('git -C ../app push -f upstream trunk', ctx)).toBe('trunk is the default branch');
    expect(forces('cd ../app && git push -f upstream trunk', ctx)).toBe('trunk is the default branch');
    expect(forces('git push -f upstream trunk', ctx)).toBeUndefined();
    expect(forces('git -C ../app push -f upstream main', ctx)).toBe('main is the default branch');
    expect(asked).toContain('/home/dev/app upstream');
  });
});

describe('the force-push rules through the engine', () => {
  it('block to the default branch, ask elsewhere, and use the injected default when there is one', async () => {
    const judge = async (cmd: string, defaultBranch?: (dir: string, remote: string) => string | undefined) =>
      (await routeToolExecution('Bash', { command: cmd }, CALL, await engineDeps(defaultBranch ? { defaultBranch } : {}))).decision;
    expect((await judge('git push -f origin main')).action).toBe('block');
    expect((await judge('git push -f origin feature/x')).action).toBe('ask');
    expect((await judge('git push -f origin develop')).action).toBe('ask');
    const develop = await judge('git push -f origin develop', (_dir, remote) => (remote === 'origin' ? 'develop' : undefined));
    expect(develop.action).toBe('block');
    expect(develop.message).toMatch(/develop is the default branch/);
    expect((await judge('git push --force-with-lease origin develop', () => 'develop')).action).toBe('ask');
  });
});
