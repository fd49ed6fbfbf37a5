// Every host adapter judges the same scenarios the same way; the bundles pick the host from --agent; Claude Code's own
// answers. Each host's shape and fail-open trap: the other files here.

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HookName } from '../../../lib/hook/hooks.js';
import { hookEnv } from '../../helpers/fixtures.js';
import { ROOT } from '../../helpers/registry.js';
import { PROJECT, run, STDIN } from './contract.js';

describe('every host adapter judges the same scenarios the same way', () => {
  for (const agent of ['claude-code', 'gemini', 'codex', 'copilot', 'qwen', 'droid', 'cursor', 'opencode'] as const) {
    it(`${agent}: the verdicts and the rule ids do not depend on the host`, async () => {
      const verdicts: Record<string, [string | undefined, string[]]> = {};
      for (const s of Object.keys(STDIN[agent])) {
        const r = await run(agent, s);
        verdicts[s] = [r.decision?.decision.action, r.decision?.local.matches.map((m) => m.id) ?? []];
      }
      // Codex and Gemini cannot ask (Codex rejects it; Gemini headless waits forever): askFallback decides (deny by
      // default), the findings unchanged.
      // Cursor honours only deny, OpenCode has no ask, `droid exec` runs an asked call: the same.
      const asked = agent === 'codex' || agent === 'gemini' || agent === 'cursor' || agent === 'opencode' || agent === 'droid' ? 'block' : 'ask';
      const expected = {
        deny: ['block', ['bash-filesystem/rm-home']],
        ask: [asked, ['bash-git/force-push']],
        rewrite: ['allow', ['interactive/follow-log']],
        context: ['silent', expect.any(Array)],
        promptBlock: ['block', ['secrets/aws-access-key-id']],
        stopBlock: [expect.stringMatching(/block|silent|allow/), expect.any(Array)],
        readEnv: [asked, ['paths-sensitive/env-files']],
      };
      // A host whose hooks never see an event has no scenario for it (OpenCode's plugin: no stop).
      expect(verdicts).toEqual(Object.fromEntries(Object.entries(expected).filter(([s]) => s in STDIN[agent])));
    });
  }
});

describe('Claude Code output (hook-protocols.md; the real CLI: test/clients)', () => {
  it('deny, ask, rewrite, context', async () => {
    expect((await run('claude-code', 'deny')).json?.hookSpecificOutput).toMatchObject({ permissionDecision: 'deny' });
    expect((await run('claude-code', 'ask')).json?.hookSpecificOutput).toMatchObject({ permissionDecision: 'ask' });
    expect((await run('claude-code', 'rewrite')).json?.hookSpecificOutput).toMatchObject({ updatedInput: { command: 'tail -n 200 app.log' }, additionalContext: expect.any(String) });
    expect((await run('claude-code', 'context')).json?.hookSpecificOutput.additionalContext).toMatch(/read-only/i);
    expect((await run('claude-code', 'promptBlock')).json).toMatchObject({ decision: 'block' });
  });
});

describe('the bundles take the host from --agent', () => {
  const hook = (args: string[], stdin: unknown) =>
    spawnSync(process.execPath, [join(ROOT, 'dist', 'hooks', 'pre-tool-use.js'), ...args], { input: JSON.stringify(stdin), env: { ...hookEnv(mkdtempSync(join(tmpdir(), 'hw-agents-'))), CLAUDE_PROJECT_DIR: PROJECT }, encoding: 'utf8' });

  it('--agent gemini answers in Gemini\'s shape; no flag is Claude Code; an unknown host fails closed', () => {
    const [, stdin] = STDIN.gemini.deny as [HookName, unknown];
    expect(JSON.parse(hook(['--agent', 'gemini'], stdin).stdout)).toMatchObject({ decision: 'deny' });
    const [, claude] = STDIN['claude-code'].deny as [HookName, unknown];
    expect(JSON.parse(hook([], claude).stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    const unknown = hook(['--agent', 'vim'], claude);
    expect(unknown.status).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('unknown --agent "vim"');
  });
});
