// A tool that started and failed (PostToolUseFailure) in the engine: its error text is scanned for credentials, what a
// failed Bash command wrote still counts as changed, its checks are recorded as failed, a failed file tool changed
// nothing, a pending ask is still an approval, and a failed memory write stores nothing.

import { describe, expect, it } from 'vitest';
import { routePostTool, type ToolOutcome } from '../../lib/engine/route-post-tool.js';
import { applyEffects, freshState, type SessionEffect, type SessionState } from '../../lib/session/state.js';
import { CTX, engineDeps, FIXED_NOW } from '../helpers/registry.js';

const TOKEN = `ghp_${'HwFailT0ken'.repeat(4).slice(0, 36)}`;
const fail = (error: string, interrupted = false): ToolOutcome => ({ failed: { error, interrupted } });
const apply = (s: SessionState, effects: SessionEffect[]) => applyEffects(s, effects, { now: FIXED_NOW, config: { rememberApprovals: 'session' } });
const fresh = (): SessionState => apply(freshState('s-1', '/home/dev/project', FIXED_NOW), [{ type: 'prompt' }]).state;

async function post(tool: string, input: unknown, outcome: ToolOutcome, session: SessionState = fresh(), toolUseId = 'toolu_f1') {
  return routePostTool(tool, input, outcome, { ...CTX, toolUseId }, await engineDeps({ session }));
}

describe('PostToolUseFailure in the engine', () => {
  it('warns about a credential in the error text, and judges it as a tool error', async () => {
    const d = await post('Bash', { command: 'curl https://api.example.dev' }, fail(`Exit code 22\ncurl: (22) 401 for token ${TOKEN}`));
    expect(d.decision.action).toBe('warn');
    expect(d.local.matches[0]).toMatchObject({ where: 'error' });
    expect(d.input).toMatchObject({ type: 'post_tool', domain: 'tool_error', toolName: 'Bash' });
    expect(JSON.stringify(d.decision)).not.toContain(TOKEN);
    // The same text as a successful tool's output is judged alike, as a tool result.
    const ok = await post('Bash', { command: 'curl https://api.example.dev' }, { response: { stdout: `token ${TOKEN}` } });
    expect(ok.decision.action).toBe('warn');
    expect(ok.input.domain).toBe('tool_result');
    // A plain failure says nothing.
    expect((await post('Bash', { command: 'npm test' }, fail('Exit code 1\n3 failed'))).decision.action).not.toBe('warn');
  });

  it('records a failed check as a check that ran and failed: the files stay unchecked', async () => {
    const changed = apply(fresh(), [{ type: 'observed', tool: 'Write', writes: ['src/a.ts'], reads: [], actions: [] }]).state;
    const d = await post('Bash', { command: 'npm test' }, fail('Exit code 1'), changed);
    expect(d.effects).toEqual([
      { type: 'observed', tool: 'Bash', writes: [], reads: [], actions: [{ kind: 'exec', command: 'npm test' }, { kind: 'test', command: 'npm test' }], failed: true },
    ]);
    const s = apply(changed, d.effects!).state;
    expect(s.changed.map((c) => c.path)).toEqual(['src/a.ts']);
    expect(s.verified).toBeUndefined();
    expect(s.actions.filter((a) => a.kind === 'test')).toEqual([expect.objectContaining({ command: 'npm test', failed: true })]);
    // The same command succeeding checks the work.
    const ok = await post('Bash', { command: 'npm test' }, { response: { stdout: 'ok' } }, changed);
    expect(apply(changed, ok.effects!).state.changed).toEqual([]);
  });

  it('a failed Bash command may still have written: its writes count, its reads do not', async () => {
    const d = await post('Bash', { command: 'sed -i s/a/b/ src/a.ts && cat src/b.ts && false' }, fail('Exit code 1'));
    expect(d.effects?.[0]).toMatchObject({ type: 'observed', writes: ['src/a.ts'], reads: [], failed: true });
    const before = apply(fresh(), [{ type: 'observed', tool: 'Write', writes: ['src/b.ts'], reads: [], actions: [] }]).state;
    const reread = await post('Bash', { command: 'cat src/b.ts && false' }, fail('Exit code 1'), before);
    expect(apply(before, reread.effects!).state.changed.map((c) => c.path)).toEqual(['src/b.ts']);
  });

  it('a failed Write, Edit or Read changed and re-read nothing', async () => {
    const before = apply(fresh(), [{ type: 'observed', tool: 'Write', writes: ['src/b.ts'], reads: [], actions: [] }]).state;
    for (const [tool, input] of [
      ['Write', { file_path: '/home/dev/project/src/a.ts', content: 'x' }],
      ['Edit', { file_path: '/home/dev/project/src/a.ts', old_string: 'a', new_string: 'b' }],
      ['Read', { file_path: '/home/dev/project/src/b.ts' }],
    ] as const) {
      const d = await post(tool, input, fail('File has not been read yet. Read it first before writing to it.'), before);
      expect(d.effects, tool).toBeUndefined();
    }
  });

  it('an ask pending for the call is an approval although the tool failed, or the user interrupted it', async () => {
    const asked = apply(fresh(), [{ type: 'ask', toolUseId: 'toolu_f1', keys: [{ rule: 'bash-git/push-force', target: 'git push --force origin x' }], permissionMode: 'default' }]).state;
    for (const interrupted of [false, true]) {
      const d = await post('Bash', { command: 'git push --force origin x' }, fail('rejected: stale info', interrupted), asked);
      expect(d.effects?.[0], String(interrupted)).toMatchObject({ type: 'observed', toolUseId: 'toolu_f1', failed: true });
      const r = apply(asked, d.effects!);
      expect(r.created.map((g) => `${g.rule} ${g.target}`)).toEqual(['bash-git/push-force git push --force origin x']);
      expect(r.state.pending).toEqual([]);
      // The failed push backs no "pushed" claim.
      expect(r.state.actions.filter((a) => a.kind === 'push')).toEqual([expect.objectContaining({ failed: true })]);
    }
  });

  it('a memory write that failed stored nothing: its proposal is not marked as run', async () => {
    const proposed = apply(fresh(), [{ type: 'memoryProposed', proposal: { toolUseId: 'toolu_f1', tool: 'mcp__memory__create_entities', target: 'memory-target/x', facts: [] } }]).state;
    const failed = await post('mcp__memory__create_entities', { entities: [] }, fail('server error'), proposed);
    expect(failed.effects ?? []).not.toContainEqual({ type: 'memoryRan', toolUseId: 'toolu_f1' });
    const ran = await post('mcp__memory__create_entities', { entities: [] }, { response: { ok: true } }, proposed);
    expect(ran.effects).toContainEqual({ type: 'memoryRan', toolUseId: 'toolu_f1' });
  });
});
