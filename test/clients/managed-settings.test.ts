// hookwarden deployed through the agents' managed settings, in their real CLIs: `install --managed --agent <host>
// --root <scratch>` writes the files, and each CLI reads them at its fixed system path: Claude Code's drop-in
// /etc/claude-code/managed-settings.d/hookwarden.json, Codex's /etc/codex/requirements.toml, Copilot's
// /etc/github-copilot/policy.d/hookwarden.json, Gemini CLI's /etc/gemini-cli/settings.json.
//
// Why not CLAUDE_CODE_MANAGED_SETTINGS_PATH: the name is in the 2.1.332 binary (it names a folder, whose
// managed-settings.json and managed-settings.d/ are read; the CLI sets it for children it sandboxes), but in this
// public build the function that reads it is compiled to `return undefined`: with it set to the scratch folder, or to
// the file inside it, the debug log still reads /etc/claude-code/managed-settings.json and the managed hook never
// runs. So each run is started in a private mount namespace (`unshare -m`, as root) whose /etc is an overlay of the
// scratch root's etc/ over the real /etc: the CLI reads its real, fixed path, and no other process on the machine
// sees the scratch files. Without root or mount namespaces the suite is skipped with that reason.
//
// No user or project settings carry hooks here, unless a case adds the user's own on purpose.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claudeBin, claudeVersion, runClaude, scripted, workspace, type Workspace } from './claude.js';
import { codexBin, codexScripted, codexWorkspace, runCodex } from './codex.js';
import { codexSeenText } from './codex-server.js';
import { chatSeenText } from './chat-server.js';
import { copilotBin, copilotScripted, copilotWorkspace, runCopilot } from './copilot.js';
import { geminiBin, geminiScripted, geminiWorkspace, runGemini } from './gemini.js';
import { geminiSeenText } from './gemini-server.js';
import { seenText, type ModelServer, type Turn } from './model-server.js';
import { count } from './scenario.js';
import { killLeftovers } from './spawn.js';

const bin = claudeBin();
const required = process.env.HOOKWARDEN_REQUIRE_CLIENTS === '1';
const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');
const SKIP = ['--dangerously-skip-permissions'];

/** Whether this process may mount an overlay in a private mount namespace (root, unshare available), else why not. */
function overlayProblem(): string | null {
  const lower = mkdtempSync(join(tmpdir(), 'hw-overlay-probe-'));
  mkdirSync(join(lower, 'etc', 'hookwarden-overlay-probe'), { recursive: true });
  const r = spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', `mount -t overlay overlay -o lowerdir=${lower}/etc:/etc /etc && test -d /etc/hookwarden-overlay-probe`], { encoding: 'utf8' });
  return r.status === 0 ? null : `cannot mount a scratch /etc in a private mount namespace (${(r.error?.message ?? r.stderr).trim() || `exit ${r.status}`}): needs root and unshare`;
}
const noOverlay = bin || codexBin() || copilotBin() ? overlayProblem() : null;
if (noOverlay) process.stderr.write(`test/clients: managed settings suite skipped: ${noOverlay}\n`);

/** The CLI started in its own mount namespace whose /etc shows `sysRoot`/etc over the real one. */
const inScratchEtc = (sysRoot: string): string[] => ['unshare', '-m', '--propagation', 'private', 'sh', '-c', `mount -t overlay overlay -o lowerdir=${sysRoot}/etc:/etc /etc && exec "$0" "$@"`];

/** A workspace and its scratch system root (etc/ always exists: an empty one is a machine without managed settings). */
function machine(files: Record<string, string>): { ws: Workspace; sys: string } {
  const ws = workspace(files);
  const sys = join(ws.root, 'sys');
  mkdirSync(join(sys, 'etc'), { recursive: true });
  return { ws, sys };
}

/** A scratch system root inside a workspace (an empty etc/: a machine without managed settings). */
function sysRoot(ws: Workspace): string {
  const sys = join(ws.root, 'sys');
  mkdirSync(join(sys, 'etc'), { recursive: true });
  return sys;
}

const hookwarden = (ws: Workspace, args: string[]): string => execFileSync(process.execPath, [CLI, ...args], { cwd: ws.project, env: ws.env, encoding: 'utf8' });

async function play(ws: Workspace, sys: string, turns: Turn[]) {
  const server: ModelServer = await scripted(turns);
  try {
    const run = await runClaude(bin as string, ws, server, { prompt: 'tidy up', flags: SKIP, wrap: inScratchEtc(sys) });
    return { run, conv: server.conversation() };
  } finally {
    await server.close();
  }
}

