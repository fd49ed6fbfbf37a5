// The engine's session rules with an injected state and clock: read-only mode per tool and per command,
// grants and their windows, the Stop checks in each setting. The real-process transcripts are in
// test/e2e/session.test.ts.

import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../lib/config/defaults.js';
import type { HookwardenConfig } from '../../lib/config/types.js';
import { routeStop } from '../../lib/engine/route-stop.js';
import { routeToolExecution } from '../../lib/engine/route-tool.js';
import { routeUserPrompt } from '../../lib/engine/route-prompt.js';
import { applyEffects, freshState, type SessionEffect, type SessionState } from '../../lib/session/state.js';
import { CTX, engineDeps, FIXED_NOW } from '../helpers/registry.js';

const MIN = 60_000;
const withEffects = (effects: SessionEffect[], s = freshState('s-1', '/home/dev/project', FIXED_NOW)): SessionState =>
  applyEffects(s, effects, { now: FIXED_NOW, config: { rememberApprovals: 'session' } }).state;
const readOnly = withEffects([{ type: 'mode', mode: 'readonly', by: 'hookwarden mode readonly' }]);
const config = (session: Partial<HookwardenConfig['session']>): HookwardenConfig => ({ ...DEFAULT_CONFIG, session: { ...DEFAULT_CONFIG.session, ...session } });

async function pre(tool: string, input: unknown, session: SessionState, now = FIXED_NOW) {
  const deps = await engineDeps({ session, now: () => now });
  return routeToolExecution(tool, input, { ...CTX, toolUseId: 'toolu_1' }, deps);
}

describe('read-only mode, per tool', () => {
  it.each([
    ['Read', { file_path: '/home/dev/project/src/a.ts' }, 'allow'],
    ['Grep', { pattern: 'x', path: '/home/dev/project' }, 'allow'],
    ['Glob', { pattern: '**/*.ts' }, 'allow'],
    ['WebFetch', { url: 'https://example.com', prompt: 'x' }, 'allow'],
    ['Agent', { prompt: 'look around', subagent_type: 'Explore' }, 'allow'],
    ['TodoWrite', { todos: [] }, 'allow'],
    ['mcp__github__get_issue', { number: 1 }, 'allow'],
    ['Write', { file_path: '/home/dev/project/src/a.ts', content: 'x' }, 'block'],
    ['Edit', { file_path: '/home/dev/project/src/a.ts', old_string: 'a', new_string: 'b' }, 'block'],
    ['NotebookEdit', { notebook_path: '/home/dev/project/n.ipynb', new_source: 'x' }, 'block'],
    ['mcp__github__create_issue', { title: 'x' }, 'block'],
    ['mcp__memory__create_entities', { entities: [] }, 'block'],
    ['SomeNewTool', {}, 'block'],
  ])('%s → %s', async (tool, input, expected) => {
    const d = await pre(tool, input, readOnly);
    expect(d.decision.action === 'block' ? 'block' : 'allow').toBe(expected);
    if (expected === 'block') {
      expect(d.local.matches.map((m) => m.id)).toContain('session/read-only');
      expect(d.decision.message).toContain('read-only');
      expect(d.decision.hints.join(' ')).toContain('hookwarden mode normal');
    }
  });
});

describe('read-only mode, per Bash command', () => {
  it.each([
    ['cat src/a.ts | grep foo', 'allow'],
    ['git status && git log --oneline -5', 'allow'],
    ['ls -la 2>/dev/null', 'allow'],
    ['npm test', 'allow'],
    ['pnpm run test:unit 2>&1 | tail -20', 'allow'],
    ['pytest -q tests/', 'allow'],
    ['npx tsc --noEmit', 'allow'],
    ['npx eslint src', 'allow'],
    ['cargo test', 'allow'],
    ['rm -rf build', 'block'],
    ['sed -i s/a/b/ src/a.ts', 'block'],
    ['echo x > notes.txt', 'block'],
    ['npm test > out.txt', 'block'],
    ['npm test && git commit -am wip', 'block'],
    ['npm install', 'block'],
    ['npm run build', 'block'],
    ['npx eslint --fix src', 'block'],
    ['git push', 'block'],
    ['python3 -c "import os; os.remove(\'a\')"', 'block'],
  ])('%s → %s', async (command, expected) => {
    const d = await pre('Bash', { command }, readOnly);
    const denied = d.local.matches.some((m) => m.id === 'session/read-only');
    expect(denied ? 'block' : 'allow').toBe(expected);
  });
});

