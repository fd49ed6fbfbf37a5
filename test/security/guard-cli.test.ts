// The agent cannot switch hookwarden off or loosen it through hookwarden's own CLI run from the Bash tool: each
// such command is denied by a guard-self rule, and what Claude Code shows the model names the rule, the command
// and what to do instead (the user runs it in their own terminal). Read-only subcommands pass. Through the same
// runHook the hook processes run.

import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHook } from '../../lib/hook/run-hook.js';
import { ALL_ROUTERS } from '../../lib/hook/routers.js';
import { FIXED_NOW } from '../helpers/registry.js';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'hw-cli-self-')));
const home = join(base, 'home');
const project = join(home, 'project');
mkdirSync(project, { recursive: true });
const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, HOOKWARDEN_HOME: join(home, '.hookwarden'), CLAUDE_PROJECT_DIR: project };
delete env.HOOKWARDEN_PATTERNS_DIR;

async function bash(command: string): Promise<{ exit: number; decision?: string; reason: string }> {
  const call = { session_id: 'cli-self', transcript_path: '/t', cwd: project, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'tu-1' };
  const rt = { env, now: () => FIXED_NOW, newId: () => 'id-1', embedded: null, engineVersion: 'test', routers: ALL_ROUTERS, audit: false as const, memo: new Map() };
  const r = await runHook('pre-tool-use', JSON.stringify(call), rt);
  const out = r.stdout ? (JSON.parse(r.stdout) as { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } }).hookSpecificOutput : undefined;
  return { exit: r.exitCode, ...(out?.permissionDecision ? { decision: out.permissionDecision } : {}), reason: out?.permissionDecisionReason ?? '' };
}

describe("hookwarden's CLI through the Bash tool", () => {
  it.each([
    ['npx -y hookwarden@latest uninstall --scope user', 'guard-self/cli-uninstall', 'hookwarden uninstall'],
    ['node /opt/hookwarden/dist/cli.js grant bash-git/force-push --for 2h', 'guard-self/cli-session', 'hookwarden grant'],
    ["sudo bash -c 'hookwarden mode normal'", 'guard-self/cli-session', 'hookwarden grant', 'hookwarden mode normal'],
    ['hookwarden revoke --all', 'guard-self/cli-session', 'own terminal'],
    ['hookwarden install --scope user --mode http', 'guard-self/cli-install-http-open', 'on-daemon-down closed'],
    ['hookwarden eval --audit < /tmp/forged.jsonl', 'guard-self/cli-eval-audit', 'without --audit', 'hookwarden eval --audit'],
    ['npm uninstall -g hookwarden', 'guard-self/package-remove', 'hookwarden uninstall'],
    ['hookwarden memory approve m-0123456789', 'memory/agent-consent', 'approve m-'],
  ])('%s → deny by %s, naming the command and what to do', async (command, rule, hint, matched = command) => {
    const r = await bash(command);
    expect(r.exit).toBe(2);
    expect(r.decision).toBe('deny');
    expect(r.reason).toContain(`[${rule}]`);
    expect(r.reason).toContain(`matched: ${matched}`);
    expect(r.reason).toContain(`Hint: `);
    expect(r.reason).toContain(hint);
  });

  it.each([
    'hookwarden audit --today',
    'hookwarden audit tail -n 20',
    'hookwarden explain "rm -rf ~"',
    "hookwarden explain 'hookwarden uninstall'",
    'hookwarden doctor',
    'npx hookwarden patterns check',
    'hookwarden eval < calls.jsonl',
    'hookwarden mode readonly',
    'hookwarden uninstall --help',
    'hookwarden --help',
    'hookwarden version',
  ])('%s passes', async (command) => {
    const r = await bash(command);
    expect(r.exit).toBe(0);
    expect(r.decision).toBeUndefined();
  });
});
