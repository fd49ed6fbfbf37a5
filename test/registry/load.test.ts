import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatIssue, loadSources, type SourceFile } from '../../lib/registry/load.js';
import { compileRegistry } from '../../lib/registry/compile.js';

const intent = (id: string, extra: object = {}) => ({
  id,
  kind: 'intent',
  severity: 'low',
  action: 'context',
  message: 'm',
  hint: 'h',
  cues: ['alpha'],
  examples: { match: ['alpha'], noMatch: ['beta'] },
  ...extra,
});

const pack = (name: string, patterns: unknown[]): SourceFile => ({
  path: `/p/${name}.json`,
  scope: 'shipped',
  text: JSON.stringify({ pack: name, patterns }),
});

describe('registry loading', () => {
  it('names the file, the pattern id and the field of every problem', () => {
    const loaded = loadSources([pack('intents', [intent('intents/a', { severity: 'extreme' }), intent('intents/b', { hint: '' })])]);
    expect(loaded.issues.map(formatIssue)).toEqual([
      expect.stringMatching(/^\/p\/intents\.json \(pattern intents\/a, field severity\): /),
      expect.stringMatching(/^\/p\/intents\.json \(pattern intents\/b, field hint\): must be a non-empty string/),
    ]);
    expect(loaded.patterns).toHaveLength(0);
  });

  it('rejects ids outside their pack, duplicate ids and a pack named unlike its file', () => {
    const loaded = loadSources([
      pack('intents', [intent('other/a'), intent('intents/a'), intent('intents/a')]),
      { path: '/p/x.json', scope: 'shipped', text: JSON.stringify({ pack: 'y', patterns: [] }) },
    ]);
    const msgs = loaded.issues.map(formatIssue);
    expect(msgs).toContainEqual(expect.stringContaining('pattern other/a, field id): must start with "intents/"'));
    expect(msgs).toContainEqual(expect.stringContaining('pattern intents/a, field id): duplicate id'));
    expect(msgs).toContainEqual(expect.stringContaining('/p/x.json (field pack): must equal the file name "x"'));
    expect(loaded.patterns.map((p) => p.pattern.id)).toEqual(['intents/a']);
  });

  it('reports JSON syntax errors with the file name', () => {
    const loaded = loadSources([{ path: '/p/broken.json', scope: 'shipped', text: '{"pack": ' }]);
    expect(formatIssue(loaded.issues[0]!)).toMatch(/^\/p\/broken\.json: not valid JSON/);
  });

  it('lets override files add patterns under their scope and disable by id', () => {
    const loaded = loadSources([
      pack('intents', [intent('intents/a'), intent('intents/b')]),
      { path: '/u/patterns.json', scope: 'user', text: JSON.stringify({ disable: ['intents/a'], patterns: [intent('user/mine')] }) },
      { path: '/proj/.hookwarden/patterns.json', scope: 'project', text: JSON.stringify({ disable: ['intents/nope'], patterns: [intent('user/wrong-scope')] }) },
    ]);
    const compiled = compileRegistry(loaded, []);
    expect(compiled.patterns.map((p) => p.id)).toEqual(['intents/b', 'user/mine']);
    expect(compiled.disabled).toEqual(['intents/a']);
    const msgs = loaded.issues.map(formatIssue);
    expect(msgs).toContainEqual(expect.stringContaining('pattern intents/nope, field disable): no pattern has this id'));
    expect(msgs).toContainEqual(expect.stringContaining('pattern user/wrong-scope, field id): must start with "project/"'));
  });

  it('hashes the compiled content, not the formatting of the sources', () => {
    const a = loadSources([pack('intents', [intent('intents/a')])]);
    const reformatted: SourceFile = { path: '/p/intents.json', scope: 'shipped', text: JSON.stringify({ patterns: [intent('intents/a')], pack: 'intents' }, null, 4) };
    expect(compileRegistry(a, []).hash).toBe(compileRegistry(loadSources([reformatted]), []).hash);
    const changed = loadSources([pack('intents', [intent('intents/a', { cues: ['gamma'] })])]);
    expect(compileRegistry(changed, []).hash).not.toBe(compileRegistry(a, []).hash);
  });

  it('rejects an invalid secret regex with the field named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-load-'));
    writeFileSync(join(dir, 'secrets.json'), '{}');
    const loaded = loadSources([
      pack('secrets', [{ id: 'secrets/x', kind: 'secret', severity: 'high', action: 'block', message: 'm', hint: 'h', regex: '(unclosed', scopes: ['prompt'], examples: { match: ['a'], noMatch: ['b'] } }]),
    ]);
    expect(loaded.issues.map(formatIssue)).toEqual([expect.stringContaining('field regex): must be a valid regular expression')]);
  });
});
