// A central policy bundle deciding verdicts, end to end through the built CLI and hook (npm run build first): the
// admin's key signs a bundle, `hookwarden policy pull` fetches it from a real server and activates it, and the next
// hook call denies by its rule, naming the bundle's revision and the rule's layer. A tampered bundle is refused
// with the last good one still deciding; a project file cannot disable a bundle's rule.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBundle, managedPatterns, startBundleServer, testKey, type BundleServer } from '../helpers/bundle-server.js';
import { activeSnapshot, AS_ROOT, newMachine, type Machine } from '../helpers/policy-home.js';
import { ROOT } from '../helpers/registry.js';

const CLI = join(ROOT, 'dist', 'cli.js');
const HOOK = join(ROOT, 'dist', 'hooks', 'pre-tool-use.js');
const key = testKey();
let server: BundleServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** `hookwarden policy pull` as its own process; not spawnSync, which would stop this process's bundle server too. */
const pull = (m: Machine): Promise<{ status: number | null; stdout: string; stderr: string }> =>
  new Promise((done, fail) => {
    const child = spawn('node', [CLI, 'policy', 'pull'], { env: m.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
  });

/** One PreToolUse call as Claude Code makes it, in a project of its own; the answer and the audit line it wrote. */
function judge(m: Machine, command: string) {
  const project = join(m.home, '..', `${m.home.split('/').pop()}-project`);
  mkdirSync(join(project, '.hookwarden'), { recursive: true });
  const input = JSON.stringify({ session_id: 's', transcript_path: '/t', cwd: project, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'tu' });
  const r = spawnSync('node', [HOOK], { input, env: { ...m.env, CLAUDE_PROJECT_DIR: project }, encoding: 'utf8', timeout: 20_000 });
  const lines = readdirSync(join(m.home, 'audit')).flatMap((f) => readFileSync(join(m.home, 'audit', f), 'utf8').trim().split('\n'));
  const line = JSON.parse(lines.at(-1)!) as { verdict: string; bundle_revision?: string; local: { matches: Array<{ id: string; layer?: string }> }; error?: string };
  return { status: r.status, out: r.stdout, line, project };
}

describe.skipIf(!AS_ROOT)('a policy bundle decides verdicts through the built CLI and hook', () => {
  it('is there: npm run build ran', () => {
    expect(existsSync(CLI) && existsSync(HOOK), 'dist/ missing: run npm run build').toBe(true);
  });

  it('pulled, it denies by its rule with its revision; a tampered one is refused and the last good one still decides', async () => {
    server = await startBundleServer(JSON.stringify(makeBundle(key, 'fleet-2026-11-26.1')));
    const m = newMachine({ url: server.url, publicKey: key.publicPem });
    expect(judge(m, 'fleet-wipe --all').line.verdict).not.toBe('block');

    const first = await pull(m);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('fleet-2026-11-26.1');
    const denied = judge(m, 'fleet-wipe --all');
    expect(denied.status).toBe(2);
    expect(denied.out).toContain('managed/no-fleet-wipe');
    expect(denied.line).toMatchObject({ verdict: 'block', bundle_revision: 'fleet-2026-11-26.1' });
    expect(denied.line.local.matches).toContainEqual(expect.objectContaining({ id: 'managed/no-fleet-wipe', layer: 'bundle' }));

    // A bundle whose body was changed after signing (a compromised mirror): refused, exit 3, nothing replaced.
    const good = activeSnapshot(m.home);
    server.serve(JSON.stringify(makeBundle(key, 'fleet-2026-11-26.2', { 'patterns.json': managedPatterns('no-other', 'other-tool') })));
    server.mode('tampered');
    const refused = await pull(m);
    expect(refused.status).toBe(3);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(activeSnapshot(m.home)).toEqual(good);
    expect(judge(m, 'fleet-wipe --all').line).toMatchObject({ verdict: 'block', bundle_revision: 'fleet-2026-11-26.1' });
  });

  it("a project's patterns.json cannot disable a bundle's rule; the attempt is named in the audit line", async () => {
    server = await startBundleServer(JSON.stringify(makeBundle(key, 'fleet-r1')));
    const m = newMachine({ url: server.url, publicKey: key.publicPem });
    const p = await pull(m);
    expect(p.status, p.stderr).toBe(0);
    const { project } = judge(m, 'ls');
    writeFileSync(join(project, '.hookwarden', 'patterns.json'), JSON.stringify({ disable: ['managed/no-fleet-wipe'], actions: { 'managed/no-fleet-wipe': 'off' } }));
    const r = judge(m, 'fleet-wipe --all');
    expect(r.line.verdict).toBe('block');
    expect(r.line.error).toMatch(/managed\/no-fleet-wipe.*ignored: set by the managed policy/);
  });
});
