// Memory with consent, the fact classifier on the shipped registry: the labelled corpus of proposed facts
// (test/fixtures/memory/facts.jsonl), the memory-facts pack's own examples, and the classifier's rules (low needs
// positive evidence, possible names, masking that never keeps a sensitive span, uncertain only alone, registry order,
// the 2,000-character bound, determinism).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyFact,
  MAX_FACT_CHARS,
  type ClassifierPatterns,
  type FactClassification,
} from '../../../lib/analyzers/memory/classify/index.js';
import { patternMatches } from '../../../lib/analyzers/examples.js';
import { toRegExp } from '../../../lib/registry/regex.js';
import { viewOf } from '../../../lib/registry/select.js';
import { SENSITIVE_CATEGORIES, type SensitiveCategory } from '../../../lib/registry/types.js';
import { readJsonl } from '../../helpers/jsonl.js';
import { PATTERNS_DIR, shippedRegistry } from '../../helpers/registry.js';

const view = viewOf(await shippedRegistry());
const PATTERNS: ClassifierPatterns = { sensitive: view.sensitive, conventions: view.conventions };
const classify = (text: string): FactClassification => classifyFact(text, PATTERNS);

const CATEGORIES = new Set<string>(SENSITIVE_CATEGORIES);
const REGISTRY_ORDER = [...view.sensitive, ...view.conventions].map((p) => p.id);

interface FactRow {
  text: string;
  class: 'low' | 'sensitive';
  categories?: Array<SensitiveCategory | 'uncertain'>;
  note?: string;
}

const KEYS = new Set(['text', 'class', 'categories', 'note']);

function problemOf(o: Record<string, unknown>): string | undefined {
  const extra = Object.keys(o).filter((k) => !KEYS.has(k));
  if (extra.length) return `unknown field(s) ${extra.join(', ')}`;
  if (typeof o.text !== 'string' || !o.text.trim()) return '"text" must be a non-empty string';
  if (o.class !== 'low' && o.class !== 'sensitive') return '"class" must be "low" or "sensitive"';
  if (o.categories !== undefined) {
    if (o.class === 'low') return 'a low row lists no categories';
    if (!Array.isArray(o.categories) || !o.categories.length) return '"categories" must be a non-empty array';
    if (!o.categories.every((c) => c === 'uncertain' || (typeof c === 'string' && CATEGORIES.has(c)))) {
      return `"categories" must list categories among ${[...CATEGORIES].join(', ')} or "uncertain"`;
    }
    if (o.categories.includes('uncertain') && o.categories.length > 1) return '"uncertain" stands alone';
    if (new Set(o.categories).size !== o.categories.length) return '"categories" lists a category twice';
  }
  if (o.note !== undefined && (typeof o.note !== 'string' || !o.note.trim())) return '"note" must be a non-empty string';
  return undefined;
}

const FIXTURE = join(import.meta.dirname, '..', '..', 'fixtures', 'memory', 'facts.jsonl');
const rows = readJsonl<FactRow>(FIXTURE, problemOf);

/** What a sensitive row expects: its categories, or ['uncertain'] when it lists none. */
const expectedCategories = (row: FactRow): string[] => (row.class === 'low' ? [] : (row.categories ?? ['uncertain']));

/** The fake names the corpus and the generators use (a possible name must never survive masking). */
const FAKE_NAMES = [
  'Maria', 'Garcia', 'Anna', 'Priya', 'Sam', 'Kofi', 'Dana', 'Novak', 'Elena', 'Ruby', 'Jonas', 'Weber', 'Okafor', 'Lena',
  'Fischer', 'Tom', 'Li Wei', 'Marta', 'Kenji', 'Bob', 'Carol', 'Kwame',
];

/** Every substring a sensitive pattern (words or regex) matches in `text`: what masking must remove. */
function sensitiveMatches(text: string): string[] {
  const out: string[] = [];
  for (const p of view.sensitive) {
    for (const src of [...(p.words ? [p.words] : []), ...p.regex]) {
      for (const m of text.matchAll(toRegExp(src, 'g'))) if (m[0]) out.push(m[0]);
    }
  }
  return out;
}