const after = (conv: ModelServer['requests']): string => conv.slice(1).map(seenText).join('\n');
const RM: Turn[] = [{ tool: 'Bash', input: { command: 'rm -rf ~/.ssh' } }, { text: 'Done.' }];
const CANARY = { '~/.ssh/known_hosts': 'canary\n' };

/** A user-level PreToolUse hook of the user's own that would allow every call, and leaves a mark when it runs. */
function userAllowHook(ws: Workspace): string {
  const mark = join(ws.root, 'user-hook-ran');
  const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'the user says fine' } });
  mkdirSync(join(ws.home, '.claude'), { recursive: true });
  writeFileSync(join(ws.home, '.claude', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `touch '${mark}'; echo '${allow}'` }] }] } }));
  return mark;
}

describe.runIf((bin && !noOverlay) || required)('Claude Code (real CLI), hookwarden in the managed settings', () => {
  beforeAll(() => {
    if (!bin) throw new Error('HOOKWARDEN_REQUIRE_CLIENTS=1 but the Claude Code CLI is not installed: npm install --prefix test/clients');
    if (noOverlay) throw new Error(`HOOKWARDEN_REQUIRE_CLIENTS=1 but ${noOverlay}`);
    process.stderr.write(`test/clients: real client ${claudeVersion(bin)}\n`);
  });

  it('the managed hook alone denies `rm -rf ~/.ssh`: the reason reaches the model, the canary survives (control: managed settings without it, it is deleted)', async () => {
    // The control has a managed-settings.json of the admin's own (no hooks): managed settings alone stop nothing.
    const control = machine(CANARY);
    mkdirSync(join(control.sys, 'etc', 'claude-code'));
    writeFileSync(join(control.sys, 'etc', 'claude-code', 'managed-settings.json'), '{"permissions":{"deny":["WebFetch"]}}\n');
    await play(control.ws, control.sys, RM);
    expect(existsSync(join(control.ws.home, '.ssh', 'known_hosts'))).toBe(false);

    const { ws, sys } = machine(CANARY);
    expect(hookwarden(ws, ['install', '--managed', '--agent', 'claude', '--root', sys])).toContain('managed-settings.d/hookwarden.json');
    // Only the managed settings carry hooks: no user or project settings file exists.
    expect(existsSync(join(ws.home, '.claude', 'settings.json'))).toBe(false);
    expect(existsSync(join(ws.project, '.claude'))).toBe(false);
    const r = await play(ws, sys, RM);
    expect(readFileSync(join(ws.home, '.ssh', 'known_hosts'), 'utf8')).toBe('canary\n');
    const seen = after(r.conv);
    expect(count(seen, '[bash-filesystem/rm-home]')).toBe(1);
    expect(seen).toContain('PreToolUse:Bash hook error: hookwarden block:');
  });

  it('with allowManagedHooksOnly the managed hook still decides and the user\'s allowing hook never runs (control: without it, the user\'s hook runs too)', async () => {
    // A harmless call first (every PreToolUse hook runs on it), then the destructive one.
    const turns: Turn[] = [{ tool: 'Bash', input: { command: 'echo hello' } }, ...RM];
    const { ws, sys } = machine(CANARY);
    const mark = userAllowHook(ws);
    hookwarden(ws, ['install', '--managed', '--agent', 'claude', '--root', sys, '--managed-only']);
    expect(JSON.parse(readFileSync(join(sys, 'etc', 'claude-code', 'managed-settings.d', 'hookwarden.json'), 'utf8')).allowManagedHooksOnly).toBe(true);
    const r = await play(ws, sys, turns);
    expect(readFileSync(join(ws.home, '.ssh', 'known_hosts'), 'utf8')).toBe('canary\n');
    expect(count(after(r.conv), '[bash-filesystem/rm-home]')).toBe(1);
    expect(existsSync(mark)).toBe(false);

    // Control: the same machine without the switch runs the user's hook beside the managed one (a deny still wins).
    hookwarden(ws, ['install', '--managed', '--agent', 'claude', '--root', sys]);
    const c = await play(ws, sys, turns);
    expect(existsSync(mark)).toBe(true);
    expect(count(after(c.conv), '[bash-filesystem/rm-home]')).toBe(1);
    expect(readFileSync(join(ws.home, '.ssh', 'known_hosts'), 'utf8')).toBe('canary\n');
  });
});

