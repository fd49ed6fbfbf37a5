// Memory requests in prompts on the shipped registry: the labelled corpus (test/fixtures/memory/prompts.jsonl),
// every pattern's own examples, and the analyzer's rules (quoted matter is data, private text is never a fact,
// the keyword gate hides nothing, answers name exact ids once with reject winning, the 20,000-character bound).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMemoryRequests, ITEM_ID, MAX_CHARS } from '../../../lib/analyzers/memory/requests/index.js';
import { PRIVATE_MARK } from '../../../lib/analyzers/memory/text.js';
import { toRegExp } from '../../../lib/registry/regex.js';
import { viewOf } from '../../../lib/registry/select.js';
import { readJsonl } from '../../helpers/jsonl.js';
import { PATTERNS_DIR, shippedRegistry } from '../../helpers/registry.js';

const cues = viewOf(await shippedRegistry()).memoryCues;

interface PackPattern {
  id: string;
  op: string;
  keywords: string[];
  cues: string[];
  examples: { match: string[]; noMatch: string[] };
}
const PACK = JSON.parse(readFileSync(join(PATTERNS_DIR, 'memory-requests.json'), 'utf8')) as { pack: string; patterns: PackPattern[] };

interface Row {
  prompt: string;
  requests: Array<{ op: 'remember' | 'forget'; fact: string; scope: 'project' | 'user' }>;
  answers: Array<{ op: 'approve' | 'reject'; id: string }>;
  note?: string;
}

const KEYS = new Set(['prompt', 'requests', 'answers', 'note']);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function problemOf(o: Record<string, unknown>): string | undefined {
  const extra = Object.keys(o).filter((k) => !KEYS.has(k));
  if (extra.length) return `unknown field(s) ${extra.join(', ')}`;
  if (typeof o.prompt !== 'string' || !o.prompt.trim()) return '"prompt" must be a non-empty string';
  if (!Array.isArray(o.requests)) return '"requests" must be an array';
  for (const r of o.requests) {
    if (!isObj(r) || Object.keys(r).sort().join() !== 'fact,op,scope') return 'each request is {op, fact, scope}';
    if (r.op !== 'remember' && r.op !== 'forget') return 'request op must be remember or forget';
    if (typeof r.fact !== 'string' || r.fact.trim().length < 2) return 'request fact must be a string of 2+ characters';
    if (r.scope !== 'project' && r.scope !== 'user') return 'request scope must be project or user';
  }
  if (!Array.isArray(o.answers)) return '"answers" must be an array';
  for (const a of o.answers) {
    if (!isObj(a) || Object.keys(a).sort().join() !== 'id,op') return 'each answer is {op, id}';
    if (a.op !== 'approve' && a.op !== 'reject') return 'answer op must be approve or reject';
    if (typeof a.id !== 'string' || !ITEM_ID.test(a.id)) return 'answer id must be m- and 10 lowercase hex digits';
  }
  if (o.note !== undefined && (typeof o.note !== 'string' || !o.note.trim())) return '"note" must be a non-empty string';
  return undefined;
}

const FIXTURE = join(import.meta.dirname, '..', '..', 'fixtures', 'memory', 'prompts.jsonl');
const rows = readJsonl<Row>(FIXTURE, problemOf);

/** What a row labels: the result without the cue ids. */
const labelled = (prompt: string, list = cues) => {
  const { requests, answers } = findMemoryRequests(prompt, list);
  return { requests: requests.map(({ op, fact, scope }) => ({ op, fact, scope })), answers: answers.map(({ op, id }) => ({ op, id })) };
};

function title(line: number, row: Row): string {
  const flat = row.prompt.replace(/\s+/g, ' ').trim();
  const text = flat.length > 70 ? `${flat.slice(0, 69)}…` : flat;
  const what = [...row.requests.map((r) => `${r.op}${r.scope === 'user' ? '(user)' : ''}`), ...row.answers.map((a) => a.op)];
  return `prompts.jsonl:${line} "${text}" → ${what.length ? what.join(' + ') : 'nothing'}`;
}

const allExamples = PACK.patterns.flatMap((p) => [...p.examples.match, ...p.examples.noMatch]);
const allPrompts = [...rows.map((r) => r.row.prompt), ...allExamples];

