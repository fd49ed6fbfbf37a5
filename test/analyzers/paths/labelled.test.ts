// The labelled path corpus (test/fixtures/paths/*.jsonl): each row is one file tool call (Read, Write, Edit,
// MultiEdit, NotebookEdit, Grep, Glob) through the whole PreToolUse route, with the verdict docs/policy.md gives
// it and, where the row names one, the rule that must fire. Labels follow our policy, not current behaviour.

import { readdirSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../lib/config/defaults.js';
import type { HookwardenConfig } from '../../../lib/config/types.js';
import { routeToolExecution } from '../../../lib/engine/route-tool.js';
import { readJsonl, VERDICTS, verdictOfAction, type Verdict } from '../../helpers/jsonl.js';
import { CTX, engineDeps } from '../../helpers/registry.js';
import { FILE_TOOLS as TOOLS, toolInput, type FileTool as Tool } from '../../helpers/tool-input.js';

const KEYS = new Set(['tool', 'path', 'glob', 'content', 'expect', 'rule', 'cwd', 'config', 'note']);

interface Row {
  tool: Tool;
  path: string;
  /** Grep's glob filter. */
  glob?: string;
  /** What a write tool writes (default: a line of source code). */
  content?: string;
  expect: Verdict;
  rule?: string;
  cwd?: string;
  config?: Partial<HookwardenConfig>;
  note: string;
}

function problemOf(o: Record<string, unknown>): string | undefined {
  const extra = Object.keys(o).filter((k) => !KEYS.has(k));
  if (extra.length) return `unknown field(s) ${extra.join(', ')}`;
  if (!(TOOLS as readonly unknown[]).includes(o.tool)) return `"tool" must be one of ${TOOLS.join('|')}`;
  if (typeof o.path !== 'string' || !o.path) return '"path" must be a non-empty string';
  if (!(VERDICTS as readonly unknown[]).includes(o.expect)) return `"expect" must be one of ${VERDICTS.join('|')}`;
  if (o.rule !== undefined && typeof o.rule !== 'string') return '"rule" must be a string';
  if (o.content !== undefined && (typeof o.content !== 'string' || !o.content)) return '"content" must be a non-empty string';
  if (o.cwd !== undefined && (typeof o.cwd !== 'string' || !isAbsolute(o.cwd))) return '"cwd" must be an absolute path';
  if (o.config !== undefined && (typeof o.config !== 'object' || o.config === null)) return '"config" must be an object';
  if (typeof o.note !== 'string' || !o.note.trim()) return '"note" must be a non-empty string';
  return undefined;
}

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'paths');
const rows = readdirSync(DIR)
  .filter((f) => f.endsWith('.jsonl'))
  .sort()
  .flatMap((f) => readJsonl<Row>(join(DIR, f), problemOf).map((r) => ({ ...r, file: f })));

describe('labelled path corpus', () => {
  it('covers every tool, every verdict, and has no duplicate rows', () => {
    expect(new Set(rows.map((r) => r.row.tool))).toEqual(new Set(TOOLS));
    expect(new Set(rows.map((r) => r.row.expect))).toEqual(new Set(VERDICTS));
    const keys = rows.map((r) => JSON.stringify([r.row.tool, r.row.path, r.row.glob, r.row.content, r.row.cwd, r.row.config]));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  for (const { row, line, file } of rows) {
    it(`${file}:${line} ${row.tool} ${row.path}${row.glob ? ` glob ${row.glob}` : ''}${row.content ? ` with ${JSON.stringify(row.content.slice(0, 40))}` : ''}${row.config ? ` ${JSON.stringify(row.config)}` : ''} → ${row.expect}`, async () => {
      const config = { ...DEFAULT_CONFIG, ...row.config };
      const d = await routeToolExecution(row.tool, { ...toolInput(row.tool, row.path, row.content), ...(row.glob ? { glob: row.glob } : {}) }, { ...CTX, cwd: row.cwd ?? CTX.cwd }, await engineDeps({ config }));
      const why = `${row.note} | rules fired: ${d.audit.localPatterns.join(', ') || 'none'} | ${d.decision.message}`;
      expect(verdictOfAction(d.decision.action), why).toBe(row.expect);
      if (row.rule) expect(d.audit.localPatterns, why).toContain(row.rule);
    });
  }
});
