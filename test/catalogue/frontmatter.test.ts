// The front-matter reader on the shapes real agent, skill and command files use, on hookwarden's hints block, and
// on malformed files (one-line reasons with file line numbers, never a throw). The reader was also checked against
// js-yaml and yaml on 120 000 generated documents while it was written (docs/catalogue.md); these are the cases
// worth keeping.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frontText, parseFrontMatter, type YamlMap, type YamlValue } from '../../lib/catalogue/frontmatter.js';

/** Maps as plain objects, for toEqual. */
function plain(v: YamlValue): unknown {
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [k, plain(x)]));
  return Array.isArray(v) ? v.map(plain) : v;
}

function data(text: string): Record<string, unknown> {
  const r = parseFrontMatter(text);
  if (!r.ok) throw new Error(`expected a parse, got: ${r.reason}`);
  return plain(r.data as YamlMap) as Record<string, unknown>;
}

function reason(text: string): string {
  const r = parseFrontMatter(text);
  if (r.ok) throw new Error(`expected a reason, got ${JSON.stringify(plain(r.data))}`);
  return r.reason;
}

describe('front matter: the YAML shapes of real files', () => {
  it('reads plain key: value lines, typed as YAML 1.2 core (numbers stay text), and the body after it', () => {
    const r = parseFrontMatter('---\nname: sql-optimizer\nmodel: sonnet\ndisable-model-invocation: true\nversion: 1.10\nempty:\n---\n# Title\nBody\n');
    expect(r).toMatchObject({ ok: true, present: true, body: '# Title\nBody\n' });
    expect(data('---\nname: sql-optimizer\nmodel: sonnet\ndisable-model-invocation: true\nversion: 1.10\nempty:\nno: ~\n---\n')).toEqual({
      name: 'sql-optimizer',
      model: 'sonnet',
      'disable-model-invocation': true,
      version: '1.10',
      empty: null,
      no: null,
    });
  });

  it('reads quoted strings with their escapes', () => {
    expect(data(`---\na: "say \\"hi\\"\\tthen \\u00e9\\x41"\nb: 'it''s # not a comment'\nc: "two\n  lines"\n---\n`)).toEqual({
      a: 'say "hi"\tthen éA',
      b: "it's # not a comment",
      c: 'two lines',
    });
  });

  it('reads folded and literal block scalars with their chomping', () => {
    const text = [
      '---',
      'description: >',
      '  Finds slow queries and',
      '  suggests indexes.',
      '',
      '  Second paragraph.',
      'notes: |',
      '  line one',
      '    indented',
      'strip: >-',
      '  no final newline',
      'keep: |+',
      '  kept',
      '',
      'next: x',
      '---',
      '',
    ].join('\n');
    expect(data(text)).toEqual({
      description: 'Finds slow queries and suggests indexes.\nSecond paragraph.\n',
      notes: 'line one\n  indented\n',
      strip: 'no final newline',
      keep: 'kept\n\n',
      next: 'x',
    });
  });

  it('reads inline lists, block lists (indented or at the key\'s level) and comma strings as written', () => {
    const text = ['---', 'tools: [Read, "Grep", \'Glob\']', 'allowed-tools: Read, Grep, Glob', 'list:', '  - a', '  - "b c"', 'compact:', '- x', '- y', 'after: z', '---', ''].join('\n');
    expect(data(text)).toEqual({ tools: ['Read', 'Grep', 'Glob'], 'allowed-tools': 'Read, Grep, Glob', list: ['a', 'b c'], compact: ['x', 'y'], after: 'z' });
  });

  it("reads hookwarden's nested hints block, in flow or block style", () => {
    const text = [
      '---',
      'name: db',
      'hookwarden:',
      '  intents: ["slow query", "add an index"]',
      '  anti_intents: ["write a migration"]',
      '  examples:',
      '    - why is this query slow?',
      '    - "which index helps: this one?"',
      '---',
      '',
    ].join('\n');
    expect(data(text).hookwarden).toEqual({
      intents: ['slow query', 'add an index'],
      anti_intents: ['write a migration'],
      examples: ['why is this query slow?', 'which index helps: this one?'],
    });
    expect(data('---\nhookwarden: {intents: [a b, c], examples: []}\n---\n').hookwarden).toEqual({ intents: ['a b', 'c'], examples: [] });
  });

  it('reads comments, multi-line plain values, lists of mappings, CRLF line ends and a BOM', () => {
    const text = '\ufeff---\r\n# a comment\r\nname: x # trailing comment\r\ndescription: Use this agent when\r\n  the user asks: "why?"\r\nexamples:\r\n  - input: a\r\n    output: b\r\n---\r\nbody\r\n';
    expect(data(text)).toEqual({ name: 'x', description: 'Use this agent when the user asks: "why?"', examples: [{ input: 'a', output: 'b' }] });
  });

  it('is lenient where Claude Code files need it: ": " inside a plain value', () => {
    expect(data('---\ndescription: Use when: the user asks. Examples: <example>Context: x</example>\n---\n').description).toBe(
      'Use when: the user asks. Examples: <example>Context: x</example>',
    );
  });

  it('treats a file without a first --- line as having no front matter, and an empty one as empty', () => {
    expect(parseFrontMatter('# Deploy\nRun the deploy.\n')).toMatchObject({ ok: true, present: false, body: '# Deploy\nRun the deploy.\n' });
    expect(parseFrontMatter('---\n---\nbody')).toMatchObject({ ok: true, present: true, body: 'body' });
    expect(data('---\n# only a comment\n---\n')).toEqual({});
  });
});

