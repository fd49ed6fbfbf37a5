import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../lib/cli/main.js';
import type { CliIO } from '../../lib/cli/io.js';
import { HOOK_NODE_FLAGS, hookEntry, NODE_FLAGS_TEXT } from '../../lib/cli/hook-command.js';
import { ROOT } from '../helpers/registry.js';

function io(cwd: string): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  let t = 1_000;
  return { stdout, stderr, out: (s) => stdout.push(s), err: (s) => stderr.push(s), readStdin: () => Buffer.alloc(0), env: { HOME: cwd }, cwd, now: () => ++t, newId: () => 'x' };
}

const EXISTING = {
  permissions: { allow: ['Bash(npm test)'] },
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'node /opt/other-guard.js' }] }] },
};

describe('install / uninstall', () => {
  it('local scope: adds the five hooks (six events) with node and an absolute path, keeps existing settings, backs up, and is idempotent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-'));
    const file = join(dir, '.claude', 'settings.local.json');
    await runCli(['install', '--scope', 'local'], io(dir)); // creates the file when absent
    writeFileSync(file, JSON.stringify(EXISTING));
    const cli = io(dir);
    expect(await runCli(['install', '--scope', 'local'], cli)).toBe(0);
    const s = JSON.parse(readFileSync(file, 'utf8'));
    expect(s.permissions).toEqual(EXISTING.permissions);
    expect(Object.keys(s.hooks).sort()).toEqual(['PostToolUse', 'PostToolUseFailure', 'PreToolUse', 'SessionStart', 'Stop', 'UserPromptSubmit']);
    // A tool that failed (PostToolUseFailure) runs the same post-tool-use bundle, with the same matcher.
    expect(s.hooks.PostToolUseFailure).toEqual(s.hooks.PostToolUse);
    expect(s.hooks.PostToolUseFailure[0].hooks[0].command).toBe(`node --jitless --no-expose-wasm "${join(ROOT, 'dist', 'hooks', 'post-tool-use.cjs')}"`);
    expect(s.hooks.PreToolUse[0]).toEqual(EXISTING.hooks.PreToolUse[0]);
    const ours = s.hooks.PreToolUse[1].hooks[0];
    expect(ours.command).toBe(`node --jitless --no-expose-wasm "${join(ROOT, 'dist', 'hooks', 'pre-tool-use.cjs')}"`);
    expect(ours.command).not.toMatch(/npx/);
    expect(readdirSync(join(dir, '.claude')).filter((f) => f.includes('hookwarden-backup'))).toHaveLength(1);
    const before = readFileSync(file, 'utf8');
    expect(await runCli(['install', '--scope', 'local'], io(dir))).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('command mode says, in one line, that each call starts node and that the daemon is the fastest route (not for other hosts)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-note-'));
    const cli = io(dir);
    expect(await runCli(['install', '--scope', 'local'], cli)).toBe(0);
    const notes = cli.stdout.join('').split('\n').filter((l) => l.includes('fastest route'));
    const bin = `node "${join(ROOT, 'dist', 'cli.js')}"`;
    expect(notes).toEqual([`  command hooks start node for every call (\`${bin} doctor\` measures that on this machine); the fastest route is the daemon: run \`${bin} serve\` and install with --mode http`]);
    // Already installed: the same note under "nothing changed".
    const again = io(dir);
    expect(await runCli(['install', '--scope', 'local'], again)).toBe(0);
    expect(again.stdout.join('')).toMatch(/already installed .*\n {2}command hooks start node for every call/);
    // The daemon answers Claude Code's http hooks only: another host's install does not point to it.
    const gemini = io(dir);
    expect(await runCli(['install', '--agent', 'gemini', '--scope', 'user'], gemini)).toBe(0);
    expect(gemini.stdout.join('')).not.toContain('fastest route');
  });

  it('routes MCP tools to the tool hooks (memory servers, MCP capabilities), and upgrades an older matcher', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-install-mcp-'));
    const file = join(dir, 'settings.json');
    await runCli(['install', '--settings', file], io(dir));
    const s = JSON.parse(readFileSync(file, 'utf8'));
    const matcher = new RegExp(s.hooks.PreToolUse[0].matcher);
    for (const tool of ['Bash', 'Write', 'mcp__memory__create_entities', 'mcp__github__create_issue']) expect(matcher.test(tool), tool).toBe(true);
    for (const tool of ['NotebookRead', 'WebSearch', 'TodoWrite', 'mcp_', 'ReadMcpResourceTool']) expect(matcher.test(tool), tool).toBe(false);
    // An install from before MCP tools were routed: its own group gets the current matcher, nothing else changes.
    s.hooks.PreToolUse[0].matcher = 'Bash|Write|Edit|MultiEdit|NotebookEdit|Read|Glob|Grep';
    s.hooks.PostToolUse[0].matcher = 'Bash|Write|Edit|MultiEdit|NotebookEdit|Read|Glob|Grep';
    // …and from before failed tools were observed: no PostToolUseFailure entry yet.
    delete s.hooks.PostToolUseFailure;
    writeFileSync(file, JSON.stringify(s));
    const cli = io(dir);
    expect(await runCli(['install', '--settings', file], cli)).toBe(0);
    expect(cli.stdout.join('')).toContain('installed 3 hook entries');
    const after = JSON.parse(readFileSync(file, 'utf8'));
    expect(after.hooks.PreToolUse).toHaveLength(1);
    expect(after.hooks.PreToolUse[0].matcher).toBe(matcher.source);
    expect(after.hooks.PostToolUseFailure).toEqual(after.hooks.PostToolUse);
  });

  it('uninstall removes exactly what install added, the PostToolUseFailure entry included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-uninstall-'));
    const file = join(dir, 'settings.json');
    // Someone else's handler for failed tools stays; ours goes.
    const theirs = { matcher: 'Bash', hooks: [{ type: 'command', command: 'node /opt/failure-logger.js' }] };
    const existing = { ...EXISTING, hooks: { ...EXISTING.hooks, PostToolUseFailure: [theirs] } };
    writeFileSync(file, JSON.stringify(existing));
    await runCli(['install', '--settings', file], io(dir));
    expect(JSON.parse(readFileSync(file, 'utf8')).hooks.PostToolUseFailure).toHaveLength(2);
    const cli = io(dir);
    expect(await runCli(['uninstall', '--settings', file], cli)).toBe(0);
    expect(cli.stdout.join('')).toContain('removed 6 hook entries');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(existing);
  });

  it('refuses a settings file that is not JSON and leaves it untouched', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-badsettings-'));
    const file = join(dir, 'settings.json');
    writeFileSync(file, '{ broken');
    const cli = io(dir);
    expect(await runCli(['install', '--settings', file], cli)).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe('{ broken');
    expect(cli.stderr.join('')).toMatch(/cannot read .*nothing changed/);
    expect(existsSync(`${file}.hookwarden-backup-1001`)).toBe(false);
  });
});

