// Redaction end to end: every test secret goes through the built hook processes (prompt, written content, a
// Bash command, tool output, malformed stdin) and the CLI; no byte of it may appear on stdout, stderr or in any
// file under HOOKWARDEN_HOME, while every call is still audited. (test/global-setup.ts repeats the file search
// over everything the whole suite wrote.)

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hookEnv } from '../helpers/fixtures.js';
import { ROOT } from '../helpers/registry.js';
import { filesUnder, secretLeaks, testSecrets } from '../helpers/secrets.js';

const secrets = testSecrets();
const bundle = (hook: string) => join(ROOT, 'dist', 'hooks', `${hook}.js`);
const base = { session_id: 'redaction', transcript_path: '/home/dev/.claude/projects/p/redaction.jsonl', cwd: '/home/dev/project', permission_mode: 'default' };

/** Each way a secret (in the text around it) reaches hookwarden, as the stdin of one hook. */
function calls(secret: string): Array<{ hook: string; what: string; stdin: string }> {
  const pre = (tool_name: string, tool_input: object) =>
    JSON.stringify({ ...base, hook_event_name: 'PreToolUse', tool_name, tool_input, tool_use_id: 'toolu_01' });
  return [
    { hook: 'user-prompt', what: 'prompt', stdin: JSON.stringify({ ...base, hook_event_name: 'UserPromptSubmit', prompt: `please look at this:\n${secret}` }) },
    { hook: 'pre-tool-use', what: 'Write content', stdin: pre('Write', { file_path: '/home/dev/project/src/config.ts', content: secret }) },
    { hook: 'pre-tool-use', what: 'Edit new_string', stdin: pre('Edit', { file_path: 'src/config.ts', old_string: 'a', new_string: secret }) },
    { hook: 'pre-tool-use', what: 'Bash command', stdin: pre('Bash', { command: `printf '%s' ${JSON.stringify(secret)} > /tmp/probe.txt` }) },
    {
      hook: 'post-tool-use',
      what: 'tool output',
      stdin: JSON.stringify({
        ...base,
        hook_event_name: 'PostToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'cat config/local.json' },
        tool_response: { stdout: secret, stderr: '', interrupted: false },
        tool_use_id: 'toolu_02',
      }),
    },
    { hook: 'user-prompt', what: 'malformed stdin', stdin: `{"hook_event_name":"UserPromptSubmit","prompt":${JSON.stringify(secret).slice(0, -1)}` },
  ];
}

describe('secrets never leave hookwarden', () => {
  const home = mkdtempSync(join(tmpdir(), 'hw-redaction-'));
  const outputs: Array<{ where: string; what: string; out: string }> = [];
  let runs = 0;

  beforeAll(() => {
    for (const h of ['user-prompt', 'pre-tool-use', 'post-tool-use']) {
      if (!existsSync(bundle(h))) throw new Error(`${bundle(h)} missing: run npm run build`);
    }
    for (const s of secrets) {
      for (const c of calls(s.content)) {
        const r = spawnSync('node', [bundle(c.hook)], { input: c.stdin, env: hookEnv(home), encoding: 'utf8', timeout: 20_000 });
        outputs.push({ where: s.where, what: c.what, out: `${r.stdout}\n${r.stderr}\nexit ${r.status}` });
        runs++;
      }
      const cli = spawnSync('node', [join(ROOT, 'dist', 'cli.js'), 'explain', '--prompt', '--json', '--', s.content], {
        env: hookEnv(home),
        encoding: 'utf8',
        timeout: 20_000,
      });
      outputs.push({ where: s.where, what: 'hookwarden explain', out: `${cli.stdout}\n${cli.stderr}` });
    }
  }, 240_000);

  it('has secrets to test with', () => {
    expect(secrets.length).toBeGreaterThanOrEqual(15);
  });

  it('prints no secret on stdout or stderr, from any hook or the CLI', () => {
    const leaks = outputs.filter((o) => secrets.some((s) => s.where === o.where && o.out.includes(s.text)));
    expect(leaks.map((l) => `${l.where} via ${l.what}`)).toEqual([]);
    // …and the outputs are real verdicts, not empty runs: prompts with secrets are blocked.
    expect(outputs.filter((o) => o.what === 'prompt').every((o) => /"decision":"block"/.test(o.out))).toBe(true);
  });

  it('writes no secret to any file, and audits every call', () => {
    const { leaks } = secretLeaks(home, secrets);
    const files = [...filesUnder(home)];
    expect(leaks).toEqual([]);
    const audit = files.filter((f) => f.includes(`${join(home, 'audit')}`) && f.endsWith('.jsonl'));
    const lines = audit.flatMap((f) => readFileSync(f, 'utf8').split('\n').filter(Boolean));
    // The explain runs audit too; every hook run is at least one line.
    expect(lines.length).toBeGreaterThanOrEqual(runs);
    expect(lines.join('\n')).toContain('[REDACTED:');
  });
});

describe('without the secretlint bundle', () => {
  it('still judges with its own patterns and says once, on stderr, that the second detector is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-no-secretlint-'));
    mkdirSync(join(dir, 'hooks'));
    for (const f of readdirSync(join(ROOT, 'dist', 'hooks')).filter((f) => !f.startsWith('secretlint.cjs'))) copyFileSync(join(ROOT, 'dist', 'hooks', f), join(dir, 'hooks', f));
    copyFileSync(join(ROOT, 'dist', 'package.json'), join(dir, 'package.json'));
    // A GitHub token: our own pattern knows it, and the prefilter sends it to secretlint too.
    const own = secrets.find((s) => s.text.startsWith('ghp_') && !s.content.includes('\n'))!;
    const prompt = JSON.stringify({ ...base, hook_event_name: 'UserPromptSubmit', prompt: own.content });
    const r = spawnSync('node', [join(dir, 'hooks', 'user-prompt.js')], { input: prompt, env: hookEnv(dir), encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ decision: 'block' });
    expect(r.stderr).toMatch(/^hookwarden: secretlint unavailable: .*own secret patterns only\)$/m);
    expect(r.stdout + r.stderr).not.toContain(own.text);
  });
});

describe('secretlint in a hook process', () => {
  it("runs through the hook's own loader: the bundle's loader file is the CLI's, a hook never requires it", () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-secretlint-code-'));
    mkdirSync(join(dir, 'hooks'));
    for (const f of readdirSync(join(ROOT, 'dist', 'hooks')).filter((f) => f !== 'secretlint.cjs')) copyFileSync(join(ROOT, 'dist', 'hooks', f), join(dir, 'hooks', f));
    copyFileSync(join(ROOT, 'dist', 'package.json'), join(dir, 'package.json'));
    // A key only secretlint knows: found all the same, and nothing on stderr about a missing detector.
    const only = secrets.find((s) => s.text.startsWith('SG.'))!;
    const write = JSON.stringify({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: '/home/dev/project/src/mail.ts', content: only.content } });
    const r = spawnSync('node', [join(dir, 'hooks', 'pre-tool-use.js')], { input: write, env: hookEnv(dir), encoding: 'utf8' });
    expect(r.stdout).toContain('secretlint/sendgrid');
    expect(r.stderr).not.toMatch(/secretlint unavailable/);
  });
});
