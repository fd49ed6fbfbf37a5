// The hook command install writes (lib/cli/hook-command.ts), and the forms of earlier versions it still knows as its own.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HOOK_NODE_FLAGS, hookCommand, isOurCommand, nodeFlagsOf } from '../../lib/cli/hook-command.js';

describe('the hook command', () => {
  it('runs node with --jitless and the bundle, in every form install writes; the PATH bin carries no flag', () => {
    expect(hookCommand('/opt/hw', 'pre-tool-use')).toBe('node --jitless --no-expose-wasm "/opt/hw/dist/hooks/pre-tool-use.cjs"');
    expect(hookCommand({ project: 'node_modules/hookwarden' }, 'stop')).toBe('node --jitless --no-expose-wasm "$CLAUDE_PROJECT_DIR/node_modules/hookwarden/dist/hooks/stop.cjs"');
    expect(hookCommand({ bin: true }, 'stop')).toBe('hookwarden-hook stop');
    for (const c of [
      'node --jitless --no-expose-wasm "/opt/hw/dist/hooks/stop.cjs"',
      'node --jitless --no-expose-wasm "/opt/hw/dist/hooks/stop.cjs" --agent gemini',
      '"/usr/bin/node" --jitless --no-expose-wasm "/h/dist/hooks/user-prompt.cjs" --agent cursor',
    ]) {
      expect(isOurCommand(c), c).toBe(true);
      expect(nodeFlagsOf(c), c).toEqual(['--jitless', '--no-expose-wasm']);
    }
  });

  it('the flags make node print nothing: no warning on stderr for a host to pass to the model', () => {
    const r = spawnSync(process.execPath, [...HOOK_NODE_FLAGS, '-e', 'process.stdout.write(typeof WebAssembly)'], { encoding: 'utf8' });
    expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({ status: 0, stdout: 'undefined', stderr: '' });
  });

  it("an earlier version's command (no flag) is still ours, so install replaces it and uninstall removes it; doctor times it as written", () => {
    for (const c of ['node "/opt/hw/dist/hooks/stop.js"', 'node "$CLAUDE_PROJECT_DIR/dist/hooks/pre-tool-use.js" --agent codex', 'hookwarden-hook stop']) {
      expect(isOurCommand(c), c).toBe(true);
      expect(nodeFlagsOf(c), c).toEqual([]);
    }
    // 0.5's commands: the flags, and the `.js` entry (the build keeps it for them).
    for (const c of ['node --jitless --no-expose-wasm "/opt/hw/dist/hooks/stop.js"', '"/usr/bin/node" --jitless --no-expose-wasm "/h/dist/hooks/user-prompt.js" --agent cursor']) {
      expect(isOurCommand(c), c).toBe(true);
      expect(nodeFlagsOf(c), c).toEqual(['--jitless', '--no-expose-wasm']);
    }
  });

  it("a user's own command with other node flags, or unquoted, is not ours", () => {
    for (const c of [
      'node --inspect "/opt/hw/dist/hooks/stop.js"',
      'node --jitless --no-expose-wasm /opt/hw/dist/hooks/stop.js',
      'node --jitless --inspect "/opt/hw/dist/hooks/stop.js"',
      'node --inspect "/opt/hw/dist/hooks/stop.cjs"',
      'node "/opt/hw/dist/hooks/stop.mjs"',
      'node "/opt/hw/dist/hooks/stop.cjs.bak"',
    ]) {
      expect(isOurCommand(c), c).toBe(false);
    }
    // A flag written after the bundle is the hook's argument, not node's.
    expect(nodeFlagsOf('node "/opt/hw/dist/hooks/stop.js" --jitless')).toEqual([]);
  });
});