describe('repository wiring', () => {
  it('.claude/settings.json and the plugin hooks.json point at the five built bundles, one entry per event', () => {
    for (const [file, prefix] of [
      [join(ROOT, '.claude', 'settings.json'), '$CLAUDE_PROJECT_DIR'],
      [join(ROOT, 'hooks', 'hooks.json'), '${CLAUDE_PLUGIN_ROOT}'],
    ] as const) {
      const s = JSON.parse(readFileSync(file, 'utf8'));
      const commands = Object.values(s.hooks as Record<string, Array<{ hooks: Array<{ command: string }> }>>).flatMap((g) => g.flatMap((x) => x.hooks.map((h) => h.command)));
      expect(commands.sort()).toEqual(
        ['post-tool-use', 'post-tool-use', 'pre-tool-use', 'session-start', 'stop', 'user-prompt'].map((h) => `node ${NODE_FLAGS_TEXT} "${prefix}/dist/hooks/${h}.cjs"`),
      );
      expect(Object.keys(s.hooks).sort()).toEqual(['PostToolUse', 'PostToolUseFailure', 'PreToolUse', 'SessionStart', 'Stop', 'UserPromptSubmit']);
      expect(s.hooks.PostToolUseFailure).toEqual(s.hooks.PostToolUse);
    }
    // The OpenCode plugin, plain JavaScript, spawns the bundles with the same flags and entry files (its own copies).
    const plugin = readFileSync(join(ROOT, 'plugins', 'opencode', 'hookwarden.js'), 'utf8');
    expect(plugin).toContain(`const NODE_FLAGS = ${JSON.stringify(HOOK_NODE_FLAGS)};`);
    expect(plugin).toContain(`const ENTRY_EXT = '${extname(hookEntry('stop'))}';`);
  });

  it('ships no intent → candidate route: only what a project defines can be suggested', () => {
    const routing = JSON.parse(readFileSync(join(ROOT, 'patterns', 'routing.json'), 'utf8')) as { routes: unknown[] };
    expect(routing.routes).toEqual([]);
  });
});
