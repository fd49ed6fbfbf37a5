// Turns validated sources into the compiled registry: plain data with RegExp sources, no functions, so it
// can be embedded in a bundle at build time or cached as JSON between hook calls.

import { stem, words } from '../text/words.js';
import picomatch from 'picomatch';
import { ACTION_SEVERITY, levelRank } from '../vocab/levels.js';
import { compileShellMatch } from './compile-shell.js';
import { canonicalHash } from './hash.js';
import type { LoadedSources } from './load.js';
import type { PatternSource } from './schema.js';
import type { CompiledPath, CompiledPattern, CompiledRegistry, CompiledShellCommandSpec, CompiledShellMatch, RegexSource } from './types.js';
import { requiredLiterals } from './regex-literal.js';

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Cue words and phrases → one case-insensitive regex anchored on Unicode word boundaries; a hyphen joins
 * words ("vs-code" is not the cue "vs", "bug-free" is not "bug"). */
export function compileCues(cues: string[]): RegexSource {
  const alts = [...cues]
    .map((c) => c.trim().toLowerCase())
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .map((c) => c.split(/\s+/).map(escapeRegex).join('\\s+'));
  return { source: `(?<![\\p{L}\\p{N}_-])(?:${alts.join('|')})(?![\\p{L}\\p{N}_-])`, flags: 'iu' };
}

/** "delete|remove table|rows" → [["delet","remov"],["tabl","row"]] (Porter stems, as the prompt is read). */
function compilePhrase(text: string): { text: string; slots: string[][] } {
  const slots = text
    .trim()
    .split(/\s+/)
    .map((slot) => [...new Set(slot.split('|').flatMap((w) => words(w).map(stem)))])
    .filter((alts) => alts.length > 0);
  return { text, slots };
}

export function compileGlob(glob: string, nocase: boolean): RegexSource {
  const re = picomatch.makeRe(glob, { dot: true, nocase });
  return { source: re.source, flags: re.flags };
}

function compilePath(p: Extract<PatternSource, { kind: 'path' }>, pack: string): CompiledPath {
  const on: CompiledPath['on'] = {};
  let strongest: 'block' | 'ask' | 'warn' = 'warn';
  for (const op of ['read', 'write', 'delete'] as const) {
    const action = p.on[op];
    if (!action) continue;
    on[op] = { action, severity: ACTION_SEVERITY[action] };
    if (levelRank(action) > levelRank(strongest)) strongest = action;
  }
  return {
    id: p.id,
    pack,
    severity: ACTION_SEVERITY[strongest],
    action: strongest,
    message: p.message,
    hint: p.hint,
    kind: 'path',
    tier: p.tier,
    on,
    include: p.globs.map((g) => compileGlob(g, p.nocase)),
    exclude: p.exclude.map((g) => compileGlob(g, p.nocase)),
    outsideProject: p.outsideProject,
    ...(p.whenContent ? { whenContent: { source: p.whenContent, flags: 'i' } } : {}),
  };
}

/** Lexicon words as one cue regex, and the pattern's own regexes (flags "iu"). */
function evidence(p: { words?: string[]; regex?: string[] }): { words?: RegexSource; regex: RegexSource[] } {
  return {
    ...(p.words?.length ? { words: compileCues(p.words) } : {}),
    regex: (p.regex ?? []).map((source) => ({ source, flags: 'iu' })),
  };
}

