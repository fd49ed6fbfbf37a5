// The policy commands in process: keygen → sign → verify round trip (and verify refusing an edited manifest),
// pull's exit codes, status naming the active revision, where it came from and the last failure, doctor's line.

import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../lib/cli/main.js';
import { policyBundleCheck } from '../../lib/cli/doctor-policy.js';
import { makeBundle, startBundleServer, testKey, type BundleServer } from '../helpers/bundle-server.js';
import { memoryIO } from '../helpers/cli.js';
import { AS_ROOT, newMachine, type Machine } from '../helpers/policy-home.js';

let server: BundleServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ioFor = (m: Machine | null, cwd?: string) => {
  const io = memoryIO({ ...(m ? { home: m.home } : {}), ...(cwd ? { cwd } : {}) });
  if (m) Object.assign(io.env, { HOOKWARDEN_MANAGED_DIR: m.managed });
  return io;
};

describe('policy keygen, sign, verify', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hw-policy-admin-'));
  writeFileSync(join(dir, 'config.json'), '{"askFallback":"deny"}\n');
  writeFileSync(
    join(dir, 'patterns.json'),
    JSON.stringify({ disable: [], patterns: [{ id: 'managed/no-curl-pipe', kind: 'shell', severity: 'high', action: 'block', message: 'm', hint: 'h', match: { command: { program: ['curl'] } }, examples: { match: ['curl x'], noMatch: ['ls'] } }] }),
  );

  it('round trips: keygen writes a 0600 private key, sign makes a bundle verify accepts', async () => {
    const io = ioFor(null, dir);
    expect(await runCli(['policy', 'keygen', '-o', 'admin'], io)).toBe(0);
    expect(statSync(join(dir, 'admin.pem')).mode & 0o777).toBe(0o600);
    const id = /key ([0-9a-f]{16})/.exec(io.stdout())![1];
    const raw = /publicKey: "([^"]+)"/.exec(io.stdout())![1]!;
    expect(await runCli(['policy', 'keygen', '-o', 'admin'], ioFor(null, dir))).toBe(1); // never overwrites
    const sign = ioFor(null, dir);
    expect(await runCli(['policy', 'sign', '--key', 'admin.pem', '--revision', 'fleet-7', '.', '-o', 'bundle.json'], sign)).toBe(0);
    expect(sign.stdout()).toBe(`bundle.json: revision fleet-7, key ${id}\n`);
    for (const k of ['admin.pub.pem', raw]) {
      const v = ioFor(null, dir);
      expect(await runCli(['policy', 'verify', '--key', k, 'bundle.json'], v)).toBe(0);
      expect(v.stdout()).toBe(`ok: revision fleet-7 (created 2026-11-22T12:00:00.000Z), key ${id}\n`);
    }
    // An edited manifest: refused, one line, exit 3.
    const b = JSON.parse(readFileSync(join(dir, 'bundle.json'), 'utf8'));
    b.manifest.revision = 'fleet-8';
    writeFileSync(join(dir, 'edited.json'), JSON.stringify(b));
    const v = ioFor(null, dir);
    expect(await runCli(['policy', 'verify', '--key', 'admin.pub.pem', 'edited.json'], v)).toBe(3);
    expect(v.stderr()).toMatch(/^hookwarden policy verify: edited\.json: refused: signature does not verify with key [0-9a-f]{16}.*\n$/);
  });

  it('sign refuses files machines would refuse, and says what is missing', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'hw-policy-bad-'));
    writeFileSync(join(bad, 'config.json'), '{}');
    const io = ioFor(null, dir);
    await runCli(['policy', 'keygen', '-o', 'k2'], io);
    const missing = ioFor(null, bad);
    expect(await runCli(['policy', 'sign', '--key', join(dir, 'k2.pem'), bad, '-o', 'b.json'], missing)).toBe(1);
    expect(missing.stderr()).toMatch(/no patterns\.json in .*hw-policy-bad-.*: a bundle carries config\.json and patterns\.json/);
    writeFileSync(join(bad, 'patterns.json'), JSON.stringify({ patterns: [{ id: 'user/x' }] }));
    const wrong = ioFor(null, bad);
    expect(await runCli(['policy', 'sign', '--key', join(dir, 'k2.pem'), bad, '-o', 'b.json'], wrong)).toBe(1);
    expect(wrong.stderr()).toMatch(/patterns\.json \(pattern user\/x.*nothing written/);
    expect(await runCli(['policy', 'sign', bad], ioFor(null, bad))).toBe(2);
  });
});

describe.skipIf(!AS_ROOT)('policy pull and status', () => {
  it('exit 0 with the revision; 3 refused; 1 not fetched; 4 not configured; status and doctor name it', async () => {
    const key = testKey();
    const s = await startBundleServer(JSON.stringify(makeBundle(key, 'fleet-1')));
    server = s;
    const m = newMachine({ url: s.url, publicKey: key.publicPem });
    const io = ioFor(m);
    expect(await runCli(['policy', 'pull'], io)).toBe(0);
    expect(io.stdout()).toBe('fleet-1\n');
    const again = ioFor(m);
    expect(await runCli(['policy', 'pull'], again)).toBe(0);
    expect(again.stdout()).toBe('fleet-1\n');

    s.serve(JSON.stringify(makeBundle(testKey(), 'evil-1')));
    const refused = ioFor(m);
    expect(await runCli(['policy', 'pull'], refused)).toBe(3);
    expect(refused.stderr()).toMatch(/^hookwarden policy pull: refused the bundle: signed with key .*; revision fleet-1 stays active\n$/);
    s.mode('error');
    const down = ioFor(m);
    expect(await runCli(['policy', 'pull'], down)).toBe(1);
    expect(down.stderr()).toBe('hookwarden policy pull: not fetched: the server answered HTTP 500; revision fleet-1 stays active\n');

    const st = ioFor(m);
    expect(await runCli(['policy', 'status'], st)).toBe(0);
    expect(st.stdout()).toContain(`configured:   ${s.url} (key ${key.id}, every 60 s;`);
    expect(st.stdout()).toContain('active:       revision fleet-1 (created 2026-11-26T10:00:00Z)');
    expect(st.stdout()).toContain(`fetched:      2026-11-22T12:00:00.000Z from ${s.url} (ETag "v1")`);
    expect(st.stdout()).toContain('last failure: 2026-11-22T12:00:00.000Z: the server answered HTTP 500');
    expect(policyBundleCheck(m.home, '/nonexistent-project', m.env)).toEqual({
      status: 'warn',
      what: 'policy bundle',
      detail: `revision fleet-1, fetched 2026-11-22T12:00:00.000Z from ${s.url}; last failure 2026-11-22T12:00:00.000Z: the server answered HTTP 500`,
    });

    const none = newMachine(null);
    const nio = ioFor(none);
    expect(await runCli(['policy', 'pull'], nio)).toBe(4);
    expect(nio.stderr()).toBe(`hookwarden policy pull: no policy.bundle in ${join(none.managed, 'config.json')}; nothing to pull (the admin sets url and publicKey there)\n`);
    expect(await runCli(['policy', 'pull', '--timeout', 'soon'], ioFor(m))).toBe(2);
  });
});
