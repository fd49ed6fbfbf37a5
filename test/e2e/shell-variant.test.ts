// A hook with a shell analyser chunk is also built with the analyser inside (`<hook>.bash.code.js`), and its loader
// runs that variant for a shell command (scripts/shims/compile-cache.cjs, scripts/build-chunks.ts SHELL_CHUNK). Which
// code runs may only change the time a call takes: the same stdin gets the same answer from either, a missing
// variant falls back to the hook's own code, and the two keep their code caches side by side.

import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookEnv } from '../helpers/fixtures.js';
import { ROOT } from '../helpers/registry.js';

const fixture = (name: string) => readFileSync(join(ROOT, 'test', 'fixtures', 'claude-code', `${name}.json`), 'utf8');

/** One call of `hook` from the hooks folder `dir`: its answer, and which code files it ran (HOOKWARDEN_TIMING). */
function call(dir: string, hook: string, input: string, home: string, args: string[] = []) {
  const r = spawnSync('node', [join(dir, `${hook}.js`), ...args], { input, env: { ...hookEnv(home), HOOKWARDEN_TIMING: '1' }, encoding: 'utf8', timeout: 20_000 });
  const timing = r.stderr.split('\n').find((l) => l.startsWith('hookwarden timing: ')) ?? '';
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.replace(timing, ''), chunks: [...new Set(timing.match(/chunk-[a-z-]+/g) ?? [])] };
}

const caches = (home: string) => readdirSync(join(home, 'cache')).filter((f) => f.startsWith('v8-')).sort();

/** A copy of the built hooks (beside the shipped patterns, as installed), with or without the shell variants. */
function hooksCopy(withVariants: boolean): string {
  const root = mkdtempSync(join(tmpdir(), 'hw-variant-'));
  cpSync(join(ROOT, 'dist'), join(root, 'dist'), { recursive: true });
  symlinkSync(join(ROOT, 'patterns'), join(root, 'patterns'));
  const dir = join(root, 'dist', 'hooks');
  if (!withVariants) for (const f of readdirSync(dir).filter((n) => n.endsWith('.bash.code.js'))) rmSync(join(dir, f));
  return dir;
}

const BASH_INPUTS: Array<[string, string]> = [
  ['pre-tool-use', 'pre-bash-rm-rf-root'],
  ['pre-tool-use', 'pre-bash-git-status'],
  ['pre-tool-use', 'pre-bash-git-push-force'],
  ['pre-tool-use', 'pre-bash-curl-pipe-sh'],
  ['pre-tool-use', 'pre-bash-python-rmtree-home'],
  ['pre-tool-use', 'pre-bash-unparseable'],
  ['post-tool-use', 'post-bash-ok'],
  ['post-tool-use', 'post-failure-bash-test'],
];

