// An Edit of an agent's settings file blocks when it can reach the hooks (guard-self/hook-settings) and only asks
// (paths-sensitive/agent-settings) when it leaves them alone; a Write of the file always blocks. What Claude Code
// sends is all the hook sees: the Edit's old_string/new_string, MultiEdit's edits, Write's content.

import { describe, expect, it } from 'vitest';
import { leavesHooksAlone } from '../../lib/engine/hook-settings-edit.js';
import { routeToolExecution } from '../../lib/engine/route-tool.js';
import { CTX, engineDeps } from '../helpers/registry.js';

const RULE = 'guard-self/hook-settings';

async function judge(tool: string, input: Record<string, unknown>) {
  const d = await routeToolExecution(tool, input, CTX, await engineDeps());
  return { action: d.decision.action, ids: d.audit.localPatterns, message: d.decision.message, hints: d.decision.hints.join(' ') };
}

const edit = (file_path: string, old_string: string, new_string: string) => ({ file_path, old_string, new_string });

describe('edits that reach the hooks block', () => {
  it.each([
    ['disableAllHooks added', edit('.claude/settings.json', '{', '{\n  "disableAllHooks": true,')],
    ['the hooks key removed', edit('.claude/settings.json', '"hooks": {\n    "PreToolUse": []\n  },', '')],
    ['an event renamed', edit('~/.claude/settings.json', '"PreToolUse"', '"PreToolUseOff"')],
    ['a matcher narrowed', edit('.claude/settings.local.json', '"matcher": "*"', '"matcher": "NoSuchTool"')],
    ["hookwarden's command replaced", edit('.claude/settings.json', 'node /opt/hookwarden/dist/hooks/pre-tool-use.js', 'true')],
    ['a command hook turned into another type', edit('.claude/settings.json', '"type": "command"', '"type": "prompt"')],
    ['a timeout cut to nothing', edit('.claude/settings.json', '"timeout": 10', '"timeout": 0')],
    ['env pointing hookwarden elsewhere', edit('.claude/settings.json', '"env": {', '"env": {\n    "HOOKWARDEN_HOME": "/tmp/empty",')],
    ['NODE_OPTIONS injected into the env', edit('.claude/settings.json', '"FOO": "1"', '"FOO": "1", "NODE_OPTIONS": "--require /tmp/x.js"')],
    ['a unicode escape spelling the key', edit('.claude/settings.json', '{', '{"disable\\u0041llHooks": true,')],
    ['allowManagedHooksOnly in managed settings', edit('/etc/claude-code/managed-settings.json', '{', '{"allowManagedHooksOnly": true,')],
    ["Gemini's hooks", edit('.gemini/settings.json', '"BeforeTool": [', '"BeforeToolX": [')],
    ["Codex's hook trust", edit('~/.codex/config.toml', 'trust_level = "trusted"', 'trust_level = "untrusted"')],
  ])('%s', async (_, input) => {
    const v = await judge('Edit', input);
    expect(v.action).toBe('block');
    expect(v.ids).toContain(RULE);
    expect(v.message).toContain(`[${RULE}]`);
    expect(v.hints).toContain('let them apply it in their own editor or terminal');
  });

  it('one hook-touching edit in a MultiEdit is enough', async () => {
    const v = await judge('MultiEdit', { file_path: '.claude/settings.json', edits: [{ old_string: '"model": "opus"', new_string: '"model": "sonnet"' }, { old_string: '{', new_string: '{"disableAllHooks": true,' }] });
    expect(v.action).toBe('block');
    expect(v.ids).toContain(RULE);
  });

  it('a Write of a settings file blocks whatever it holds: it replaces the hooks it does not repeat', async () => {
    const v = await judge('Write', { file_path: '.claude/settings.json', content: '{\n  "permissions": { "allow": ["Bash(npm test)"] }\n}\n' });
    expect(v.action).toBe('block');
    expect(v.ids).toContain(RULE);
  });
});

describe('edits that leave the hooks alone keep the ask', () => {
  it.each([
    ['a permission added', edit('.claude/settings.json', '"allow": [', '"allow": [\n      "Bash(npm test)",')],
    ['a deny rule on .env (.env is not the env key)', edit('.claude/settings.json', '"deny": [', '"deny": ["Read(./.env)", ')],
    ['the model changed', edit('~/.claude/settings.json', '"model": "opus"', '"model": "sonnet"')],
    ['the Gemini theme', edit('.gemini/settings.json', '"theme": "Default"', '"theme": "GitHub"')],
  ])('%s', async (_, input) => {
    const v = await judge('Edit', input);
    expect(v.action).toBe('ask');
    expect(v.ids).toContain('paths-sensitive/agent-settings');
    expect(v.ids).not.toContain(RULE);
  });

  it('judges only Edit and MultiEdit with some text; anything else is not spared', () => {
    expect(leavesHooksAlone('Edit', { old_string: '"a"', new_string: '"b"' })).toBe(true);
    expect(leavesHooksAlone('Edit', {})).toBe(false);
    expect(leavesHooksAlone('MultiEdit', { edits: [] })).toBe(false);
    expect(leavesHooksAlone('Write', { content: '{}' })).toBe(false);
    expect(leavesHooksAlone('NotebookEdit', { new_source: 'x' })).toBe(false);
  });
});

describe('hook files have no harmless edit', () => {
  it('blocks an Edit of .codex/hooks.json that names no hook key', async () => {
    const v = await judge('Edit', edit('.codex/hooks.json', '10', '1'));
    expect(v.action).toBe('block');
    expect(v.ids).toContain('guard-self/hook-files');
  });
});