const LABEL = /\[(?:person\??|location|health|finance|government-id|contact)\]/gu;
const UNCERTAIN_MASK = /^\[unclassified fact, \d+ words\]$/u;
const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `needle` as a whole token of `hay` (not inside a longer word or number). */
const containsToken = (hay: string, needle: string): boolean =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(needle)}(?![\\p{L}\\p{N}])`, 'u').test(hay);

/** The masking invariants of one result (rule 8), as a list of problems. */
function maskingProblems(text: string, r: FactClassification): string[] {
  const problems: string[] = [];
  if (r.class === 'low') {
    if (r.masked !== text) problems.push('a low fact is not its own masked text');
    return problems;
  }
  if (r.categories.includes('uncertain')) {
    if (!UNCERTAIN_MASK.test(r.masked)) problems.push(`uncertain mask ${JSON.stringify(r.masked)}`);
    return problems;
  }
  // The labels are not text ("[person]" holds "son"): what is left once they are out keeps no span, matches no
  // sensitive pattern and names no one.
  const rest = r.masked.replace(LABEL, '…');
  for (const span of sensitiveMatches(text)) {
    if (rest.includes(span)) problems.push(`masked text keeps the span ${JSON.stringify(span)}`);
  }
  const left = sensitiveMatches(rest);
  if (left.length) problems.push(`masked text still matches ${JSON.stringify(left)}`);
  const again = classify(rest);
  if (again.class === 'sensitive' && !again.categories.includes('uncertain')) {
    problems.push(`masked text is still sensitive: ${again.categories.join(', ')} in ${JSON.stringify(again.masked)}`);
  }
  return problems;
}

function label(line: number, row: FactRow): string {
  const text = row.text.length > 70 ? `${row.text.slice(0, 69)}…` : row.text;
  const expected = row.class === 'sensitive' ? ` (${expectedCategories(row).join(', ')})` : '';
  return `facts.jsonl:${line} "${text}" → ${row.class}${expected}`;
}

describe('labelled facts', () => {
  it('has at least 160 rows, roughly half low, every category and uncertain rows', () => {
    expect(rows.length).toBeGreaterThanOrEqual(160);
    const low = rows.filter((r) => r.row.class === 'low').length / rows.length;
    expect(low).toBeGreaterThanOrEqual(0.4);
    expect(low).toBeLessThanOrEqual(0.6);
    const seen = new Set(rows.flatMap((r) => expectedCategories(r.row)));
    expect([...SENSITIVE_CATEGORIES, 'uncertain'].filter((c) => !seen.has(c))).toEqual([]);
    // Each category has several rows of its own, not only as a side category.
    for (const c of [...SENSITIVE_CATEGORIES, 'uncertain']) {
      expect(rows.filter((r) => expectedCategories(r.row).includes(c)).length, c).toBeGreaterThanOrEqual(6);
    }
  });

  for (const { line, row } of rows) {
    it(label(line, row), () => {
      const r = classify(row.text);
      expect(r.class).toBe(row.class);
      expect([...r.categories].sort()).toEqual([...expectedCategories(row)].sort());
      expect(maskingProblems(row.text, r)).toEqual([]);
    });
  }

  it('masks every fake name of a person row', () => {
    const leaks = rows
      .filter(({ row }) => expectedCategories(row).includes('person'))
      .flatMap(({ line, row }) => {
        const masked = classify(row.text).masked;
        return FAKE_NAMES.filter((n) => containsToken(row.text, n) && containsToken(masked, n)).map(
          (n) => `${line}: ${n} in ${masked}`,
        );
      });
    expect(leaks).toEqual([]);
  });
});

describe('the memory-facts pack', () => {
  const pack = JSON.parse(readFileSync(join(PATTERNS_DIR, 'memory-facts.json'), 'utf8')) as {
    patterns: Array<{ id: string; kind: string; examples: { match: string[]; noMatch: string[] } }>;
  };

  it('has sensitive patterns for every category and convention patterns with technical names', () => {
    const mine = view.sensitive.filter((p) => p.pack === 'memory-facts');
    expect(new Set(mine.map((p) => p.category))).toEqual(new Set(SENSITIVE_CATEGORIES));
    const names = view.conventions.filter((p) => p.pack === 'memory-facts').flatMap((p) => p.names);
    expect(names.length).toBeGreaterThanOrEqual(300);
    expect(names).toEqual(expect.arrayContaining(['vitest', 'github', 'postgres', 'heroku']));
  });

  it('runs every example through the classifier (at least two of each kind per pattern)', () => {
    const byId = new Map([...view.sensitive, ...view.conventions].map((p) => [p.id, p]));
    const failures: string[] = [];
    for (const source of pack.patterns) {
      const p = byId.get(source.id);
      expect(p, source.id).toBeDefined();
      expect(source.examples.match.length, source.id).toBeGreaterThanOrEqual(2);
      expect(source.examples.noMatch.length, source.id).toBeGreaterThanOrEqual(2);
      for (const e of source.examples.match) if (!patternMatches(p!, e)) failures.push(`${source.id} should match ${e}`);
      for (const e of source.examples.noMatch) if (patternMatches(p!, e)) failures.push(`${source.id} should not match ${e}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('rules', () => {
  it('needs positive evidence for low: without convention patterns nothing is low', () => {
    for (const text of ['Use pnpm, not npm', 'Run `npm test` before committing', 'Prefer tabs']) {
      expect(classify(text).class).toBe('low');
      const r = classifyFact(text, { sensitive: view.sensitive, conventions: [] });
      expect(r).toMatchObject({ class: 'sensitive', categories: ['uncertain'] });
      expect(r.masked).toMatch(UNCERTAIN_MASK);
    }
  });

  it('takes technical names from the convention patterns, not from a built-in list', () => {
    expect(classify('Pair with Vitest on the flaky specs').class).toBe('low');
    const withoutNames = view.conventions.map((p) => ({ ...p, names: [] }));
    const r = classifyFact('Pair with Vitest on the flaky specs', { sensitive: view.sensitive, conventions: withoutNames });
    expect(r).toMatchObject({ class: 'sensitive', categories: ['person'] });
    expect(r.masked).toBe('Pair with [person?] on the flaky specs');
  });

  it('reads a sentence-initial capitalised word alone as no name', () => {
    expect(classify('Maria')).toMatchObject({ class: 'sensitive', categories: ['uncertain'] });
    expect(classify('Ask Maria before merging')).toMatchObject({ class: 'sensitive', categories: ['person'] });
    expect(classify('Ask Maria before merging').masked).toBe('Ask [person?] before merging');
    expect(classify('Ask before merging').class).toBe('low');
    expect(classify('Sam prefers tabs').masked).toBe('[person?] prefers tabs');
    expect(classify('Prefer tabs').class).toBe('low');
  });

  it('reads capitalised cue words of a Title Case heading as part of the heading', () => {
    expect(classify('## Working With Legacy Code').class).toBe('low');
    expect(classify('Email Templates').class).toBe('low');
    expect(classify('Ask Questions Early').categories).toEqual(['uncertain']);
    expect(classify('Email Lena the templates')).toMatchObject({ class: 'sensitive', categories: ['person'] });
    expect(classify('Reviewed by Lena Fischer').masked).toBe('Reviewed by [person?]');
    expect(classify('Working with Lena on legacy code')).toMatchObject({ class: 'sensitive', categories: ['person'] });
  });

  it('masks the entity name of a memory-server person and every span of the observation', () => {
    const r = classify('Anna (person): has type 2 diabetes');
    expect(r.masked).toBe('[person]: has type 2 [health]');
    expect(r.by).toEqual(expect.arrayContaining(['memory-facts/entity-person', 'memory-facts/health']));
  });

  it('keeps uncertain alone', () => {
    for (const text of ['The user is vegetarian', 'Maria Garcia', '']) {
      expect(classify(text).categories).toEqual(['uncertain']);
    }
    const mixed = classify('Maria Garcia has diabetes');
    expect(mixed.categories).not.toContain('uncertain');
    expect(mixed.categories).toEqual(expect.arrayContaining(['health']));
  });

  it('lists categories and ids in registry order, without duplicates', () => {
    const r = classify("My wife's phone is +1 555 0142 1234 and her salary is 85k; she has diabetes and lives at 42 Elm Street");
    expect(r.class).toBe('sensitive');
    const firedSensitive = view.sensitive.filter((p) => r.by.includes(p.id));
    expect(r.categories).toEqual([...new Set(firedSensitive.map((p) => p.category))]);
    expect(new Set(r.categories)).toEqual(new Set(['person', 'contact', 'finance', 'health', 'location']));
    expect(r.by).toEqual(REGISTRY_ORDER.filter((id) => r.by.includes(id)));
    expect(new Set(r.by).size).toBe(r.by.length);
  });

  it('names the convention patterns that fired on a low fact', () => {
    const r = classify('Run `npm test` before committing');
    expect(r).toMatchObject({ class: 'low', categories: [], masked: 'Run `npm test` before committing' });
    expect(r.by).toEqual(expect.arrayContaining(['memory-facts/code-syntax', 'memory-facts/convention-vocabulary']));
    expect(r.by.some((id) => view.sensitive.some((p) => p.id === id))).toBe(false);
  });
});

