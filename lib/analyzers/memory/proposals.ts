// Facts a tool call proposes to remember, read from its input (the proposal is taken from the tool call; the
// write to hookwarden's store happens after the turn). Pure: the current text of a memory file, when a Write
// replaces it, is passed in.
//
// - mcp-memory: a knowledge-graph memory server (entities with observations, observations added to an entity,
//   relations): one fact per observation ("Anna: prefers tabs") and per relation ("Anna works_at Acme").
// - file: the lines a Write, Edit or MultiEdit adds to a memory file (lines already in the file or in the
//   replaced text are not new facts); blank lines, fences and bare headings are layout.
// - strings: every string in the input (for other memory tools), keys and ids excluded.
//
// Each fact keeps the raw pieces of the input it came from (`spans`), so a fact that may not be stored without
// consent can be masked wherever the input is recorded.

import { normaliseFact, stripPrivate } from './text.js';

export interface ProposedFact {
  /** The fact as it would be stored: one normalised line, private blocks removed. */
  text: string;
  /** The raw strings of the input it was read from. */
  spans: string[];
}

/** Bounds: a proposal is small; anything beyond is not read (and the caller says so). */
export const MAX_FACTS_PER_CALL = 50;
const MAX_STRING_DEPTH = 6;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

function fact(text: string, spans: string[]): ProposedFact | undefined {
  const t = normaliseFact(stripPrivate(text));
  return t && t !== '[PRIVATE]' ? { text: t, spans: spans.filter((s) => s.trim()) } : undefined;
}

function mcpMemoryFacts(input: Record<string, unknown>): ProposedFact[] {
  const out: Array<ProposedFact | undefined> = [];
  const observations = (name: string, type: string | undefined, list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const o of list) {
      const text = str(o);
      if (text) out.push(fact(`${name}${type ? ` (${type})` : ''}: ${text}`, [name, text]));
    }
  };
  if (Array.isArray(input.entities)) {
    for (const e of input.entities) {
      if (!isObject(e)) continue;
      const name = str(e.name);
      if (!name) continue;
      const type = str(e.entityType);
      if (Array.isArray(e.observations) && e.observations.length) observations(name, type, e.observations);
      else out.push(fact(`${name}${type ? ` (${type})` : ''}`, [name]));
    }
  }
  if (Array.isArray(input.observations)) {
    for (const o of input.observations) {
      if (!isObject(o)) continue;
      const name = str(o.entityName);
      if (name) observations(name, undefined, o.contents);
    }
  }
  if (Array.isArray(input.relations)) {
    for (const r of input.relations) {
      if (!isObject(r)) continue;
      const from = str(r.from);
      const to = str(r.to);
      const type = str(r.relationType);
      if (from && to && type) out.push(fact(`${from} ${type} ${to}`, [from, to]));
    }
  }
  return out.filter((f): f is ProposedFact => !!f);
}

/** Layout lines: blank, fences, rules, bare headings, table separators. */
const LAYOUT = /^\s*(?:$|```|~~~|[-*_]{3,}\s*$|#{1,6}\s+\S[^.:]{0,60}$|\|?\s*:?-{3,})/u;

/** Lines of `added` that are not already in `before` (whole lines, trimmed). */
function newLines(added: string, before: string): ProposedFact[] {
  const old = new Set(before.split('\n').map((l) => l.trim()));
  const out: ProposedFact[] = [];
  for (const line of added.split('\n')) {
    const t = line.trim();
    // Fence lines are layout; the lines inside (a command the file documents) are facts of the project.
    if (old.has(t) || LAYOUT.test(line)) continue;
    const f = fact(t, [t]);
    if (f) out.push(f);
  }
  return out;
}

function fileFacts(toolName: string, input: Record<string, unknown>, current: string | undefined): ProposedFact[] {
  switch (toolName) {
    case 'Write':
      return newLines(str(input.content) ?? '', current ?? '');
    case 'Edit':
      return newLines(str(input.new_string) ?? '', str(input.old_string) ?? '');
    case 'MultiEdit':
      return Array.isArray(input.edits)
        ? input.edits.flatMap((e) => (isObject(e) ? newLines(str(e.new_string) ?? '', str(e.old_string) ?? '') : []))
        : [];
    default:
      // Another file tool (e.g. a memory tool taking a path): every string it writes.
      return stringFacts(input);
  }
}

/** Keys whose values name things rather than state facts. */
const NOT_FACTS = new Set(['id', 'ids', 'path', 'file_path', 'filePath', 'command', 'mode', 'type', 'name', 'key', 'namespace', 'old_str', 'old_string']);

function stringFacts(input: unknown, depth = 0, key = ''): ProposedFact[] {
  if (depth > MAX_STRING_DEPTH) return [];
  if (typeof input === 'string') {
    if (NOT_FACTS.has(key)) return [];
    return input.split('\n').flatMap((line) => {
      const f = LAYOUT.test(line) ? undefined : fact(line, [line.trim()]);
      return f ? [f] : [];
    });
  }
  if (Array.isArray(input)) return input.flatMap((v) => stringFacts(v, depth + 1, key));
  if (isObject(input)) return Object.entries(input).flatMap(([k, v]) => stringFacts(v, depth + 1, k));
  return [];
}

/** The facts a call to a memory target proposes, deduplicated by text, at most MAX_FACTS_PER_CALL. */
export function proposedFacts(
  shape: 'mcp-memory' | 'file' | 'strings',
  toolName: string,
  input: Record<string, unknown>,
  currentFileText?: string,
): { facts: ProposedFact[]; more: number } {
  const all = shape === 'mcp-memory' ? mcpMemoryFacts(input) : shape === 'file' ? fileFacts(toolName, input, currentFileText) : stringFacts(input);
  const seen = new Set<string>();
  const unique = all.filter((f) => !seen.has(f.text) && (seen.add(f.text), true));
  return { facts: unique.slice(0, MAX_FACTS_PER_CALL), more: Math.max(0, unique.length - MAX_FACTS_PER_CALL) };
}
