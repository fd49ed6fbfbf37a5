// hookwarden's folders: created 0700, and a link, someone else's folder or a group/world-writable one is refused.

import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensurePrivateDir, homeProblem } from '../../lib/fs/private-dir.js';

const posix = process.platform !== 'win32';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const tmp = (): string => mkdtempSync(join(tmpdir(), 'hw-fs-dir-'));

describe.skipIf(!posix)('ensurePrivateDir', () => {
  it('creates the home and every folder below it 0700', () => {
    const home = join(tmp(), 'hw');
    ensurePrivateDir(join(home, 'state', 'sessions'), home);
    for (const d of [home, join(home, 'state'), join(home, 'state', 'sessions')]) expect(statSync(d).mode & 0o777).toBe(0o700);
  });

  it('refuses a folder on the way that is a link, and creates nothing in its target', () => {
    const root = tmp();
    const home = join(root, 'hw');
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(home, { mode: 0o700 });
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(home, 'state'));
    expect(() => ensurePrivateDir(join(home, 'state', 'sessions'), home)).toThrow(/state: it is a symbolic link/);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('checks every component however the folder is written (a trailing slash, `.` and `..` parts, a root with a slash)', () => {
    const root = tmp();
    const home = join(root, 'hw');
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(join(home, 'state'), { recursive: true, mode: 0o700 });
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(home, 'state', 'sessions'));
    for (const [dir, top] of [
      [`${home}/state/sessions/`, home],
      [`${home}/./state//x/../sessions`, home],
      [`${home}/state/sessions`, `${home}/`],
    ] as const) {
      expect(() => ensurePrivateDir(dir, top), dir).toThrow(/sessions: it is a symbolic link/);
    }
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('a folder outside the root is checked alone, the root left as it is', () => {
    const root = tmp();
    const home = join(root, 'hw');
    mkdirSync(home, { mode: 0o777 });
    chmodSync(home, 0o777);
    const outside = join(root, 'hw-other', 'audit');
    ensurePrivateDir(outside, home);
    expect(statSync(outside).mode & 0o777).toBe(0o700);
    // Below a loose root, the root itself is what is refused.
    expect(() => ensurePrivateDir(join(home, 'audit'), home)).toThrow(/hw: it is writable by its group and other users/);
  });

  it('refuses a file where a folder should be, and a group- or world-writable folder', () => {
    const home = join(tmp(), 'hw');
    mkdirSync(home, { mode: 0o700 });
    writeFileSync(join(home, 'audit'), 'x');
    expect(() => ensurePrivateDir(join(home, 'audit'), home)).toThrow(/audit: it is not a directory/);
    mkdirSync(join(home, 'memory'));
    chmodSync(join(home, 'memory'), 0o777);
    expect(() => ensurePrivateDir(join(home, 'memory', 'projects'), home)).toThrow(/memory: it is writable by its group and other users/);
    chmodSync(join(home, 'memory'), 0o770);
    expect(() => ensurePrivateDir(join(home, 'memory', 'projects'), home)).toThrow(/memory: it is writable by its group \(mode 770\)/);
    chmodSync(join(home, 'memory'), 0o702);
    expect(() => ensurePrivateDir(join(home, 'memory', 'projects'), home)).toThrow(/memory: it is writable by other users \(mode 702\)/);
  });
});

describe.skipIf(!posix)('homeProblem', () => {
  it('accepts a missing home (it is created on first write) and a private one', () => {
    const root = tmp();
    expect(homeProblem(join(root, 'not-yet'))).toBeNull();
    mkdirSync(join(root, 'hw'), { mode: 0o700 });
    expect(homeProblem(join(root, 'hw'))).toBeNull();
  });

  it('names a link, a world-writable folder and a file', () => {
    const root = tmp();
    mkdirSync(join(root, 'real'), { mode: 0o700 });
    symlinkSync(join(root, 'real'), join(root, 'link'));
    expect(homeProblem(join(root, 'link'))).toBe('is a symbolic link');
    mkdirSync(join(root, 'open'));
    chmodSync(join(root, 'open'), 0o1777);
    expect(homeProblem(join(root, 'open'))).toBe('is writable by its group and other users (mode 777)');
    writeFileSync(join(root, 'file'), '');
    expect(homeProblem(join(root, 'file'))).toBe('is not a directory');
  });

  it.skipIf(!isRoot)("names a folder owned by another user", () => {
    const dir = join(tmp(), 'theirs');
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, 65534, 65534);
    expect(homeProblem(dir)).toBe('is owned by uid 65534, not 0');
  });
});
