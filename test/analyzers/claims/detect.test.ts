// Phantom-claim detection on the shipped claim registry: the labelled corpus of final messages
// (test/fixtures/claims/messages.jsonl), every pattern's own examples, and the detector's rules (quoted matter
// is data, one hit per id in registry order, the 20,000-character bound, bounded sentence excerpts).

import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findClaims, MAX_CHARS, MAX_SENTENCE } from '../../../lib/analyzers/claims/detect.js';
import { claimSources, shippedClaims } from '../../helpers/claims.js';
import { readJsonl } from '../../helpers/jsonl.js';

const claims = await shippedClaims();
const IDS = new Set(claims.map((c) => c.id));
const ids = (text: string): string[] => findClaims(text, claims).map((h) => h.id);

interface ClaimRow {
  text: string;
  claims: string[];
  note: string;
}

const KEYS = new Set(['text', 'claims', 'note']);

function problemOf(o: Record<string, unknown>): string | undefined {
  const extra = Object.keys(o).filter((k) => !KEYS.has(k));
  if (extra.length) return `unknown field(s) ${extra.join(', ')}`;
  if (typeof o.text !== 'string' || !o.text.trim()) return '"text" must be a non-empty string';
  if (!Array.isArray(o.claims) || !o.claims.every((c) => typeof c === 'string' && IDS.has(c))) return `"claims" must list ids among ${[...IDS].join(', ')}`;
  if (new Set(o.claims).size !== o.claims.length) return '"claims" lists an id twice';
  if (typeof o.note !== 'string' || !o.note.trim()) return '"note" must be a non-empty string';
  return undefined;
}

const FIXTURE = join(import.meta.dirname, '..', '..', 'fixtures', 'claims', 'messages.jsonl');
const rows = readJsonl<ClaimRow>(FIXTURE, problemOf);

/** A test title: the row's line, its text (flattened, cut) and what it expects. */
function label(line: number, row: ClaimRow): string {
  const flat = row.text.replace(/\s+/g, ' ').trim();
  const text = flat.length > 70 ? `${flat.slice(0, 69)}…` : flat;
  return `messages.jsonl:${line} "${text}" → ${row.claims.length ? row.claims.join(' + ') : 'no claim'}`;
}

describe('labelled final messages', () => {
  it('has at least 70 rows, at least 40% without a claim, and every claim id in some row', () => {
    expect(rows.length).toBeGreaterThanOrEqual(70);
    const none = rows.filter((r) => r.row.claims.length === 0).length;
    expect(none / rows.length).toBeGreaterThanOrEqual(0.4);
    const seen = new Set(rows.flatMap((r) => r.row.claims));
    expect([...IDS].filter((id) => !seen.has(id))).toEqual([]);
  });

  for (const { line, row } of rows) {
    it(label(line, row), () => {
      expect(ids(row.text).sort()).toEqual([...row.claims].sort());
    });
  }
});

describe('the keyword gate', () => {
  it('hides no claim: every labelled row and example is judged the same without it', () => {
    const ungated = claims.map((c) => ({ ...c, keywords: [''] }));
    const texts = [...rows.map((r) => r.row.text), ...claimSources().flatMap((p) => [...p.examples.match, ...p.examples.noMatch])];
    for (const t of texts) expect(findClaims(t, claims), t).toEqual(findClaims(t, ungated));
  });
});

describe('pattern examples', () => {
  for (const p of claimSources()) {
    const claim = claims.find((c) => c.id === p.id)!;
    it.each(p.examples.match)(`${p.id} matches %j`, (example) => {
      expect(findClaims(example, [claim]).map((h) => h.id)).toEqual([p.id]);
    });
    it.each(p.examples.noMatch)(`${p.id} does not match %j`, (example) => {
      expect(findClaims(example, [claim])).toEqual([]);
    });
  }

  it('every cue compiles with the loader flags and ids are unique kebab-case claims/<slug>', () => {
    const sources = claimSources();
    expect(new Set(sources.map((p) => p.id)).size).toBe(sources.length);
    for (const p of sources) {
      expect(p.id).toMatch(/^claims\/[a-z0-9][a-z0-9-]*$/);
      for (const cue of p.cues) {
        expect(() => new RegExp(cue, 'iu')).not.toThrow();
        expect(() => new RegExp(cue)).not.toThrow();
      }
    }
  });
});

describe('hits', () => {
  it('one hit per claim id, naming the first sentence that made it', () => {
    const hits = findClaims('All tests pass. Later: all 12 tests pass again.\n- The test suite is green.', claims);
    expect(hits).toEqual([{ id: 'claims/tests-pass', sentence: 'All tests pass.' }]);
  });

  it('hits come in registry order, not text order', () => {
    const text = 'I pushed the branch. I committed the fix. All tests pass.';
    expect(ids(text)).toEqual(['claims/tests-pass', 'claims/committed', 'claims/pushed']);
    expect(findClaims(text, [...claims].reverse()).map((h) => h.id)).toEqual(['claims/pushed', 'claims/committed', 'claims/tests-pass']);
  });

  it('the sentence is whitespace-collapsed and cut to 160 characters with "…"', () => {
    const long = `All   tests\tpass ${'and the refactor keeps every public name exactly as it was before '.repeat(5)}.`;
    const [hit] = findClaims(long, claims);
    expect(hit?.id).toBe('claims/tests-pass');
    expect(hit!.sentence.length).toBe(MAX_SENTENCE);
    expect(hit!.sentence.endsWith('…')).toBe(true);
    expect(hit!.sentence.startsWith('All tests pass and')).toBe(true);
  });

  it('empty text or an empty registry gives no hits', () => {
    expect(findClaims('', claims)).toEqual([]);
    expect(findClaims('All tests pass.', [])).toEqual([]);
  });
});

