// From a file's parsed front matter to a Candidate: the name as Claude Code invokes it, the description, declared
// tools, model, user-only flag and hookwarden's hints, each checked and bounded. A field the router relies on
// that is missing or of the wrong shape makes the file malformed (one line saying which field); unknown keys are
// ignored.

import { oneLine } from '../errors.js';
import type { FrontMatter, YamlMap, YamlValue } from './frontmatter.js';
import {
  MAX_BODY_DESCRIPTION_CHARS,
  MAX_DESCRIPTION_CHARS,
  MAX_HINT_CHARS,
  MAX_HINTS,
  MAX_NAME_CHARS,
  MAX_BODY_CHARS,
  MAX_TOOL_CHARS,
  MAX_TOOLS,
  malformed,
} from './limits.js';
import type { Candidate, CandidateHints, CandidateKind, CandidateScope } from './types.js';

export interface FileOrigin {
  kind: CandidateKind;
  scope: CandidateScope;
  /** The plugin's name (scope "plugin"): the namespace of everything it contributes. */
  plugin?: string;
  /** Absolute path of the file. */
  source: string;
  /** The name its path gives: a skill's folder, a command's path under commands/ without `.md`, joined with ':'. */
  pathName?: string;
}

type Parsed = Extract<FrontMatter, { ok: true }>;
type Built = { ok: true; candidate: Candidate } | { ok: false; reason: string };

class FieldError extends Error {}

/** Runs of blanks and line breaks as one space (most values have none: no regex run for them). */
function oneSpaced(s: string): string {
  const t = s.trim();
  return t.includes('  ') || t.includes('\n') || t.includes('\t') || t.includes('\r') ? t.replace(/\s+/g, ' ') : t;
}
const anA = (kind: CandidateKind): string => (kind === 'agent' ? 'an agent' : `a ${kind}`);

function text(data: YamlMap, key: string): string | undefined {
  const v = data.get(key);
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'boolean') return String(v);
  if (typeof v !== 'string') throw new FieldError(`${key} is not text`);
  return v;
}

function checkedName(name: string, from: string): string {
  const n = name.trim();
  if (!n) throw new FieldError(`empty ${from}`);
  if (n.length > MAX_NAME_CHARS) throw new FieldError(`${from} is longer than ${MAX_NAME_CHARS} characters`);
  // A name is typed after a slash or passed as subagent_type: blanks, slashes or control characters cannot be.
  if (/[\s/\\\x00-\x1f\x7f-\x9f]/.test(n)) throw new FieldError(`${from} ${JSON.stringify(n.slice(0, 40))} holds blanks, slashes or control characters`);
  return n;
}

