// The router through the built bundles and CLI, in a real project folder (a copy of test/fixtures/routing/web-shop):
// what Claude Code receives, what the audit keeps, the caches, a re-route after a failed subagent, an edited agent
// file seen on the next prompt, `explain` and `replay` of a router change.

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { allEvents } from '../helpers/audit-calls.js';
import { hookEnv } from '../helpers/fixtures.js';
import { ROOT } from '../helpers/registry.js';

const PERF = 'the product listing page scores 38 on lighthouse mobile and the LCP is awful, what is dragging it down?';

function setup() {
  const root = mkdtempSync(join(tmpdir(), 'hw-routing-e2e-'));
  const project = join(root, 'web-shop');
  cpSync(join(ROOT, 'test', 'fixtures', 'routing', 'web-shop'), project, { recursive: true });
  const home = join(root, 'hw');
  return { root, project, home, env: { ...hookEnv(home), CLAUDE_PROJECT_DIR: project, HOME: root } };
}
type Setup = ReturnType<typeof setup>;

function hook(s: Setup, name: string, input: Record<string, unknown>) {
  const stdin = JSON.stringify({ session_id: 'route-1', transcript_path: '', cwd: s.project, permission_mode: 'default', ...input });
  const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'hooks', `${name}.js`)], { input: stdin, env: s.env, encoding: 'utf8', timeout: 20_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, json: r.stdout ? (JSON.parse(r.stdout) as { hookSpecificOutput?: { additionalContext?: string } }) : null };
}
const prompt = (s: Setup, text: string) => hook(s, 'user-prompt', { hook_event_name: 'UserPromptSubmit', prompt: text });
const cli = (s: Setup, args: string[]) => spawnSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), ...args], { cwd: s.project, env: s.env, encoding: 'utf8', timeout: 30_000 });

describe('the router end to end', () => {
  let s: Setup;
  beforeAll(() => {
    s = setup();
  });

  it('suggests the fitting agent in one line Claude Code passes to the model, and audits the decision', () => {
    const r = prompt(s, PERF);
    expect(r.code).toBe(0);
    expect(r.json!.hookSpecificOutput!.additionalContext).toMatch(/^hookwarden routing: the project's `perf-profiler` agent \(Task tool, subagent_type "perf-profiler"\) fits this request \(hint "lighthouse"\)\. /);
    const line = allEvents(s.home).at(-1)!;
    expect(line.routing).toMatchObject({ outcome: 'selected', selected: ['agent:perf-profiler'], snapshot: expect.stringMatching(/^rs-[0-9a-f]{12}$/) });
    expect(line.routing!.top![0]!.id).toBe('agent:perf-profiler');
  });

  it('stays silent on a prompt nothing fits, and records the no-match', () => {
    const r = prompt(s, 'thanks, that worked');
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(allEvents(s.home).at(-1)!.routing).toMatchObject({ outcome: 'no-match', selected: [] });
  });

  it('keeps the index in one cache file per project, read again while nothing changed', () => {
    const cache = join(s.home, 'cache');
    const files = readdirSync(cache).filter((n) => n.startsWith('router-'));
    expect(files).toHaveLength(1);
    const before = statSync(join(cache, files[0]!)).mtimeMs;
    expect(prompt(s, PERF).json!.hookSpecificOutput!.additionalContext).toContain('perf-profiler');
    expect(statSync(join(cache, files[0]!)).mtimeMs).toBe(before);
  });

  it('re-routes after the suggested subagent failed, and never suggests it again in the session', () => {
    const t = setup();
    const first = prompt(t, PERF);
    expect(first.stdout).toContain('perf-profiler');
    const failed = hook(t, 'post-tool-use', {
      hook_event_name: 'PostToolUse',
      tool_name: 'Task',
      tool_input: { subagent_type: 'perf-profiler', description: 'profile', prompt: 'profile the listing page' },
      tool_response: { is_error: true, content: 'the agent stopped: lighthouse is not installed' },
      tool_use_id: 'toolu_perf',
    });
    expect(failed.code).toBe(0);
    const events = allEvents(t.home);
    const reroute = events.at(-1)!.routing!;
    expect(reroute).toMatchObject({ iteration: 2, of: events.find((e) => e.event === 'UserPromptSubmit')!.decision_id, failed: 'agent:perf-profiler' });
    if (reroute.selected.length) expect(failed.json!.hookSpecificOutput!.additionalContext).toMatch(/^hookwarden routing: `perf-profiler` failed; /);
    else expect(failed.stdout).toBe('');
    const again = prompt(t, PERF);
    expect(again.stdout).not.toContain('"perf-profiler"');
    expect(allEvents(t.home).at(-1)!.routing!.vetoed).toContainEqual({ id: 'agent:perf-profiler', reason: 'failed earlier in this session' });
  });

  it('sees an edited agent file on the next prompt', () => {
    const t = setup();
    expect(prompt(t, PERF).stdout).toContain('perf-profiler');
    const file = join(t.project, '.claude', 'agents', 'perf-profiler.md');
    writeFileSync(file, '---\nname: perf-profiler\ndescription: Renames database columns.\ntools: Read\n---\nRename columns.\n');
    expect(prompt(t, PERF).stdout).not.toContain('perf-profiler');
  });

  it('explain prints every candidate with its features, the threshold and the choice', () => {
    const r = cli(s, ['explain', '--prompt', PERF]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^routing: {6}selected → agent:perf-profiler — agent:perf-profiler 0\.\d+ ≥ τ 0\.6/m);
    expect(r.stdout).toMatch(/^ {2}snapshot rs-[0-9a-f]{12}; τ 0\.6, margin 0\.02; text = raw\/\(raw\+2\) of BM25F/m);
    expect(r.stdout).toMatch(/^ {2}\* agent:perf-profiler +0\.\d{4} {2}text 0\.\d+; hint "/m);
    expect(r.stdout).toMatch(/^ {2}x skill:hotfix-release +vetoed: user-only/m);
  });

  it('replay lists the prompts a router change would route differently, and exits 1', () => {
    const t = setup();
    prompt(t, PERF);
    prompt(t, 'thanks, that worked');
    expect(cli(t, ['replay']).status).toBe(0);
    writeFileSync(join(t.home, 'config.json'), JSON.stringify({ router: { deny: ['agent:perf-profiler'] } }));
    const r = cli(t, ['replay']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('1 prompt would be routed differently:');
    expect(r.stdout).toMatch(/routing {3}agent:perf-profiler → /);
    expect(r.stdout).toMatch(/1 routed differently/);
  });

  it('patterns check and doctor name an intent override whose candidate the project lacks', () => {
    const t = setup();
    mkdirSync(t.home, { mode: 0o700 });
    writeFileSync(join(t.home, 'patterns.json'), JSON.stringify({ routes: [{ intent: 'intents/security', agent: 'security-reviewer' }, { intent: 'intents/security', agent: 'pentester' }] }));
    const check = cli(t, ['patterns', 'check']);
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(/route intents\/security → agent:pentester: no such agent in this project's session/);
    expect(check.stdout).not.toMatch(/agent:security-reviewer: no such/);
    const doctor = cli(t, ['doctor', '--no-timing']);
    expect(doctor.stdout).toMatch(/^warn +router catalogue +.*agent:pentester/m);
    expect(readFileSync(join(t.project, '.claude', 'agents', 'security-reviewer.md'), 'utf8')).toMatch(/^---\nname: security-reviewer/);
  });
});
