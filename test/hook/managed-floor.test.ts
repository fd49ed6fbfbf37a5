// The floor nothing below can loosen (docs/team.md "The managed layer"), proven through runHook, the path every hook
// bundle, the daemon and `eval` take, with real files in temp folders: a managed folder (root's, as the tests run)
// holding test/fixtures/managed/patterns.json and config.json, and the labelled calls of labelled.json that it denies.
// A project's and a user's files then try to disable or soften the managed rules and to switch KETER off or send it
// elsewhere: every deny stays a deny, each attempt is named in the audit line's `error` with the rule or setting and
// by `doctor`. A managed file others may write, or not root's, is refused and every tool call is denied.

import { chmodSync, chownSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../lib/cli/main.js';
import { runHook } from '../../lib/hook/run-hook.js';
import { ALL_ROUTERS } from '../../lib/hook/routers.js';
import type { RuntimeDeps } from '../../lib/hook/runtime.js';
import { memoryIO } from '../helpers/cli.js';
import { hookEnv } from '../helpers/fixtures.js';
import { FIXED_NOW } from '../helpers/registry.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'managed');
interface Labelled {
  name: string;
  event?: 'UserPromptSubmit';
  tool?: string;
  input: Record<string, unknown>;
  rule: string;
}
const LABELLED = (JSON.parse(readFileSync(join(FIXTURES, 'labelled.json'), 'utf8')) as { denies: Labelled[] }).denies;
const MANAGED_IDS = ['managed/no-prod-db', 'managed/no-terraform-destroy', 'managed/no-namespace-delete', 'managed/payroll-files', 'managed/corp-deploy-token'];
const canChown = typeof process.getuid === 'function' && process.getuid() === 0;

interface Machine {
  root: string;
  managed: string;
  home: string;
  project: string;
  env: NodeJS.ProcessEnv;
}

/** A machine with the managed policy installed the way an admin would: a root-owned folder, 755, files 644. */
function machine(): Machine {
  const root = mkdtempSync(join(tmpdir(), 'hw-managed-'));
  const m: Machine = { root, managed: join(root, 'etc-hookwarden'), home: join(root, 'hw-home'), project: join(root, 'project'), env: {} };
  mkdirSync(m.managed, { mode: 0o755 });
  chmodSync(m.managed, 0o755);
  for (const f of ['patterns.json', 'config.json']) {
    copyFileSync(join(FIXTURES, f), join(m.managed, f));
    chmodSync(join(m.managed, f), 0o644);
  }
  mkdirSync(m.home, { mode: 0o700 });
  mkdirSync(join(m.project, '.hookwarden'), { recursive: true });
  m.env = { ...hookEnv(m.home), HOOKWARDEN_MANAGED_DIR: m.managed, CLAUDE_PROJECT_DIR: m.project };
  return m;
}

function rt(m: Machine): RuntimeDeps {
  let n = 0;
  return { env: m.env, now: () => FIXED_NOW, newId: () => `id-${++n}`, embedded: null, engineVersion: 'test', routers: ALL_ROUTERS };
}

const stdin = (m: Machine, l: Pick<Labelled, 'tool' | 'input' | 'event'>, i: number): string => {
  const common = { session_id: 'managed-floor', transcript_path: '/t', cwd: m.project };
  if (l.event === 'UserPromptSubmit') return JSON.stringify({ ...common, hook_event_name: 'UserPromptSubmit', prompt: l.input.prompt, tool_use_id: `tu-${i}` });
  const input = JSON.parse(JSON.stringify(l.input).replaceAll('/home/dev/project', m.project));
  return JSON.stringify({ ...common, hook_event_name: 'PreToolUse', tool_name: l.tool, tool_input: input, tool_use_id: `tu-${i}` });
};

/** What the host was told: Claude Code's deny for a tool call, a block for a prompt. */
function verdictOf(stdout: string): string | undefined {
  if (!stdout) return undefined;
  const o = JSON.parse(stdout) as { decision?: string; hookSpecificOutput?: { permissionDecision?: string } };
  return o.hookSpecificOutput?.permissionDecision ?? (o.decision === 'block' ? 'deny' : o.decision);
}

type AuditLine = { event: string; tool_use_id?: string; verdict: string; error?: string; policy_revision?: string; orchestrator: { source: string }; local: { matches: Array<{ id: string; layer?: string }> } };
const audit = (m: Machine): AuditLine[] =>
  readdirSync(join(m.home, 'audit')).flatMap((f) => readFileSync(join(m.home, 'audit', f), 'utf8').trim().split('\n')).map((l) => JSON.parse(l) as AuditLine);

/** Runs every labelled call; returns each one's rendered decision and audit line. */
async function judgeAll(m: Machine): Promise<Array<{ l: Labelled; decision: string | undefined; line: AuditLine; stderr: string }>> {
  const r = rt(m);
  const out = [];
  for (const [i, l] of LABELLED.entries()) {
    const run = await runHook(l.event === 'UserPromptSubmit' ? 'user-prompt' : 'pre-tool-use', stdin(m, l, i), r);
    const decision = verdictOf(run.stdout);
    // The last line of this call (a machine judges the set more than once).
    const line = audit(m).filter((a) => (l.event === 'UserPromptSubmit' ? a.event === 'UserPromptSubmit' : a.tool_use_id === `tu-${i}`)).at(-1)!;
    out.push({ l, decision, line, stderr: run.stderr });
  }
  return out;
}

async function doctor(m: Machine): Promise<string> {
  const io = memoryIO({ cwd: m.project, home: m.home });
  Object.assign(io.env, m.env);
  await runCli(['doctor', '--no-timing'], io);
  return io.stdout();
}

/** The attempts a lower layer's files make, and the issue each must leave (`file` is the lower file). */
const PATTERN_ATTEMPT = {
  disable: MANAGED_IDS,
  actions: { 'bash-git/force-push': 'ask', 'paths-sensitive/private-keys': 'off', 'managed/no-prod-db': 'warn' },
};
const patternIssues = (file: string, managed: string): string[] => [
  ...MANAGED_IDS.map((id) => `${file} (pattern ${id}, field disable): ignored: set by the managed policy (${join(managed, 'patterns.json')})`),
  `${file} (pattern bash-git/force-push, field actions.bash-git/force-push): ignored: set by the managed policy (${join(managed, 'patterns.json')})`,
  `${file} (pattern paths-sensitive/private-keys, field actions.paths-sensitive/private-keys): ignored: set by the managed policy (${join(managed, 'patterns.json')})`,
  `${file} (pattern managed/no-prod-db, field actions.managed/no-prod-db): ignored: set by the managed policy (${join(managed, 'patterns.json')})`,
];
const CONFIG_ATTEMPTS = [
  { what: 'keter.mode off', file: { keter: { mode: 'off' }, onInternalError: 'ask' }, settings: ['keter.mode', 'onInternalError'] },
  { what: 'keter.url elsewhere', file: { keter: { mode: 'http', url: 'http://127.0.0.1:9/judge' } }, settings: ['keter.mode'] },
];
const configIssue = (file: string, setting: string, managed: string): string => `${file}: ${setting} ignored: set by the managed policy (${join(managed, 'config.json')})`;

function expectAllDenied(results: Awaited<ReturnType<typeof judgeAll>>, baseline?: Awaited<ReturnType<typeof judgeAll>>, rule?: string): void {
  for (const [i, r] of results.entries()) {
    expect({ name: r.l.name, decision: r.decision, verdict: r.line.verdict }).toEqual({ name: r.l.name, decision: 'deny', verdict: 'block' });
    expect(r.line.local.matches.map((x) => x.id), r.l.name).toContain(rule ?? r.l.rule);
    expect(r.line.policy_revision).toMatch(/^[0-9a-f]{16}$/);
    // The orchestrator the managed config set is the one consulted, whatever the lower files said.
    if (baseline) expect(r.line.orchestrator.source, r.l.name).toBe(baseline[i]!.line.orchestrator.source);
  }
}

describe.skipIf(!canChown)('the managed floor: nothing below can loosen it', () => {
  it('the labelled set: every call is denied by the managed policy, each matched rule names its layer, ls still runs', async () => {
    expect(LABELLED.length).toBeGreaterThanOrEqual(12);
    const m = machine();
    const results = await judgeAll(m);
    expectAllDenied(results);
    const layerOf = (r: (typeof results)[number]) => r.line.local.matches.find((x) => x.id === r.l.rule)?.layer;
    for (const r of results) expect(layerOf(r), r.l.name).toBe(r.l.rule.startsWith('managed/') || ['bash-git/force-push', 'paths-sensitive/private-keys'].includes(r.l.rule) ? 'managed' : 'shipped');
    for (const r of results) expect(r.line.error, r.l.name).toBeUndefined();
    const ls = await runHook('pre-tool-use', stdin(m, { tool: 'Bash', input: { command: 'ls -la' } }, 99), rt(m));
    expect(ls.stdout).not.toContain('"deny"');
  });

  it('`patterns check` validates the managed patterns and runs their examples, and names a refused file', async () => {
    const m = machine();
    const check = async () => {
      const io = memoryIO({ cwd: m.project, home: m.home });
      Object.assign(io.env, m.env);
      const code = await runCli(['patterns', 'check', '--json'], io);
      return { code, out: JSON.parse(io.stdout()) as { ok: boolean; files: number; issues: string[] } };
    };
    const ok = await check();
    expect(ok).toMatchObject({ code: 0, out: { ok: true, issues: [] } });
    chmodSync(join(m.managed, 'patterns.json'), 0o646);
    const refused = await check();
    expect(refused.code).toBe(1);
    expect(refused.out.files).toBe(ok.out.files - 1);
    expect(refused.out.issues).toEqual([expect.stringContaining(`${join(m.managed, 'patterns.json')}: managed policy file refused: it is writable by other users (mode 646)`)]);
  });

  for (const layer of ['project', 'user', 'trusted project'] as const) {
    it(`a ${layer}'s patterns.json disabling and softening managed rules: every deny stays, each attempt named`, async () => {
      const m = machine();
      const baseline = await judgeAll(m);
      const file = layer === 'user' ? join(m.home, 'patterns.json') : join(m.project, '.hookwarden', 'patterns.json');
      writeFileSync(file, JSON.stringify(PATTERN_ATTEMPT));
      if (layer === 'trusted project') writeFileSync(join(m.home, 'config.json'), JSON.stringify({ trustedProjects: [m.project] }));
      const results = await judgeAll(m);
      expectAllDenied(results, baseline);
      for (const issue of patternIssues(file, m.managed)) {
        for (const r of results) expect(r.line.error, r.l.name).toContain(issue);
        expect(results[0]!.stderr).toContain(`hookwarden: ${issue}\n`);
      }
      // Every entry was ignored, so the policy that judged them is the same one, and its revision says so.
      if (layer !== 'trusted project') expect(results[0]!.line.policy_revision).toBe(baseline[0]!.line.policy_revision);
      const said = await doctor(m);
      for (const issue of patternIssues(file, m.managed)) expect(said).toContain(issue);
    });
  }

  for (const layer of ['project', 'user', 'trusted project'] as const) {
    for (const attempt of CONFIG_ATTEMPTS) {
      it(`a ${layer}'s config.json with ${attempt.what}: every deny stays, the orchestrator is the managed one, each setting named`, async () => {
        const m = machine();
        const baseline = await judgeAll(m);
        const trusting = layer === 'trusted project' ? { trustedProjects: [m.project] } : {};
        const file = layer === 'user' ? join(m.home, 'config.json') : join(m.project, '.hookwarden', 'config.json');
        if (layer !== 'user') writeFileSync(join(m.home, 'config.json'), JSON.stringify(trusting));
        writeFileSync(file, JSON.stringify({ ...attempt.file, ...(layer === 'user' ? trusting : {}) }));
        const results = await judgeAll(m);
        expectAllDenied(results, baseline);
        for (const setting of attempt.settings) {
          for (const r of results) expect(r.line.error, r.l.name).toContain(configIssue(file, setting, m.managed));
        }
        const said = await doctor(m);
        for (const setting of attempt.settings) expect(said).toContain(configIssue(file, setting, m.managed));
      });
    }
  }

  const LOOSE: Array<{ what: string; loosen: (m: Machine) => string; fix: string }> = [
    { what: 'patterns.json writable by its group', loosen: (m) => (chmodSync(join(m.managed, 'patterns.json'), 0o664), join(m.managed, 'patterns.json')), fix: 'chmod 644' },
    { what: 'config.json not root\'s', loosen: (m) => (chownSync(join(m.managed, 'config.json'), 65534, 65534), join(m.managed, 'config.json')), fix: 'chmod 644' },
    { what: 'the folder writable by everyone', loosen: (m) => (chmodSync(m.managed, 0o777), m.managed), fix: 'chmod 755' },
  ];
  for (const loose of LOOSE) {
    it(`a managed ${loose.what} is refused: one line naming it and the fix, and every tool call and prompt is denied`, async () => {
      const m = machine();
      const path = loose.loosen(m);
      // A lower file that would gain most from a missing policy.
      writeFileSync(join(m.home, 'patterns.json'), JSON.stringify({ disable: ['bash-filesystem/rm-root'] }));
      const results = await judgeAll(m);
      expectAllDenied(results, undefined, 'engine/managed-policy-refused');
      const ls = await runHook('pre-tool-use', stdin(m, { tool: 'Bash', input: { command: 'ls -la' } }, 99), rt(m));
      expect(JSON.parse(ls.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
      const note = `${path}: managed policy ${path === m.managed ? 'folder' : 'file'} refused: it `;
      expect(ls.stderr).toContain(`hookwarden: ${note}`);
      expect(ls.stderr).toContain(`(chown root:root ${path}; ${loose.fix} ${path})`);
      const line = audit(m).filter((a) => a.tool_use_id === 'tu-99').at(-1)!;
      expect(line.error).toContain(note);
      expect(line.local.matches.map((x) => x.id)).toContain('engine/managed-policy-refused');
      expect(await doctor(m)).toMatch(new RegExp(`FAIL\\s+managed policy\\s+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: managed policy`));
    });
  }
});
