// The managed layer through the built bundle (npm run build first), one process per call as Claude Code runs it:
// a managed deny that a project file tries to disable, and a managed policy the shipped packs were hidden from
// (HOOKWARDEN_PATTERNS_DIR naming an empty folder), which denies everything rather than run without it.

import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookEnv } from '../helpers/fixtures.js';
import { ROOT } from '../helpers/registry.js';

const BUNDLE = join(ROOT, 'dist', 'hooks', 'pre-tool-use.js');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'managed');

function machine() {
  const root = mkdtempSync(join(tmpdir(), 'hw-e2e-managed-'));
  const managed = join(root, 'etc');
  mkdirSync(managed, { mode: 0o755 });
  for (const f of ['config.json', 'patterns.json']) {
    copyFileSync(join(FIXTURES, f), join(managed, f));
    chmodSync(join(managed, f), 0o644);
  }
  const home = join(root, 'home');
  mkdirSync(home, { mode: 0o700 });
  const project = join(root, 'project');
  mkdirSync(join(project, '.hookwarden'), { recursive: true });
  const env = { ...hookEnv(home), HOOKWARDEN_MANAGED_DIR: managed, CLAUDE_PROJECT_DIR: project };
  const call = (command: string, extra: NodeJS.ProcessEnv = {}) => {
    const input = JSON.stringify({ session_id: 's', transcript_path: '/t', cwd: project, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'tu' });
    const r = spawnSync('node', [BUNDLE], { input, env: { ...env, ...extra }, encoding: 'utf8', timeout: 20_000 });
    const lines = readdirSync(join(home, 'audit')).flatMap((f) => readFileSync(join(home, 'audit', f), 'utf8').trim().split('\n'));
    return { ...r, decision: JSON.parse(r.stdout).hookSpecificOutput.permissionDecision as string, line: JSON.parse(lines.at(-1)!) as Record<string, unknown> };
  };
  return { root, managed, project, call };
}

describe.skipIf(process.getuid?.() !== 0)('the managed layer in the built bundle', () => {
  it('is there: npm run build ran', () => {
    expect(existsSync(BUNDLE), `${BUNDLE} missing: run npm run build`).toBe(true);
  });

  it('keeps a managed deny when the project disables it, and says so on stderr and in the audit line', () => {
    const m = machine();
    writeFileSync(join(m.project, '.hookwarden', 'patterns.json'), JSON.stringify({ disable: ['managed/no-terraform-destroy'] }));
    const r = m.call('terraform destroy -auto-approve');
    expect(r.decision).toBe('deny');
    const issue = `${join(m.project, '.hookwarden', 'patterns.json')} (pattern managed/no-terraform-destroy, field disable): ignored: set by the managed policy (${join(m.managed, 'patterns.json')})`;
    expect(r.stderr).toContain(`hookwarden: ${issue}\n`);
    expect(r.line).toMatchObject({ verdict: 'block', error: issue, policy_revision: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect((r.line.local as { matches: unknown[] }).matches).toContainEqual(expect.objectContaining({ id: 'managed/no-terraform-destroy', layer: 'managed' }));
  });

  it('denies everything while the shipped packs are hidden from the managed patterns', () => {
    const m = machine();
    const empty = join(m.root, 'no-patterns');
    mkdirSync(empty);
    const r = m.call('ls', { HOOKWARDEN_PATTERNS_DIR: empty });
    expect(r.decision).toBe('deny');
    expect(r.stderr).toContain(`hookwarden: ${join(m.managed, 'patterns.json')}: managed policy file not applied: no shipped patterns in ${empty}`);
  });
});