describe('quoted matter is data', () => {
  it.each([
    ['```\nAll tests passed\n```', 'a ``` fence'],
    ['~~~text\nI pushed the branch.\n~~~', 'a ~~~ fence'],
    ['````md\n```\nAll tests pass\n```\n````', 'a longer fence holding a shorter one'],
    ['Output:\n```\n42 passed', 'an unclosed fence runs to the end'],
    ['> All tests pass and I pushed the branch.', 'a block quote'],
    ['  > I committed the changes.', 'an indented block quote'],
    ['The log line is `All tests pass`.', 'a cue entirely inside inline code'],
    ['The template reads "I deployed to staging" for now.', 'a cue entirely inside a quotation'],
    ['The template reads “the build succeeds” for now.', 'a cue inside curly quotes'],
  ])('%j is not a claim (%s)', (text) => {
    expect(ids(text)).toEqual([]);
  });

  it('prose after a closed fence still counts', () => {
    expect(ids('```\nnpm test\n```\nAll tests pass.')).toEqual(['claims/tests-pass']);
  });

  it('inline code stays part of the sentence', () => {
    expect(ids('I ran `npm test` after the change.')).toEqual(['claims/ran-tests']);
  });
});

describe('sentences and clauses', () => {
  it('does not split on e.g., version numbers or file names', () => {
    // Split there, "e.g." or "index." would end a negated sentence and the claim would stand alone.
    expect(ids('I did not touch index.ts or e.g. the tests pass helper.')).toEqual([]);
    expect(ids('No changes to v1.2.3 means all tests pass.')).toEqual([]);
  });

  it('splits on newlines and list bullets', () => {
    expect(ids("I didn't push.\nAll tests pass.")).toEqual(['claims/tests-pass']);
    expect(ids('- Not deployed\n- Committed the fix')).toEqual(['claims/committed']);
  });

  it('judges the clauses around "but" and ";" separately', () => {
    expect(ids("I couldn't push, but I committed the changes.")).toEqual(['claims/committed']);
    expect(ids("I committed the changes; I haven't pushed.")).toEqual(['claims/committed']);
  });

  it('a question is not a claim even when an earlier clause would be', () => {
    expect(ids('I committed the changes, but should I push?')).toEqual([]);
  });
});

describe('the 20,000-character bound', () => {
  it('reads the claim at the end of a very long message', () => {
    expect(ids(`${'word '.repeat(200_000)}\nAll tests pass.`)).toEqual(['claims/tests-pass']);
  });

  it('ignores a claim that ends more than 20,000 characters before the end', () => {
    const filler = 'nothing to see in this line\n'.repeat(Math.ceil(MAX_CHARS / 28) + 1);
    expect(filler.length).toBeGreaterThan(MAX_CHARS);
    expect(ids(`All tests pass.\n${filler}`)).toEqual([]);
    // The same claim just inside the bound counts.
    expect(ids(`All tests pass.\n${filler.slice(-(MAX_CHARS - 100))}`)).toEqual(['claims/tests-pass']);
  });

  it('drops the partial line the cut lands in', () => {
    const head = 'I did not check whether the tests pass.\n';
    const fragment = head.slice(head.indexOf(' the tests pass.'));
    // Filler sized so that the cut lands exactly before the fragment.
    const filler = 'plain line\n'.repeat(Math.ceil(MAX_CHARS / 11)).slice(0, MAX_CHARS - fragment.length);
    const text = head + filler;
    expect(text.slice(-MAX_CHARS).startsWith(fragment)).toBe(true);
    // Read on its own the fragment is a claim; as the cut first line it is dropped.
    expect(ids(fragment + filler.slice(1))).toEqual(['claims/tests-pass']);
    expect(ids(text)).toEqual([]);
  });
});

describe('robustness', () => {
  it('never throws, and hits are unique, known and bounded for any text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constantFrom('All tests pass.', '```', '`', '"', '\n', '> ', '- ', 'I pushed', ' but ', '?', ';')), { maxLength: 40 }),
        (parts) => {
          const hits = findClaims(parts.join(''), claims);
          expect(new Set(hits.map((h) => h.id)).size).toBe(hits.length);
          for (const h of hits) {
            expect(IDS.has(h.id)).toBe(true);
            expect(h.sentence.length).toBeLessThanOrEqual(MAX_SENTENCE);
          }
        },
      ),
      { seed: 0x636c6d73, numRuns: 300 },
    );
  });

  it('reads hostile input (long runs of cues, dots, open quotes) only within the bound', () => {
    for (const text of ['I pushed x '.repeat(3000), 'a. '.repeat(10_000), '"a `b '.repeat(5000), 'I ran\n'.repeat(5000), `tests ${'1 '.repeat(10_000)}x`]) {
      const hits = findClaims(text, claims);
      expect(hits.length).toBeLessThanOrEqual(claims.length);
      for (const h of hits) expect(h.sentence.length).toBeLessThanOrEqual(MAX_SENTENCE);
    }
  });
});