describe('the 2,000-character bound', () => {
  const filler = 'Use pnpm for tests and keep the lockfile committed. ';

  it('never calls a long fact low, even when it is all convention', () => {
    const long = filler.repeat(Math.ceil((MAX_FACT_CHARS * 2) / filler.length));
    const r = classify(long);
    expect(r).toMatchObject({ class: 'sensitive', categories: ['uncertain'] });
    const words = Number(/(\d+) words/.exec(r.masked)?.[1]);
    expect(r.masked).toMatch(UNCERTAIN_MASK);
    expect(words).toBeGreaterThan(0);
    expect(words).toBeLessThanOrEqual(MAX_FACT_CHARS / 2);
  });

  it('reads a fact of exactly the bound as a whole', () => {
    const exact = filler.repeat(Math.ceil(MAX_FACT_CHARS / filler.length)).slice(0, MAX_FACT_CHARS - 1) + '.';
    expect(exact.length).toBe(MAX_FACT_CHARS);
    expect(classify(exact).class).toBe('low');
  });

  it('does not read past the bound, and masks only the read part', () => {
    const pad = filler.repeat(Math.ceil(MAX_FACT_CHARS / filler.length) + 1);
    expect(classify(`${pad}She has diabetes`).by).not.toContain('memory-facts/health');
    expect(classify(`She has diabetes. ${pad}`).by).toContain('memory-facts/health');
    const r = classify(`My phone is +1 555 0142 1234. ${pad}My SSN is 123-45-6789`);
    expect(r).toMatchObject({ class: 'sensitive', categories: ['contact'] });
    expect(r.masked).not.toContain('555');
    expect(r.masked).not.toContain('6789');
    expect(r.masked).toMatch(/ \[\+\d+ characters not read\]$/u);
    expect(r.masked.length).toBeLessThan(MAX_FACT_CHARS + 40);
  });

  it('drops a token cut by the bound instead of reading half of it', () => {
    const head = 'x'.repeat(MAX_FACT_CHARS - 8);
    const r = classify(`${head} 555-0142-1234-5678 My wife`);
    expect(r.masked).toMatch(UNCERTAIN_MASK);
    expect(classify('y'.repeat(MAX_FACT_CHARS * 3)).masked).toBe('[unclassified fact, 0 words]');
  });
});