describe('labelled prompts', () => {
  it('has at least 150 rows, 40–60% without a request, and covers every kind and every pattern of the pack', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    const none = rows.filter((r) => !r.row.requests.length && !r.row.answers.length).length;
    expect(none / rows.length).toBeGreaterThanOrEqual(0.4);
    expect(none / rows.length).toBeLessThanOrEqual(0.6);
    const kinds = new Set(rows.flatMap((r) => [...r.row.requests.map((q) => `${q.op}:${q.scope}`), ...r.row.answers.map((a) => a.op)]));
    expect([...kinds].sort()).toEqual(['approve', 'forget:project', 'forget:user', 'reject', 'remember:project', 'remember:user']);
    expect(rows.some((r) => r.row.requests.length + r.row.answers.length > 1)).toBe(true);
    expect(rows.some((r) => r.row.prompt.includes('<private>') && r.row.requests.length > 0)).toBe(true);
    const fired = new Set(rows.flatMap((r) => {
      const f = findMemoryRequests(r.row.prompt, cues);
      return [...f.requests, ...f.answers].map((x) => x.cue);
    }));
    expect(PACK.patterns.map((p) => p.id).filter((id) => !fired.has(id))).toEqual([]);
  });

  for (const { line, row } of rows) {
    it(title(line, row), () => {
      expect(labelled(row.prompt)).toEqual({ requests: row.requests, answers: row.answers });
    });
  }
});

describe('pattern examples', () => {
  it('the pack is loaded: every pattern is a compiled memory cue', () => {
    const ids = new Set(cues.map((c) => c.id));
    expect(PACK.patterns.length).toBeGreaterThan(0);
    expect(PACK.patterns.map((p) => p.id).filter((id) => !ids.has(id))).toEqual([]);
    for (const p of PACK.patterns) expect(p.id).toMatch(/^memory-requests\/[a-z0-9][a-z0-9-]*$/);
  });

  for (const p of PACK.patterns) {
    const cue = cues.find((c) => c.id === p.id);
    it.each(p.examples.match)(`${p.id} matches %j`, (example) => {
      const f = findMemoryRequests(example, [cue!]);
      const hits = [...f.requests, ...f.answers];
      expect(hits.map((h) => h.cue)).toContain(p.id);
      expect(hits.every((h) => h.op === p.op)).toBe(true);
    });
    it.each(p.examples.noMatch)(`${p.id} does not match %j`, (example) => {
      const f = findMemoryRequests(example, [cue!]);
      expect([...f.requests, ...f.answers]).toEqual([]);
    });
  }

  it('every cue match, on every labelled prompt and example, contains one of its keywords', () => {
    const misses: string[] = [];
    for (const c of cues) {
      for (const src of c.cues) {
        const re = toRegExp(src, 'g');
        for (const t of allPrompts) {
          for (const m of t.matchAll(re)) {
            if (!c.keywords.some((k) => m[0].toLowerCase().includes(k))) misses.push(`${c.id}: ${JSON.stringify(m[0])}`);
          }
        }
      }
    }
    expect(misses).toEqual([]);
  });

  it('remember/forget cues name a fact group and approve/reject cues an id group', () => {
    for (const c of cues) {
      for (const src of c.cues) expect(src.source, c.id).toContain(c.op === 'approve' || c.op === 'reject' ? '(?<id>' : '(?<fact>');
    }
  });
});

describe('the keyword gate', () => {
  it('hides nothing: every labelled prompt and example is judged the same with the gates off', () => {
    for (const t of allPrompts) expect(findMemoryRequests(t, cues, { gates: false }), t).toEqual(findMemoryRequests(t, cues));
  });

  it('hides nothing when every keyword is the empty string', () => {
    const ungated = cues.map((c) => ({ ...c, keywords: [''] }));
    for (const t of allPrompts) expect(findMemoryRequests(t, ungated), t).toEqual(findMemoryRequests(t, cues));
  });

  it('a cue whose keywords are absent never runs', () => {
    const blind = cues.map((c) => ({ ...c, keywords: ['\u0000never-present'] }));
    expect(findMemoryRequests('Remember that we deploy on Fridays. approve m-3fa2c9b1d0', blind)).toEqual({ requests: [], answers: [] });
  });
});

describe('determinism', () => {
  it('the same prompt gives the same result, whatever ran before', () => {
    const first = rows.map((r) => findMemoryRequests(r.row.prompt, cues));
    const again = [...rows].reverse().map((r) => findMemoryRequests(r.row.prompt, cues)).reverse();
    expect(again).toEqual(first);
    expect(rows.map((r) => findMemoryRequests(r.row.prompt, cues))).toEqual(first);
  });

  it('requests come in text order and name the cue that matched', () => {
    const f = findMemoryRequests('Forget that I prefer tabs. Remember that we use pnpm. From now on, use vitest.', cues);
    expect(f.requests).toEqual([
      { op: 'forget', fact: 'I prefer tabs', cue: 'memory-requests/forget-that', scope: 'project' },
      { op: 'remember', fact: 'we use pnpm', cue: 'memory-requests/remember-that', scope: 'project' },
      { op: 'remember', fact: 'use vitest', cue: 'memory-requests/from-now-on', scope: 'project' },
    ]);
  });

  it('the public two-argument call works, and an empty prompt or registry finds nothing', () => {
    expect(findMemoryRequests('', cues)).toEqual({ requests: [], answers: [] });
    expect(findMemoryRequests('Remember that we use pnpm.', [])).toEqual({ requests: [], answers: [] });
    expect(findMemoryRequests('Remember that we use pnpm.', cues).requests).toHaveLength(1);
  });
});

