import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { auditFileFor } from '../../lib/audit/paths.js';
import { chunkLengths, fillChar, runAuditWriter } from '../helpers/spawn-audit-writer.js';

const CHILDREN = 20;
const PER_CHILD = 50;
const root = mkdtempSync(join(tmpdir(), 'hw-audit-par-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('concurrent audit writers', () => {
  it(`${CHILDREN} processes × ${PER_CHILD} events → ${CHILDREN * PER_CHILD} whole lines`, { timeout: 30_000 }, async () => {
    // Bundle the child once so 20 node start-ups stay cheap.
    const script = join(root, 'writer.cjs');
    await build({
      entryPoints: [fileURLToPath(new URL('../helpers/spawn-audit-writer.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      outfile: script,
      logLevel: 'silent',
    });

    const home = join(root, 'home');
    const date = new Date(Date.UTC(2026, 2, 14, 12));
    const startAt = String(Date.now() + 1500);
    const results = await Promise.all(
      Array.from({ length: CHILDREN }, (_, c) => runAuditWriter([script], [home, String(c), String(PER_CHILD), startAt, date.toISOString()])),
    );
    for (const r of results) expect(r, r.stderr).toMatchObject({ code: 0 });

    const text = readFileSync(auditFileFor(home, date), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines).toHaveLength(CHILDREN * PER_CHILD);

    const ids = new Set<string>();
    let big = 0;
    for (const line of lines) {
      const ev = JSON.parse(line) as { decision_id: string; input: { c: number; i: number; total: number; chunks: string[] } };
      const { c, i, total, chunks } = ev.input;
      expect(ev.decision_id).toBe(`c${c}-e${i}`);
      ids.add(ev.decision_id);
      // Every chunk is whole and made of this event's own character.
      expect(chunks.map((s) => s.length)).toEqual(chunkLengths(c, i));
      const ch = fillChar(c, i);
      for (const s of chunks) expect(s).toBe(ch.repeat(s.length));
      expect(chunks.reduce((a, s) => a + s.length, 0)).toBe(total);
      if (Buffer.byteLength(line) > 16 * 1024) big++;
    }
    expect(ids.size).toBe(CHILDREN * PER_CHILD);
    expect(big).toBe(CHILDREN * (PER_CHILD / 5)); // lines above 16 KB (a common buffered-writer split size) were exercised
  });
});