// ---- Properties -----------------------------------------------------------------------------------------------------

const TECH = [
  'Vitest', 'GitHub Actions', 'Postgres', 'Heroku', 'pnpm', '`npm test`', 'src/index.ts', '--watch', 'v1.2.3',
  'localhost:5432', 'Docker', 'Redis',
];
const CONVENTION = ['prefer', 'always', 'tests', 'build', 'deploy', 'indentation', 'tabs', 'commit', 'lint', 'Use', 'Run'];
const SENSITIVE_BITS = [
  'my wife', 'diabetes', 'salary', '+1 555 0142 1234', 'jane.doe@example.com', '123-45-6789', '42 Elm Street',
  'passport number', 'allergic', 'mortgage', 'my phone', "the user's timezone is CET", 'date of birth', 'ADHD',
];
const FILLER = ['the', 'and', 'on', 'before', 'is', 'for', 'after', 'every', 'a', '.', ',', ':', '(', ')', '12', '2024'];
const NAMES = [
  'Maria', 'Priya', 'Kofi', 'Elena', 'Jonas', 'Lena', 'Marta', 'Kenji', 'Ingrid', 'Ravi', 'Zoë', 'Siobhan', "O'Brien",
  'Anne-Marie', 'McKay',
];

const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TECH) },
  { weight: 3, arbitrary: fc.constantFrom(...CONVENTION) },
  { weight: 2, arbitrary: fc.constantFrom(...SENSITIVE_BITS) },
  { weight: 3, arbitrary: fc.constantFrom(...FILLER) },
  { weight: 1, arbitrary: fc.constantFrom(...NAMES) },
);
const fact = fc.array(piece, { minLength: 1, maxLength: 14 }).map((parts) => parts.join(' '));