describe('private text', () => {
  /** Words of 4+ letters inside private blocks that appear nowhere else in the prompt. */
  function privateWords(prompt: string): string[] {
    const outside = prompt.replace(/<private\b[^>]*>[\s\S]*?(?:<\/private\s*>|$)/giu, ' ').toLowerCase();
    const inside = [...prompt.matchAll(/<private\b[^>]*>([\s\S]*?)(?:<\/private\s*>|$)/giu)].map((m) => m[1] ?? '').join(' ');
    return [...new Set(inside.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? [])].filter((w) => !outside.includes(w));
  }

  it('no fact of a labelled prompt holds text from a private block', () => {
    const withPrivate = rows.filter((r) => r.row.prompt.includes('<private'));
    expect(withPrivate.length).toBeGreaterThanOrEqual(3);
    for (const { row } of withPrivate) {
      const words = privateWords(row.prompt);
      expect(words.length, row.prompt).toBeGreaterThan(0);
      for (const r of findMemoryRequests(row.prompt, cues).requests) {
        for (const w of words) expect(r.fact.toLowerCase(), row.prompt).not.toContain(w);
      }
    }
  });

  it('a fact that held private text keeps the marker; a fact that was only private text is no request', () => {
    expect(findMemoryRequests('Remember that the VPN password is <private>hunter2-fake</private> on staging.', cues).requests.map((r) => r.fact)).toEqual([
      `the VPN password is ${PRIVATE_MARK} on staging`,
    ]);
    expect(findMemoryRequests('Remember that <private>I see Dr. Example on Mondays</private>.', cues).requests).toEqual([]);
  });

  it('whatever surrounds it, private text never reaches a fact (property)', () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    const secret = fc.stringMatching(/^[a-z0-9]{6,12}$/).map((s) => `zq${s}`);
    const cue = fc.constantFrom('Remember that ', 'Please note that ', 'From now on, ', 'Forget that ', "Don't remember ", 'Memorize that ', 'Keep in mind that ');
    fc.assert(
      fc.property(cue, fc.array(word, { maxLength: 5 }), secret, fc.array(word, { maxLength: 5 }), fc.boolean(), (c, before, s, after, closed) => {
        const prompt = `${c}${before.join(' ')} <private>${s}</private${closed ? '>' : ''} ${after.join(' ')}.`;
        for (const r of findMemoryRequests(prompt, cues).requests) expect(r.fact).not.toContain(s);
      }),
      { numRuns: 300, seed: 1107 },
    );
  });
});

describe('quoted matter is data', () => {
  it.each([
    ['inline code', 'Add the comment `// remember that ids are 1-based` above the loop.'],
    ['double quotes', 'The RFC says "from now on, use pnpm" but CI still uses npm.'],
    ['curly quotes', 'The RFC says “remember that we deploy on Fridays” — is that current?'],
    ['block quote', '> Remember that we deploy on Fridays.\nIs this still true?'],
    ['fenced block', '```\nRemember that we deploy on Fridays.\n```\nWhat does this print?'],
    ['unclosed fence', 'Here:\n```md\nRemember that we deploy on Fridays.'],
    ['quoted answer', 'The hook printed "approve m-3fa2c9b1d0 to keep it" — what does it mean?'],
  ])('%s is not searched for cues', (_kind, prompt) => {
    expect(findMemoryRequests(prompt, cues)).toEqual({ requests: [], answers: [] });
  });

  it('prose after a closed fence is read again', () => {
    expect(labelled('```\nremember that x\n```\nRemember that we deploy on Fridays.').requests).toEqual([
      { op: 'remember', fact: 'we deploy on Fridays', scope: 'project' },
    ]);
  });

  it('a fact keeps its inline code and quotations', () => {
    expect(labelled('Remember that `npm test` needs the "dev" profile.').requests.map((r) => r.fact)).toEqual(['`npm test` needs the "dev" profile']);
  });
});

