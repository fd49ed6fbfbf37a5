// The daemon polls the bundle server on its own: `hookwarden serve` (from source, a real process) activates the
// bundle the managed config names and, when the server starts serving a new revision, activates that too, while
// it keeps answering; a refused bundle is logged once and the last good one stays. The schedule's jitter is
// derived from the host id, never random.

import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readActive } from '../../lib/policy/store.js';
import { pollDelayMs } from '../../lib/policy/schedule.js';
import { makeBundle, startBundleServer, testKey, type BundleServer } from '../helpers/bundle-server.js';
import { activeSnapshot, AS_ROOT, newMachine } from '../helpers/policy-home.js';
import { children, until } from '../helpers/processes.js';
import { ROOT } from '../helpers/registry.js';

const TOKEN = 'test-token-0123456789-abcdefghijklmnopqrstuvwxyz';
const live = children();
let server: BundleServer | undefined;
afterEach(async () => {
  live.killAll();
  await server?.close();
  server = undefined;
});


const revision = (home: string): string | null => {
  const a = readActive(home);
  return a && !('problem' in a) ? a.revision : null;
};

describe('the poll schedule', () => {
  it('is the same for the same host and round, differs between hosts, and stays within 10 % of the period', () => {
    expect(pollDelayMs(60, 'host-a', 3)).toBe(pollDelayMs(60, 'host-a', 3));
    const hosts = Array.from({ length: 20 }, (_, i) => pollDelayMs(60, `host-${i}`, 1));
    expect(new Set(hosts).size).toBeGreaterThan(15);
    for (const d of hosts) expect(d >= 54_000 && d <= 66_000).toBe(true);
    for (let i = 0; i < 20; i++) expect(pollDelayMs(3600, `host-${i}`, 0)).toBeLessThanOrEqual(60_000);
  });
});

describe.skipIf(!AS_ROOT)('hookwarden serve polls the bundle server', () => {
  it('activates the configured bundle, then a new revision on its own poll; a refused one is logged and kept out', { timeout: 120_000 }, async () => {
    const key = testKey();
    const s = await startBundleServer(JSON.stringify(makeBundle(key, 'poll-1')));
    server = s;
    const m = newMachine({ url: s.url, publicKey: key.publicPem, pollSeconds: 1 });
    writeFileSync(join(m.home, 'config.json'), JSON.stringify({ serve: { token: TOKEN } }), { mode: 0o600 });
    const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'lib', 'cli', 'bin.ts'), 'serve', '--port', '0'], { cwd: ROOT, env: m.env, stdio: ['ignore', 'ignore', 'pipe'] });
    live.track(proc);
    let log = '';
    proc.stderr!.setEncoding('utf8').on('data', (d: string) => (log += d));
    await until('poll-1 to be active', () => log.includes(`hookwarden serve: policy bundle poll-1 active (from ${s.url})`), { ms: 40_000, said: () => log, everyMs: 50 });
    expect(revision(m.home)).toBe('poll-1');

    s.serve(JSON.stringify(makeBundle(testKey(), 'evil-2')));
    await until('the refusal to be logged', () => log.includes('policy bundle refused: signed with key'), { ms: 40_000, said: () => log, everyMs: 50 });
    const good = activeSnapshot(m.home);
    expect(revision(m.home)).toBe('poll-1');

    s.serve(JSON.stringify(makeBundle(key, 'poll-2')));
    await until('poll-2 to be active', () => log.includes('policy bundle poll-2 active'), { ms: 40_000, said: () => log, everyMs: 50 });
    expect(revision(m.home)).toBe('poll-2');
    expect(log.match(/policy bundle refused/g)?.length).toBe(1);
    expect(activeSnapshot(m.home)).not.toEqual(good);
    // Conditional requests: the daemon sent the active bundle's ETag.
    expect(s.conditions.filter((c) => c === '"v1"').length).toBeGreaterThan(0);
    const port = Number(/listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(log)?.[1]);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
  });
});