describe('the shell variant of a hook', () => {
  it('is built for the hooks that judge a command, and listed for doctor', () => {
    const files = JSON.parse(readFileSync(join(ROOT, 'dist', 'hooks', 'files.json'), 'utf8')) as string[];
    for (const hook of ['pre-tool-use', 'post-tool-use']) {
      expect(files).toContain(`${hook}.bash.code.js`);
      // Pure ASCII, read as latin1 like the hook's own code.
      expect(/[^\x00-\x7f]/.exec(readFileSync(join(ROOT, 'dist', 'hooks', `${hook}.bash.code.js`), 'latin1'))?.index, hook).toBeUndefined();
      expect(readFileSync(join(ROOT, 'dist', 'hooks', `${hook}.js`), 'utf8')).toContain(`"codeFile":"${hook}.bash.code.js"`);
    }
    for (const hook of ['user-prompt', 'stop', 'session-start']) expect(files).not.toContain(`${hook}.bash.code.js`);
  });

  it('gives every Bash input the answer the hook without it gives, and a missing variant only means the chunk', () => {
    const withDir = hooksCopy(true);
    const withoutDir = hooksCopy(false);
    for (const [hook, name] of BASH_INPUTS) {
      const input = fixture(name);
      const a = call(withDir, hook, input, mkdtempSync(join(tmpdir(), 'hw-variant-home-')));
      const b = call(withoutDir, hook, input, mkdtempSync(join(tmpdir(), 'hw-variant-home-')));
      expect({ status: a.status, stdout: a.stdout, stderr: a.stderr }, name).toEqual({ status: b.status, stdout: b.stdout, stderr: b.stderr });
      // The variant carries the analyser; without it the hook loads its chunk.
      expect(a.chunks.filter((c) => c.startsWith('chunk-shell')), name).toEqual([]);
      expect(b.chunks.filter((c) => c.startsWith('chunk-shell')), name).toEqual([hook === 'pre-tool-use' ? 'chunk-shell' : 'chunk-shell-observe']);
    }
  });

  it('runs for the shell tool names of every host, and not for other tools or a stdin it cannot read', () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-variant-home-'));
    const dir = join(ROOT, 'dist', 'hooks');
    const bash = JSON.parse(fixture('pre-bash-rm-rf-root')) as Record<string, unknown>;
    const variant = (input: string) => call(dir, 'pre-tool-use', input, home);
    const reference = variant(JSON.stringify(bash));
    // Spacing in the JSON does not matter; the field's place in it does not either.
    const { tool_name: _t, ...rest } = bash;
    for (const text of [JSON.stringify(bash, null, 2), JSON.stringify({ ...rest, tool_name: 'Bash' })]) {
      expect(variant(text).stdout).toBe(reference.stdout);
    }
    expect(caches(home).filter((f) => f.startsWith('v8-pre-tool-use.bash-'))).toHaveLength(1);
    expect(caches(home).filter((f) => f.startsWith('v8-pre-tool-use-'))).toHaveLength(0);
    // A Read runs the hook's own code, whose cache sits beside the variant's.
    variant(fixture('pre-read-source'));
    expect(caches(home).filter((f) => f.startsWith('v8-pre-tool-use'))).toHaveLength(2);
    // A Bash call escaped in a way the loader does not read (\u0042ash) still gets its answer, from the hook's code.
    const escaped = variant(JSON.stringify(bash).replace('"tool_name":"Bash"', '"tool_name":"\\u0042ash"'));
    expect(escaped.stdout).toBe(reference.stdout);
    expect(escaped.chunks).toContain('chunk-shell');
    // Empty and malformed stdin: the loader read it, the hook answers as it always did.
    for (const input of ['', '{"tool_name":"Bash"', 'not json']) {
      const r = variant(input);
      expect(r.stdout, JSON.stringify(input)).toBe('');
      expect(r.stderr, JSON.stringify(input)).toMatch(/^hookwarden: /);
    }
  });

  it("runs for other hosts' shell tools too (Gemini's run_shell_command, Copilot's bash, Droid's Execute), with the hook's answer", () => {
    const withDir = hooksCopy(true);
    const withoutDir = hooksCopy(false);
    const inputs: Array<[string, unknown]> = [
      ['gemini', { session_id: 's1', transcript_path: '/t/s1.jsonl', cwd: '/home/dev/project', hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'rm -rf ~' } }],
      ['copilot', { sessionId: 's1', timestamp: 1764028800000, cwd: '/home/dev/project', toolName: 'bash', toolArgs: { command: 'rm -rf ~' } }],
      ['droid', { session_id: 's1', transcript_path: '/t/s1.jsonl', cwd: '/home/dev/project', hook_event_name: 'PreToolUse', tool_name: 'Execute', tool_input: { command: 'rm -rf ~' } }],
    ];
    for (const [agent, stdin] of inputs) {
      const a = call(withDir, 'pre-tool-use', JSON.stringify(stdin), mkdtempSync(join(tmpdir(), 'hw-variant-home-')), ['--agent', agent]);
      const b = call(withoutDir, 'pre-tool-use', JSON.stringify(stdin), mkdtempSync(join(tmpdir(), 'hw-variant-home-')), ['--agent', agent]);
      expect({ status: a.status, stdout: a.stdout }, agent).toEqual({ status: b.status, stdout: b.stdout });
      expect(a.stdout + a.stderr, agent).toMatch(/bash-filesystem\/rm-home/);
      expect(a.chunks, agent).not.toContain('chunk-shell');
    }
  });

  it('keeps both code caches: once each has seen its kinds of call, calls alternating between Bash and Read rewrite neither', () => {
    const home = mkdtempSync(join(tmpdir(), 'hw-variant-home-'));
    const dir = join(ROOT, 'dist', 'hooks');
    for (const name of ['pre-bash-git-status', 'pre-bash-rm-rf-root', 'pre-read-source']) call(dir, 'pre-tool-use', fixture(name), home);
    const written = new Map(caches(home).map((f) => [f, statSync(join(home, 'cache', f)).mtimeMs]));
    expect([...written.keys()].filter((f) => f.startsWith('v8-pre-tool-use'))).toHaveLength(2);
    for (const name of ['pre-bash-rm-rf-root', 'pre-read-source', 'pre-bash-git-status']) call(dir, 'pre-tool-use', fixture(name), home);
    expect(new Map(caches(home).map((f) => [f, statSync(join(home, 'cache', f)).mtimeMs]))).toEqual(written);
  });
});
