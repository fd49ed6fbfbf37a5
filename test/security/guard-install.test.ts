// The hook runner knows which hookwarden it is (lib/hook/locations.ts: the package or checkout its code runs
// from) and hands that install root to the path analyzer, so guard-self/install blocks writes to the running
// guard's own bundles and shipped patterns wherever it is installed, through the same runHook the hooks run.

import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installRootDir, locate } from '../../lib/hook/locations.js';
import { runHook } from '../../lib/hook/run-hook.js';
import { ALL_ROUTERS } from '../../lib/hook/routers.js';
import { FIXED_NOW, ROOT } from '../helpers/registry.js';

function judge(env: NodeJS.ProcessEnv, project: string) {
  return async (command: string) => {
    const call = { session_id: 'install', transcript_path: '/t', cwd: project, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'tu-1' };
    const rt = { env, now: () => FIXED_NOW, newId: () => 'id-1', embedded: null, engineVersion: 'test', routers: ALL_ROUTERS, audit: false as const, memo: new Map() };
    const r = await runHook('pre-tool-use', JSON.stringify(call), rt);
    return { action: r.decision?.decision.action, ids: r.decision?.local.matches.map((m) => m.id) ?? [] };
  };
}

describe('the running install is protected', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'hw-install-')));
  const home = join(base, 'home');
  const project = join(home, 'project');
  mkdirSync(project, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, HOOKWARDEN_HOME: join(home, '.hookwarden'), CLAUDE_PROJECT_DIR: project };
  delete env.HOOKWARDEN_PATTERNS_DIR;

  it('locates the install root where the shipped patterns are, whatever HOOKWARDEN_PATTERNS_DIR names', () => {
    expect(installRootDir()).toBe(ROOT);
    expect(locate(project, { ...env, HOOKWARDEN_PATTERNS_DIR: join(base, 'other') }).installRoot).toBe(ROOT);
  });

  it('blocks a write or delete of its bundles and patterns from another project, lets reads through', async () => {
    const run = judge(env, project);
    for (const command of [`echo x > ${ROOT}/dist/hooks/pre-tool-use.js`, `rm -rf ${ROOT}/patterns`, `chmod 000 ${ROOT}/dist/cli.js`]) {
      const v = await run(command);
      expect(v.action, command).toBe('block');
      expect(v.ids, command).toContain('guard-self/install');
    }
    expect((await run(`cat ${ROOT}/patterns/bash-git.json`)).ids).not.toContain('guard-self/install');
  });

  it('does not protect the checkout from the engineer working in it', async () => {
    const v = await judge({ ...env, CLAUDE_PROJECT_DIR: ROOT }, ROOT)('rm -rf dist');
    expect(v.ids).not.toContain('guard-self/install');
  });
});
