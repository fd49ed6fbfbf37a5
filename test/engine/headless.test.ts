// askFallback: an ask in `claude -p` (nobody can answer it) becomes a deny that says so, no opinion, or stays an
// ask. The entry point comes from the hook's environment (CLAUDE_CODE_ENTRYPOINT), and the audit keeps it so that
// a replay judges the call the same way.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHook } from '../../lib/hook/run-hook.js';
import { type RuntimeDeps } from '../../lib/hook/runtime.js';
import { ALL_ROUTERS } from '../../lib/hook/routers.js';
import { readLines } from '../../lib/replay/read.js';
import { replayLines } from '../../lib/replay/run.js';
import { hookEnv } from '../helpers/fixtures.js';
import { FIXED_NOW } from '../helpers/registry.js';

function setup(config?: Record<string, unknown>, entrypoint?: string) {
  const root = mkdtempSync(join(tmpdir(), 'hw-headless-'));
  const project = join(root, 'project');
  mkdirSync(join(project, '.hookwarden'), { recursive: true });
  const home = join(root, 'hw');
  // The user's own config: a project's file may not loosen askFallback (docs/configuration.md).
  mkdirSync(home, { mode: 0o700 });
  if (config) writeFileSync(join(home, 'config.json'), JSON.stringify(config));
  let n = 0;
  const env: NodeJS.ProcessEnv = { ...hookEnv(home), CLAUDE_PROJECT_DIR: project, ...(entrypoint ? { CLAUDE_CODE_ENTRYPOINT: entrypoint } : {}) };
  const rt: RuntimeDeps = { env, now: () => FIXED_NOW, newId: () => `id-${++n}`, embedded: null, engineVersion: 'test', routers: ALL_ROUTERS };
  const input = JSON.stringify({ session_id: 's1', transcript_path: '/t', cwd: project, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf ~/old-notes' }, tool_use_id: 'tu1' });
  return { rt, input, home };
}

const out = (stdout: string) => (stdout ? (JSON.parse(stdout) as { hookSpecificOutput: Record<string, string> }).hookSpecificOutput : null);

describe('askFallback in headless sessions', () => {
  it('interactive and SDK sessions keep the ask (a permission host answers it)', async () => {
    for (const ep of [undefined, 'cli', 'sdk-ts']) {
      const { rt, input } = setup(undefined, ep);
      expect(out((await runHook('pre-tool-use', input, rt)).stdout)?.permissionDecision, String(ep)).toBe('ask');
    }
  });

  it('claude -p: denied by default, the reason saying nobody could be asked and what to do instead', async () => {
    const { rt, input, home } = setup(undefined, 'sdk-cli');
    const r = await runHook('pre-tool-use', input, rt);
    const o = out(r.stdout)!;
    expect(o.permissionDecision).toBe('deny');
    expect(o.permissionDecisionReason).toContain('bash-filesystem/rm-outside-project');
    expect(o.permissionDecisionReason).toMatch(/Nobody can answer an approval prompt here \(a headless run, or an agent that cannot ask\)/);
    expect(o.permissionDecisionReason).toContain('askFallback');
    const audit = readdirSync(join(home, 'audit')).flatMap((f) => readFileSync(join(home, 'audit', f), 'utf8').trim().split('\n')).map((l) => JSON.parse(l));
    expect(audit[0]).toMatchObject({ verdict: 'block', headless: true });
    expect(audit[0].rules).toContain('HEADLESS_ASK_DENIED');
    // Nothing pending: the ask was never made, so a later run of the tool is no approval.
    expect(existsSync(join(home, 'state', 'sessions'))).toBe(false);
    // The audit line replays to the same verdict (the entry point is not in stdin).
    const files = readdirSync(join(home, 'audit')).map((f) => join(home, 'audit', f));
    const report = await replayLines(files.flatMap(readLines), files, { env: hookEnv(home) });
    expect(report.changes).toEqual([]);
    expect(report.summary).toMatchObject({ replayed: 1, unchanged: 1, other_rules: 0 });
  });

  it('askFallback allow: no opinion (Claude Code\'s own rules decide); ask: passed on', async () => {
    const allow = setup({ askFallback: 'allow' }, 'sdk-cli');
    const a = await runHook('pre-tool-use', allow.input, allow.rt);
    expect(a.stdout).toBe('');
    expect(a.decision?.audit.decisionRules).toContain('HEADLESS_ASK_ALLOWED');
    const ask = setup({ askFallback: 'ask' }, 'sdk-cli');
    expect(out((await runHook('pre-tool-use', ask.input, ask.rt)).stdout)?.permissionDecision).toBe('ask');
  });

  it('never touches a block or a silent call', async () => {
    const { rt } = setup(undefined, 'sdk-cli');
    const mk = (command: string) => JSON.stringify({ session_id: 's2', transcript_path: '/t', cwd: '/tmp', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'x' });
    expect(out((await runHook('pre-tool-use', mk('rm -rf ~'), rt)).stdout)?.permissionDecision).toBe('deny');
    const silent = await runHook('pre-tool-use', mk('git status'), rt);
    expect(silent.stdout).toBe('');
    expect(silent.decision?.audit.decisionRules).not.toContain('HEADLESS_ASK_ALLOWED');
  });
});