describe('front matter: malformed files', () => {
  it.each([
    ['---\nname: x\n', /^no closing --- line/],
    ['---\ntools:\n  - a\n  b: c\n---\n', /^unexpected indentation \(line 4\)/],
    ['---\nname: "unterminated\n---\n', /^unterminated quoted string \(line 2\)/],
    ['---\ntools: [Read, Grep\n---\n', /^unterminated flow collection \(line 2\)/],
    ['---\nname: a\nname: b\n---\n', /^duplicate key "name" \(line 3\)/],
    ['---\n\tname: a\n---\n', /^a tab used for indentation \(line 2\)/],
    ['---\nbase: &b x\n---\n', /^YAML anchors, aliases and tags are not supported \(line 2\)/],
    ['---\n- a\n- b\n---\n', /^a list item where a key was expected \(line 2\)/],
    ['---\njust some text\n---\n', /^expected "key: value" \(line 2\)/],
    ['---\na: "\\q"\n---\n', /^unknown escape \\q/],
    ['---\na:\n  b: 1\n c: 2\n---\n', /^unexpected indentation \(line 4\)/],
    [`---\na: ${'['.repeat(100)}\n---\n`, /^nested deeper than 32 levels/],
  ])('%j → %s', (text, want) => {
    const r = reason(text);
    expect(r).toMatch(want);
    expect(r).not.toContain('\n');
  });

  it('never throws and always answers in one line, whatever the bytes', () => {
    const piece = fc.constantFrom('---\n', 'a: ', '- ', '"', "'", '[', ']', '{', '}', ',', ':', '#', '|', '>', '\n', '  ', '\t', 'x', '\\', '&', '*', '!', '...\n', '\r');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (parts) => {
        const r = parseFrontMatter(`---\n${parts.join('')}\n---\n`);
        return r.ok || (typeof r.reason === 'string' && r.reason.length > 0 && !r.reason.includes('\n'));
      }),
      { numRuns: 2000 },
    );
  });

  it('a key named __proto__ is just a key', () => {
    const r = parseFrontMatter('---\n__proto__: x\nconstructor: y\n---\n');
    expect(r.ok && r.data.get('__proto__')).toBe('x');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('frontText: only the front matter and the start of the body are decoded', () => {
  it('cuts a long body, keeps the front matter whole, and decodes a file without closing fence whole', () => {
    const body = 'b'.repeat(100_000);
    const text = frontText(Buffer.from(`\ufeff---\r\nname: x\r\n---  \r\n${body}`));
    expect(text.startsWith('\ufeff---\r\nname: x\r\n---  \r\n')).toBe(true);
    expect(text.length).toBeLessThan(5000);
    expect(parseFrontMatter(text)).toMatchObject({ ok: true, present: true });
    expect(frontText(Buffer.from(`---\nname: x\n${body}`))).toHaveLength(100_000 + 12);
    expect(frontText(Buffer.from(`# Title\n${body}`))).toHaveLength(4096);
    expect(frontText(Buffer.from('---\na: 1\n----\nb: 2\n---\nbody'))).toBe('---\na: 1\n----\nb: 2\n---\nbody');
  });
});
