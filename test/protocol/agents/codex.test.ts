// Codex CLI's answers (agent-protocols.md §1; the real CLI: test/clients/codex.test.ts): a closed output schema,
// never `ask`, a deny always with a reason, apply_patch judged by the files it touches.

import { describe, expect, it } from 'vitest';
import { runHook } from '../../../lib/hook/run-hook.js';
import { cx, rt, run } from './contract.js';

describe('Codex CLI output (agent-protocols.md §1)', () => {
  const KEYS = new Set(['hookEventName', 'permissionDecision', 'permissionDecisionReason', 'updatedInput', 'additionalContext']);

  it('trap: never `ask` (Codex fails the hook and runs the tool): a deny saying who must approve and how, with a reason', async () => {
    const r = await run('codex', 'ask');
    const o = r.json?.hookSpecificOutput;
    expect(o).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
    expect(o.permissionDecisionReason).toContain('[bash-git/force-push]');
    expect(o.permissionDecisionReason).toContain('hookwarden grant');
    expect(r.stdout).not.toContain('"ask"');
    expect(r.decision?.audit.decisionRules).toContain('HEADLESS_ASK_DENIED');
  });

  it('trap: only the keys its closed schema takes (no systemMessage), a non-empty reason, exit 0', async () => {
    for (const s of ['deny', 'ask', 'rewrite', 'readEnv']) {
      const r = await run('codex', s);
      expect(r.exitCode, s).toBe(0);
      expect(Object.keys(r.json ?? {}), s).toEqual(['hookSpecificOutput']);
      for (const k of Object.keys(r.json?.hookSpecificOutput ?? {})) expect(KEYS.has(k), `${s}: ${k}`).toBe(true);
    }
    expect((await run('codex', 'rewrite')).json?.hookSpecificOutput).toMatchObject({ permissionDecision: 'allow', updatedInput: { command: 'tail -n 200 app.log' } });
    expect((await run('codex', 'promptBlock')).json).toEqual({ decision: 'block', reason: expect.stringContaining('[secrets/aws-access-key-id]') });
  });

  it('a deny reason ends without a full stop: Codex appends ". Command: <command>" (the real CLI showed "created.. Command:")', async () => {
    for (const s of ['deny', 'ask', 'readEnv']) {
      const reason = String((await run('codex', s)).json?.hookSpecificOutput?.permissionDecisionReason);
      expect(reason, s).toMatch(/\[[a-z-]+\/[a-z-]+\]/);
      expect(reason, s).not.toMatch(/[.\s]$/);
    }
  });

  it('apply_patch: every file it touches is judged (a key file, a deletion), added lines scanned for secrets', async () => {
    const patch = (body: string) => ({ ...cx, hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: `*** Begin Patch\n${body}\n*** End Patch` }, tool_use_id: 'p' });
    const judge = async (body: string) => (await runHook('pre-tool-use', JSON.stringify(patch(body)), rt('codex'))).decision;
    expect((await judge('*** Add File: src/a.ts\n+export const a = 1;'))?.decision.action).toBe('silent');
    const secret = await judge(`*** Add File: src/aws.ts\n+const key = '${'AKIA'}8ICWH3U28EM8LYYE';`);
    expect(secret?.local.matches.map((m) => m.id)).toContain('secrets/aws-access-key-id');
    const keys = await judge('*** Update File: src/a.ts\n+x\n*** Add File: /home/dev/.ssh/authorized_keys\n+ssh-ed25519 AAAA');
    // The key file is found: writing authorized_keys grants access and blocks (issue 19) on every host.
    expect(keys?.local.matches.map((m) => m.id)).toEqual(expect.arrayContaining(['paths-persistence/access-grants', 'paths-sensitive/outside-project']));
    expect(keys?.decision.action).toBe('block');
    // Codex's own config and hooks are the agent's guard rails (agent-settings), like Claude Code's settings.json.
    for (const file of ['.codex/config.toml', '.codex/hooks.json']) {
      const own = await judge(`*** Update File: ${file}\n+[features]\n+hooks = false`);
      expect(own?.local.matches.map((m) => m.id), file).toContain('paths-sensitive/agent-settings');
      expect(own?.decision.action, file).toBe('block');
    }
    const hosts = await judge('*** Delete File: /etc/hosts');
    expect(hosts?.decision.action).toBe('block');
    expect(hosts?.audit.decisionRules).not.toContain('HEADLESS_ASK_DENIED');
  });
});