describe('facts', () => {
  it('run to the end of their sentence, not beyond', () => {
    expect(labelled('Remember that the API is public. Then rename the helper.').requests.map((r) => r.fact)).toEqual(['the API is public']);
    expect(labelled('Remember that the API is public\nrename the helper').requests.map((r) => r.fact)).toEqual(['the API is public']);
  });

  it('drop trailing courtesy words and a leading please', () => {
    expect(labelled('Remember that we use pnpm for me, thanks!').requests.map((r) => r.fact)).toEqual(['we use pnpm']);
    expect(labelled('From now on, please use pnpm for the future please.').requests.map((r) => r.fact)).toEqual(['use pnpm']);
  });

  it('are no request when empty, one character, a pronoun or temporary', () => {
    for (const p of ['Remember that x.', 'Remember: .', 'Please remember this.', 'Remember that we use pnpm for now.', 'Forget that.']) {
      expect(findMemoryRequests(p, cues), p).toEqual({ requests: [], answers: [] });
    }
  });

  it('user-scope phrases set the scope and leave the fact', () => {
    for (const p of ['Remember that I prefer tabs in all my projects.', 'Globally, remember that I prefer tabs.', 'Remember that I prefer tabs across all my repos.']) {
      expect(labelled(p).requests, p).toEqual([{ op: 'remember', fact: 'I prefer tabs', scope: 'user' }]);
    }
    expect(labelled('Remember that the CLI is installed globally.').requests).toEqual([{ op: 'remember', fact: 'the CLI is installed globally', scope: 'project' }]);
  });
});

describe('consent answers', () => {
  it('reject wins for the same id, each id is answered once, in text order', () => {
    expect(labelled('reject m-0123456789. approve m-3fa2c9b1d0 and keep m-0123456789').answers).toEqual([
      { op: 'reject', id: 'm-0123456789' },
      { op: 'approve', id: 'm-3fa2c9b1d0' },
    ]);
  });

  it('only ids of the exact form count', () => {
    for (const p of ['approve m-3FA2C9B1D0', 'approve m-3fa2c9b1d', 'approve m-3fa2c9b1d0f', 'approve xm-3fa2c9b1d0', 'approve m-3fa2c9b1g0']) {
      expect(findMemoryRequests(p, cues).answers, p).toEqual([]);
    }
  });

  it('an id with no verb near it is no answer', () => {
    expect(findMemoryRequests('I looked at m-3fa2c9b1d0 and the diff, then ran the tests; all good.', cues).answers).toEqual([]);
  });
});

describe('the bound', () => {
  const SENTENCE = 'Refactor the parser module and keep the public API stable. ';
  const filler = (n: number): string => SENTENCE.repeat(Math.ceil(n / SENTENCE.length)).slice(0, n);

  it('reads a cue inside the first 20,000 characters', () => {
    const prompt = `${filler(MAX_CHARS - 200)}\nRemember that we deploy on Fridays.\n${filler(5000)}`;
    expect(labelled(prompt).requests).toEqual([{ op: 'remember', fact: 'we deploy on Fridays', scope: 'project' }]);
  });

  it('never reads past 20,000 characters, nor the sentence the cut falls in', () => {
    const past = `${filler(MAX_CHARS + 10)}\nRemember that we deploy on Fridays.`;
    expect(past.indexOf('Remember')).toBeGreaterThan(MAX_CHARS);
    expect(findMemoryRequests(past, cues).requests).toEqual([]);
    const cut = `${filler(MAX_CHARS - 40)}\nRemember that we deploy on Fridays and on Mondays too.`;
    expect(cut.length).toBeGreaterThan(MAX_CHARS);
    expect(findMemoryRequests(cut, cues).requests).toEqual([]);
  });

  it('a sentence mark right at the cut does not end the sentence', () => {
    const sentence = 'Remember that the loader reads config.';
    const prompt = `${filler(MAX_CHARS - sentence.length - 1)}\n${sentence}ts first.`;
    expect(prompt.slice(0, MAX_CHARS).endsWith('config.')).toBe(true);
    expect(findMemoryRequests(prompt, cues).requests).toEqual([]);
    expect(labelled(`${filler(100)}\n${sentence}ts first.`).requests).toEqual([{ op: 'remember', fact: 'the loader reads config.ts first', scope: 'project' }]);
  });

  it('a long unbroken prompt is read once, to the bound', () => {
    const prompt = `Remember that ${'a '.repeat(15_000)}`;
    expect(findMemoryRequests(prompt, cues).requests).toEqual([]);
    const short = `Remember that ${'word '.repeat(3000)}`;
    const [r] = findMemoryRequests(short, cues).requests;
    expect(r?.fact.startsWith('word word')).toBe(true);
  });
});