describe('grants at PreToolUse', () => {
  const approved = withEffects([
    { type: 'ask', toolUseId: 't1', keys: [{ rule: 'paths-sensitive/env-files', target: 'read ~/project/.env' }] },
    { type: 'observed', tool: 'Read', toolUseId: 't1', writes: [], reads: [], actions: [] },
  ]);

  it('an approval lifts the same rule on the same file, and names the grant in the audit', async () => {
    const d = await pre('Read', { file_path: '/home/dev/project/.env' }, approved);
    expect(d.decision.action).not.toBe('ask');
    expect(d.audit.decisionRules).toContain('GRANT_APPLIED');
    expect(d.audit.session?.grantsUsed?.[0]).toMatch(/^g\d+ paths-sensitive\/env-files on read /);
    expect((await pre('Read', { file_path: '/home/dev/project/.env.local' }, approved)).decision.action).toBe('ask');
  });

  it('a windowed grant stops applying when its window closes', async () => {
    const s = applyEffects(withEffects([{ type: 'ask', toolUseId: 't1', keys: [{ rule: 'paths-sensitive/env-files', target: 'read ~/project/.env' }] }]), [
      { type: 'observed', tool: 'Read', toolUseId: 't1', writes: [], reads: [], actions: [] },
    ], { now: FIXED_NOW, config: { rememberApprovals: '30m' } }).state;
    expect((await pre('Read', { file_path: '/home/dev/project/.env' }, s, FIXED_NOW + 29 * MIN)).decision.action).not.toBe('ask');
    expect((await pre('Read', { file_path: '/home/dev/project/.env' }, s, FIXED_NOW + 31 * MIN)).decision.action).toBe('ask');
  });

  it('never lifts a secret finding or a block', async () => {
    const everything = withEffects([
      { type: 'grant', grant: { capability: 'FileWrite', source: 'cli' } },
      { type: 'grant', grant: { capability: 'SystemExecute', source: 'cli' } },
    ]);
    const secret = await pre('Write', { file_path: '/home/dev/project/src/c.ts', content: 'const k = "ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R";' }, everything);
    expect(secret.decision.action).toBe('ask');
    expect((await pre('Bash', { command: 'rm -rf /' }, everything)).decision.action).toBe('block');
  });

  it('records an ask so the tool running afterwards can count as approval; not for secrets alone', async () => {
    const d = await pre('Read', { file_path: '/home/dev/project/.env' }, freshState('s-1', '/home/dev/project', FIXED_NOW));
    expect(d.effects).toEqual([
      { type: 'ask', toolUseId: 'toolu_1', keys: [{ rule: 'paths-sensitive/env-files', target: 'read ~/project/.env' }], permissionMode: 'default' },
    ]);
    const s = await pre('Write', { file_path: '/home/dev/project/src/c.ts', content: 'const k = "ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R";' }, freshState('s-1', '/home/dev/project', FIXED_NOW));
    expect(s.decision.action).toBe('ask');
    expect(s.effects).toBeUndefined();
  });
});

