import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  linkSync,
  readdirSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HookwardenError } from '../../lib/errors.js';
import {
  fnv1a128,
  pruneDir,
  readJsonFile,
  sessionFileKey,
  updateJsonLocked,
  writeJsonAtomic,
} from '../../lib/session/store.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WORKER = fileURLToPath(new URL('./store-worker.ts', import.meta.url));
const posix = process.platform !== 'win32';

const tmp = (tag: string) => mkdtempSync(join(tmpdir(), `hw-store-${tag}-`));
const tmpFiles = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.tmp'));

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

/** The pid of a process that has exited (and been reaped). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', '0']);
  expect(r.status).toBe(0);
  return r.pid!;
}

interface Run {
  child: ChildProcess;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

function startWorker(file: string, name: string, startAt = 0, holdMs = 0): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, file, name, String(startAt), String(holdMs)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done };
}

/** Resolves once the worker has printed "locked", i.e. it is inside updateJsonLocked holding the lock. */
function whenLocked(run: Run): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    run.child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('locked')) resolve();
    });
    void run.done.then((r) => reject(new Error(`worker exited (${r.code}) before locking: ${r.stderr}`)));
  });
}

describe('readJsonFile', () => {
  it('reports missing, ok, corrupt JSON, a directory, a non-file and oversized files without throwing', () => {
    const dir = tmp('read');
    expect(readJsonFile(join(dir, 'nope.json'))).toEqual({ status: 'missing' });
    expect(readJsonFile('')).toEqual({ status: 'missing' });

    writeFileSync(join(dir, 'ok.json'), '{"a":[1,2]}');
    expect(readJsonFile(join(dir, 'ok.json'))).toEqual({ status: 'ok', value: { a: [1, 2] } });

    writeFileSync(join(dir, 'bad.json'), 'not json, secret-ish content');
    const bad = readJsonFile(join(dir, 'bad.json'));
    expect(bad.status).toBe('corrupt');
    const reason = (bad as { reason: string }).reason;
    expect(reason).toMatch(/^not valid JSON: /);
    expect(reason).not.toContain('\n');
    expect(reason).not.toContain('secret-ish'); // V8 quotes the input; the reason does not

    writeFileSync(join(dir, 'empty.json'), '');
    expect(readJsonFile(join(dir, 'empty.json'))).toMatchObject({ status: 'corrupt', reason: expect.stringMatching(/^not valid JSON/) });

    mkdirSync(join(dir, 'isdir.json'));
    expect(readJsonFile(join(dir, 'isdir.json'))).toEqual({ status: 'unsafe', reason: 'is a directory' });
    expect(readJsonFile(join(dir, 'ok.json', 'child'))).toEqual({ status: 'corrupt', reason: 'ENOTDIR' });
    expect(readJsonFile(join(dir, 'nul\0.json'))).toMatchObject({ status: 'corrupt' });

    writeFileSync(join(dir, 'small-cap.json'), JSON.stringify({ pad: 'x'.repeat(20) }));
    expect(readJsonFile(join(dir, 'small-cap.json'), 10)).toEqual({ status: 'corrupt', reason: 'over 10 bytes' });
    writeFileSync(join(dir, 'big.json'), JSON.stringify('x'.repeat(1024 * 1024)));
    expect(readJsonFile(join(dir, 'big.json'))).toEqual({ status: 'corrupt', reason: 'over 1048576 bytes' });
    writeFileSync(join(dir, 'exact.json'), '"' + 'y'.repeat(1024 * 1024 - 2) + '"');
    expect(readJsonFile(join(dir, 'exact.json')).status).toBe('ok');
  });

  it.skipIf(!posix)('does not block on a FIFO in place of the file', () => {
    const dir = tmp('fifo');
    const fifo = join(dir, 'state.json');
    const r = spawnSync('mkfifo', [fifo]);
    if (r.status !== 0) return; // no mkfifo here
    expect(readJsonFile(fifo)).toEqual({ status: 'unsafe', reason: 'is a FIFO' });
  });

  it.skipIf(!posix)('never reads its own state through a link or a second name', () => {
    const dir = tmp('links');
    writeFileSync(join(dir, 'real.json'), '{"a":1}');
    symlinkSync(join(dir, 'real.json'), join(dir, 'link.json'));
    linkSync(join(dir, 'real.json'), join(dir, 'hard.json'));
    expect(readJsonFile(join(dir, 'link.json'))).toEqual({ status: 'unsafe', reason: 'is a symbolic link' });
    expect(readJsonFile(join(dir, 'hard.json'))).toEqual({ status: 'unsafe', reason: 'has 2 hard links' });
  });
});

