#!/usr/bin/env node
// hookwarden-hook <hook> [--agent <host>]: runs one hook bundle (dist/hooks/<hook>.cjs) of the package this file
// belongs to, so a committed settings file can name a command found on PATH (a global install) instead of one
// machine's absolute path (docs/install-scopes.md). It loads the bundle and nothing else: never the CLI, never npx.
// An unknown hook name is refused with exit 2 (a guard that cannot run blocks).
'use strict';
const hook = process.argv[2];
if (hook === 'pre-tool-use' || hook === 'user-prompt' || hook === 'post-tool-use' || hook === 'stop' || hook === 'session-start') {
  require(`../dist/hooks/${hook}.cjs`);
} else {
  process.stderr.write(`hookwarden-hook: unknown hook "${String(hook).slice(0, 40)}" (pre-tool-use, user-prompt, post-tool-use, stop, session-start)\n`);
  process.exitCode = 2;
}