describe('properties', () => {
  it('masking never keeps a sensitive span, uncertain stands alone, low is the text itself', () => {
    fc.assert(
      fc.property(fact, (text) => {
        const r = classify(text);
        expect(maskingProblems(text, r)).toEqual([]);
        if (r.class === 'low') expect(r.categories).toEqual([]);
        else expect(r.categories.length).toBeGreaterThan(0);
        if (r.categories.includes('uncertain')) expect(r.categories).toEqual(['uncertain']);
        for (const c of r.categories) expect(c === 'uncertain' || CATEGORIES.has(c)).toBe(true);
        if (sensitiveMatches(text).length) expect(r.class).toBe('sensitive');
      }),
      { seed: 0x6d656d, numRuns: 400 },
    );
  });

  it('a name in a person context is masked, whatever surrounds it', () => {
    const templates: Array<(n: string, m: string, t: string) => string> = [
      (n, _m, t) => `Ask ${n} before touching ${t}`,
      (n, _m, t) => `Pair with ${n} on ${t}`,
      (n, _m, t) => `${n} prefers ${t} for tests`,
      (n, _m, t) => `${n}'s laptop runs ${t}`,
      (n) => `${n} (person): prefers tabs`,
      (n, _m, t) => `Check with ${n} before changing ${t}`,
      (n, m) => `${n} and ${m} share the on-call rotation`,
      (n, _m, t) => `Tell ${n} when ${t} fails`,
      (n) => `cc ${n} on releases`,
      (n) => `${n} works_at Globex`,
      (n, _m, t) => `The release manager is ${n}, not ${t}`,
      (n) => `My colleague ${n} reviews every PR`,
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...templates),
        fc.constantFrom(...NAMES),
        fc.constantFrom(...NAMES),
        fc.constantFrom(...TECH),
        (template, n, m, t) => {
          fc.pre(n !== m);
          const text = template(n, m, t);
          const r = classify(text);
          expect(r.class).toBe('sensitive');
          expect(r.categories).toContain('person');
          expect(containsToken(r.masked, n)).toBe(false);
          expect(maskingProblems(text, r)).toEqual([]);
        },
      ),
      { seed: 0x6e616d, numRuns: 400 },
    );
  });

  it('is deterministic: the same fact gives the same result, whatever was classified before', () => {
    const texts = fc.sample(fact, { seed: 7, numRuns: 60 });
    const first = texts.map(classify);
    const copies: ClassifierPatterns = { sensitive: [...view.sensitive], conventions: [...view.conventions] };
    const again = [...texts].reverse().map((t) => classifyFact(t, copies)).reverse();
    expect(again).toEqual(first);
  });
});
