// The labelled content corpus (test/fixtures/content/*.jsonl): credentials written by Write/Edit/MultiEdit/
// NotebookEdit, or typed into a prompt, through the whole route. A secret written into a file asks, naming the
// file and the kind of secret; a prompt holding a live-looking secret is blocked and told it was not sent;
// documentation keys and placeholders pass. No decision ever carries the secret's text.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeUserPrompt } from '../../../lib/engine/route-prompt.js';
import { routeToolExecution } from '../../../lib/engine/route-tool.js';
import { readJsonl, VERDICTS, verdictOfAction, type Verdict } from '../../helpers/jsonl.js';
import { CTX, engineDeps } from '../../helpers/registry.js';
import { toolInput, type FileTool } from '../../helpers/tool-input.js';

const TOOLS = ['Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'prompt'] as const;
const KEYS = new Set(['tool', 'path', 'content', 'expect', 'secret', 'rule', 'note']);

export interface ContentRow {
  tool: (typeof TOOLS)[number];
  path?: string;
  content: string;
  expect: Verdict;
  /** The exact secret text inside `content`: it must never appear in any output. */
  secret?: string;
  rule?: string;
  note: string;
}

function problemOf(o: Record<string, unknown>): string | undefined {
  const extra = Object.keys(o).filter((k) => !KEYS.has(k));
  if (extra.length) return `unknown field(s) ${extra.join(', ')}`;
  if (!(TOOLS as readonly unknown[]).includes(o.tool)) return `"tool" must be one of ${TOOLS.join('|')}`;
  if (o.tool !== 'prompt' && typeof o.path !== 'string') return 'a file tool row needs a "path"';
  if (typeof o.content !== 'string') return '"content" must be a string';
  if (!(VERDICTS as readonly unknown[]).includes(o.expect)) return `"expect" must be one of ${VERDICTS.join('|')}`;
  if (o.secret !== undefined && (typeof o.secret !== 'string' || !o.content.includes(o.secret))) return '"secret" must be a substring of "content"';
  if (typeof o.note !== 'string' || !o.note.trim()) return '"note" must be a non-empty string';
  return undefined;
}

const CONTENT_DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'content');
const rows = readdirSync(CONTENT_DIR)
  .filter((f) => f.endsWith('.jsonl'))
  .sort()
  .flatMap((f) => readJsonl<ContentRow>(join(CONTENT_DIR, f), problemOf).map((r) => ({ ...r, file: f })));

describe('labelled content corpus', () => {
  it('has secrets of every kind the registry knows (and some only secretlint knows), in files and in prompts', async () => {
    const fired = new Set(rows.filter((r) => r.row.rule).map((r) => r.row.rule));
    const { viewOf } = await import('../../../lib/registry/select.js');
    const kinds = viewOf((await engineDeps()).registry).secrets.map((p) => p.id);
    expect([...kinds].filter((k) => !fired.has(k))).toEqual([]);
    expect(rows.some((r) => r.row.tool === 'prompt' && r.row.expect === 'allow')).toBe(true);
    expect([...fired].filter((id) => id?.startsWith('secretlint/')).length).toBeGreaterThanOrEqual(4);
  });

  for (const { row, line, file } of rows) {
    const label = `${file}:${line} ${row.tool}${row.path ? ` ${row.path}` : ''} (${row.note.split(': ').pop()}) → ${row.expect}`;
    it(label, async () => {
      const deps = await engineDeps();
      const d =
        row.tool === 'prompt'
          ? await routeUserPrompt(row.content, CTX, deps)
          : await routeToolExecution(row.tool, toolInput(row.tool as FileTool, row.path!, row.content), CTX, deps);
      const why = `${row.note} | rules fired: ${d.audit.localPatterns.join(', ') || 'none'} | ${d.decision.message}`;
      expect(verdictOfAction(d.decision.action), why).toBe(row.expect);
      if (row.rule) expect(d.audit.localPatterns, why).toContain(row.rule);
      if (row.secret) expect(JSON.stringify(d), 'the decision must not carry the secret').not.toContain(row.secret);
      if (row.expect === 'ask' && row.path) {
        expect(d.decision.message, 'names the file').toContain(row.path);
        expect(d.decision.message, 'names the kind of secret').toMatch(/\[(?:secrets|secretlint)\/[a-z0-9-]+\]/);
      }
      if (row.tool === 'prompt' && row.expect === 'block') expect(d.decision.message).toMatch(/not sent/);
    });
  }
});
