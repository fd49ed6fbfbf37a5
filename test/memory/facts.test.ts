// The memory store's pure rules: dedup by content hash, pending items without text, approval bound to the hash,
// expiry and eviction, every outcome an event with its consent kind.

import { describe, expect, it } from 'vitest';
import { applyMemory, emptyMemory, factHash, factId, isMemoryFile, type MemoryChange, type NewFact } from '../../lib/memory/facts.js';

const NOW = Date.UTC(2026, 10, 22, 12);
const ctx = (over: Partial<{ now: number; maxFacts: number; maxAgeDays: number; pendingTtl: string }> = {}) => ({
  now: over.now ?? NOW,
  config: { pendingTtl: over.pendingTtl ?? '24h', maxFacts: over.maxFacts ?? 200, maxAgeDays: over.maxAgeDays ?? 365 },
});

const low = (text: string): NewFact => {
  const hash = factHash(text);
  return { id: factId(hash), hash, text, class: 'low', categories: [], origin: { kind: 'prompt', sessionId: 's1' } };
};

const pend = (text: string, preview = '[person]: [health]'): MemoryChange => {
  const hash = factHash(text);
  return { op: 'pend', item: { id: factId(hash), hash, categories: ['person', 'health'], preview, origin: { kind: 'tool', tool: 'mcp__memory__add_observations', toolUseId: 'toolu_1', transcriptPath: '/t.jsonl' } } };
};

describe('applyMemory', () => {
  it('stores once per content hash: case, spacing and punctuation do not make a new fact', () => {
    const a = applyMemory(emptyMemory('project', '/p'), [{ op: 'store', fact: low('Use pnpm, not npm'), consent: 'explicit' }], ctx());
    const b = applyMemory(a.file, [{ op: 'store', fact: low('use PNPM,   not npm.'), consent: 'auto-low' }], ctx());
    expect(b.file.facts).toHaveLength(1);
    expect(a.events.map((e) => [e.rule, e.consent])).toEqual([['MEMORY_STORED', 'explicit']]);
    expect(b.events.map((e) => e.rule)).toEqual(['MEMORY_DUPLICATE']);
    expect(factId(factHash('Use pnpm, not npm'))).toMatch(/^m-[0-9a-f]{10}$/);
  });

  it('keeps no text for a pending item, and approves only the text that hashes to it', () => {
    const text = 'Annika Lindqvist: was diagnosed with type 2 diabetes';
    const p = applyMemory(emptyMemory('project', '/p'), [pend(text)], ctx());
    expect(JSON.stringify(p.file)).not.toContain('diabetes');
    expect(p.file.pending[0]).toMatchObject({ expiresAt: NOW + 86_400_000 });
    const id = p.file.pending[0]!.id;
    const wrong = applyMemory(p.file, [{ op: 'approve', id, text: 'Annika Lindqvist: was diagnosed with asthma', consent: 'cli' }], ctx());
    expect(wrong.events.map((e) => e.rule)).toEqual(['MEMORY_REFUSED']);
    expect(wrong.file.facts).toHaveLength(0);
    const ok = applyMemory(p.file, [{ op: 'approve', id, text, consent: 'prompt' }], ctx());
    expect(ok.file.pending).toHaveLength(0);
    expect(ok.file.facts[0]).toMatchObject({ id, text, class: 'sensitive', consent: 'prompt', masked: '[person]: [health]' });
    expect(ok.file.facts[0]?.origin).not.toHaveProperty('transcriptPath');
    expect(ok.events.map((e) => [e.rule, e.consent, e.preview])).toEqual([['MEMORY_APPROVED', 'prompt', '[person]: [health]']]);
  });

  it('expires pending items and old facts, and evicts the oldest beyond maxFacts, each with an event', () => {
    let m = applyMemory(emptyMemory('project', '/p'), [pend('Jonas Everhart lives in Port Merrin'), { op: 'store', fact: low('fact one'), consent: 'explicit' }], ctx()).file;
    m = applyMemory(m, [{ op: 'store', fact: low('fact two'), consent: 'explicit' }], ctx({ now: NOW + 1000 })).file;
    const later = applyMemory(m, [], ctx({ now: NOW + 86_400_000 }));
    expect(later.file.pending).toHaveLength(0);
    expect(later.events.map((e) => [e.rule, e.consent])).toEqual([['MEMORY_EXPIRED', 'none']]);
    const old = applyMemory(m, [], ctx({ now: NOW + 2 * 86_400_000, maxAgeDays: 1 }));
    expect(old.file.facts).toHaveLength(0);
    expect(old.events.filter((e) => e.rule === 'MEMORY_EXPIRED')).toHaveLength(3);
    const full = applyMemory(m, [{ op: 'store', fact: low('fact three'), consent: 'explicit' }], ctx({ maxFacts: 2 }));
    expect(full.file.facts.map((f) => f.text)).toEqual(['fact two', 'fact three']);
    expect(full.events.map((e) => e.rule)).toEqual(['MEMORY_STORED', 'MEMORY_EVICTED']);
  });

  it('forgets facts, rejects pending items, and reports ids it does not hold', () => {
    const f = low('we deploy on Tuesdays');
    const m = applyMemory(emptyMemory('project', '/p'), [{ op: 'store', fact: f, consent: 'explicit' }, pend('Priya Raman: phone +44 7700 900123')], ctx()).file;
    const pid = m.pending[0]!.id;
    const r = applyMemory(m, [
      { op: 'forget', id: f.id, consent: 'explicit' },
      { op: 'forget', id: pid, consent: 'cli' },
      { op: 'reject', id: 'm-0000000000', consent: 'prompt' },
    ], ctx());
    expect(r.file.facts).toHaveLength(0);
    expect(r.file.pending).toHaveLength(0);
    expect(r.events.map((e) => [e.rule, e.consent])).toEqual([
      ['MEMORY_FORGOTTEN', 'explicit'],
      ['MEMORY_REJECTED', 'cli'],
      ['MEMORY_NOT_FOUND', 'prompt'],
    ]);
  });

  it('never changes its input, and refusals change nothing', () => {
    const m = emptyMemory('project', '/p');
    const before = JSON.stringify(m);
    const r = applyMemory(m, [{ op: 'refuse', id: 'm-0123456789', class: 'secret', categories: [], preview: '[REDACTED]', reason: 'holds a credential', origin: { kind: 'prompt' }, consent: 'explicit' }], ctx());
    expect(JSON.stringify(m)).toBe(before);
    expect(r.file).toEqual(m);
    expect(r.events[0]).toMatchObject({ rule: 'MEMORY_REFUSED', class: 'secret', consent: 'explicit' });
  });

  it('recognises its own files and nothing else', () => {
    expect(isMemoryFile(emptyMemory('project', '/p'), 'project')).toBe(true);
    expect(isMemoryFile(emptyMemory('user'), 'project')).toBe(false);
    expect(isMemoryFile({ v: 1, scope: 'project', facts: [{ id: 'x' }], pending: [] }, 'project')).toBe(false);
    expect(isMemoryFile(null, 'project')).toBe(false);
  });
});
