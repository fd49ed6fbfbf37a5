// hookwarden's OpenCode plugin (plugins/opencode/hookwarden.js), imported as OpenCode imports it and called with
// the (input, output) its hooks get. OpenCode's trap: returning from tool.execute.before is an allow, only a throw
// stops the tool, so a deny must throw (with hookwarden's reason, which the model reads as the tool's error), and a
// guard that cannot run must throw too. The plugin runs the real bundles in dist/ (`npm run build`).

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../helpers/registry.js';

type Hook = (input: Record<string, unknown>, output: Record<string, any>) => Promise<void>;
type Hooks = Record<'tool.execute.before' | 'tool.execute.after' | 'chat.message', Hook>;

const TEMPLATE = join(ROOT, 'plugins', 'opencode', 'hookwarden.js');

async function load(file: string, directory: string): Promise<Hooks> {
  const mod = (await import(pathToFileURL(file).href)) as Record<string, (i: unknown) => Promise<Hooks>>;
  // OpenCode calls every function a plugin module exports: there must be exactly one.
  expect(Object.keys(mod)).toEqual(['HookwardenPlugin']);
  return mod.HookwardenPlugin!({ directory, worktree: directory, project: {}, client: {}, $: undefined });
}

let project: string;
beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'hw-opencode-'));
  vi.stubEnv('HOOKWARDEN_HOME', mkdtempSync(join(tmpdir(), 'hw-opencode-home-')));
  vi.stubEnv('CLAUDE_PROJECT_DIR', undefined);
});
afterEach(() => vi.unstubAllEnvs());

const before = (tool: string, args: Record<string, unknown>, callID = 'call_1') => [{ tool, sessionID: 'ses_1', callID }, { args }] as const;

describe('OpenCode plugin: tool.execute.before', () => {
  it('a deny throws with hookwarden\'s reason (returning would run the tool); an allow returns, the arguments untouched', async () => {
    const hooks = await load(TEMPLATE, project);
    const [i1, o1] = before('bash', { command: 'rm -rf ~', description: 'clean' });
    await expect(hooks['tool.execute.before'](i1, o1)).rejects.toThrow(/\[bash-filesystem\/rm-home\]/);
    const [i2, o2] = before('bash', { command: 'ls -la', description: 'list' });
    await expect(hooks['tool.execute.before'](i2, o2)).resolves.toBeUndefined();
    expect(o2.args).toEqual({ command: 'ls -la', description: 'list' });
  });

  it('an ask throws too (OpenCode cannot ask), saying how the user approves it; file tools are judged by filePath', async () => {
    const hooks = await load(TEMPLATE, project);
    const [i1, o1] = before('bash', { command: 'git push --force origin feat/x', description: 'push' });
    await expect(hooks['tool.execute.before'](i1, o1)).rejects.toThrow(/hookwarden grant/);
    const [i2, o2] = before('read', { filePath: join(project, '.env') });
    await expect(hooks['tool.execute.before'](i2, o2)).rejects.toThrow(/\[paths-sensitive\/env-files\]/);
  });

  it('a rewrite mutates output.args in place, and the model is told with the tool\'s output', async () => {
    const hooks = await load(TEMPLATE, project);
    const [input, output] = before('bash', { command: 'tail -f app.log', description: 'watch' }, 'call_r');
    await hooks['tool.execute.before'](input, output);
    expect(output.args).toEqual({ command: 'tail -n 200 app.log', description: 'watch' });
    const after = { title: 'tail', output: 'line 101\nline 300', metadata: {} };
    await hooks['tool.execute.after']({ ...input, args: output.args }, after);
    expect(after.output).toMatch(/^line 101\nline 300\n\n<hookwarden>\n.*tail -n 200 app\.log/s);
  });

  it('trap: a guard that cannot run blocks the call (a missing install is not an allow); an observer that cannot run does not', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'hw-opencode-plugin-')), 'hookwarden.js');
    writeFileSync(file, readFileSync(TEMPLATE, 'utf8').replace('const HOOKS_DIR = null;', `const HOOKS_DIR = ${JSON.stringify(join(project, 'gone'))};`));
    const hooks = await load(file, project);
    const [input, output] = before('bash', { command: 'ls', description: 'list' });
    await expect(hooks['tool.execute.before'](input, output)).rejects.toThrow(/could not be judged/);
    const after = { title: 'ls', output: 'a\nb', metadata: {} };
    await expect(hooks['tool.execute.after']({ ...input, args: {} }, after)).resolves.toBeUndefined();
    expect(after.output).toBe('a\nb');
  });
});

describe('OpenCode plugin: tool.execute.after and chat.message', () => {
  it('a credential in a tool\'s output: the model is told not to repeat it, appended to the output', async () => {
    const hooks = await load(TEMPLATE, project);
    const after = { title: 'cat', output: `token ${'ghp_'}abcdefghijklmnopqrstuvwxyz0123456789`, metadata: {} };
    await hooks['tool.execute.after']({ tool: 'bash', sessionID: 'ses_1', callID: 'c9', args: { command: 'cat notes' } }, after);
    expect(after.output).toContain('<hookwarden>');
    expect(after.output).toContain('secrets/github');
  });

  it('a prompt holding a credential: its text is replaced by the reason (the credential never reaches the model), then it throws', async () => {
    const hooks = await load(TEMPLATE, project);
    const parts = [{ id: 'p1', type: 'text', text: `deploy with ${'AKIA'}QX7ZP3LM9KT2WB4N` }];
    await expect(hooks['chat.message']({ sessionID: 'ses_1' }, { message: {}, parts })).rejects.toThrow(/\[secrets\/aws-access-key-id\]/);
    expect(parts[0]!.text).toMatch(/^\[hookwarden blocked this prompt: /);
    expect(parts[0]!.text).not.toContain('QX7ZP3LM9KT2WB4N');
  });

  it('a blocked prompt is told to the user on stderr (the real `opencode run` shows only "Unexpected server error" for the throw), the credential redacted', async () => {
    const hooks = await load(TEMPLATE, project);
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => (written.push(String(chunk)), true));
    try {
      const parts = [{ id: 'p1', type: 'text', text: `deploy with ${'AKIA'}QX7ZP3LM9KT2WB4N` }];
      await expect(hooks['chat.message']({ sessionID: 'ses_1' }, { message: {}, parts })).rejects.toThrow();
    } finally {
      spy.mockRestore();
    }
    expect(written.join('')).toMatch(/^hookwarden block: this prompt was not sent to the model\. .*\[secrets\/aws-access-key-id\].*\n$/);
    expect(written.join('')).not.toContain('QX7ZP3LM9KT2WB4N');
  });

  it('context for a prompt is appended to its text; a plain prompt is left as it is', async () => {
    const hooks = await load(TEMPLATE, project);
    const parts = [{ id: 'p1', type: 'text', text: "just investigate why the build fails, don't change anything" }];
    await hooks['chat.message']({ sessionID: 'ses_2' }, { message: {}, parts });
    expect(parts[0]!.text).toMatch(/^just investigate.*\n\n<hookwarden>\n.*read-only/is);
    const plain = [{ id: 'p2', type: 'text', text: 'add a test for the parser' }];
    await hooks['chat.message']({ sessionID: 'ses_3' }, { message: {}, parts: plain });
    expect(plain[0]!.text).toBe('add a test for the parser');
  });
});