describe('writeJsonAtomic', () => {
  it('writes 0600 files in a 0700 parent it creates, leaving no tmp file', () => {
    const dir = tmp('write');
    const parent = join(dir, 'state', 'sessions');
    const file = join(parent, 's.json');
    writeJsonAtomic(file, { n: 1 });
    writeJsonAtomic(file, { n: 2 });
    expect(readJsonFile(file)).toEqual({ status: 'ok', value: { n: 2 } });
    expect(readdirSync(parent)).toEqual(['s.json']);
    if (posix) {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(parent).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, 'state')).mode & 0o777).toBe(0o700);
    }
  });

  it('leaves no tmp file and the old content intact when a write fails', () => {
    const dir = tmp('write-fail');
    // Target is a directory: the rename fails after the tmp file was written.
    const asDir = join(dir, 'taken.json');
    mkdirSync(asDir);
    writeFileSync(join(asDir, 'inside'), 'keep');
    expect(() => writeJsonAtomic(asDir, { n: 1 })).toThrow();
    expect(tmpFiles(dir)).toEqual([]);
    expect(readFileSync(join(asDir, 'inside'), 'utf8')).toBe('keep');

    // Values JSON cannot encode: nothing is created, the old file stays.
    const file = join(dir, 'old.json');
    writeJsonAtomic(file, { old: true });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => writeJsonAtomic(file, circular)).toThrow();
    expect(() => writeJsonAtomic(file, { big: 1n })).toThrow();
    const undef = thrown(() => writeJsonAtomic(file, undefined));
    expect(undef).toBeInstanceOf(HookwardenError);
    expect((undef as HookwardenError).code).toBe('E_INTERNAL');
    expect(readJsonFile(file)).toEqual({ status: 'ok', value: { old: true } });
    expect(tmpFiles(dir)).toEqual([]);
  });
});

