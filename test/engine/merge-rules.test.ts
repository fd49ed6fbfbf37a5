import { describe, expect, it } from 'vitest';
import { merge, MERGE_RULES } from '../../lib/engine/merge-rules.js';
import { summariseLocal } from '../../lib/engine/local.js';
import { levelRank } from '../../lib/vocab/levels.js';
import { PHI_INV } from '../../lib/engine/types.js';
import { LEVELS, type Level, type Severity } from '../../lib/vocab/levels.js';
import { type Match } from '../../lib/vocab/match.js';
import { type OrchestrationResult } from '../../lib/vocab/orchestrator.js';

const match = (action: Match['action'], severity: Match['severity']): Match => ({
  id: `t/${action}-${severity}`,
  kind: 'shell',
  severity,
  action,
  message: 'm',
  hint: 'h',
  matched: 'x',
});

const keter = (level: OrchestrationResult['level'] | undefined): OrchestrationResult =>
  level === undefined
    ? { available: false, source: 'test', unavailableReason: 'timeout', latencyMs: 300 }
    : { available: true, source: 'test', level, answer: { intervention: { level: level === 'warn' ? 'notify' : level } }, latencyMs: 1 };

const localOf = (matches: Match[]) => summariseLocal(matches);

describe('merge rules', () => {
  it('are named, ordered and end with a catch-all', () => {
    expect(MERGE_RULES.map((r) => r.name)).toEqual([
      'KETER_UNAVAILABLE_LOCAL_STANDS',
      'LOCAL_BLOCK_STANDS',
      'KETER_OVERRIDE_BLOCK',
      'LOCAL_ASK_STANDS',
      'KETER_ASK_HONOURED',
      'KETER_WARN_CONFIRMS_LOCAL',
      'KETER_SILENT_CONSENSUS',
      'DEFAULT_ALLOW',
    ]);
  });

  it('never lowers a local block or ask, whatever KETER answers', () => {
    for (const local of [localOf([match('block', 'critical')]), localOf([match('ask', 'low')])]) {
      for (const k of [...LEVELS, undefined]) {
        const r = merge({ local, orchestration: keter(k as Level | undefined) });
        expect(levelRank(r.level)).toBeGreaterThanOrEqual(levelRank(local.level));
      }
    }
  });

  it('lets KETER block override a quiet local analysis', () => {
    const r = merge({ local: localOf([]), orchestration: keter('block') });
    expect(r).toMatchObject({ level: 'block', rules: ['KETER_OVERRIDE_BLOCK', 'CONSENSUS_WITH_KETER'] });
  });

  it('honours KETER ask (the CYNIC merge turned it into allow)', () => {
    expect(merge({ local: localOf([]), orchestration: keter('ask') }).level).toBe('ask');
  });

  it('counts notify as warn, but only to confirm a local concern above low', () => {
    expect(merge({ local: localOf([match('warn', 'medium')]), orchestration: keter('warn') })).toMatchObject({
      level: 'warn',
      rules: ['KETER_WARN_CONFIRMS_LOCAL', 'CONSENSUS_WITH_KETER'],
    });
    expect(merge({ local: localOf([match('context', 'low')]), orchestration: keter('warn') }).rules[0]).toBe('DEFAULT_ALLOW');
  });

  it('goes silent when KETER is silent and local concern is at most low', () => {
    expect(merge({ local: localOf([match('context', 'low')]), orchestration: keter('silent') })).toMatchObject({
      level: 'silent',
      rules: ['KETER_SILENT_CONSENSUS', 'CONSENSUS_WITH_KETER'],
    });
  });

  it('keeps the local decision when KETER is unavailable (timeout, error, malformed)', () => {
    for (const local of [localOf([]), localOf([match('warn', 'high')]), localOf([match('block', 'critical')])]) {
      const r = merge({ local, orchestration: keter(undefined) });
      expect(r.level).toBe(local.level);
      expect(r.rules).toEqual(['KETER_UNAVAILABLE_LOCAL_STANDS']);
      expect(r.confidence).toBe(local.confidence);
    }
  });

  it('caps local confidence at φ⁻¹ and adds 0.15 on agreement', () => {
    const many = localOf(['low', 'medium', 'high', 'critical', 'critical'].map((s) => match('block', s as Exclude<Severity, 'none'>)));
    expect(many.confidence).toBe(PHI_INV);
    expect(merge({ local: many, orchestration: keter('block') }).confidence).toBe(0.768);
    expect(merge({ local: many, orchestration: keter('silent') }).confidence).toBe(PHI_INV);
  });
});
