// OpenCode's answers to its plugin (agent-protocols.md §4; the plugin itself: opencode-plugin.test.ts).

import { describe, expect, it } from 'vitest';
import { runHook } from '../../../lib/hook/run-hook.js';
import { oc, PROJECT, rt, run } from './contract.js';

describe('OpenCode answers to its plugin (agent-protocols.md §4; the plugin itself: opencode-plugin.test.ts)', () => {
  it('a deny carries the reason the plugin throws; an ask is a deny (no ask in OpenCode); a rewrite sends OpenCode\'s own arguments', async () => {
    expect((await run('opencode', 'deny')).json).toEqual({ decision: 'deny', reason: expect.stringContaining('[bash-filesystem/rm-home]') });
    expect((await run('opencode', 'ask')).json).toEqual({ decision: 'deny', reason: expect.stringContaining('hookwarden grant') });
    expect((await run('opencode', 'rewrite')).json).toEqual({ decision: 'allow', args: { command: 'tail -n 200 app.log', description: 'watch' }, context: expect.any(String) });
    expect((await run('opencode', 'context')).json?.context).toMatch(/read-only/i);
    expect((await run('opencode', 'promptBlock')).json).toMatchObject({ decision: 'block' });
  });

  it('camelCase file arguments are judged (filePath, content), apply_patch by the files it touches', async () => {
    const write = { ...oc, hook_event_name: 'tool.execute.before', tool: 'write', call_id: 'w', args: { filePath: `${PROJECT}/src/aws.ts`, content: `const key = '${'AKIA'}8ICWH3U28EM8LYYE';` } };
    const r = await runHook('pre-tool-use', JSON.stringify(write), rt('opencode'));
    expect(r.decision?.local.matches.map((m) => m.id)).toContain('secrets/aws-access-key-id');
    const patch = { ...oc, hook_event_name: 'tool.execute.before', tool: 'apply_patch', call_id: 'p', args: { patchText: '*** Begin Patch\n*** Delete File: /etc/hosts\n*** End Patch' } };
    expect(JSON.parse((await runHook('pre-tool-use', JSON.stringify(patch), rt('opencode'))).stdout)).toMatchObject({ decision: 'deny' });
  });
});
