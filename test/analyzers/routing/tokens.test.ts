import { describe, expect, it } from 'vitest';
import { compileLexicon, stems, words, wordsByStem } from '../../../lib/analyzers/routing/tokens.js';

describe('router tokens', () => {
  it('splits identifiers and drops numbers and one-letter words, keeping mixed ones', () => {
    expect(words('fixTheN+1 in sql_optimizer, HTTPServer a11y 3000 a')).toEqual(['fix', 'the', 'in', 'sql', 'optimizer', 'http', 'server', 'a11y']);
  });

  it('stems both sides alike and drops stopwords', () => {
    expect(stems('Containerizing the queries', { stopwords: new Set(['the']) })).toEqual(['container', 'queri']);
    expect(stems('containerize query', { stopwords: new Set() })).toEqual(['container', 'queri']);
  });

  it("names each stem by the text's first word with it", () => {
    const m = wordsByStem('Queries are slow; the query planner ignores queries');
    expect(m.get('queri')).toBe('queries');
    expect(m.get('the')).toBe('the');
    expect([...m.keys()]).toEqual(['queri', 'ar', 'slow', 'the', 'planner', 'ignor']);
  });

  it('makes synonym groups symmetric over stems', () => {
    const lex = compileLexicon({ stopwords: ['The'], synonyms: [['containerize', 'docker', 'Dockerfile']] });
    expect(lex.stopwords.has('the')).toBe(true);
    expect(lex.synonyms.get('docker')).toEqual(['container', 'dockerfil']);
    expect(lex.synonyms.get('container')).toEqual(['docker', 'dockerfil']);
  });
});
