// A managed policy file is read only as root's and not writable by group or others (lib/fs/checks.ts
// notSystemOwnedReason, readRegularFile's `system`), checked where a link leads. Run as root, as the suite is here.

import { chmodSync, chownSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRegularFile } from '../../lib/fs/read.js';

describe.skipIf(process.getuid?.() !== 0)('reading a managed policy file', () => {
  const file = (mode: number, uid = 0) => {
    const path = join(mkdtempSync(join(tmpdir(), 'hw-fs-system-')), 'config.json');
    writeFileSync(path, '{}');
    chmodSync(path, mode);
    if (uid !== 0) chownSync(path, uid, uid);
    return path;
  };
  const read = (path: string) => readRegularFile(path, { maxBytes: 100, system: true });

  it("reads root's 644 and 600 files", () => {
    expect(read(file(0o644)).status).toBe('ok');
    expect(read(file(0o600)).status).toBe('ok');
  });

  it('refuses a file its group or others may write, or another owner\'s, naming why', () => {
    expect(read(file(0o664))).toEqual({ status: 'unsafe', reason: 'is writable by its group (mode 664)' });
    expect(read(file(0o646))).toEqual({ status: 'unsafe', reason: 'is writable by other users (mode 646)' });
    expect(read(file(0o666))).toEqual({ status: 'unsafe', reason: 'is writable by its group and other users (mode 666)' });
    expect(read(file(0o644, 65534))).toEqual({ status: 'unsafe', reason: 'is owned by uid 65534, not root' });
  });

  it('checks the file a link leads to, not the link', () => {
    const target = file(0o644, 65534);
    const link = join(mkdtempSync(join(tmpdir(), 'hw-fs-system-')), 'patterns.json');
    symlinkSync(target, link);
    expect(read(link)).toEqual({ status: 'unsafe', reason: 'is owned by uid 65534, not root' });
  });

  it('leaves other reads alone', () => {
    expect(readRegularFile(file(0o666, 65534), { maxBytes: 100 }).status).toBe('ok');
  });
});