describe('updateJsonLocked', () => {
  it.skipIf(!posix)('never writes through a link planted at the lock: waits it out, then breaks it as stale', () => {
    const dir = tmp('lock-link');
    const victim = join(dir, 'victim.rc');
    writeFileSync(victim, 'export A=1\n');
    const file = join(dir, 's.json');
    symlinkSync(victim, `${file}.lock`);
    // Fresh: someone else's lock as far as anyone can tell; the update times out and nothing is written.
    expect(() => updateJsonLocked(file, () => ({ n: 1 }), { timeoutMs: 50 })).toThrow(/locked by an unknown process/);
    // Past staleMs it is removed (the link, not its target) and the update goes ahead.
    expect(updateJsonLocked(file, () => ({ n: 2 }), { timeoutMs: 500, staleMs: 1000, now: () => Date.now() + 5000 })).toEqual({ n: 2 });
    expect(readFileSync(victim, 'utf8')).toBe('export A=1\n');
    expect(readdirSync(dir).sort()).toEqual(['s.json', 'victim.rc']);
  });

  it('creates, updates, passes the current state and releases the lock', () => {
    const dir = tmp('upd');
    const file = join(dir, 'nested', 's.json');
    const seen: unknown[] = [];
    expect(updateJsonLocked(file, (cur) => (seen.push(cur), { n: 1 }))).toEqual({ n: 1 });
    expect(updateJsonLocked(file, (cur) => (seen.push(cur), { n: 2 }))).toEqual({ n: 2 });
    expect(seen).toEqual([{ status: 'missing' }, { status: 'ok', value: { n: 1 } }]);
    expect(readdirSync(join(dir, 'nested'))).toEqual(['s.json']);

    writeFileSync(file, '{broken');
    expect(updateJsonLocked(file, (cur) => (seen.push(cur.status), { n: 3 }))).toEqual({ n: 3 });
    expect(seen.at(-1)).toBe('corrupt');
  });

  it('writes nothing when update returns undefined', () => {
    const dir = tmp('upd-undef');
    const file = join(dir, 's.json');
    expect(updateJsonLocked(file, () => undefined)).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
    writeJsonAtomic(file, { keep: 1 });
    const before = statSync(file).mtimeMs;
    expect(updateJsonLocked(file, () => undefined)).toBeUndefined();
    expect(readJsonFile(file)).toEqual({ status: 'ok', value: { keep: 1 } });
    expect(statSync(file).mtimeMs).toBe(before);
    expect(readdirSync(dir)).toEqual(['s.json']);
  });

  it('releases the lock when update throws, and refuses a nested update of the same file', () => {
    const dir = tmp('upd-throw');
    const file = join(dir, 's.json');
    expect(() => updateJsonLocked(file, () => { throw new Error('boom'); })).toThrow('boom');
    expect(existsSync(`${file}.lock`)).toBe(false);
    const nested = thrown(() => updateJsonLocked(file, () => updateJsonLocked(file, () => 1)));
    expect((nested as HookwardenError).code).toBe('E_STATE_LOCK');
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(updateJsonLocked(file, () => ({ ok: true }))).toEqual({ ok: true });
  });

  it('breaks a lock left by a dead process', () => {
    const dir = tmp('dead');
    const file = join(dir, 's.json');
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: deadPid(), at: Date.now() }));
    const t0 = performance.now();
    expect(updateJsonLocked(file, () => ({ n: 1 }), { timeoutMs: 1000 })).toEqual({ n: 1 });
    expect(performance.now() - t0).toBeLessThan(500);
    expect(readdirSync(dir)).toEqual(['s.json']);
  });

  it('breaks a lock older than staleMs even if its holder is alive, by recorded time or by mtime', () => {
    const dir = tmp('old');
    const file = join(dir, 's.json');
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.ppid, at: Date.now() - 60_000 }));
    expect(updateJsonLocked(file, () => 1, { timeoutMs: 500 })).toBe(1);
    // No readable content (a crash between create and write): judged by mtime.
    writeFileSync(`${file}.lock`, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, old, old);
    expect(updateJsonLocked(file, () => 2, { timeoutMs: 500 })).toBe(2);
    // An injected clock far ahead makes a fresh lock stale.
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.ppid, at: Date.now() }));
    expect(updateJsonLocked(file, () => 3, { timeoutMs: 500, staleMs: 1000, now: () => Date.now() + 5000 })).toBe(3);
    expect(readdirSync(dir)).toEqual(['s.json']);
  });

  it('times out on a fresh lock held by a live process with one-line E_STATE_LOCK', () => {
    const dir = tmp('timeout');
    const file = join(dir, 'state.json');
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.ppid, at: Date.now() - 50 }));
    const t0 = performance.now();
    const err = thrown(() => updateJsonLocked(file, () => 1, { timeoutMs: 120 }));
    const waited = performance.now() - t0;
    expect(err).toBeInstanceOf(HookwardenError);
    expect((err as HookwardenError).code).toBe('E_STATE_LOCK');
    expect((err as Error).message).toMatch(new RegExp(`^state\\.json is locked by pid ${process.ppid} for \\d+ ms$`));
    expect(waited).toBeGreaterThanOrEqual(110);
    expect(waited).toBeLessThan(1000);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.lock`)).toBe(true); // someone else's lock is left alone
  });

  it('does not hang on a frozen injected clock', () => {
    const dir = tmp('frozen');
    const file = join(dir, 's.json');
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.ppid, at: 1000 }));
    const err = thrown(() => updateJsonLocked(file, () => 1, { timeoutMs: 80, now: () => 1000 }));
    expect((err as HookwardenError).code).toBe('E_STATE_LOCK');
  });

  it('serialises breakers: a fresh break guard blocks breaking, a stale one is cleared', () => {
    const dir = tmp('guard');
    const file = join(dir, 's.json');
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: deadPid(), at: Date.now() }));
    writeFileSync(`${file}.break.lock`, JSON.stringify({ pid: process.ppid, at: Date.now() }));
    const err = thrown(() => updateJsonLocked(file, () => 1, { timeoutMs: 100 }));
    expect((err as HookwardenError).code).toBe('E_STATE_LOCK');
    expect(existsSync(`${file}.lock`)).toBe(true);
    // The guard's holder died inside the break: the guard is stale in turn, then the lock is broken.
    writeFileSync(`${file}.break.lock`, JSON.stringify({ pid: deadPid(), at: Date.now() }));
    expect(updateJsonLocked(file, () => 2, { timeoutMs: 1000 })).toBe(2);
    expect(readdirSync(dir)).toEqual(['s.json']);
  });

  it('on release leaves alone a lock that is no longer its own', () => {
    const dir = tmp('theft');
    const file = join(dir, 's.json');
    const other = JSON.stringify({ pid: process.ppid, at: Date.now() });
    updateJsonLocked(file, () => {
      // As if our lock had been broken as stale and another process had taken it.
      unlinkSync(`${file}.lock`);
      writeFileSync(`${file}.lock`, other);
      return 1;
    });
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(other);
  });

  it('makes a second updater wait for a lock held by another process, then succeed', { timeout: 30_000 }, async () => {
    const dir = tmp('wait');
    const file = join(dir, 's.json');
    const holder = startWorker(file, 'child', 0, 150);
    await whenLocked(holder);
    const lock = readJsonFile(`${file}.lock`);
    expect(lock).toMatchObject({ status: 'ok', value: { pid: holder.child.pid } });
    const t0 = performance.now();
    const next = updateJsonLocked(file, (cur) => {
      expect(cur).toEqual({ status: 'ok', value: { items: ['child'], count: 1 } });
      return { items: ['child', 'parent'], count: 2 };
    }, { timeoutMs: 5000 });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(50);
    expect(next).toEqual({ items: ['child', 'parent'], count: 2 });
    expect(await holder.done).toMatchObject({ code: 0 });
    expect(readdirSync(dir).sort()).toEqual(['s.json']);
  });

  it('times out naming the live holder pid while another process holds the lock', { timeout: 30_000 }, async () => {
    const dir = tmp('wait-timeout');
    const file = join(dir, 'state.json');
    const holder = startWorker(file, 'child', 0, 1000);
    await whenLocked(holder);
    const err = thrown(() => updateJsonLocked(file, () => 1, { timeoutMs: 100 }));
    expect((err as HookwardenError).code).toBe('E_STATE_LOCK');
    expect((err as Error).message).toMatch(new RegExp(`^state\\.json is locked by pid ${holder.child.pid} for \\d+ ms$`));
    expect(await holder.done).toMatchObject({ code: 0 });
    expect(readJsonFile(file)).toEqual({ status: 'ok', value: { items: ['child'], count: 1 } });
  });
});

describe('updateJsonLocked across real processes', () => {
  const WORKERS = 24;
  const ROUNDS = 3;

  it(`${ROUNDS} rounds × ${WORKERS} concurrent workers lose no update`, { timeout: 180_000 }, async () => {
    const dir = tmp('par');
    const file = join(dir, 'session.json');
    for (let round = 0; round < ROUNDS; round++) {
      // Round 2 starts behind a lock left by a dead process, round 3 behind one too old to honour: every
      // worker sees it stale at about the same time, so they race to break it.
      if (round === 1) writeFileSync(`${file}.lock`, JSON.stringify({ pid: deadPid(), at: Date.now() }));
      if (round === 2) writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, at: Date.now() - 60_000 }));
      const startAt = Date.now() + 3000;
      // All spawned before any is awaited.
      const runs = Array.from({ length: WORKERS }, (_, i) => startWorker(file, `r${round}-w${i}`, startAt, 3));
      const results = await Promise.all(runs.map((r) => r.done));
      for (const r of results) expect(r, r.stderr).toMatchObject({ code: 0 });

      const state = readJsonFile(file);
      expect(state.status).toBe('ok');
      const { items, count } = (state as { value: { items: string[]; count: number } }).value;
      const expected = (round + 1) * WORKERS;
      expect(count).toBe(expected);
      expect(items).toHaveLength(expected);
      expect(new Set(items).size).toBe(expected);
      for (let i = 0; i < WORKERS; i++) expect(items).toContain(`r${round}-w${i}`);
      expect(readdirSync(dir)).toEqual(['session.json']); // no lock, guard or tmp file left
    }
  });
});

describe('pruneDir', () => {
  const NOW = Date.now();
  const age = (file: string, ms: number) => {
    const t = new Date(NOW - ms);
    utimesSync(file, t, t);
  };

  it('removes expired files by mtime, keeps only the newest maxFiles, and leaves other suffixes alone', () => {
    const dir = tmp('prune');
    const names = ['a.json', 'b.json', 'c.json', 'd.json', 'e.json', 'old.json', 'notes.txt', 'old.txt'];
    for (const n of names) writeFileSync(join(dir, n), '{}');
    age(join(dir, 'old.json'), 8 * 86_400_000);
    age(join(dir, 'old.txt'), 8 * 86_400_000);
    ['a', 'b', 'c', 'd', 'e'].forEach((n, i) => age(join(dir, `${n}.json`), (i + 1) * 60_000)); // a newest
    const removed = pruneDir(dir, { suffix: '.json', ttlMs: 7 * 86_400_000, maxFiles: 3, now: NOW });
    expect(removed).toEqual(['d.json', 'e.json', 'old.json']);
    expect(readdirSync(dir).sort()).toEqual(['a.json', 'b.json', 'c.json', 'notes.txt', 'old.txt']);
    expect(pruneDir(dir, { suffix: '.json', ttlMs: 7 * 86_400_000, maxFiles: 3, now: NOW })).toEqual([]);
  });

  it('removes tmp files older than 60 s and lock files older than staleMs, and skips non-files', () => {
    const dir = tmp('prune-left');
    const files = {
      'a.json.1.1.tmp': 61_000,
      'a.json.2.1.tmp': 5_000,
      'a.json.lock': 11_000,
      'b.json.lock': 2_000,
      'c.json.break.lock': 30_000,
      'a.json': 0,
    };
    for (const [n, ms] of Object.entries(files)) {
      writeFileSync(join(dir, n), '');
      age(join(dir, n), ms);
    }
    mkdirSync(join(dir, 'sub.json'));
    age(join(dir, 'sub.json'), 30 * 86_400_000);
    if (posix) symlinkSync(join(dir, 'a.json'), join(dir, 'link.json'));
    const removed = pruneDir(dir, { suffix: '.json', ttlMs: 86_400_000, maxFiles: 0, now: NOW });
    expect(removed).toEqual(['a.json', 'a.json.1.1.tmp', 'a.json.lock', 'c.json.break.lock']);
    expect(readdirSync(dir).sort()).toEqual(['a.json.2.1.tmp', 'b.json.lock', ...(posix ? ['link.json'] : []), 'sub.json']);
    // A shorter staleMs catches the younger lock too.
    expect(pruneDir(dir, { suffix: '.json', ttlMs: 86_400_000, maxFiles: 10, now: NOW, staleMs: 1000 })).toEqual(['b.json.lock']);
  });

  it('returns [] for a missing directory or a file in its place', () => {
    const dir = tmp('prune-missing');
    expect(pruneDir(join(dir, 'nope'), { suffix: '.json', ttlMs: 1, maxFiles: 0, now: NOW })).toEqual([]);
    writeFileSync(join(dir, 'f'), '');
    expect(pruneDir(join(dir, 'f'), { suffix: '.json', ttlMs: 1, maxFiles: 0, now: NOW })).toEqual([]);
  });
});

describe('sessionFileKey', () => {
  const SAFE = /^[A-Za-z0-9_-]+$/;

  it('passes safe ids through unchanged', () => {
    for (const id of ['abc', '8f14e45f-ceea-467f-a9d2-8d2f1c3e2b6a', 'A_b-9', 'x'.repeat(80)]) {
      expect(sessionFileKey(id)).toBe(id);
    }
  });

  it('hashes unsafe ids to distinct, deterministic, file-name-safe keys', () => {
    const ids = ['../../etc/passwd', 'a/b', 'a\\b', '', '..', '.', 'nul\0byte', 'x'.repeat(81), 'y'.repeat(500), 'a b', 'é', '\ud800', '\udc00'];
    const keys = ids.map(sessionFileKey);
    for (const k of keys) {
      expect(k).toMatch(SAFE);
      expect(k).toMatch(/^x-[0-9a-f]{32}$/);
    }
    expect(new Set(keys).size).toBe(ids.length);
    expect(ids.map(sessionFileKey)).toEqual(keys);
    // Ids differing in one character.
    const long = 'z'.repeat(499);
    expect(sessionFileKey(long + 'a')).not.toBe(sessionFileKey(long + 'b'));
    expect(sessionFileKey('a/b')).not.toBe(sessionFileKey('a/c'));
    const many = new Set(Array.from({ length: 2000 }, (_, i) => sessionFileKey(`s/${i}`)));
    expect(many.size).toBe(2000);
  });

  it('never lets an id pose as another id’s hashed key', () => {
    const hashed = sessionFileKey('a/b');
    expect(sessionFileKey(hashed)).not.toBe(hashed);
    expect(sessionFileKey(hashed)).toMatch(/^x-[0-9a-f]{32}$/);
  });

  it('uses 128-bit FNV-1a (standard vectors)', () => {
    expect(fnv1a128('')).toBe('6c62272e07bb014262b821756295c58d');
    expect(fnv1a128('a')).toBe('d228cb696f1a8caf78912b704e4a8964');
    expect(fnv1a128('foobar')).toBe('343e1662793c64bf6f0d3597ba446f18');
    expect(sessionFileKey('')).toBe('x-6c62272e07bb014262b821756295c58d');
  });
});
