// The three ways hookwarden opens a file for writing never write through a link, a second name or a special file.

import { spawnSync } from 'node:child_process';
import { chmodSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookwardenError } from '../../lib/errors.js';
import { createExclusive, openAppend, writeAll, writeFileAtomic } from '../../lib/fs/write.js';
import { closeSync } from 'node:fs';

const posix = process.platform !== 'win32';
const VICTIM_TEXT = 'export PATH="$HOME/bin:$PATH"\n';

function setup(): { dir: string; victim: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hw-fs-write-'));
  const victim = join(dir, 'victim.rc');
  writeFileSync(victim, VICTIM_TEXT);
  return { dir, victim };
}

/** Plants each kind of trap at `path`; returns false when the platform cannot make it. */
function plant(kind: string, path: string, victim: string): boolean {
  if (kind === 'symlink') symlinkSync(victim, path);
  else if (kind === 'dangling symlink') symlinkSync(`${victim}.new`, path);
  else if (kind === 'hard link') linkSync(victim, path);
  else if (kind === 'folder') mkdirSync(path);
  else if (kind === 'fifo') return spawnSync('mkfifo', [path]).status === 0;
  return true;
}

const KINDS = ['symlink', 'dangling symlink', 'hard link', 'folder', 'fifo'];

const refused = (fn: () => unknown): HookwardenError => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HookwardenError);
    expect((err as HookwardenError).code).toBe('E_UNSAFE_PATH');
    expect((err as Error).message).not.toContain('\n');
    return err as HookwardenError;
  }
  throw new Error('expected a refusal');
};

describe.skipIf(!posix)('openAppend', () => {
  it('creates a 0600 file and appends; tightens an older 0644 file', () => {
    const { dir } = setup();
    const file = join(dir, 'audit.jsonl');
    for (const line of ['a\n', 'b\n']) {
      const fd = openAppend(file);
      writeAll(fd, Buffer.from(line));
      closeSync(fd);
    }
    expect(readFileSync(file, 'utf8')).toBe('a\nb\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    chmodSync(file, 0o644);
    closeSync(openAppend(file));
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it.each(KINDS)('refuses a %s at the path and writes nothing anywhere', (kind) => {
    const { dir, victim } = setup();
    const file = join(dir, 'audit.jsonl');
    if (!plant(kind, file, victim)) return;
    const err = refused(() => openAppend(file));
    expect(err.message).toContain(file);
    expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
    expect(readdirSync(dir).sort()).toEqual(['audit.jsonl', 'victim.rc']);
    if (kind === 'dangling symlink') expect(() => lstatSync(`${victim}.new`)).toThrow(/ENOENT/);
  });
});

describe.skipIf(!posix)('writeFileAtomic', () => {
  it('replaces a plain file atomically with the given mode and leaves no tmp file', () => {
    const { dir } = setup();
    const file = join(dir, 'state.json');
    writeFileAtomic(file, '{"v":1}\n');
    writeFileAtomic(file, '{"v":2}\n', 0o644);
    expect(readFileSync(file, 'utf8')).toBe('{"v":2}\n');
    expect(statSync(file).mode & 0o777).toBe(0o644);
    expect(readdirSync(dir).sort()).toEqual(['state.json', 'victim.rc']);
  });

  it.each(KINDS)('refuses a %s at the target: the trap stays, the victim is untouched', (kind) => {
    const { dir, victim } = setup();
    const file = join(dir, 'state.json');
    if (!plant(kind, file, victim)) return;
    const before = lstatSync(file);
    refused(() => writeFileAtomic(file, '{"planted":false}'));
    expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
    const after = lstatSync(file);
    expect([after.ino, after.mode]).toEqual([before.ino, before.mode]);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a link planted at the tmp name it would use, and writes nothing through it', () => {
    const { dir, victim } = setup();
    const file = join(dir, 'state.json');
    // The tmp name is <file>.<pid>.<counter>.tmp; plant every counter this process could reach in this test.
    for (let n = 1; n <= 400; n++) symlinkSync(victim, `${file}.${process.pid}.${n}.tmp`);
    refused(() => writeFileAtomic(file, 'x'));
    expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
    expect(() => lstatSync(file)).toThrow(/ENOENT/);
  });
});

describe.skipIf(!posix)('createExclusive', () => {
  it('creates a new file and refuses any name already taken, link or not', () => {
    const { dir, victim } = setup();
    createExclusive(join(dir, 'backup'), 'one');
    expect(readFileSync(join(dir, 'backup'), 'utf8')).toBe('one');
    refused(() => createExclusive(join(dir, 'backup'), 'two'));
    symlinkSync(victim, join(dir, 'link'));
    refused(() => createExclusive(join(dir, 'link'), 'three'));
    expect(readFileSync(join(dir, 'backup'), 'utf8')).toBe('one');
    expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
  });
});
