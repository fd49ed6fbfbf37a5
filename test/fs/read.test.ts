// Bounded reads: a FIFO, a device, a folder or a huge sparse file never hangs a hook or fills its memory.

import { spawn, spawnSync } from 'node:child_process';
import { closeSync, ftruncateSync, linkSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRegularForRead, readRegularFile, readRegularTail } from '../../lib/fs/read.js';

const posix = process.platform !== 'win32';
const tmp = (): string => mkdtempSync(join(tmpdir(), 'hw-fs-read-'));

describe('readRegularFile', () => {
  it('reads a regular file whole, and reports missing and oversized files', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'a.json'), '{"a":1}');
    expect(readRegularFile(join(dir, 'a.json'), { maxBytes: 100 })).toEqual({ status: 'ok', bytes: Buffer.from('{"a":1}') });
    expect(readRegularFile(join(dir, 'a.json'), { maxBytes: 3 })).toEqual({ status: 'corrupt', reason: 'over 3 bytes' });
    expect(readRegularFile(join(dir, 'none.json'), { maxBytes: 3 })).toEqual({ status: 'missing' });
  });

  it.skipIf(!posix)('follows links for files of the host or project, but not for its own files', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'CLAUDE.md'), 'conventions');
    symlinkSync(join(dir, 'CLAUDE.md'), join(dir, 'link.md'));
    linkSync(join(dir, 'CLAUDE.md'), join(dir, 'second-name.md'));
    expect(readRegularFile(join(dir, 'link.md'), { maxBytes: 100 }).status).toBe('ok');
    expect(readRegularFile(join(dir, 'link.md'), { maxBytes: 100, own: true })).toEqual({ status: 'unsafe', reason: 'is a symbolic link' });
    expect(readRegularFile(join(dir, 'second-name.md'), { maxBytes: 100, own: true })).toEqual({ status: 'unsafe', reason: 'has 2 hard links' });
  });

  it.skipIf(!posix)("reads its own file only through private folders from its root down, as writes check them", () => {
    const dir = tmp();
    const home = join(dir, 'hw');
    mkdirSync(join(home, 'state'), { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'state', 's.json'), '{}');
    expect(readRegularFile(join(home, 'state', 's.json'), { maxBytes: 100, own: true, root: home }).status).toBe('ok');
    expect(readRegularFile(join(home, 'nope', 's.json'), { maxBytes: 100, own: true, root: home })).toEqual({ status: 'missing' });
    // A folder on the way swapped for a link to one the agent filled: refused, even though the file itself is fine.
    const planted = join(dir, 'planted');
    mkdirSync(planted, { mode: 0o700 });
    writeFileSync(join(planted, 's.json'), '{"grants": "everything"}');
    symlinkSync(planted, join(home, 'linked'));
    const r = readRegularFile(join(home, 'linked', 's.json'), { maxBytes: 100, own: true, root: home });
    expect(r.status).toBe('unsafe');
    expect((r as { reason: string }).reason).toMatch(/is in a folder that is not private \(.*linked is a symbolic link\)/);
    // Without a root only the file itself is checked (the caller vouches for its folder).
    expect(readRegularFile(join(home, 'linked', 's.json'), { maxBytes: 100, own: true }).status).toBe('ok');
  });

  it.skipIf(!posix)('answers at once for a FIFO with no writer, a FIFO with a silent writer, /dev/zero and a folder', async () => {
    const dir = tmp();
    const fifo = join(dir, 'fifo');
    if (spawnSync('mkfifo', [fifo]).status !== 0) return;
    expect(readRegularFile(fifo, { maxBytes: 100 })).toEqual({ status: 'unsafe', reason: 'is not a regular file' });
    // A writer holding the FIFO open and never writing: still no read is attempted.
    const writer = spawn('sh', ['-c', `exec 3>"${fifo}"; sleep 30`], { stdio: 'ignore' });
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(readRegularFile(fifo, { maxBytes: 100 })).toEqual({ status: 'unsafe', reason: 'is not a regular file' });
    } finally {
      writer.kill('SIGKILL');
    }
    expect(readRegularFile('/dev/zero', { maxBytes: 100 })).toEqual({ status: 'unsafe', reason: 'is not a regular file' });
    mkdirSync(join(dir, 'folder'));
    expect(readRegularFile(join(dir, 'folder'), { maxBytes: 100 })).toEqual({ status: 'unsafe', reason: 'is a directory' });
    expect(() => openRegularForRead(fifo)).toThrow(/E_UNSAFE_PATH|not a regular file/);
  });
});

describe('readRegularTail', () => {
  it('reads only the end of a 1 GB sparse file, and says the start was cut', () => {
    const file = join(tmp(), 'transcript.jsonl');
    const fd = openSync(file, 'w');
    ftruncateSync(fd, 1024 * 1024 * 1024);
    closeSync(fd);
    try {
      const r = readRegularTail(file, { maxBytes: 64 * 1024 });
      expect(r.status).toBe('ok');
      if (r.status !== 'ok') return;
      expect(r.bytes.length).toBe(64 * 1024 + 1);
      expect(r.cut).toBe(true);
    } finally {
      rmSync(file); // the suite's redaction guard reads every file left behind
    }
  });

  it('returns a short file whole, not cut', () => {
    const file = join(tmp(), 't.jsonl');
    writeFileSync(file, 'line 1\nline 2\n');
    expect(readRegularTail(file, { maxBytes: 1024 })).toEqual({ status: 'ok', bytes: Buffer.from('line 1\nline 2\n'), cut: false });
    const r = readRegularTail(file, { maxBytes: 7 });
    expect(r).toEqual({ status: 'ok', bytes: Buffer.from('\nline 2\n'), cut: true });
  });

  it('gives up at its deadline instead of reading on', () => {
    const file = join(tmp(), 'big.jsonl');
    const fd = openSync(file, 'w');
    ftruncateSync(fd, 8 * 1024 * 1024);
    closeSync(fd);
    expect(readRegularFile(file, { maxBytes: 16 * 1024 * 1024, deadlineMs: -1 })).toEqual({ status: 'corrupt', reason: 'read timed out' });
    rmSync(file);
  });
});
