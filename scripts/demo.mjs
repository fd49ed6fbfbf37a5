// The quick-start demo: pipes sample Claude Code events through the built hooks, one process per call as
// Claude Code would, and prints each verdict. Audit lines go to .hookwarden-demo/ (or $HOOKWARDEN_HOME).

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = join(root, 'test', 'fixtures', 'claude-code');
const home = process.env.HOOKWARDEN_HOME || join(root, '.hookwarden-demo');
const env = { ...process.env, HOOKWARDEN_HOME: home };
delete env.NODE_EXTRA_CA_CERTS;

const samples = [
  ['user-prompt', 'prompt-decision', 'prompt "should we use zod or valibot?"'],
  ['user-prompt', 'prompt-perform-review', 'prompt "please perform a quick review"'],
  ['user-prompt', 'prompt-secret', 'prompt containing an AWS access key'],
  ['user-prompt', 'prompt-remember', 'prompt "Remember that we use pnpm…"'],
  ['pre-tool-use', 'pre-mcp-memory-sensitive', 'memory tool: a named person\'s allergy'],
  ['pre-tool-use', 'pre-bash-ls', 'Bash: ls -la'],
  ['pre-tool-use', 'pre-bash-rm-rf-root', 'Bash: rm -rf /'],
  ['pre-tool-use', 'pre-bash-rm-fr-home-sudo', 'Bash: sudo rm -fr ~'],
  ['pre-tool-use', 'pre-bash-curl-pipe-sh', 'Bash: curl … | bash'],
  ['pre-tool-use', 'pre-bash-git-push-force', 'Bash: git push --force origin main'],
  ['pre-tool-use', 'pre-bash-npm-publish', 'Bash: npm publish'],
  ['pre-tool-use', 'pre-write-env', 'Write .env'],
  ['pre-tool-use', 'pre-write-env-example', 'Write .env.example'],
  ['pre-tool-use', 'pre-write-secret-in-source', 'Write a GitHub token into src/'],
  ['post-tool-use', 'post-read-leaks-token', 'Read output containing a token'],
  ['stop', 'stop-hook-active', 'Stop with stop_hook_active'],
];

const clip = (s, n = 150) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
for (const [hook, name, label] of samples) {
  const input = readFileSync(join(fixtures, `${name}.json`), 'utf8');
  const r = spawnSync(process.execPath, [join(root, 'dist', 'hooks', `${hook}.cjs`)], { input, env, encoding: 'utf8' });
  let verdict = 'no opinion (empty stdout)';
  if (r.stdout) {
    const o = JSON.parse(r.stdout);
    const h = o.hookSpecificOutput ?? {};
    verdict = h.permissionDecision
      ? `${h.permissionDecision}: ${h.permissionDecisionReason}`
      : o.decision
        ? `${o.decision}: ${o.reason}`
        : `context: ${h.additionalContext}`;
  }
  process.stdout.write(`${label.padEnd(42)} exit ${r.status}  ${clip(verdict.replace(/\s+/g, ' '))}\n`);
}
process.stdout.write(`\nAudit log: ${join(home, 'audit')}/audit-<date>.jsonl (one line per decision)\n`);
process.stdout.write('Explain any call: node dist/cli.js explain "git push -f origin main"\n');