/** Claude Code's fallback description for a command: its first non-empty body line, heading marks stripped. */
function firstBodyLine(body: string): string {
  for (let start = 0; start < body.length; ) {
    const nl = body.indexOf('\n', start);
    const end = nl < 0 ? body.length : nl;
    const t = oneSpaced(body.slice(start, end).replace(/^\s*#+\s*/, ''));
    if (t) return t.slice(0, MAX_BODY_DESCRIPTION_CHARS);
    start = end + 1;
  }
  return '';
}

// A tool name, with any parenthesised rule after it (which may hold blanks and commas): `Bash(git log:*)`.
const TOOL = /(?:[^\s,(]|\([^)]*\)?)+/g;

/** `Read, Grep Glob` or `Bash(git add:*), Bash(git log:*)`: split on commas and blanks outside parentheses
 * (which do not nest). */
export const splitTools = (s: string): string[] => s.match(TOOL) ?? [];

/** Trimmed, non-empty, distinct, at most `max` items of at most `chars` characters. */
function bounded(items: string[], max: number, chars: number): string[] {
  const out: string[] = [];
  for (const item of items) {
    const t = oneSpaced(item).slice(0, chars);
    if (t && !out.includes(t)) out.push(t);
    if (out.length === max) break;
  }
  return out;
}

function tools(data: YamlMap, key: string): string[] | undefined {
  const v = data.get(key);
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return bounded(splitTools(v), MAX_TOOLS, MAX_TOOL_CHARS);
  if (Array.isArray(v)) {
    for (const t of v) if (typeof t !== 'string') throw new FieldError(`${key} is not a list of tool names or a comma-separated string`);
    return bounded(v as string[], MAX_TOOLS, MAX_TOOL_CHARS);
  }
  throw new FieldError(`${key} is not a list of tool names or a comma-separated string`);
}

function phrases(hints: YamlMap, keys: string[]): string[] {
  const key = keys.find((k) => hints.has(k));
  const v = key === undefined ? null : (hints.get(key) as YamlValue);
  if (v === null) return [];
  const items: string[] = [];
  for (const item of Array.isArray(v) ? v : [v]) {
    if (item !== null && typeof item === 'object') throw new FieldError(`hookwarden.${key} is not a list of phrases`);
    if (item !== null) items.push(String(item));
  }
  return bounded(items, MAX_HINTS, MAX_HINT_CHARS);
}

function hintsOf(data: YamlMap): CandidateHints {
  const h = data.get('hookwarden');
  if (h === undefined || h === null) return { intents: [], antiIntents: [], examples: [] };
  if (!(h instanceof Map)) throw new FieldError('hookwarden is not a mapping of intents, anti_intents and examples');
  return {
    intents: phrases(h, ['intents']),
    antiIntents: phrases(h, ['anti_intents', 'anti-intents']),
    examples: phrases(h, ['examples']),
  };
}

function nameOf(origin: FileOrigin, data: YamlMap): string {
  if (origin.kind === 'command') return checkedName(origin.pathName ?? '', 'command path');
  const declared = text(data, 'name');
  if (declared !== undefined && declared.trim()) return checkedName(declared, 'name');
  if (origin.kind === 'agent') throw new FieldError('an agent needs a name in its front matter');
  return checkedName(origin.pathName ?? '', 'skill folder name');
}

function build(origin: FileOrigin, fm: Parsed): Candidate {
  const { data } = fm;
  if (!fm.present && origin.kind !== 'command') throw new FieldError(`no front matter (${anA(origin.kind)} needs ${origin.kind === 'agent' ? 'a name and ' : ''}a description)`);
  const base = nameOf(origin, data);
  const name = origin.scope === 'plugin' ? `${origin.plugin}:${base}` : base;
  let description = oneSpaced(text(data, 'description') ?? '');
  if (!description) {
    if (origin.kind !== 'command') throw new FieldError(`${anA(origin.kind)} needs a description`);
    description = firstBodyLine(fm.body);
  }
  const declared = tools(data, origin.kind === 'agent' ? 'tools' : 'allowed-tools');
  const model = data.get('model');
  // Built field by field (no spreads), in the order JSON output shows them; optional fields only when present.
  const c = { id: `${origin.kind}:${name}`, kind: origin.kind, name, description: description.slice(0, MAX_DESCRIPTION_CHARS) } as Candidate;
  if (declared !== undefined) c.tools = declared;
  if (typeof model === 'string' && model.trim()) c.model = model.trim();
  c.scope = origin.scope;
  if (origin.plugin !== undefined) c.plugin = origin.plugin;
  c.source = origin.source;
  c.hints = hintsOf(data);
  const body = oneSpaced(fm.body.slice(0, MAX_BODY_CHARS * 2)).slice(0, MAX_BODY_CHARS);
  if (body) c.body = body;
  if (origin.kind !== 'agent' && String(data.get('disable-model-invocation')).toLowerCase() === 'true') c.userOnly = true;
  return c;
}

/** The candidate a parsed file describes, or why it is malformed. Never throws. */
export function buildCandidate(origin: FileOrigin, fm: Parsed): Built {
  try {
    return { ok: true, candidate: build(origin, fm) };
  } catch (err) {
    if (err instanceof FieldError) return { ok: false, reason: malformed(err.message) };
    return { ok: false, reason: malformed(`unreadable fields (${oneLine(err)})`) };
  }
}
