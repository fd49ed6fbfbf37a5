// Team installs (docs/install-scopes.md): a project's .claude/settings.json is committed, so a project-scope install
// writes no path of the machine that wrote it: relative to the project when hookwarden is in its node_modules, the
// hook bin on PATH for a global install, else refused with one line naming --scope local. The written commands are
// run as Claude Code runs them (sh -c, $CLAUDE_PROJECT_DIR set) from another clone, and must deny. Also: local
// scope, the double-install warning, upgrades of what earlier versions wrote, one backup, uninstall --purge.
// The built bundles are needed (npm run build).

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../../lib/cli/io.js';
import { runCli } from '../../lib/cli/main.js';
import { ROOT } from '../helpers/registry.js';

function rig() {
  const base = mkdtempSync(join(tmpdir(), 'hw-scopes-'));
  const home = join(base, 'home');
  const project = join(base, 'project');
  mkdirSync(home);
  mkdirSync(project);
  return { base, home, project };
}

function io(cwd: string, env: NodeJS.ProcessEnv): CliIO & { text: () => string; errText: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  let t = 1_000;
  return { out: (s) => out.push(s), err: (s) => err.push(s), text: () => out.join(''), errText: () => err.join(''), readStdin: () => Buffer.alloc(0), env, cwd, now: () => ++t, newId: () => 'x' };
}

/** hookwarden in a project's own node_modules, as `npm i -D` (here `npm link`) leaves it. */
function linkInto(project: string): void {
  mkdirSync(join(project, 'node_modules'), { recursive: true });
  symlinkSync(ROOT, join(project, 'node_modules', 'hookwarden'));
}

const settingsOf = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { hooks: Record<string, Array<{ hooks: Array<{ command?: string }> }>> };
const commands = (file: string): string[] => Object.values(settingsOf(file).hooks ?? {}).flatMap((g) => g.flatMap((x) => x.hooks.map((h) => h.command ?? '')));

