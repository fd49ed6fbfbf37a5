// The default branch a repository names for a remote, read from refs/remotes/<remote>/HEAD without spawning git:
// from a subdirectory, through a worktree's gitdir file, and "unknown" for anything missing or odd.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultBranchReader } from '../../lib/hook/default-branch.js';
import { ALL_ROUTERS } from '../../lib/hook/routers.js';
import { runHook } from '../../lib/hook/run-hook.js';
import { hookEnv } from '../helpers/fixtures.js';
import { FIXED_NOW } from '../helpers/registry.js';

const root = mkdtempSync(join(tmpdir(), 'hw-default-branch-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function repo(name: string, heads: Record<string, string>): string {
  const dir = join(root, name);
  for (const [remote, text] of Object.entries(heads)) {
    mkdirSync(join(dir, '.git', 'refs', 'remotes', remote), { recursive: true });
    writeFileSync(join(dir, '.git', 'refs', 'remotes', remote, 'HEAD'), text);
  }
  mkdirSync(join(dir, 'src', 'deep'), { recursive: true });
  return dir;
}

describe('defaultBranchReader', () => {
  const app = repo('app', { origin: 'ref: refs/remotes/origin/trunk\n', upstream: 'ref: refs/remotes/upstream/release/v2\n', odd: 'not a ref\n' });

  it('reads the remote HEAD from the repository or any folder inside it', () => {
    const read = defaultBranchReader();
    expect(read(app, 'origin')).toBe('trunk');
    expect(read(join(app, 'src', 'deep'), 'origin')).toBe('trunk');
    expect(read(app, 'upstream')).toBe('release/v2');
  });

  it('follows a worktree to the common git directory', () => {
    const wt = join(root, 'wt');
    const gitDir = join(app, '.git', 'worktrees', 'wt');
    mkdirSync(gitDir, { recursive: true });
    writeFileSync(join(gitDir, 'commondir'), '../..\n');
    mkdirSync(wt, { recursive: true });
    writeFileSync(join(wt, '.git'), `gitdir: ${gitDir}\n`);
    expect(defaultBranchReader()(wt, 'origin')).toBe('trunk');
  });

  it('is unknown for a missing remote, an odd file, a remote name that is a path, a relative dir or no repository', () => {
    const read = defaultBranchReader();
    expect(read(app, 'missing')).toBeUndefined();
    expect(read(app, 'odd')).toBeUndefined();
    expect(read(app, '../../..')).toBeUndefined();
    expect(read(app, 'origin/../x')).toBeUndefined();
    expect(read('relative/dir', 'origin')).toBeUndefined();
    expect(read(root, 'origin')).toBeUndefined();
  });
});

describe('the hook runner hands the reader to the engine', () => {
  it("a force push to the repository's configured default branch blocks; the same push elsewhere asks", async () => {
    const project = repo('hooked', { origin: 'ref: refs/remotes/origin/trunk\n' });
    const home = mkdtempSync(join(tmpdir(), 'hw-run-'));
    let n = 0;
    const rt = { env: hookEnv(home), now: () => FIXED_NOW, newId: () => `id-${++n}`, embedded: null, engineVersion: 'test', routers: ALL_ROUTERS, home };
    const pre = (command: string, cwd: string) =>
      JSON.stringify({ session_id: 's', transcript_path: '/t', cwd, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'tu' });
    const decision = async (command: string, cwd: string) => JSON.parse((await runHook('pre-tool-use', pre(command, cwd), rt)).stdout || '{}').hookSpecificOutput?.permissionDecision;
    expect(await decision('git push -f origin trunk', project)).toBe('deny');
    expect(await decision('git push -f origin trunk', join(root, 'no-repo'))).toBe('ask');
    rmSync(home, { recursive: true, force: true });
  });
});
