// A puller killed mid-activation (SIGKILL, by its own pid, at the pause points of lib/policy/activate.ts) leaves the
// old bundle or the new one active, never a mix: killed after writing the new folder, the old bundle is active byte
// for byte; killed between the two renames, the next `policy status` finishes the activation, and what is then
// active is the new bundle whole. `hookwarden policy pull` runs from source as a real process.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { activeDir, readActive } from '../../lib/policy/store.js';
import { sha256Hex } from '../../lib/policy/format.js';
import { makeBundle, startBundleServer, testKey, type BundleServer } from '../helpers/bundle-server.js';
import { activeSnapshot, AS_ROOT, newMachine, type Machine } from '../helpers/policy-home.js';
import { children, until } from '../helpers/processes.js';
import { ROOT } from '../helpers/registry.js';

const BIN = join(ROOT, 'lib', 'cli', 'bin.ts');
const key = testKey();
const live = children();
let server: BundleServer | undefined;
afterEach(async () => {
  live.killAll();
  await server?.close();
  server = undefined;
});

function cli(m: Machine, args: string[], extra: NodeJS.ProcessEnv = {}): { proc: ChildProcess; done: Promise<{ code: number | null; out: string; err: string }> } {
  const proc = spawn(process.execPath, ['--import', 'tsx', BIN, ...args], { cwd: ROOT, env: { ...m.env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
  live.track(proc);
  let out = '';
  let err = '';
  proc.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) => proc.once('exit', (code) => resolve({ code, out, err })));
  return { proc, done };
}


/** The active folder is one bundle: its files hash as its bundle.json says. */
function whole(home: string): string {
  const info = readActive(home);
  if (!info || 'problem' in info) return 'no bundle active';
  for (const n of ['config.json', 'patterns.json'] as const) {
    if (sha256Hex(readFileSync(join(activeDir(home), n))) !== info.files[n]) return `${n} is not ${info.revision}'s`;
  }
  return info.revision;
}

describe.skipIf(!AS_ROOT)('a puller killed mid-activation', () => {
  for (const point of ['written', 'swapping'] as const) {
    it(`killed at "${point}": the old or the new bundle is active, never a mix`, { timeout: 90_000 }, async () => {
      const s = await startBundleServer(JSON.stringify(makeBundle(key, 'old')));
      server = s;
      const m = newMachine({ url: s.url, publicKey: key.publicPem });
      expect((await cli(m, ['policy', 'pull']).done).code).toBe(0);
      const old = activeSnapshot(m.home);
      s.serve(JSON.stringify(makeBundle(key, 'new', { 'config.json': '{"onInternalError":"ask"}' })));
      const marker = join(mkdtempSync(join(tmpdir(), 'hw-pause-')), 'paused');
      const p = cli(m, ['policy', 'pull'], { HOOKWARDEN_TEST_BUNDLE_PAUSE: `${point}:${marker}` });
      await until('the puller to pause', () => existsSync(marker), { ms: 20_000 });
      expect(Number(readFileSync(marker, 'utf8'))).toBe(p.proc.pid);
      process.kill(p.proc.pid!, 'SIGKILL');
      expect((await p.done).code).toBe(null);
      if (point === 'written') {
        expect(activeSnapshot(m.home)).toEqual(old);
      } else {
        // The one instant POSIX cannot close: the old folder moved aside, the new one not yet in place.
        expect(existsSync(activeDir(m.home))).toBe(false);
        const st = await cli(m, ['policy', 'status']).done;
        expect(st.out).toContain('repaired:     finished an activation a crash interrupted');
        expect(whole(m.home)).toBe('new');
      }
      expect(['old', 'new']).toContain(whole(m.home));
      // The next pull works from whatever was left (a stale lock of a dead pid, a half-written staged/).
      const again = await cli(m, ['policy', 'pull']).done;
      expect(again).toMatchObject({ code: 0, out: 'new\n' });
      expect(whole(m.home)).toBe('new');
    });
  }
});