/** Runs an installed command as Claude Code does (sh -c, in the project, $CLAUDE_PROJECT_DIR set) on `rm -rf /`. */
function runInstalled(command: string, project: string, env: NodeJS.ProcessEnv, host?: 'gemini'): { status: number | null; stdout: string; stderr: string } {
  const stdin = host
    ? { session_id: 's', cwd: project, hook_event_name: 'BeforeTool', timestamp: '1970-01-01T00:00:00Z', tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' } }
    : { session_id: 's', transcript_path: '', cwd: project, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, tool_use_id: 't' };
  const hw = mkdtempSync(join(tmpdir(), 'hw-scopes-home-'));
  const r = spawnSync('/bin/sh', ['-c', command], { cwd: project, input: JSON.stringify(stdin), encoding: 'utf8', env: { ...env, CLAUDE_PROJECT_DIR: project, HOOKWARDEN_HOME: hw } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const nodePath = dirname(process.execPath);

describe('project scope writes no path of this machine', () => {
  it('hookwarden in the project\'s node_modules: $CLAUDE_PROJECT_DIR-relative commands that run from a teammate\'s clone', async () => {
    const { base, home, project } = rig();
    linkInto(project);
    const env = { HOME: home, PATH: nodePath };
    const cli = io(project, env);
    expect(await runCli(['install', '--scope', 'project'], cli)).toBe(0);
    const file = join(project, '.claude', 'settings.json');
    const text = readFileSync(file, 'utf8');
    for (const local of [ROOT, home, project, base, tmpdir()]) expect(text, local).not.toContain(local);
    expect(commands(file)).toContain('node --jitless --no-expose-wasm "$CLAUDE_PROJECT_DIR/node_modules/hookwarden/dist/hooks/pre-tool-use.cjs"');
    // A teammate's clone somewhere else, with its own node_modules: the committed file works there as it is.
    const clone = join(base, 'teammate', 'clone');
    mkdirSync(join(clone, '.claude'), { recursive: true });
    cpSync(file, join(clone, '.claude', 'settings.json'));
    linkInto(clone);
    const pre = commands(join(clone, '.claude', 'settings.json')).find((c) => c.includes('pre-tool-use'))!;
    const r = runInstalled(pre, clone, env);
    expect(r.stdout).toContain('"permissionDecision":"deny"');
    expect(r.stdout).toContain('[bash-filesystem/');
  });

  it('every host with a project file: no path of this machine in it (hookwarden in node_modules)', async () => {
    const { base, home, project } = rig();
    linkInto(project);
    const env = { HOME: home, PATH: nodePath };
    const files: Record<string, string> = {
      gemini: '.gemini/settings.json',
      qwen: '.qwen/settings.json',
      copilot: '.github/hooks/hookwarden.json',
      droid: '.factory/settings.json',
      cursor: '.cursor/hooks.json',
      opencode: '.opencode/plugin/hookwarden.js',
    };
    for (const [host, rel] of Object.entries(files)) {
      const cli = io(project, env);
      expect(await runCli(['install', '--agent', host], cli), `${host}: ${cli.errText()}`).toBe(0);
      const text = readFileSync(join(project, rel), 'utf8');
      for (const local of [ROOT, home, project, base, tmpdir(), process.execPath]) expect(text, `${host} ${local}`).not.toContain(local);
    }
    // Cursor runs project hooks in the project root: a path relative to it, node from PATH.
    expect(JSON.parse(readFileSync(join(project, files.cursor!), 'utf8')).hooks.preToolUse[0].command).toBe('node --jitless --no-expose-wasm "node_modules/hookwarden/dist/hooks/pre-tool-use.cjs" --agent cursor');
    // Codex sets no project variable: without the bin on PATH, refused.
    const codex = io(project, env);
    expect(await runCli(['install', '--agent', 'codex'], codex)).toBe(1);
  });

  it('a global install: `hookwarden-hook <hook>` found on PATH, which runs the bundle (never the CLI, never npx)', async () => {
    const { base, home, project } = rig();
    const bin = join(base, 'prefix', 'bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(join(ROOT, 'bin', 'hookwarden-hook.cjs'), join(bin, 'hookwarden-hook'));
    const env = { HOME: home, PATH: `${bin}:${nodePath}` };
    expect(await runCli(['install'], io(project, env))).toBe(0);
    const file = join(project, '.claude', 'settings.json');
    const text = readFileSync(file, 'utf8');
    for (const local of [ROOT, home, project, base, tmpdir()]) expect(text, local).not.toContain(local);
    expect(commands(file).sort()).toEqual(['post-tool-use', 'post-tool-use', 'pre-tool-use', 'session-start', 'stop', 'user-prompt'].map((h) => `hookwarden-hook ${h}`));
    const r = runInstalled('hookwarden-hook pre-tool-use', project, env);
    expect(r.stdout).toContain('"permissionDecision":"deny"');
    // --agent reaches the bundle: Gemini's stdin, Gemini's answer.
    const gemini = runInstalled('hookwarden-hook pre-tool-use --agent gemini', project, env, 'gemini');
    expect(JSON.parse(gemini.stdout).decision).toBe('deny');
    const unknown = runInstalled('hookwarden-hook cli', project, env);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown hook');
  });

  it('neither: refused in one line that names --scope local, nothing written; --scope local writes settings.local.json', async () => {
    const { home, project } = rig();
    const env = { HOME: home, PATH: nodePath };
    const cli = io(project, env);
    expect(await runCli(['install'], cli)).toBe(1);
    expect(cli.errText()).toMatch(/^hookwarden install: project scope would commit this machine's path \(.+\) for every teammate: .*--scope local\n$/);
    expect(existsSync(join(project, '.claude'))).toBe(false);
    const local = io(project, env);
    expect(await runCli(['install', '--scope', 'local'], local)).toBe(0);
    const file = join(project, '.claude', 'settings.local.json');
    expect(commands(file)).toContain(`node --jitless --no-expose-wasm "${join(ROOT, 'dist', 'hooks', 'pre-tool-use.cjs')}"`);
    expect(existsSync(join(project, '.claude', 'settings.json'))).toBe(false);
    // Another host: no local scope there.
    const other = io(project, env);
    expect(await runCli(['install', '--agent', 'gemini', '--scope', 'local'], other)).toBe(2);
    expect(await runCli(['install', '--agent', 'gemini'], other)).toBe(1);
    expect(other.errText()).toContain('--scope user');
  });

  it('warns in one line when another Claude Code scope already runs hookwarden differently (every call judged twice)', async () => {
    const { home, project } = rig();
    linkInto(project);
    const env = { HOME: home, PATH: nodePath };
    expect(await runCli(['install', '--scope', 'user'], io(project, env))).toBe(0);
    const cli = io(project, env);
    expect(await runCli(['install', '--scope', 'project'], cli)).toBe(0);
    const warnings = cli.text().split('\n').filter((l) => l.includes('warning:'));
    expect(warnings).toEqual([`  warning: hookwarden is also installed in ${join(home, '.claude', 'settings.json')} (user scope): Claude Code would run both, every call judged twice; remove one with \`hookwarden uninstall --scope user\``]);
    // Local scope names the same absolute commands as user scope, which Claude Code runs once: only the project's differ.
    const again = io(project, env);
    expect(await runCli(['install', '--scope', 'local'], again)).toBe(0);
    expect(again.text().split('\n').filter((l) => l.includes('warning:'))).toEqual([
      `  warning: hookwarden is also installed in ${join(project, '.claude', 'settings.json')} (project scope): Claude Code would run both, every call judged twice; remove one with \`hookwarden uninstall --scope project\``,
    ]);
  });
});

describe('upgrades and removal', () => {
  /** Entries as an earlier version wrote them: another checkout's absolute paths, the matcher before MCP tools. */
  const OLD_MATCHER = 'Bash|Write|Edit|MultiEdit|NotebookEdit|Read|Glob|Grep';
  const old = (hook: string) => `node "/home/olduser/src/hookwarden/dist/hooks/${hook}.js"`;
  const OLD = {
    permissions: { allow: ['Bash(npm test)'] },
    hooks: {
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: old('user-prompt'), timeout: 10 }] }],
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: 'node /opt/other-guard.js' }] },
        { matcher: OLD_MATCHER, hooks: [{ type: 'command', command: old('pre-tool-use'), timeout: 10 }] },
      ],
      PostToolUse: [{ matcher: OLD_MATCHER, hooks: [{ type: 'command', command: old('post-tool-use'), timeout: 10 }] }],
      Stop: [{ hooks: [{ type: 'command', command: old('stop'), timeout: 10 }] }],
      SessionStart: [{ hooks: [{ type: 'command', command: old('session-start'), timeout: 10 }] }],
    },
  };

  it('install replaces an earlier version\'s entries in place and says old → new; uninstall removes any version\'s', async () => {
    const { home, project } = rig();
    linkInto(project);
    const file = join(project, '.claude', 'settings.json');
    mkdirSync(dirname(file));
    writeFileSync(file, JSON.stringify(OLD));
    const env = { HOME: home, PATH: nodePath };
    const cli = io(project, env);
    expect(await runCli(['install'], cli)).toBe(0);
    const now = (hook: string) => `node --jitless --no-expose-wasm "$CLAUDE_PROJECT_DIR/node_modules/hookwarden/dist/hooks/${hook}.cjs"`;
    const lines = cli.text().split('\n').filter((l) => l.includes(' → '));
    expect(lines).toEqual([
      `  UserPromptSubmit: ${old('user-prompt')} → ${now('user-prompt')}`,
      `  PreToolUse: ${old('pre-tool-use')} → ${now('pre-tool-use')}`,
      `  PostToolUse: ${old('post-tool-use')} → ${now('post-tool-use')}`,
      `  Stop: ${old('stop')} → ${now('stop')}`,
      `  SessionStart: ${old('session-start')} → ${now('session-start')}`,
    ]);
    const s = settingsOf(file);
    // In place: the user's own guard first, ours second, one each; the new event added.
    expect(s.hooks.PreToolUse!.map((g) => g.hooks[0]!.command)).toEqual(['node /opt/other-guard.js', now('pre-tool-use')]);
    expect(commands(file).filter((c) => c.includes('/olduser/'))).toEqual([]);
    expect(s.hooks.PostToolUseFailure![0]!.hooks[0]!.command).toBe(now('post-tool-use'));
    // An older install's entries (another checkout) are removed by uninstall too.
    writeFileSync(file, JSON.stringify(OLD));
    const gone = io(project, env);
    expect(await runCli(['uninstall'], gone)).toBe(0);
    expect(gone.text()).toContain('removed 5 hook entries');
    expect(settingsOf(file)).toEqual({ permissions: OLD.permissions, hooks: { PreToolUse: [OLD.hooks.PreToolUse[0]] } });
  });

  it('keeps one backup however many times install and uninstall run', async () => {
    const { home, project } = rig();
    const env = { HOME: home, PATH: nodePath };
    const file = join(project, '.claude', 'settings.local.json');
    mkdirSync(dirname(file));
    writeFileSync(file, '{"model":"opus"}\n');
    for (let i = 0; i < 3; i++) {
      expect(await runCli(['install', '--scope', 'local'], io(project, env))).toBe(0);
      expect(await runCli(['uninstall', '--scope', 'local'], io(project, env))).toBe(0);
    }
    expect(readdirSync(dirname(file)).filter((f) => f.includes('hookwarden-backup'))).toHaveLength(1);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ model: 'opus' });
  });

  it('uninstall --purge says what $HOOKWARDEN_HOME holds, then removes it; without --yes and a terminal it changes nothing', async () => {
    const { base, home, project } = rig();
    const hw = join(base, 'hw');
    const env = { HOME: home, PATH: nodePath, HOOKWARDEN_HOME: hw };
    expect(await runCli(['install', '--scope', 'local'], io(project, env))).toBe(0);
    // A real hook call fills the home (audit line, session, heartbeat); then a memory store and a config.
    const pre = commands(join(project, '.claude', 'settings.local.json')).find((c) => c.includes('pre-tool-use'))!;
    const stdin = { session_id: 'sess-1', transcript_path: '', cwd: project, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, tool_use_id: 't' };
    spawnSync('/bin/sh', ['-c', pre], { input: JSON.stringify(stdin), env: { ...env, CLAUDE_PROJECT_DIR: project } });
    mkdirSync(join(hw, 'memory'), { recursive: true });
    writeFileSync(join(hw, 'memory', 'user.json'), JSON.stringify({ v: 1, scope: 'user', facts: [{ id: 'a' }, { id: 'b' }], pending: [] }));
    writeFileSync(join(hw, 'config.json'), '{}');
    const refused = io(project, env);
    expect(await runCli(['uninstall', '--scope', 'local', '--purge'], refused)).toBe(1);
    expect(refused.errText()).toBe('hookwarden uninstall: --purge removes $HOOKWARDEN_HOME (your audit log and memory): add --yes to confirm; nothing changed\n');
    expect(commands(join(project, '.claude', 'settings.local.json')).length).toBe(6);
    const purge = io(project, env);
    expect(await runCli(['uninstall', '--scope', 'local', '--purge', '--yes'], purge)).toBe(0);
    expect(purge.text()).toContain(`${hw} holds 1 audit line (1 file), `);
    expect(purge.text()).toContain('2 memory facts (1 store), config: config.json');
    expect(purge.text()).toContain(`removed ${hw}\n`);
    expect(existsSync(hw)).toBe(false);
    expect(existsSync(join(project, '.claude', 'settings.local.json'))).toBe(true);
    expect(commands(join(project, '.claude', 'settings.local.json'))).toEqual([]);
  });

  it('--purge never removes the home directory (HOOKWARDEN_HOME=~), and leaves files hookwarden did not make', async () => {
    const { base, home, project } = rig();
    mkdirSync(join(home, 'cache'));
    const atHome = io(project, { HOME: home, HOOKWARDEN_HOME: home });
    expect(await runCli(['uninstall', '--scope', 'local', '--purge', '--yes'], atHome)).toBe(1);
    expect(atHome.errText()).toContain('your home directory');
    expect(existsSync(join(home, 'cache'))).toBe(true);
    // Nor the project, or a folder holding it (a work folder named as the home).
    const around = io(project, { HOME: home, HOOKWARDEN_HOME: project });
    expect(await runCli(['uninstall', '--scope', 'local', '--purge', '--yes'], around)).toBe(1);
    expect(around.errText()).toContain('holds this project');
    expect(existsSync(project)).toBe(true);
    const hw = join(base, 'shared');
    mkdirSync(join(hw, 'audit'), { recursive: true });
    writeFileSync(join(hw, 'notes.txt'), 'mine');
    const shared = io(project, { HOME: home, HOOKWARDEN_HOME: hw });
    expect(await runCli(['uninstall', '--scope', 'local', '--purge', '--yes'], shared)).toBe(0);
    expect(readdirSync(hw)).toEqual(['notes.txt']);
    expect(shared.text()).toContain('notes.txt');
  });
});
