// The built bundles as Claude Code runs them: one process per call, stdin in, stdout/stderr/exit out.
// `hookwarden eval` must agree with them byte for byte on every fixture.

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOOK_NODE_FLAGS, hookEntry } from '../../lib/cli/hook-command.js';
import { hookEnv, loadFixtures, type Fixture } from '../helpers/fixtures.js';
import { ROOT } from '../helpers/registry.js';

const fixtures = loadFixtures();
const bundle = (hook: string) => join(ROOT, 'dist', 'hooks', hookEntry(hook));

interface Run {
  exit_code: number;
  stdout: string;
  stderr: string;
}

function runHookProcess(f: Fixture, home: string): Run {
  const r = spawnSync('node', [bundle(f.hook)], { input: f.stdin, env: hookEnv(home), encoding: 'utf8', timeout: 20_000 });
  return { exit_code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('hook bundles end to end', () => {
  const home = mkdtempSync(join(tmpdir(), 'hw-e2e-'));
  const results = new Map<string, Run>();

  beforeAll(() => {
    for (const h of ['user-prompt', 'pre-tool-use', 'post-tool-use', 'stop', 'session-start']) {
      if (!existsSync(bundle(h))) throw new Error(`${bundle(h)} missing: run npm run build`);
    }
    for (const f of fixtures) results.set(f.name, runHookProcess(f, home));
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    const r = results.get(f.name)!;
    expect(r.exit_code).toBe(f.expect.exit);
    if (f.expect.stdout !== undefined) expect(r.stdout).toBe(f.expect.stdout);
    if (r.stdout) {
      // One compact JSON object, nothing else.
      expect(r.stdout.startsWith('{')).toBe(true);
      expect(r.stdout).not.toContain('\n');
      const out = JSON.parse(r.stdout);
      if (out.hookSpecificOutput) expect(out.hookSpecificOutput.hookEventName).toBeTruthy();
    }
    if (r.exit_code === 2) {
      expect(r.stderr.trim()).not.toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at .*:\d+:\d+/); // never a stack trace
    if (f.expect.context) expect(JSON.parse(r.stdout).hookSpecificOutput.additionalContext).toContain(f.expect.context);
  });

  it('piping rm -rf / into pre-tool-use prints a deny and exits 2', () => {
    const r = results.get('pre-bash-rm-rf-root')!;
    expect(r.exit_code).toBe(2);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it("0.5's commands still run: `<hook>.js` is the same loader as the `<hook>.cjs` install now writes, and answers alike", () => {
    for (const h of ['user-prompt', 'pre-tool-use', 'post-tool-use', 'stop', 'session-start']) {
      expect(readFileSync(join(ROOT, 'dist', 'hooks', `${h}.js`), 'utf8'), h).toBe(readFileSync(bundle(h), 'utf8'));
    }
    const f = fixtures.find((x) => x.name === 'pre-bash-rm-rf-root')!;
    const [cjs, js] = [bundle('pre-tool-use'), join(ROOT, 'dist', 'hooks', 'pre-tool-use.js')].map((file) => {
      const r = spawnSync('node', [...HOOK_NODE_FLAGS, file], { input: f.stdin, env: hookEnv(mkdtempSync(join(tmpdir(), 'hw-entry-'))), encoding: 'utf8' });
      return { status: r.status, stdout: r.stdout.replace(/"decision_id":"[^"]*"/, ''), stderr: r.stderr };
    });
    expect(cjs!.status).toBe(2);
    expect(js).toEqual(cjs);
  });

  it('the hooks folder copied alone (no patterns/ beside it) still judges with its embedded registry', () => {
    const lone = mkdtempSync(join(tmpdir(), 'hw-lone-'));
    for (const f of readdirSync(join(ROOT, 'dist', 'hooks'))) copyFileSync(join(ROOT, 'dist', 'hooks', f), join(lone, f));
    const f = fixtures.find((x) => x.name === 'pre-bash-rm-rf-root')!;
    const r = spawnSync('node', [join(lone, hookEntry('pre-tool-use'))], { input: f.stdin, env: hookEnv(mkdtempSync(join(tmpdir(), 'hw-lone-home-'))), encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('a guard hook whose code or registry file is missing blocks with one line, no stack trace; a missing chunk fails by policy', () => {
    const half = mkdtempSync(join(tmpdir(), 'hw-half-'));
    copyFileSync(bundle('pre-tool-use'), join(half, 'pre-tool-use.js'));
    const rm = fixtures.find((x) => x.name === 'pre-bash-rm-rf-root')!;
    const env = hookEnv(mkdtempSync(join(tmpdir(), 'hw-half-home-')));
    const r = spawnSync('node', [join(half, 'pre-tool-use.js')], { input: rm.stdin, env, encoding: 'utf8' });
    expect({ status: r.status, stdout: r.stdout }).toEqual({ status: 2, stdout: '' });
    expect(r.stderr).toMatch(/^hookwarden: cannot read .*pre-tool-use\.code\.js \(ENOENT\); reinstall hookwarden\n$/);
    // The code is there but not its registry: judging with no patterns would let everything through, so it blocks.
    copyFileSync(join(ROOT, 'dist', 'hooks', 'pre-tool-use.code.js'), join(half, 'pre-tool-use.code.js'));
    const git = fixtures.find((x) => x.name === 'pre-bash-git-status')!;
    for (const broken of [null, '{"not a registry']) {
      if (broken !== null) writeFileSync(join(half, 'pre-tool-use.registry.json'), broken);
      const g = spawnSync('node', [join(half, 'pre-tool-use.js')], { input: git.stdin, env, encoding: 'utf8' });
      expect({ status: g.status, stdout: g.stdout }).toEqual({ status: 2, stdout: '' });
      expect(g.stderr).toMatch(/^hookwarden: internal error: .*pre-tool-use\.registry\.json .*reinstall hookwarden\n$/);
    }
    copyFileSync(join(ROOT, 'dist', 'hooks', 'pre-tool-use.registry.json'), join(half, 'pre-tool-use.registry.json'));
    // The shell analyser's chunk is missing: no command can be judged, so a harmless one is asked about.
    const s = JSON.parse(spawnSync('node', [join(half, 'pre-tool-use.js')], { input: git.stdin, env, encoding: 'utf8' }).stdout).hookSpecificOutput;
    expect(s.permissionDecision).toBe('ask');
    expect(s.permissionDecisionReason).toMatch(/\[engine\/internal-error\] — matched: cannot read chunk-shell\.code\.js \(ENOENT\); reinstall hookwarden\. Hint: /);
    copyFileSync(join(ROOT, 'dist', 'hooks', 'chunk-shell.code.js'), join(half, 'chunk-shell.code.js'));
    // The interpreter chunk is missing: a python one-liner cannot be judged, so it is asked about.
    const py = fixtures.find((x) => x.name === 'pre-bash-python-rmtree-home')!;
    const p = spawnSync('node', [join(half, 'pre-tool-use.js')], { input: py.stdin, env, encoding: 'utf8' });
    expect(p.status).toBe(0);
    const out = JSON.parse(p.stdout).hookSpecificOutput;
    expect(out.permissionDecision).toBe('ask');
    expect(out.permissionDecisionReason).toMatch(/\[engine\/unparseable-command\] — matched: internal error: cannot read chunk-interpreters\.code\.js \(ENOENT\); reinstall hookwarden\. Hint: /);
  });

  it('hookwarden eval agrees with the hook processes on every fixture', () => {
    const input = fixtures.map((f) => (f.stdin.includes('\n') && f.stdin.trim().startsWith('{') ? JSON.stringify(JSON.parse(f.stdin)) : f.stdin));
    const lines: string[] = [];
    // Fixtures whose hook cannot be inferred from the line are run with --hook, one eval per hook.
    for (const hook of ['user-prompt', 'pre-tool-use', 'post-tool-use', 'stop', 'session-start']) {
      const idx = fixtures.map((f, i) => (f.hook === hook ? i : -1)).filter((i) => i >= 0);
      if (!idx.length) continue;
      const r = spawnSync('node', [join(ROOT, 'dist', 'cli.js'), 'eval', '--hook', hook], {
        input: idx.map((i) => (input[i] === '' ? ' ' : input[i])).join('\n') + '\n',
        env: hookEnv(mkdtempSync(join(tmpdir(), 'hw-eval-'))),
        encoding: 'utf8',
      });
      expect(r.status).toBe(0);
      const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Run);
      const judged = idx.filter((i) => input[i]!.trim() !== '');
      expect(out).toHaveLength(judged.length);
      judged.forEach((i, n) => {
        const proc = results.get(fixtures[i]!.name)!;
        expect({ name: fixtures[i]!.name, ...pick(out[n]!) }).toEqual({ name: fixtures[i]!.name, ...pick(proc) });
        // The expected verdict and the rule that decided it, from expected.json.
        const { verdict, rule } = fixtures[i]!.expect;
        type Decided = { decision: { action: string }; local: { matches: { id: string }[] }; audit: { decisionRules: string[] } };
        const d = (out[n] as Run & { decision?: Decided | null }).decision;
        if (verdict) expect({ name: fixtures[i]!.name, verdict: d?.decision.action }).toEqual({ name: fixtures[i]!.name, verdict });
        if (rule) expect([...(d?.local.matches.map((m) => m.id) ?? []), ...(d?.audit.decisionRules ?? [])], fixtures[i]!.name).toContain(rule);
        lines.push(fixtures[i]!.name);
      });
    }
    expect(lines.length).toBe(fixtures.filter((f) => f.stdin.trim() !== '').length);
  });

  it('wrote one valid audit line per judged call, mode 0600, carrying the config and registry hash', () => {
    const dir = join(home, 'audit');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const file = join(dir, files[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const all = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    // Memory outcomes (a fact stored, an item pending) are lines of their own, naming the call's line.
    const events = all.filter((e) => e.event !== 'memory');
    const memory = all.filter((e) => e.event === 'memory');
    expect(memory.map((e) => e.rules[0]).sort()).toEqual(['MEMORY_PENDING', 'MEMORY_STORED']);
    for (const m of memory) expect(events.map((e) => e.decision_id)).toContain(m.memory.decision);
    expect(events).toHaveLength(fixtures.length);
    const decided = events.filter((e) => e.rules[0] !== 'INPUT_REJECTED_FAIL_CLOSED' && e.rules[0] !== 'INPUT_REJECTED' && e.rules[0] !== 'SESSION_START');
    expect(decided.length).toBeGreaterThan(20);
    for (const e of decided) {
      expect(e).toMatchObject({ schema: 1, config_hash: expect.stringMatching(/^[0-9a-f]{64}$/), registry_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(e.rules.length).toBeGreaterThan(0);
    }
  });
});

const pick = (r: Run) => ({ exit_code: r.exit_code, stdout: r.stdout, stderr: r.stderr });
