// install --managed --agent <each> into a scratch root: each agent's managed file seeded with an admin's own entries,
// keys and comments; install writes hookwarden's entries in the agent's own format beside them; a second install
// changes nothing; uninstall leaves the admin's file byte for byte (and removes a file hookwarden created).

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../../lib/cli/io.js';
import { runCli } from '../../lib/cli/main.js';
import { rootProblem } from '../../lib/cli/managed/run.js';
import { ROOT } from '../helpers/registry.js';

function io(cwd: string, env: NodeJS.ProcessEnv = {}): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  let t = 1_000;
  return { stdout, stderr, out: (s) => stdout.push(s), err: (s) => stderr.push(s), readStdin: () => Buffer.alloc(0), env: { HOME: join(cwd, 'home'), ...env }, cwd, now: () => ++t, newId: () => 'x' };
}

const bundle = (hook: string): string => join(ROOT, 'dist', 'hooks', `${hook}.cjs`);
const cmd = (hook: string, agent?: string): string => `node --jitless --no-expose-wasm "${bundle(hook)}"${agent ? ` --agent ${agent}` : ''}`;

/** What an admin already has in each managed file (Claude Code's own file is never touched: hookwarden uses a drop-in). */
const SEED: Record<string, string> = {
  'etc/claude-code/managed-settings.json': '{\n    "permissions": { "deny": ["Bash(curl:*)"] },\n    "hooks": { "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "command", "command": "/opt/corp/guard" } ] } ] }\n}',
  'etc/codex/requirements.toml': '# Corp policy, owned by IT\nallowed_approval_policies = ["on-request"]   # keep\n\n[[hooks.PreToolUse]]\nmatcher = "Bash"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "/opt/corp/guard"\n',
  'etc/gemini-cli/settings.json': '{\n\t"telemetry": {"enabled": false},\n\t"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "/opt/corp/guard", "timeout": 5000}]}]}\n}',
  'etc/github-copilot/policy.d/corp.json': '{"allowManagedMcpServersOnly": true}',
  'etc/cursor/hooks.json': '{ "version": 1, "hooks": { "beforeShellExecution": [ { "command": "/opt/corp/guard" } ] } }',
};

function seeded(): string {
  const root = mkdtempSync(join(tmpdir(), 'hw-managed-'));
  mkdirSync(join(root, 'home'));
  for (const [rel, text] of Object.entries(SEED)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text, { mode: 0o644 });
  }
  return root;
}

/** Every regular file under the root but hookwarden's backups (and its copy of an admin's file), with its bytes. */
function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of readdirSync(join(root, 'etc'), { recursive: true, encoding: 'utf8' })) {
    const f = join(root, 'etc', rel);
    if (statSync(f).isFile() && !rel.includes('.hookwarden-backup-') && !rel.endsWith('.hookwarden-original')) out[rel] = readFileSync(f, 'utf8');
  }
  return out;
}

const json = (root: string, rel: string) => JSON.parse(readFileSync(join(root, rel), 'utf8'));

/** Codex's requirements.toml parsed by a real TOML parser (Python's tomllib), as JSON. */
function toml(file: string): { hooks: Record<string, Array<{ matcher?: string; hooks: Array<{ command: string; timeout: number }> }>>; [k: string]: unknown } {
  const out = execFileSync('python3', ['-c', 'import json,sys,tomllib; print(json.dumps(tomllib.load(open(sys.argv[1],"rb"))))', file], { encoding: 'utf8' });
  return JSON.parse(out);
}

