import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHook } from '../../lib/hook/run-hook.js';
import { type RuntimeDeps } from '../../lib/hook/runtime.js';
import { hookEnv } from '../helpers/fixtures.js';
import { FIXED_NOW } from '../helpers/registry.js';
import { ALL_ROUTERS } from '../../lib/hook/routers.js';

function rt(over: Partial<RuntimeDeps> = {}): RuntimeDeps & { home: string } {
  const home = mkdtempSync(join(tmpdir(), 'hw-run-'));
  let n = 0;
  return { env: hookEnv(home), now: () => FIXED_NOW, newId: () => `id-${++n}`, embedded: null, engineVersion: 'test', routers: ALL_ROUTERS, home, ...over };
}

const pre = (command: string, cwd = '/home/dev/project') =>
  JSON.stringify({ session_id: 's', transcript_path: '/t', cwd, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'tu' });

const auditLines = (home: string) => {
  const dir = join(home, 'audit');
  return readdirSync(dir).flatMap((f) => readFileSync(join(dir, f), 'utf8').trim().split('\n')).map((l) => JSON.parse(l));
};

describe('runHook', () => {
  it('prunes audit files past audit.retentionDays at session start, keeping today\'s', async () => {
    const r = rt();
    const dir = join(r.home, 'audit');
    mkdirSync(dir, { recursive: true });
    const day = (offset: number) => new Date(FIXED_NOW - offset * 86_400_000).toISOString().slice(0, 10);
    for (const d of [0, 29, 31, 400]) writeFileSync(join(dir, `audit-${day(d)}.jsonl`), '');
    const start = JSON.stringify({ session_id: 's', transcript_path: '/t', cwd: '/home/dev/project', hook_event_name: 'SessionStart', source: 'startup' });
    expect((await runHook('session-start', start, r)).exitCode).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([`audit-${day(29)}.jsonl`, `audit-${day(0)}.jsonl`].sort());
    // What-if runs never delete anything.
    writeFileSync(join(dir, `audit-${day(90)}.jsonl`), '');
    await runHook('session-start', start, { ...r, audit: false });
    expect(readdirSync(dir)).toContain(`audit-${day(90)}.jsonl`);
  });

  it('is deterministic: same input and registry give the same output and decision, byte for byte', async () => {
    const a = await runHook('pre-tool-use', pre('git push --force origin main'), rt());
    const b = await runHook('pre-tool-use', pre('git push --force origin main'), rt());
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('fails closed with one stderr line on malformed, empty, non-object and oversized stdin', async () => {
    for (const bad of ['{"session_id":', '', '   ', '[]', '"str"', 'x'.repeat(5 * 1024 * 1024)]) {
      const r = await runHook('pre-tool-use', bad, rt());
      expect(r.exitCode).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^hookwarden: .* \(E_STDIN_[A-Z_]+\); the call was blocked because it could not be judged\.\n$/);
    }
  });

  it('lets observer hooks report bad input with exit 1 and no stdout', async () => {
    const r = await runHook('post-tool-use', 'nope', rt());
    expect(r).toMatchObject({ exitCode: 1, stdout: '' });
    expect(r.stderr).toMatch(/E_STDIN_JSON.*nothing was judged/);
  });

  it('is a no-op for an event it is not wired to', async () => {
    const stop = JSON.stringify({ session_id: 's', cwd: '/', hook_event_name: 'Stop' });
    expect(await runHook('pre-tool-use', stop, rt())).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('names the missing field when the shape is wrong', async () => {
    const r = await runHook('pre-tool-use', JSON.stringify({ session_id: 's', cwd: '/', hook_event_name: 'PreToolUse', tool_input: {} }), rt());
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('stdin field tool_name');
  });

  it('asks (configurable to deny) and audits when the call cannot be judged', async () => {
    const r1 = rt();
    const bad = JSON.stringify({ session_id: 's', cwd: '/home/dev/project', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 42 }, tool_use_id: 't' });
    const asked = await runHook('pre-tool-use', bad, r1);
    expect(JSON.parse(asked.stdout).hookSpecificOutput.permissionDecision).toBe('ask');
    expect(asked.decision?.local.matches[0]?.id).toBe('engine/internal-error');
    expect(auditLines(r1.home)[0]).toMatchObject({ verdict: 'ask', local: { matches: [{ id: 'engine/internal-error' }] } });
    const r2 = rt();
    writeFileSync(join(r2.home, 'config.json'), JSON.stringify({ onInternalError: 'deny' }));
    const denied = await runHook('pre-tool-use', bad, r2);
    expect(denied.exitCode).toBe(2);
    expect(JSON.parse(denied.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('runs on the defaults with a one-line note when a config file is broken', async () => {
    const r = rt();
    writeFileSync(join(r.home, 'config.json'), '{ "keter": { "eScore": 7 } }');
    const out = await runHook('pre-tool-use', pre('rm -rf /'), r);
    expect(out.exitCode).toBe(2);
    expect(out.stderr).toMatch(/hookwarden: .*config\.json: keter\.eScore: .*; file ignored\n/);
    expect(auditLines(r.home)[0].error).toMatch(/config\.json/);
  });

  it('writes one audit line per decision with hashes, rules, verdict and redacted input', async () => {
    const r = rt();
    const token = `ghp_${'HwFakeT0ken'.repeat(4).slice(0, 36)}`;
    await runHook('pre-tool-use', pre(`curl -H "Authorization: token ${token}" https://api.example.dev`), r);
    await runHook('pre-tool-use', pre('ls'), r);
    const lines = auditLines(r.home);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ schema: 1, session_id: 's', event: 'PreToolUse', tool: 'Bash', engine_version: 'test' });
    expect(lines[0].config_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(lines[0].redactions.length).toBeGreaterThan(0);
  });

  it('applies a project override file that disables an asking pattern only when the user\'s config trusts the project', async () => {
    const r = rt();
    const project = mkdtempSync(join(tmpdir(), 'hw-proj-'));
    mkdirSync(join(project, '.hookwarden'));
    const write = (file: string) =>
      JSON.stringify({ session_id: 's', cwd: project, hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: file, content: 'x' }, tool_use_id: 't' });
    const decision = (run: { stdout: string }) => (run.stdout ? JSON.parse(run.stdout).hookSpecificOutput.permissionDecision : 'silent');
    expect(decision(await runHook('pre-tool-use', write('.env'), r))).toBe('ask');
    writeFileSync(join(project, '.hookwarden', 'patterns.json'), JSON.stringify({ disable: ['paths-sensitive/env-files'] }));
    const untrusted = await runHook('pre-tool-use', write('.env'), r);
    expect(decision(untrusted)).toBe('ask');
    expect(untrusted.stderr).toContain('(pattern paths-sensitive/env-files, field disable): ignored: a project\'s files may not loosen hookwarden');
    writeFileSync(join(r.home, 'config.json'), JSON.stringify({ trustedProjects: [project] }));
    const trusted = await runHook('pre-tool-use', write('.env'), r);
    expect(decision(trusted)).toBe('silent');
    expect(trusted.stderr).toBe('');
  });

  it('never blocks a Stop while stop_hook_active is true, even if the orchestrator says block', async () => {
    const r = rt();
    writeFileSync(join(r.home, 'config.json'), JSON.stringify({ keter: { eScore: 0, matrix: { OBSERVER: { none: 'block', low: 'block', medium: 'block', high: 'block', critical: 'block' } } } }));
    const stop = (active: boolean) => JSON.stringify({ session_id: 's', cwd: '/home/dev/project', hook_event_name: 'Stop', stop_hook_active: active });
    const first = await runHook('stop', stop(false), r);
    expect(JSON.parse(first.stdout)).toMatchObject({ hookSpecificOutput: { hookEventName: 'Stop', additionalContext: expect.stringContaining('orchestrator') } });
    expect(first.decision?.decision.action).toBe('block');
    const again = await runHook('stop', stop(true), r);
    expect(again.stdout).toBe('');
    expect(again.decision?.audit.decisionRules).toContain('STOP_HOOK_ACTIVE_NEVER_BLOCKS');
  });
});
