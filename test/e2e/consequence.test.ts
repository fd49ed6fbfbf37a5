// The built pre-tool-use hook judges a git work-loser by what it would destroy: its own process spawns the bounded
// probe in the agent's cwd. A dirty tree asks, naming the files; a clean one is silent (docs/policy.md).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanRepo, fakeGit, write } from '../helpers/git-repo.js';
import { hookEnv } from '../helpers/fixtures.js';
import { ROOT } from '../helpers/registry.js';

const hook = join(ROOT, 'dist', 'hooks', 'pre-tool-use.js');

function run(dir: string, command: string, path?: string) {
  const stdin = JSON.stringify({
    session_id: 'consequence-e2e',
    transcript_path: '/home/dev/.claude/projects/p/consequence-e2e.jsonl',
    cwd: dir,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command, description: 'throw away local edits' },
    tool_use_id: 'toolu_01HwConsequence',
  });
  const env = { ...hookEnv(mkdtempSync(join(tmpdir(), 'hw-e2e-conseq-'))), CLAUDE_PROJECT_DIR: dir, ...(path ? { PATH: path } : {}) };
  const r = spawnSync(process.execPath, [hook], { input: stdin, env, encoding: 'utf8', timeout: 20_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('pre-tool-use process: git reset --hard by what it would lose', () => {
  beforeAll(() => {
    if (!existsSync(hook)) throw new Error(`${hook} missing: run npm run build`);
  });

  it('a dirty tree asks, naming the files', () => {
    const dir = cleanRepo();
    write(dir, 'src/a.ts', 'edited\n');
    write(dir, 'src/b.ts', 'edited\n');
    const r = run(dir, 'git reset --hard');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    expect(out.permissionDecision).toBe('ask');
    expect(out.permissionDecisionReason).toContain('bash-git/reset-hard');
    expect(out.permissionDecisionReason).toContain('would discard uncommitted changes to 2 files: src/a.ts, src/b.ts');
  });

  it('a clean tree is silent: empty stdout, exit 0', () => {
    const r = run(cleanRepo(), 'git reset --hard');
    expect({ status: r.status, stdout: r.stdout }).toEqual({ status: 0, stdout: '' });
  });

  it('a delete fed from a list file in the project is judged by the list: uncommitted work asks', () => {
    const dir = cleanRepo();
    write(dir, 'src/new.ts');
    write(dir, 'dirs.txt', 'src\n');
    const out = JSON.parse(run(dir, 'cat dirs.txt | xargs rm -rf').stdout).hookSpecificOutput;
    expect(out.permissionDecision).toBe('ask');
    expect(out.permissionDecisionReason).toContain('src/new.ts (untracked)');
  });

  it('a git that hangs asks, and the hook still answers within the bound', () => {
    const dir = cleanRepo();
    const t = performance.now();
    const r = run(dir, 'git reset --hard', `${fakeGit('/bin/sleep 5')}:/usr/bin:/bin`);
    expect(performance.now() - t).toBeLessThan(3000);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('ask');
    expect(r.stdout).toContain('git did not answer within 500 ms');
  });
});
