// The daemon's memo (lib/serve/reload.ts) sees the managed layer change: a managed file that appears, is edited or is
// loosened (chmod), and a policy bundle renamed into place, each drop the entry so the next request is judged under the
// new policy, as a hook process would be.

import { chmodSync, mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReloadingMemo } from '../../lib/serve/reload.js';

describe('ReloadingMemo and the managed layer', () => {
  it('rebuilds when a managed file appears, changes or loosens, and when a new bundle is renamed into place', () => {
    const root = mkdtempSync(join(tmpdir(), 'hw-memo-managed-'));
    const [hw, project, patterns, managed] = ['hw', 'project', 'patterns', 'managed'].map((d) => join(root, d)) as [string, string, string, string];
    for (const d of [hw, project, patterns]) mkdirSync(d, { recursive: true });
    const key = `${hw}\0${project}\0${patterns}`;
    const reloads: string[][] = [];
    const memo = new ReloadingMemo<string>((e) => reloads.push(e.changed), 64, managed);
    const activate = (rev: string) => {
      const staged = join(hw, 'policy', `staged-${rev}`);
      mkdirSync(staged, { recursive: true });
      writeFileSync(join(staged, 'bundle.json'), JSON.stringify({ revision: rev }));
      renameSync(staged, join(hw, 'policy', 'active'));
    };
    memo.get(key);
    memo.set(key, 'v0');
    for (const change of [
      () => mkdirSync(managed, { mode: 0o755 }),
      () => writeFileSync(join(managed, 'config.json'), '{"onInternalError":"deny"}'),
      () => writeFileSync(join(managed, 'config.json'), '{"onInternalError":"ask"}'),
      () => chmodSync(join(managed, 'config.json'), 0o666),
      () => activate('r1'),
    ]) {
      change();
      expect(memo.get(key)).toBeUndefined();
      memo.set(key, 'v');
      expect(memo.get(key)).toBe('v');
    }
    expect(reloads).toHaveLength(5);
    expect(reloads[0]).toContain(managed);
    expect(reloads[4]).toContain(join(hw, 'policy', 'active', 'bundle.json'));
  });
});
