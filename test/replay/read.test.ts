import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFilesIn, expandFiles, readLines, parseSince } from '../../lib/replay/read.js';

function parseLines(name: string, text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'hw-replay-lines-'));
  writeFileSync(join(dir, name), text);
  return readLines(join(dir, name)).map((l) => ({ ...l, file: name }));
}

describe('parseLines', () => {
  it('numbers lines, skips blank ones, and tells garbage from a cut-off last line', () => {
    const text = ['{"a":1}', '', 'garbage', '[1]', '"str"', 'null', '{"b":2}', '{"c":'].join('\n');
    expect(parseLines('f', text)).toEqual([
      { file: 'f', line: 1, kind: 'json', value: { a: 1 } },
      { file: 'f', line: 3, kind: 'unreadable' },
      { file: 'f', line: 4, kind: 'unreadable' },
      { file: 'f', line: 5, kind: 'unreadable' },
      { file: 'f', line: 6, kind: 'unreadable' },
      { file: 'f', line: 7, kind: 'json', value: { b: 2 } },
      { file: 'f', line: 8, kind: 'partial-line' },
    ]);
  });

  it('a garbage line followed by a newline is unreadable, not partial', () => {
    expect(parseLines('f', '{"c":\n')).toEqual([{ file: 'f', line: 1, kind: 'unreadable' }]);
  });

  it('tolerates CRLF line ends', () => {
    expect(parseLines('f', '{"a":1}\r\n{"b":2}\r\n')).toHaveLength(2);
  });
});

describe('audit files', () => {
  it('lists audit-YYYY-MM-DD.jsonl oldest first, from the --since day on', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-replay-files-'));
    for (const n of ['audit-2026-11-22.jsonl', 'audit-2026-11-20.jsonl', 'audit-2026-11-21.jsonl', 'notes.txt', 'audit-x.jsonl']) writeFileSync(join(dir, n), '');
    expect(auditFilesIn(dir).map((f) => f.slice(dir.length + 1))).toEqual(['audit-2026-11-20.jsonl', 'audit-2026-11-21.jsonl', 'audit-2026-11-22.jsonl']);
    expect(auditFilesIn(dir, Date.UTC(2026, 10, 21, 18)).map((f) => f.slice(dir.length + 1))).toEqual(['audit-2026-11-21.jsonl', 'audit-2026-11-22.jsonl']);
    expect(auditFilesIn(join(dir, 'missing'))).toEqual([]);
  });

  it('expands directories, keeps named files, dedupes, and reports missing paths', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-replay-expand-'));
    mkdirSync(join(dir, 'audit'));
    writeFileSync(join(dir, 'audit', 'audit-2026-11-22.jsonl'), '');
    writeFileSync(join(dir, 'copy.jsonl'), '');
    const x = expandFiles(['audit', 'copy.jsonl', 'audit/audit-2026-11-22.jsonl', 'nope.jsonl'], dir);
    expect(x.files).toEqual([join(dir, 'audit', 'audit-2026-11-22.jsonl'), join(dir, 'copy.jsonl')]);
    expect(x.missing).toEqual(['nope.jsonl']);
  });
});

describe('parseSince', () => {
  const now = Date.UTC(2026, 10, 22, 12);
  it('reads durations and words back from now, local days (here in UTC) and ISO times', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      expect(parseSince('7d', now)).toBe(now - 7 * 86_400_000);
      expect(parseSince('1h30m', now)).toBe(now - 5_400_000);
      expect(parseSince('2026-11-01', now)).toBe(Date.UTC(2026, 10, 1));
      expect(parseSince('2026-11-21T08:00:00Z', now)).toBe(Date.UTC(2026, 10, 21, 8));
      expect(parseSince('yesterday', now)).toBe(Date.UTC(2026, 10, 21));
      expect(parseSince('2 days ago', now)).toBe(now - 2 * 86_400_000);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
  it('refuses anything else', () => {
    for (const bad of ['', 'last week', '7', '-1d', '2026-13-45', '2026-11-01Tnope']) expect(parseSince(bad, now), bad).toBeUndefined();
  });
});