function compileOne(p: PatternSource, pack: string): CompiledPattern {
  if (p.kind === 'path') return compilePath(p, pack);
  // Session patterns: no verdict of their own, except claims, which block the stop once.
  const quiet = { id: p.id, pack, severity: 'low' as const, action: 'context' as const, message: p.message, hint: p.hint };
  switch (p.kind) {
    case 'action':
      return { ...quiet, kind: 'action', does: p.does, match: compileShellMatch(p.match), readOnlySafe: p.readOnlySafe };
    case 'claim':
      return {
        ...quiet,
        severity: 'high',
        action: 'block',
        kind: 'claim',
        requires: p.requires,
        since: p.since,
        outcome: p.outcome,
        keywords: p.keywords,
        cues: p.cues.map((source) => ({ source, flags: 'iu' })),
      };
    case 'capability':
      return { ...quiet, kind: 'capability', capability: p.capability, access: p.access, tools: p.tools.map((g) => compileGlob(g, false)) };
    case 'mode':
      return { ...quiet, kind: 'mode', mode: p.mode, cues: compileCues(p.cues) };
    case 'sensitive':
      return { ...quiet, kind: 'sensitive', category: p.category, ...evidence(p) };
    case 'convention':
      return { ...quiet, kind: 'convention', ...evidence(p), names: p.names };
    case 'memory-cue':
      return { ...quiet, kind: 'memory-cue', op: p.op, keywords: p.keywords, cues: p.cues.map((source) => ({ source, flags: 'iu' })) };
    case 'memory-target':
      return {
        ...quiet,
        kind: 'memory-target',
        tools: p.tools.map((g) => compileGlob(g, false)),
        paths: p.paths.map((g) => compileGlob(g, false)),
        shape: p.shape,
        loadedByAgent: p.loadedByAgent,
      };
  }
  const base = { id: p.id, pack, severity: p.severity, action: p.action, message: p.message, hint: p.hint };
  switch (p.kind) {
    case 'intent':
      return { ...base, kind: 'intent', cues: compileCues(p.cues), ...(p.phrases?.length ? { phrases: p.phrases.map(compilePhrase) } : {}) };
    case 'shell':
      return {
        ...base,
        kind: 'shell',
        match: compileShellMatch(p.match),
        ...(p.escalate ? { escalate: p.escalate } : {}),
        ...(p.approvalKey ? { approvalKey: p.approvalKey } : {}),
      };
    case 'secret':
      return { ...base, kind: 'secret', regex: { source: p.regex, flags: p.flags }, allow: p.allow, scopes: p.scopes };
  }
}

/** The regexes the matchers pre-check (shell text, path globs, secrets, cues) carry their required literals, read here
 * once rather than in every hook call (regex-literal.ts; null: none). */
function withLiterals(p: CompiledPattern): CompiledPattern {
  const mark = (r: RegexSource): RegexSource => ({ ...r, literals: requiredLiterals(r.source, r.flags) ?? null });
  const spec = (c: CompiledShellCommandSpec): CompiledShellCommandSpec => (c.text ? { ...c, text: mark(c.text) } : c);
  const shellMatch = (m: CompiledShellMatch): CompiledShellMatch => {
    if ('command' in m) return { command: spec(m.command) };
    if ('pipe' in m) return { pipe: { from: spec(m.pipe.from), to: spec(m.pipe.to) } };
    return m;
  };
  switch (p.kind) {
    case 'shell':
    case 'action':
      return { ...p, match: shellMatch(p.match) };
    case 'path':
      return { ...p, include: p.include.map(mark), exclude: p.exclude.map(mark) };
    case 'secret':
      return { ...p, regex: mark(p.regex) };
    case 'mode':
    case 'intent':
      return { ...p, cues: mark(p.cues) };
    default:
      return p;
  }
}

/** `sourceHash` identifies the source texts; the registry hash covers the compiled content too. */
export function compileRegistry(loaded: LoadedSources, sources: string[]): CompiledRegistry {
  const known = new Set(loaded.patterns.map((lp) => lp.pattern.id));
  const disabled = [...new Set(loaded.disabled)].filter((id) => known.has(id)).sort();
  const patterns = loaded.patterns
    .filter((lp) => !disabled.includes(lp.pattern.id))
    .map((lp) => withLiterals(compileOne(lp.pattern, lp.pattern.id.split('/')[0] ?? '')));
  const routes = loaded.routes.filter((r) => !disabled.includes(r.intent));
  const lexicon = { stopwords: loaded.lexicon?.stopwords ?? [], synonyms: loaded.lexicon?.synonyms ?? [] };
  const layers: NonNullable<CompiledRegistry['layers']> = {};
  for (const lp of loaded.patterns) {
    const layer = lp.changedBy?.scope ?? lp.scope;
    if (layer !== 'shipped' && !disabled.includes(lp.pattern.id)) layers[lp.pattern.id] = layer;
  }
  const hash = canonicalHash({ patterns, routes, lexicon, disabled, ...(Object.keys(layers).length ? { layers } : {}) });
  return { hash, sources, patterns, routes, lexicon, disabled, ...(Object.keys(layers).length ? { layers } : {}) };
}