describe('Stop', () => {
  const changed = withEffects([{ type: 'prompt' }, { type: 'observed', tool: 'Write', writes: ['src/a.ts'], reads: [], actions: [] }]);
  const checks = () => [{ command: 'make test', source: 'Makefile target test' }];
  const stop = async (s: SessionState, cfg: HookwardenConfig, lastMessage?: string, active = false) =>
    routeStop({ stopHookActive: active, ...(lastMessage ? { lastMessage } : {}) }, CTX, await engineDeps({ session: s, config: cfg, projectChecks: checks }));

  it('block: blocks with the files and the project check, and asks to remember the nudge', async () => {
    const d = await stop(changed, DEFAULT_CONFIG, 'Done.');
    expect(d.decision.action).toBe('block');
    expect(d.decision.message).toContain('src/a.ts');
    expect(d.decision.hints.join(' ')).toContain('`make test` (Makefile target test)');
    expect(d.effects).toEqual([{ type: 'nudged', verifyWriteSeq: changed.lastWriteSeq }]);
  });

  it('remind: the same as context only; off: nothing', async () => {
    const r = await stop(changed, config({ verifyAfterWrite: 'remind' }), 'Done.');
    expect(r.decision.action).toBe('warn');
    expect(r.decision.injections.join(' ')).toContain('src/a.ts');
    expect((await stop(changed, config({ verifyAfterWrite: 'off' }), 'Done.')).decision.action).not.toBe('block');
  });

  it('stop_hook_active: never blocks, never reminds, records nothing', async () => {
    const d = await stop(changed, config({ verifyAfterWrite: 'remind' }), 'All tests pass.', true);
    expect(['silent', 'allow']).toContain(d.decision.action);
    expect(d.decision.injections).toEqual([]);
    expect(d.effects).toBeUndefined();
    expect(d.audit.decisionRules).toContain('STOP_HOOK_ACTIVE_NEVER_BLOCKS');
  });

  it('a tests-pass claim is backed by a test after the last write, even from an earlier turn', async () => {
    const s = withEffects([
      { type: 'observed', tool: 'Bash', writes: [], reads: [], actions: [{ kind: 'test', command: 'npm test' }] },
      { type: 'prompt' },
    ], changed);
    expect((await stop(s, DEFAULT_CONFIG, 'All tests pass.')).local.matches).toEqual([]);
    // …but "I ran the tests" needs a run in this turn.
    const d = await stop(s, DEFAULT_CONFIG, 'I ran the tests.');
    expect(d.local.matches.map((m) => m.id)).toEqual(['claims/ran-tests']);
  });

  it('phantomClaims off: claims are not checked', async () => {
    const s = withEffects([{ type: 'prompt' }]);
    expect((await stop(s, config({ phantomClaims: 'off' }), 'I pushed the branch.')).local.matches).toEqual([]);
    expect((await stop(s, DEFAULT_CONFIG, 'I pushed the branch.')).decision.action).toBe('block');
  });
});

describe('prompts', () => {
  const prompt = async (text: string, s: SessionState, cfg = DEFAULT_CONFIG) => routeUserPrompt(text, CTX, await engineDeps({ session: s, config: cfg }));

  it('a cue starts a read-only turn and tells the model; cues can be turned off', async () => {
    const d = await prompt('Just investigate the flaky test, do not make any changes', freshState('s-1', '/p', FIXED_NOW));
    expect(d.effects?.[0]).toMatchObject({ type: 'prompt', mode: { mode: 'readonly', scope: 'turn' } });
    expect(d.decision.injections.join(' ')).toContain('read-only for this turn');
    const off = await prompt('Just investigate the flaky test', freshState('s-1', '/p', FIXED_NOW), config({ readOnlyCues: false }));
    expect(off.effects).toEqual([{ type: 'prompt' }]);
  });

  it('configured prefixes switch the session', async () => {
    const d = await prompt('RO: check the logs', freshState('s-1', '/p', FIXED_NOW));
    expect(d.effects?.[0]).toMatchObject({ mode: { mode: 'readonly', scope: 'session' } });
    const custom = await prompt('/look check the logs', freshState('s-1', '/p', FIXED_NOW), config({ readOnlyPrefix: '/look' }));
    expect(custom.effects?.[0]).toMatchObject({ mode: { mode: 'readonly', scope: 'session' } });
  });

  it('a blocked prompt (it held a credential) starts no turn', async () => {
    const d = await prompt('use ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R and just investigate', freshState('s-1', '/p', FIXED_NOW));
    expect(d.decision.action).toBe('block');
    expect(d.effects).toBeUndefined();
  });
});
