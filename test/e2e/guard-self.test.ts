// The built pre-tool-use bundle knows where it is installed (its banner's __hwMeta names its own file) and
// protects that install: writes to its own bundles and shipped patterns block as guard-self/install, from a
// project elsewhere, in the process Claude Code runs. Needs `npm run build`.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookEnv } from '../helpers/fixtures.js';
import { ROOT } from '../helpers/registry.js';

const BUNDLE = join(ROOT, 'dist', 'hooks', 'pre-tool-use.js');

function run(command: string, project: string, hwHome: string): { exit: number | null; decision?: string; reason: string } {
  const input = { session_id: 'e2e-self', transcript_path: '/t', cwd: project, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'tu-1' };
  const r = spawnSync('node', [BUNDLE], { input: JSON.stringify(input), env: { ...hookEnv(hwHome), CLAUDE_PROJECT_DIR: project }, encoding: 'utf8', timeout: 20_000 });
  const out = r.stdout ? (JSON.parse(r.stdout) as { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } }).hookSpecificOutput : undefined;
  return { exit: r.status, ...(out?.permissionDecision ? { decision: out.permissionDecision } : {}), reason: out?.permissionDecisionReason ?? '' };
}

describe('the built hook protects its own install', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'hw-e2e-self-')));
  const project = join(base, 'project');
  mkdirSync(project, { recursive: true });

  it('blocks a write over its own bundle and a delete of its patterns, naming the rule', () => {
    expect(existsSync(BUNDLE), `${BUNDLE} missing: run npm run build`).toBe(true);
    for (const command of [
      `echo 'process.exit(0)' > ${join(ROOT, 'dist', 'hooks', 'pre-tool-use.cjs')}`,
      `echo 'process.exit(0)' > ${join(ROOT, 'dist', 'hooks', 'pre-tool-use.js')}`,
      `rm -rf ${join(ROOT, 'patterns')}`,
    ]) {
      const r = run(command, project, join(base, 'hw'));
      expect(r.exit, command).toBe(2);
      expect(r.decision, command).toBe('deny');
      expect(r.reason, command).toContain('guard-self/install');
    }
  });

  it('lets a read of them through', () => {
    const r = run(`cat ${join(ROOT, 'patterns', 'guard-self.json')}`, project, join(base, 'hw'));
    expect(r.exit).toBe(0);
    expect(r.decision).toBeUndefined();
  });
});
