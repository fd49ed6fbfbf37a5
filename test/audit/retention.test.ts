// Audit retention: which daily files go, which never do, and pruning while writers append to today's file
// (in process and from child processes) loses no line.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { auditDirFor, auditFileFor } from '../../lib/audit/paths.js';
import { pruneAuditFiles } from '../../lib/audit/retention.js';
import { closeAuditLogs, writeAuditEvent } from '../../lib/audit/write.js';
import { makeEvent, runAuditWriter } from '../helpers/spawn-audit-writer.js';
import { ROOT } from '../helpers/registry.js';

const root = mkdtempSync(join(tmpdir(), 'hw-audit-retention-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => closeAuditLogs());

const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 10, 22); // 2026-11-22
const NOW = TODAY + 13 * 3_600_000 + 7_000;
const day = (offset: number): string => new Date(TODAY + offset * DAY).toISOString().slice(0, 10);
const name = (offset: number): string => `audit-${day(offset)}.jsonl`;

function homeWith(names: string[]): { home: string; dir: string } {
  const home = mkdtempSync(join(root, 'home-'));
  const dir = auditDirFor(home);
  mkdirSync(dir, { recursive: true });
  for (const n of names) writeFileSync(join(dir, n), '{"x":1}\n');
  return { home, dir };
}

describe('pruneAuditFiles', () => {
  it('removes files dated more than retentionDays before today, and nothing else', () => {
    const others = ['audit-2026-11-22.jsonl.bak', 'audit-latest.jsonl', 'notes.txt', 'audit-2026-02-30.jsonl', 'audit-2020-1-01.jsonl', 'xaudit-2020-01-01.jsonl'];
    const { home, dir } = homeWith([name(-400), name(-31), name(-30), name(-29), name(-1), name(0), name(1), name(365), ...others]);
    mkdirSync(join(dir, 'audit-2020-01-01.jsonl')); // a folder with an audit name: not a file, left alone
    const { removed } = pruneAuditFiles(home, NOW, 30);
    expect(removed.map((f) => f.slice(dir.length + 1))).toEqual([name(-400), name(-31)]);
    expect(readdirSync(dir).sort()).toEqual([name(-30), name(-29), name(-1), name(0), name(1), name(365), 'audit-2020-01-01.jsonl', ...others].sort());
  });

  it('with 1 day keeps today and yesterday; today and future-dated files are never removed', () => {
    const { home, dir } = homeWith([name(-2), name(-1), name(0), name(3)]);
    expect(pruneAuditFiles(home, NOW, 1).removed).toEqual([join(dir, name(-2))]);
    expect(readdirSync(dir).sort()).toEqual([name(-1), name(0), name(3)]);
    // Even an (invalid) tiny retention cannot reach today's file.
    expect(pruneAuditFiles(home, NOW, 0.5).removed).toEqual([join(dir, name(-1))]);
    expect(readdirSync(dir).sort()).toEqual([name(0), name(3)]);
  });

  it('keeps every file with retention 0, and never throws', () => {
    const { home, dir } = homeWith([name(-4000), name(-40)]);
    expect(pruneAuditFiles(home, NOW, 0)).toEqual({ removed: [] });
    for (const [n, d] of [
      [Number.NaN, 30],
      [NOW, Number.NaN],
      [NOW, -5],
      [Number.POSITIVE_INFINITY, 30],
    ] as const) {
      expect(pruneAuditFiles(home, n, d)).toEqual({ removed: [] });
    }
    expect(readdirSync(dir)).toHaveLength(2);
    expect(pruneAuditFiles(join(root, 'missing-home'), NOW, 30)).toEqual({ removed: [] });
    const notADir = join(root, 'file-home');
    writeFileSync(notADir, 'x');
    expect(pruneAuditFiles(notADir, NOW, 30)).toEqual({ removed: [] });
  });

  it('leaves a symlink named like an old file alone, and its target', () => {
    const { home, dir } = homeWith([]);
    const target = join(root, 'precious.txt');
    writeFileSync(target, 'keep me');
    symlinkSync(target, join(dir, name(-90)));
    expect(pruneAuditFiles(home, NOW, 30).removed).toEqual([]);
    expect(readFileSync(target, 'utf8')).toBe('keep me');
  });
});

describe('pruning next to live writers', () => {
  it('loses no line of today\'s file while old files are removed', { timeout: 60_000 }, async () => {
    const CHILDREN = 4;
    const PER_CHILD = 60;
    const { home, dir } = homeWith([]);
    const old = Array.from({ length: 40 }, (_, i) => name(-31 - i));
    const kept = Array.from({ length: 30 }, (_, i) => name(-i - 1));
    for (const n of [...old, ...kept]) writeFileSync(join(dir, n), `${JSON.stringify(makeEvent(99, 0, '2026-01-01T00:00:00.000Z'))}\n`);

    const todayIso = new Date(NOW).toISOString();
    const startAt = String(Date.now() + 1500);
    const children = Promise.all(Array.from({ length: CHILDREN }, (_, c) => runAuditWriter(['--import', 'tsx', join(ROOT, 'test', 'helpers', 'spawn-audit-writer.ts')], [home, String(c), String(PER_CHILD), startAt, todayIso], ROOT)));
    let finished = false;
    void children.then(() => (finished = true));

    // Meanwhile this process appends to today's file too, and prunes between writes (with a new old file to
    // remove each round), until the children are done.
    let own = 0;
    let prunes = 0;
    const removed = new Set<string>();
    while (!finished || own < 50) {
      const ev = makeEvent(100, own, todayIso);
      expect(writeAuditEvent(home, ev, new Date(NOW))).toBeUndefined();
      const older = name(-100 - own);
      old.push(older);
      writeFileSync(join(dir, older), '{"x":1}\n');
      own++;
      for (const f of pruneAuditFiles(home, NOW, 30).removed) removed.add(f);
      prunes++;
      await new Promise((r) => setImmediate(r));
    }
    const results = await children;
    for (const r of results) expect(r, r.stderr).toMatchObject({ code: 0 });
    closeAuditLogs();
    for (const f of pruneAuditFiles(home, NOW, 30).removed) removed.add(f);

    expect(prunes).toBeGreaterThan(1);
    expect([...removed].sort()).toEqual(old.map((n) => join(dir, n)).sort());
    for (const n of old) expect(existsSync(join(dir, n)), n).toBe(false);
    expect(readdirSync(dir).sort()).toEqual([...kept, name(0)].sort());

    const text = readFileSync(auditFileFor(home, new Date(NOW)), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const ids = text
      .slice(0, -1)
      .split('\n')
      .map((l) => (JSON.parse(l) as { decision_id: string }).decision_id);
    expect(ids).toHaveLength(CHILDREN * PER_CHILD + own);
    expect(new Set(ids).size).toBe(ids.length);
    for (let c = 0; c < CHILDREN; c++) for (let i = 0; i < PER_CHILD; i++) expect(ids).toContain(`c${c}-e${i}`);
  });
});