const codex = codexBin();
describe.runIf((codex && !noOverlay) || required)('Codex (real CLI), hookwarden in /etc/codex/requirements.toml', () => {
  // Codex refuses `rm -rf` by itself: `rm -r` is the command it allows, so the control deletes (codex.test.ts).
  const turns = [{ tool: 'exec_command', args: { cmd: 'rm -r ~/.ssh' } }, { text: 'Done.' }];

  it('the managed hook denies `rm -r ~/.ssh` with no hook trust given (managed hooks are trusted by policy), beside the admin\'s own keys (control: deleted)', async () => {
    for (const managed of [false, true]) {
      const ws = codexWorkspace(CANARY);
      const sys = sysRoot(ws);
      mkdirSync(join(sys, 'etc', 'codex'));
      writeFileSync(join(sys, 'etc', 'codex', 'requirements.toml'), '# IT policy\nallowed_approval_policies = ["never", "on-request"]\n');
      if (managed) hookwarden(ws, ['install', '--managed', '--agent', 'codex', '--root', sys, '--managed-only']);
      const server = await codexScripted(turns);
      try {
        await runCodex(codex as string, ws, server, { prompt: 'tidy up', trustHooks: false, wrap: inScratchEtc(sys) });
        if (!managed) {
          expect(existsSync(join(ws.home, '.ssh', 'known_hosts'))).toBe(false);
          continue;
        }
        expect(readFileSync(join(ws.home, '.ssh', 'known_hosts'), 'utf8')).toBe('canary\n');
        expect(count(server.conversation().slice(1).map(codexSeenText).join('\n'), '[bash-filesystem/rm-home]')).toBe(1);
      } finally {
        await server.close();
      }
    }
  });
});

const copilot = copilotBin();
const copilotUsed: Workspace[] = [];
describe.runIf((copilot && !noOverlay) || required)('Copilot CLI (real CLI), hookwarden in /etc/github-copilot/policy.d', () => {
  afterAll(() => {
    for (const ws of copilotUsed) killLeftovers(ws.root);
  });

  it('the managed policy hook denies `rm -rf ~/.ssh`: the reason reaches the model, the canary survives (control: deleted)', async () => {
    const turns = [{ tool: 'bash', args: { command: 'rm -rf ~/.ssh', description: 'scripted' } }, { text: 'Done.' }];
    for (const managed of [false, true]) {
      const ws = copilotWorkspace(CANARY);
      copilotUsed.push(ws);
      const sys = sysRoot(ws);
      if (managed) hookwarden(ws, ['install', '--managed', '--agent', 'copilot', '--root', sys]);
      const server = await copilotScripted(turns);
      try {
        await runCopilot(copilot as string, ws, server, { prompt: 'tidy up', wrap: inScratchEtc(sys) });
        if (!managed) {
          expect(existsSync(join(ws.home, '.ssh', 'known_hosts'))).toBe(false);
          continue;
        }
        expect(readFileSync(join(ws.home, '.ssh', 'known_hosts'), 'utf8')).toBe('canary\n');
        expect(count(server.conversation().slice(1).map(chatSeenText).join('\n'), '[bash-filesystem/rm-home]')).toBe(1);
      } finally {
        await server.close();
      }
    }
  });
});

// Gemini CLI 0.61 also reads GEMINI_CLI_SYSTEM_SETTINGS_PATH, but skips a system settings file under a folder
// others can write ("Parent directory '/tmp' is insecure"), which every scratch folder is: the same /etc overlay.
const gemini = geminiBin();
describe.runIf((gemini && !noOverlay) || required)('Gemini CLI (real CLI), hookwarden in the system settings', () => {
  it('the system settings\' hook denies `rm -rf ~/.ssh` beside the admin\'s keys: the reason reaches the model, the canary survives (control: deleted)', async () => {
    const turns = [{ tool: 'run_shell_command', args: { command: 'rm -rf ~/.ssh', description: 'scripted' } }, { text: 'Done.' }];
    for (const managed of [false, true]) {
      const ws = geminiWorkspace(CANARY);
      const sys = sysRoot(ws);
      const file = join(sys, 'etc', 'gemini-cli', 'settings.json');
      mkdirSync(join(sys, 'etc', 'gemini-cli'));
      writeFileSync(file, '{\n  "privacy": { "usageStatisticsEnabled": false }\n}\n');
      if (managed) hookwarden(ws, ['install', '--managed', '--agent', 'gemini', '--root', sys]);
      const server = await geminiScripted(turns);
      try {
        await runGemini(gemini as string, ws, server, { prompt: 'tidy up', wrap: inScratchEtc(sys) });
        if (!managed) {
          expect(existsSync(join(ws.home, '.ssh', 'known_hosts'))).toBe(false);
          continue;
        }
        expect(readFileSync(join(ws.home, '.ssh', 'known_hosts'), 'utf8')).toBe('canary\n');
        expect(server.conversation().slice(1).map(geminiSeenText).join('\n')).toContain('[bash-filesystem/rm-home]');
      } finally {
        await server.close();
      }
    }
  });
});
