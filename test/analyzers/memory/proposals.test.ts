// Facts read from a memory-writing tool call: memory-server shapes, the lines a file write adds, every string of
// other memory tools; private blocks never become facts.

import { describe, expect, it } from 'vitest';
import { proposedFacts, MAX_FACTS_PER_CALL } from '../../../lib/analyzers/memory/proposals.js';
import { factKey, normaliseFact, stripPrivate } from '../../../lib/analyzers/memory/text.js';

const texts = (r: { facts: Array<{ text: string }> }) => r.facts.map((f) => f.text);

describe('proposedFacts', () => {
  it('reads entities, observations and relations of a knowledge-graph memory server', () => {
    const r = proposedFacts('mcp-memory', 'mcp__memory__create_entities', {
      entities: [
        { name: 'api', entityType: 'service', observations: ['runs on port 8080', 'deploys from main'] },
        { name: 'web', entityType: 'service', observations: [] },
      ],
      observations: [{ entityName: 'api', contents: ['uses Postgres 16'] }],
      relations: [{ from: 'web', to: 'api', relationType: 'calls' }],
    });
    expect(texts(r)).toEqual(['api (service): runs on port 8080', 'api (service): deploys from main', 'web (service)', 'api: uses Postgres 16', 'web calls api']);
    expect(r.facts[0]?.spans).toEqual(['api', 'runs on port 8080']);
  });

  it('takes only the lines a write adds to a memory file', () => {
    const current = '# Project\n\n- Tests: `npm test`\n';
    const write = proposedFacts('file', 'Write', { content: '# Project\n\n- Tests: `npm test`\n- Lint: `npm run lint`\n\n## Style\n```sh\nnpm run fmt\n```\n' }, current);
    expect(texts(write)).toEqual(['Lint: `npm run lint`', 'npm run fmt']);
    const edit = proposedFacts('file', 'Edit', { old_string: '- Tests: `npm test`', new_string: '- Tests: `npm test`\n- Use 2 spaces' });
    expect(texts(edit)).toEqual(['Use 2 spaces']);
    const multi = proposedFacts('file', 'MultiEdit', { edits: [{ old_string: 'a', new_string: 'a\n- one' }, { old_string: 'b', new_string: '- two' }] });
    expect(texts(multi)).toEqual(['one', 'two']);
  });

  it('reads every string of other memory tools except names, ids and paths', () => {
    const r = proposedFacts('strings', 'mcp__notes__store_memory', { id: 'n1', path: '/memories/x.md', command: 'create', file_text: 'Prefer small PRs\nSquash on merge', tags: ['style'] });
    expect(texts(r)).toEqual(['Prefer small PRs', 'Squash on merge', 'style']);
  });

  it('never turns private text into a fact, and bounds a call', () => {
    const r = proposedFacts('strings', 'mcp__m__add_memory', { text: 'Keep <private>my PIN is 4821</private> in mind\n<private>all of this</private>' });
    expect(texts(r)).toEqual(['Keep [PRIVATE] in mind']);
    const many = proposedFacts('strings', 'mcp__m__add_memory', { items: Array.from({ length: 80 }, (_, i) => `fact number ${i}`) });
    expect(many.facts).toHaveLength(MAX_FACTS_PER_CALL);
    expect(many.more).toBe(80 - MAX_FACTS_PER_CALL);
  });
});

describe('text helpers', () => {
  it('strips private blocks, closed or not, in any case', () => {
    expect(stripPrivate('a <PRIVATE>b</private> c <private x="1">d')).toBe('a [PRIVATE] c [PRIVATE]');
  });
  it('normalises layout and keys facts by content', () => {
    expect(normaliseFact('  - [x] **Use** pnpm.  ')).toBe('**Use** pnpm');
    expect(factKey('Use PNPM, not npm!')).toBe(factKey('use pnpm not npm'));
    expect(factKey('use pnpm')).not.toBe(factKey('use npm'));
  });
});
