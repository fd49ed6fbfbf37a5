// The managed layer's files for a call (lib/hook/managed.ts) through runHook: an active policy bundle under the home
// is read as part of the managed layer (its rules' layer is `bundle`, every line carries its revision), the managed
// folder outranks it, and a bundle without a readable revision still applies, recorded as "unknown".

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHook } from '../../lib/hook/run-hook.js';
import { ALL_ROUTERS } from '../../lib/hook/routers.js';
import { hookEnv } from '../helpers/fixtures.js';
import { FIXED_NOW } from '../helpers/registry.js';

const rule = (id: string, program: string, action: string) => ({
  id,
  kind: 'shell',
  severity: 'critical',
  action,
  message: `${id} matched`,
  hint: 'h',
  match: { command: { program: [program] } },
  examples: { match: [`${program} x`], noMatch: ['ls'] },
});

function machine(bundle: { revision?: string; patterns: object }, managed?: object) {
  const root = mkdtempSync(join(tmpdir(), 'hw-bundle-'));
  const home = join(root, 'home');
  const active = join(home, 'policy', 'active');
  mkdirSync(active, { recursive: true, mode: 0o700 });
  if (bundle.revision !== undefined) writeFileSync(join(active, 'bundle.json'), JSON.stringify({ revision: bundle.revision, files: [] }));
  writeFileSync(join(active, 'patterns.json'), JSON.stringify(bundle.patterns));
  const managedDir = join(root, 'etc');
  if (managed) {
    mkdirSync(managedDir, { mode: 0o755 });
    writeFileSync(join(managedDir, 'patterns.json'), JSON.stringify(managed), { mode: 0o644 });
  }
  const env = { ...hookEnv(home), HOOKWARDEN_MANAGED_DIR: managedDir };
  let n = 0;
  const judge = async (command: string) => {
    const stdin = JSON.stringify({ session_id: 's', transcript_path: '/t', cwd: root, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: `tu-${++n}` });
    const run = await runHook('pre-tool-use', stdin, { env, now: () => FIXED_NOW, newId: () => `id-${n}`, embedded: null, engineVersion: 'test', routers: ALL_ROUTERS });
    const lines = readdirSync(join(home, 'audit')).flatMap((f) => readFileSync(join(home, 'audit', f), 'utf8').trim().split('\n'));
    return { run, line: JSON.parse(lines.at(-1)!) as { verdict: string; bundle_revision?: string; error?: string; local: { matches: Array<{ id: string; layer: string }> } } };
  };
  return { judge, home };
}

describe.skipIf(process.getuid?.() !== 0)('the policy bundle as part of the managed layer', () => {
  it('applies its rules with layer "bundle" and records its revision; the managed folder outranks it', async () => {
    const m = machine(
      { revision: 'rev-2026-11-26.1', patterns: { patterns: [rule('managed/no-helm', 'helm', 'block'), rule('managed/no-kubectl', 'kubectl', 'block')] } },
      { actions: { 'managed/no-kubectl': 'ask' } },
    );
    const helm = await m.judge('helm uninstall payments');
    expect(helm.line).toMatchObject({ verdict: 'block', bundle_revision: 'rev-2026-11-26.1' });
    expect(helm.line.local.matches).toContainEqual(expect.objectContaining({ id: 'managed/no-helm', layer: 'bundle' }));
    const kubectl = await m.judge('kubectl get pods');
    expect(kubectl.line.verdict).toBe('ask');
    expect(kubectl.line.local.matches).toContainEqual(expect.objectContaining({ id: 'managed/no-kubectl', layer: 'managed' }));
  });

  it('still applies a bundle whose bundle.json is missing, recorded as revision "unknown" with one issue', async () => {
    const m = machine({ patterns: { patterns: [rule('managed/no-helm', 'helm', 'block')] } });
    const helm = await m.judge('helm uninstall payments');
    expect(helm.line).toMatchObject({ verdict: 'block', bundle_revision: 'unknown' });
    expect(helm.line.error).toMatch(/policy\/active\/bundle\.json: missing; the bundle's revision is recorded as "unknown"/);
  });

  it('reads the bundle a killed puller left between its two renames (staged, else previous), never none', async () => {
    const m = machine({ revision: 'rev-new', patterns: { patterns: [rule('managed/no-helm', 'helm', 'block')] } });
    const policy = join(m.home, 'policy');
    renameSync(join(policy, 'active'), join(policy, 'staged'));
    mkdirSync(join(policy, 'previous'), { mode: 0o700 });
    writeFileSync(join(policy, 'previous', 'bundle.json'), JSON.stringify({ revision: 'rev-old', files: [] }));
    writeFileSync(join(policy, 'previous', 'patterns.json'), JSON.stringify({ patterns: [rule('managed/no-kubectl', 'kubectl', 'block')] }));
    expect((await m.judge('helm uninstall payments')).line).toMatchObject({ verdict: 'block', bundle_revision: 'rev-new' });
    // staged/ without its bundle.json (killed while writing it): the previous bundle, not a half one.
    rmSync(join(policy, 'staged', 'bundle.json'));
    const old = (await m.judge('kubectl delete ns payments')).line;
    expect(old).toMatchObject({ verdict: 'block', bundle_revision: 'rev-old' });
    expect(old.local.matches).toContainEqual(expect.objectContaining({ id: 'managed/no-kubectl', layer: 'bundle' }));
  });
});