describe('install --managed: a round trip for every agent into a scratch root', () => {
  it('install writes each agent\'s own format beside the admin\'s entries; again changes nothing; uninstall leaves every admin file byte for byte', async () => {
    const root = seeded();
    const before = snapshot(root);
    const first = io(root);
    expect(await runCli(['install', '--managed', '--agent', 'all', '--root', root], first)).toBe(0);
    expect(first.stderr).toEqual([]);
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
    expect(first.stdout.at(-1)).toBe(`every entry runs hookwarden ${version} at ${ROOT}: it is what every user's agent runs until you install another one there and re-run install --managed\n`);

    // Claude Code: a drop-in of hookwarden's own; the admin's managed-settings.json is not rewritten.
    expect(readFileSync(join(root, 'etc/claude-code/managed-settings.json'), 'utf8')).toBe(SEED['etc/claude-code/managed-settings.json']);
    const claude = json(root, 'etc/claude-code/managed-settings.d/hookwarden.json');
    expect(Object.keys(claude)).toEqual(['hooks']);
    expect(claude.hooks.PreToolUse[0].hooks[0]).toEqual({ type: 'command', command: cmd('pre-tool-use'), timeout: 10 });
    expect(Object.keys(claude.hooks).sort()).toEqual(['PostToolUse', 'PostToolUseFailure', 'PreToolUse', 'SessionStart', 'Stop', 'UserPromptSubmit']);

    // Codex: a valid TOML file holding the admin's hook and keys, and hookwarden's five events told --agent codex.
    const codex = toml(join(root, 'etc/codex/requirements.toml'));
    expect(codex.allowed_approval_policies).toEqual(['on-request']);
    expect(codex.hooks.PreToolUse!.map((g) => g.hooks[0]!.command)).toEqual(['/opt/corp/guard', cmd('pre-tool-use', 'codex')]);
    expect(Object.keys(codex.hooks).sort()).toEqual(['PostToolUse', 'PreToolUse', 'SessionStart', 'Stop', 'UserPromptSubmit']);
    expect(codex.allow_managed_hooks_only).toBeUndefined();
    expect(readFileSync(join(root, 'etc/codex/requirements.toml'), 'utf8').startsWith(SEED['etc/codex/requirements.toml']!)).toBe(true);

    // Gemini CLI: the user settings' shape, milliseconds, the admin's keys kept.
    const gemini = json(root, 'etc/gemini-cli/settings.json');
    expect(gemini.telemetry).toEqual({ enabled: false });
    expect(gemini.hooks.BeforeTool).toEqual([
      { matcher: 'run_shell_command', hooks: [{ type: 'command', command: '/opt/corp/guard', timeout: 5000 }] },
      { matcher: '.*', hooks: [{ type: 'command', command: cmd('pre-tool-use', 'gemini'), timeout: 10_000 }] },
    ]);

    // Copilot CLI: a policy document of hookwarden's own (version 1, flat native specs), root-owned and not
    // group/world-writable (else Copilot ignores it).
    const policy = join(root, 'etc/github-copilot/policy.d/hookwarden.json');
    const copilot = json(root, 'etc/github-copilot/policy.d/hookwarden.json');
    expect(copilot.version).toBe(1);
    expect(copilot.hooks.PreToolUse).toEqual([{ type: 'command', bash: cmd('pre-tool-use', 'copilot'), timeoutSec: 10 }]);
    expect(Object.keys(copilot.hooks).sort()).toEqual(['PostToolUse', 'PostToolUseFailure', 'PreToolUse', 'SessionStart', 'Stop', 'UserPromptSubmit']);
    expect(statSync(policy).mode & 0o777).toBe(0o644);
    if (process.getuid?.() === 0) expect(statSync(policy).uid).toBe(0);

    // Cursor: {"version":1,"hooks":{…}}, node named by its absolute path, the guards failClosed.
    const cursor = json(root, 'etc/cursor/hooks.json');
    expect(cursor.version).toBe(1);
    expect(cursor.hooks.beforeShellExecution).toEqual([{ command: '/opt/corp/guard' }]);
    expect(cursor.hooks.preToolUse).toEqual([{ command: `"${process.execPath}" --jitless --no-expose-wasm "${bundle('pre-tool-use')}" --agent cursor`, timeout: 10, failClosed: true }]);

    // Every command names an absolute bundle path (never npx, never a bare name).
    for (const text of Object.values(snapshot(root))) expect(text).not.toMatch(/npx|hookwarden-hook /);

    const installed = snapshot(root);
    const again = io(root);
    expect(await runCli(['install', '--managed', '--agent', 'all', '--root', root], again)).toBe(0);
    expect(again.stdout.join('').match(/already installed/g)?.length).toBe(5);
    expect(snapshot(root)).toEqual(installed);

    // An upgrade (the entries named an older install's path) rewrites the files: the admin's bytes still come back.
    for (const rel of ['etc/gemini-cli/settings.json', 'etc/cursor/hooks.json']) writeFileSync(join(root, rel), readFileSync(join(root, rel), 'utf8').split(join(ROOT, 'dist')).join('/opt/hookwarden-0.4/dist'));
    const upgrade = io(root);
    expect(await runCli(['install', '--managed', '--agent', 'all', '--root', root], upgrade)).toBe(0);
    expect(upgrade.stdout.join('')).toMatch(/gemini: +installed 5 entries/);
    expect(upgrade.stdout.join('')).toMatch(/cursor: +installed 5 entries/);
    expect(JSON.stringify(snapshot(root))).not.toContain('/opt/hookwarden-0.4');

    const un = io(root);
    expect(await runCli(['uninstall', '--managed', '--agent', 'all', '--root', root], un)).toBe(0);
    expect(snapshot(root)).toEqual(before);
    expect(existsSync(join(root, 'etc/claude-code/managed-settings.d/hookwarden.json'))).toBe(false);
    // The copy of the admin's file install kept (for the upgrade above) is gone with it.
    expect(existsSync(join(root, 'etc/gemini-cli/settings.json.hookwarden-original'))).toBe(false);
    const again2 = io(root);
    expect(await runCli(['uninstall', '--managed', '--agent', 'all', '--root', root], again2)).toBe(0);
    expect(again2.stdout.join('').match(/nothing of hookwarden's/g)?.length).toBe(5);
  });

  it('--managed-only sets each agent\'s switch where it has one, says so where it has none, and uninstall takes it back', async () => {
    const root = seeded();
    const before = snapshot(root);
    const out = io(root);
    expect(await runCli(['install', '--managed', '--agent', 'all', '--root', root, '--managed-only'], out)).toBe(0);
    expect(json(root, 'etc/claude-code/managed-settings.d/hookwarden.json').allowManagedHooksOnly).toBe(true);
    expect(json(root, 'etc/github-copilot/policy.d/hookwarden.json').allowManagedHooksOnly).toBe(true);
    expect(toml(join(root, 'etc/codex/requirements.toml')).allow_managed_hooks_only).toBe(true);
    expect(out.stdout.join('')).toContain('Gemini CLI has no managed-hooks-only switch');
    expect(out.stdout.join('')).toContain('Cursor has no managed-hooks-only switch');
    // Installing again without it turns hookwarden's switch off (the flags say what is wanted), entries kept.
    expect(await runCli(['install', '--managed', '--agent', 'codex', '--root', root], io(root))).toBe(0);
    expect(toml(join(root, 'etc/codex/requirements.toml')).allow_managed_hooks_only).toBeUndefined();
    expect(await runCli(['install', '--managed', '--agent', 'codex', '--root', root, '--managed-only'], io(root))).toBe(0);
    expect(await runCli(['uninstall', '--managed', '--agent', 'all', '--root', root], io(root))).toBe(0);
    expect(snapshot(root)).toEqual(before);
  });

  it('an admin\'s own `allow_managed_hooks_only = false` is not overwritten: refused with one line, nothing changed', async () => {
    const root = seeded();
    const file = join(root, 'etc/codex/requirements.toml');
    writeFileSync(file, 'allow_managed_hooks_only = false\n');
    const out = io(root);
    expect(await runCli(['install', '--managed', '--agent', 'codex', '--root', root, '--managed-only'], out)).toBe(1);
    expect(out.stdout.join('')).toMatch(/^codex: refused: .*requirements\.toml: it already says `allow_managed_hooks_only = false`.*nothing changed\n$/);
    expect(readFileSync(file, 'utf8')).toBe('allow_managed_hooks_only = false\n');
  });

  it('files hookwarden creates are created and, once emptied, removed; a requirements.toml without a final newline comes back without one', async () => {
    const root = mkdtempSync(join(tmpdir(), 'hw-managed-'));
    mkdirSync(join(root, 'etc', 'codex'), { recursive: true });
    writeFileSync(join(root, 'etc/codex/requirements.toml'), 'model = "o4"');
    expect(await runCli(['install', '--managed', '--agent', 'all', '--root', root], io(root))).toBe(0);
    expect(toml(join(root, 'etc/codex/requirements.toml')).model).toBe('o4');
    expect(await runCli(['uninstall', '--managed', '--agent', 'all', '--root', root], io(root))).toBe(0);
    expect(snapshot(root)).toEqual({ 'codex/requirements.toml': 'model = "o4"' });
  });

  it('refuses a hookwarden under a home folder with one line unless --allow-home-path; bad arguments are usage errors', async () => {
    const root = mkdtempSync(join(tmpdir(), 'hw-managed-'));
    // HOME is this checkout's parent: the install lies under a home folder.
    const home = io(root, { HOME: join(ROOT, '..') });
    expect(await runCli(['install', '--managed', '--agent', 'claude', '--root', root], home)).toBe(1);
    expect(home.stderr.join('')).toMatch(/^hookwarden install --managed: this hookwarden \(.*\) is under the home folder .*--allow-home-path\n$/);
    expect(existsSync(join(root, 'etc'))).toBe(false);
    expect(await runCli(['install', '--managed', '--agent', 'claude', '--root', root, '--allow-home-path'], io(root, { HOME: join(ROOT, '..') }))).toBe(0);
    expect(existsSync(join(root, 'etc/claude-code/managed-settings.d/hookwarden.json'))).toBe(true);
    const cases: Array<[string[], string]> = [
      [['--managed'], 'hookwarden install: --managed needs --agent claude|codex|gemini|copilot|cursor|all (see `hookwarden install --help`)\n'],
      [['--managed', '--agent', 'qwen'], 'hookwarden install --managed: unknown agent qwen; --agent is one of claude, codex, gemini, copilot, cursor, all\n'],
      [['--managed', '--agent', 'claude', '--scope', 'user'], 'hookwarden install: --scope does not go with --managed (see `hookwarden install --help`)\n'],
      [['--managed-only', '--agent', 'claude'], 'hookwarden install: --managed-only goes with --managed (see `hookwarden install --help`)\n'],
    ];
    for (const [args, line] of cases) {
      const bad = io(root);
      expect(await runCli(['install', ...args, '--root', root], bad)).toBe(2);
      expect(bad.stderr.join('')).toBe(line);
    }
  });
});

describe('install --managed: who may write the real system root', () => {
  it('another user than root is refused with one line for /, and may stage under --root', () => {
    expect(rootProblem('install', false, 1000)).toBe("hookwarden install --managed: the agents' managed files under /etc belong to root: run it as root (sudo), or stage them under a folder with --root <dir>");
    expect(rootProblem('uninstall', false, 1000)).toMatch(/^hookwarden uninstall --managed: /);
    expect(rootProblem('install', true, 1000)).toBeNull();
    expect(rootProblem('install', false, 0)).toBeNull();
  });
});
