// host.id: stable for a machine, never the machine-id itself.

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hostId } from '../../lib/export/host-id.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hw-host-id-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('host.id', () => {
  it('comes from /etc/machine-id, hashed: the same for every home, not the id itself', () => {
    const mid = join(dir, 'machine-id');
    writeFileSync(mid, '0123456789abcdef0123456789abcdef\n');
    const a = hostId(join(dir, 'a'), mid);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe('0123456789abcdef0123456789abcdef');
    expect(hostId(join(dir, 'b'), mid)).toBe(a);
    writeFileSync(mid, 'fedcba9876543210fedcba9876543210\n');
    expect(hostId(join(dir, 'a'), mid)).not.toBe(a);
  });

  it('without a machine-id, is derived once and kept in the home, so it survives a rename of the host', () => {
    const home = join(dir, 'home');
    const id = hostId(home, join(dir, 'no-such-machine-id'));
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const kept = join(home, 'export', 'host-id');
    expect(readFileSync(kept, 'utf8').trim()).toBe(id);
    writeFileSync(kept, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n');
    expect(hostId(home, join(dir, 'no-such-machine-id'))).toBe('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect(existsSync(kept)).toBe(true);
  });
});
