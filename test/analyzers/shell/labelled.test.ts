// The labelled shell corpus (test/fixtures/shell/*.jsonl): every row runs through the whole PreToolUse
// route and must get the verdict docs/policy.md gives it. One test per row, named after its file and
// command, so a failure points at the row; the assertion message carries the row's note and the rules
// that fired. Labels follow our policy, never the engine's current behaviour: a failing row is a feature
// still to build (or a policy question to settle), not a label to soften.

import { readdirSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeToolExecution } from '../../../lib/engine/route-tool.js';
import type { UnifiedRoutingDecision } from '../../../lib/engine/types.js';
import { readJsonl } from '../../helpers/jsonl.js';
import { CTX, engineDeps } from '../../helpers/registry.js';

type Label = 'block' | 'ask' | 'warn' | 'allow' | 'rewrite';
const LABELS: readonly Label[] = ['block', 'ask', 'warn', 'allow', 'rewrite'];
const KEYS = new Set(['cmd', 'expect', 'cwd', 'note', 'rewrite']);

/** The categories the corpus is organised in; each is one file. */
const CATEGORIES = [
  'containers-cloud',
  'data',
  'disguises',
  'disks',
  'exfil-persistence',
  'filesystem',
  'git',
  'interactive',
  'interpreters',
  'mentions',
  'publish-system',
  'robustness',
  'routine',
  'sensitive-files',
  'stagers',
  'v04-consequence',
  'v04-holes',
  'v04-self',
];

interface Row {
  file: string;
  line: number;
  cmd: string;
  expect: Label;
  cwd?: string;
  note: string;
  rewrite?: string;
}

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'shell');

function problemOf(o: Record<string, unknown>): string | undefined {
  const extra = Object.keys(o).filter((k) => !KEYS.has(k));
  if (extra.length) return `unknown field(s) ${extra.join(', ')}`;
  if (typeof o.cmd !== 'string') return '"cmd" must be a string';
  if (typeof o.expect !== 'string' || !(LABELS as readonly string[]).includes(o.expect)) return `"expect" must be one of ${LABELS.join('|')}`;
  if (o.cwd !== undefined && (typeof o.cwd !== 'string' || !isAbsolute(o.cwd))) return '"cwd" must be an absolute path';
  if (typeof o.note !== 'string' || !o.note.trim()) return '"note" must be a non-empty string';
  if (o.expect === 'rewrite' && typeof o.rewrite !== 'string') return 'a "rewrite" row needs a "rewrite" string';
  if (o.expect !== 'rewrite' && o.rewrite !== undefined) return '"rewrite" is only for rows that expect "rewrite"';
  return undefined;
}

/** Reads every fixture; any malformed line fails the whole file loudly, naming file:line. */
function loadCorpus(): { files: string[]; rows: Row[] } {
  const files = readdirSync(DIR)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  const rows = files.flatMap((file) =>
    readJsonl<Omit<Row, 'file' | 'line'>>(join(DIR, file), problemOf).map(({ line, row }) => ({
      ...row,
      file: file.replace(/\.jsonl$/, ''),
      line,
    })),
  );
  return { files, rows };
}

function verdictOf(d: UnifiedRoutingDecision): Label {
  if (d.decision.updatedInput) return 'rewrite';
  const a = d.decision.action;
  return a === 'block' || a === 'ask' || a === 'warn' ? a : 'allow';
}

/** A command as a one-line test name: control characters made visible, cut at 80 characters. */
function shortCmd(cmd: string): string {
  const flat = cmd.replace(/[\u0000-\u001f\u007f]/g, (c) => (c === '\n' ? '⏎' : c === '\t' ? '⇥' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

/** Extra Bash tool fields: a rewrite must replace the command and keep these. */
const EXTRA_INPUT = { description: 'labelled corpus row', timeout: 120000, run_in_background: false };

async function judge(cmd: string, cwd: string | undefined): Promise<{ d: UnifiedRoutingDecision; input: Record<string, unknown> }> {
  const input = { command: cmd, ...EXTRA_INPUT };
  const d = await routeToolExecution('Bash', input, { ...CTX, cwd: cwd ?? CTX.cwd }, await engineDeps());
  return { d, input };
}

function explain(row: Pick<Row, 'note'>, d: UnifiedRoutingDecision): string {
  const rules = d.audit.localPatterns.length ? d.audit.localPatterns.join(', ') : 'none';
  return `${row.note} | rules fired: ${rules} | decision: ${d.decision.message}`;
}

const { files, rows } = loadCorpus();

describe('labelled shell corpus: shape', () => {
  it('has one file per category', () => {
    expect(files.map((f) => f.replace(/\.jsonl$/, ''))).toEqual(CATEGORIES);
  });

  it('has at least 400 rows, at least 35% dangerous (block/ask) and at least 35% benign (allow)', () => {
    const n = rows.length;
    const flag = rows.filter((r) => r.expect === 'block' || r.expect === 'ask').length;
    const allow = rows.filter((r) => r.expect === 'allow').length;
    expect(n).toBeGreaterThanOrEqual(400);
    expect(flag / n, `${flag}/${n} dangerous`).toBeGreaterThanOrEqual(0.35);
    expect(allow / n, `${allow}/${n} benign`).toBeGreaterThanOrEqual(0.35);
  });

  it('has no duplicate rows (same command in the same cwd)', () => {
    const seen = new Map<string, string>();
    const dups: string[] = [];
    for (const r of rows) {
      const key = `${r.cwd ?? CTX.cwd}\0${r.cmd}`;
      const where = `${r.file}.jsonl:${r.line}`;
      const first = seen.get(key);
      if (first) dups.push(`${where} repeats ${first}`);
      else seen.set(key, where);
    }
    expect(dups).toEqual([]);
  });
});

describe('labelled shell corpus: verdicts', () => {
  for (const row of rows) {
    const cwdNote = row.cwd ? ` [cwd ${row.cwd}]` : '';
    it(`${row.file}: ${shortCmd(row.cmd)}${cwdNote} → ${row.expect}`, async () => {
      const { d, input } = await judge(row.cmd, row.cwd);
      const got = verdictOf(d);
      expect(got, explain(row, d)).toBe(row.expect);
      if (row.expect === 'rewrite') {
        const updated = d.decision.updatedInput as Record<string, unknown>;
        expect(updated.command, `${row.note} | rewrite of ${JSON.stringify(row.cmd)}`).toBe(row.rewrite);
        const { command: _replaced, ...kept } = input;
        expect(updated, 'a rewrite keeps every other tool_input field').toMatchObject(kept);
      }
    });
  }

  // Generated rather than stored: a 257 KiB fixture line would dwarf the rest of the corpus.
  it('robustness: a command over 256 KiB → ask', async () => {
    const cmd = `echo ${'a'.repeat(257 * 1024)}`;
    const { d } = await judge(cmd, undefined);
    expect(verdictOf(d), explain({ note: 'unparseable: too large to judge' }, d)).toBe('ask');
  });
});
