// Reads registry source files and validates them. Every issue names the file, the pattern id and the field.

import { basename } from 'node:path';
import {
  overrideSchema,
  packSchema,
  patternSchema,
  routingSchema,
  type PatternSource,
  type RoutingSource,
} from './schema.js';
import { applyOverrides, type OverrideEntry } from './overrides.js';

/** Where a source file is from, lowest to highest rank: hookwarden's own packs, then the user's and the project's
 * override files; `managed` (the admin's folder) and `bundle` (the active policy bundle) are the managed layer,
 * which user and project files may add to and tighten but never loosen (overrides.ts). */
export type SourceScope = 'shipped' | 'user' | 'project' | 'managed' | 'bundle';

/** The id prefix of the patterns an override file of this scope adds: the managed layer's are `managed/…`. */
export const idPrefixOf = (scope: Exclude<SourceScope, 'shipped'>): string => (scope === 'bundle' ? 'managed' : scope);

/** One registry source file as read from disk (resolve.ts collectSources). */
export interface SourceFile {
  path: string;
  scope: SourceScope;
  text: string;
  /** A project file the user's config trusts (overrides.ts): it may loosen too. */
  trusted?: boolean;
}

export interface RegistryIssue {
  file: string;
  id?: string;
  field?: string;
  message: string;
}

export interface LoadedPattern {
  file: string;
  scope: SourceScope;
  trusted?: boolean;
  pattern: PatternSource;
  /** The override file whose `actions` entry last changed its verdict, and that file's scope (the audit's `layer`). */
  changedBy?: { file: string; scope: SourceScope };
}

export interface LoadedSources {
  patterns: LoadedPattern[];
  routes: Array<RoutingSource['routes'][number] & { file: string }>;
  lexicon: RoutingSource['lexicon'] | null;
  /** Ids switched off by override files (only those their scope may switch off: overrides.ts). */
  disabled: string[];
  issues: RegistryIssue[];
}

export const ROUTING_FILE = 'routing.json';

function fieldOf(path: ReadonlyArray<PropertyKey>): string | undefined {
  return path.length ? path.map(String).join('.') : undefined;
}

function idOf(raw: unknown, index: number): string {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id ? id : `#${index}`;
}

function validatePatterns(
  f: Pick<SourceFile, 'path' | 'scope' | 'trusted'>,
  prefix: string,
  raws: unknown[],
  out: LoadedSources,
): void {
  const { path: file, scope } = f;
  raws.forEach((raw, index) => {
    const id = idOf(raw, index);
    const parsed = patternSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        out.issues.push({ file, id, field: fieldOf(issue.path), message: issue.message });
      }
      return;
    }
    if (!parsed.data.id.startsWith(`${prefix}/`)) {
      if (scope === 'managed' || scope === 'bundle') {
        // The admin's rule still applies, under the managed layer's protection: refusing it would let a typo in an
        // id drop a deny from every machine.
        out.issues.push({ file, id, field: 'id', message: `must start with "managed/" (kept, as a managed pattern)` });
      } else {
        out.issues.push({ file, id, field: 'id', message: `must start with "${prefix}/" (the pack it lives in)` });
        return;
      }
    }
    out.patterns.push({ file, scope, ...(f.trusted ? { trusted: true } : {}), pattern: parsed.data });
  });
}

/** Parses and validates every source; collects issues instead of stopping at the first. */
export function loadSources(files: SourceFile[]): LoadedSources {
  const out: LoadedSources = { patterns: [], routes: [], lexicon: null, disabled: [], issues: [] };
  const overrides: OverrideEntry[] = [];
  for (const f of files) {
    let json: unknown;
    try {
      json = JSON.parse(f.text);
    } catch (err) {
      out.issues.push({ file: f.path, message: `not valid JSON: ${(err as Error).message}` });
      continue;
    }
    const name = basename(f.path);
    if (f.scope === 'shipped' && name === ROUTING_FILE) {
      const r = routingSchema.safeParse(json);
      if (!r.success) {
        for (const i of r.error.issues) out.issues.push({ file: f.path, field: fieldOf(i.path), message: i.message });
      } else {
        out.routes.push(...r.data.routes.map((x) => ({ ...x, file: `patterns/${name}` })));
        out.lexicon = r.data.lexicon;
      }
      continue;
    }
    if (f.scope === 'shipped') {
      const p = packSchema.safeParse(json);
      if (!p.success) {
        for (const i of p.error.issues) out.issues.push({ file: f.path, field: fieldOf(i.path), message: i.message });
        continue;
      }
      const expected = name.replace(/\.json$/, '');
      if (p.data.pack !== expected) {
        out.issues.push({ file: f.path, field: 'pack', message: `must equal the file name "${expected}"` });
        continue;
      }
      validatePatterns(f, p.data.pack, p.data.patterns, out);
      continue;
    }
    const o = overrideSchema.safeParse(json);
    if (!o.success) {
      for (const i of o.error.issues) out.issues.push({ file: f.path, field: fieldOf(i.path), message: i.message });
      continue;
    }
    const from = { file: f.path, scope: f.scope, trusted: !!f.trusted };
    for (const id of o.data.disable) overrides.push({ id, action: 'off', field: 'disable', ...from });
    for (const [id, action] of Object.entries(o.data.actions)) overrides.push({ id, action, field: `actions.${id}`, ...from });
    out.routes.push(...o.data.routes.map((x) => ({ ...x, file: f.path })));
    validatePatterns(f, idPrefixOf(f.scope), o.data.patterns, out);
  }
  checkIds(out);
  // Overrides apply after every pattern is known, in file order (user, then project).
  out.disabled = applyOverrides(out, overrides);
  checkRoutes(out);
  return out;
}

function checkIds(out: LoadedSources): void {
  const seen = new Map<string, string>();
  const kept: LoadedPattern[] = [];
  for (const lp of out.patterns) {
    const prev = seen.get(lp.pattern.id);
    if (prev) {
      out.issues.push({ file: lp.file, id: lp.pattern.id, field: 'id', message: `duplicate id (first defined in ${prev})` });
      continue;
    }
    seen.set(lp.pattern.id, lp.file);
    kept.push(lp);
  }
  out.patterns = kept;
}

function checkRoutes(out: LoadedSources): void {
  for (const r of out.routes) {
    const p = out.patterns.find((lp) => lp.pattern.id === r.intent);
    if (!p || p.pattern.kind !== 'intent') {
      out.issues.push({ file: r.file, id: r.intent, field: 'routes.intent', message: 'no intent pattern has this id' });
    }
    if ([r.agent, r.skill, r.command].filter(Boolean).length !== 1) {
      out.issues.push({ file: r.file, id: r.intent, field: 'routes', message: 'a route names exactly one of agent, skill or command' });
    }
  }
}

export function formatIssue(i: RegistryIssue): string {
  const where = [i.id ? `pattern ${i.id}` : '', i.field ? `field ${i.field}` : ''].filter(Boolean).join(', ');
  return `${i.file}${where ? ` (${where})` : ''}: ${i.message}`;
}
