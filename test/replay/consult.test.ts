import { describe, expect, it } from 'vitest';
import { loggedConsult, loggedResult } from '../../lib/replay/consult.js';
import type { KeterRequest } from '../../lib/vocab/orchestrator.js';

const REQ: KeterRequest = {
  eventType: 'tool_use',
  domain: 'bash_command',
  content: 'ls',
  local: { maxSeverity: 'none', level: 'silent', patterns: [] },
  context: { sessionId: 's', cwd: '/home/dev/project' },
};

describe('the logged orchestrator result', () => {
  it('answers an available orchestrator with its logged answer and level, whatever is asked', async () => {
    const c = loggedConsult({ available: true, source: 'keter:http', level: 'warn', answer: { intervention: { level: 'notify', reason: 'r', userEScore: 0.5 } }, latency_ms: 12 });
    if (!c.ok) throw new Error(c.why);
    const a = await c.consult(REQ);
    const b = await c.consult({ ...REQ, content: 'rm -rf /', local: { maxSeverity: 'critical', level: 'block', patterns: ['x'] } });
    expect(a).toEqual({ available: true, source: 'keter:http', level: 'warn', answer: { intervention: { level: 'notify', reason: 'r', userEScore: 0.5 } }, latencyMs: 12 });
    expect(b).toEqual(a);
    expect(a).not.toBe(b); // a fresh copy each call
    expect(c.calls()).toBe(2);
  });

  it('answers an unavailable orchestrator as unavailable, with the logged reason', () => {
    expect(loggedResult({ available: false, source: 'keter:embedded', unavailable_reason: 'timeout', latency_ms: 300 })).toEqual({
      ok: true,
      result: { available: false, source: 'keter:embedded', unavailableReason: 'timeout', latencyMs: 300 },
    });
    expect(loggedResult({ available: false, source: 'none', latency_ms: 0 })).toMatchObject({ ok: true, result: { unavailableReason: 'unknown' } });
  });

  it('derives the level from the answer when the line has none', () => {
    expect(loggedResult({ available: true, source: 'k', answer: { intervention: { level: 'notify' } }, latency_ms: 0 })).toMatchObject({ ok: true, result: { level: 'warn' } });
  });

  it('refuses an answer that no longer validates, or a level that does not follow from it', () => {
    expect(loggedResult({ available: true, source: 'k', answer: { intervention: { level: 'maybe' } }, latency_ms: 0 }).ok).toBe(false);
    expect(loggedResult({ available: true, source: 'k', latency_ms: 0 }).ok).toBe(false);
    expect(loggedResult({ available: true, source: 'k', level: 'block', answer: { intervention: { level: 'silent' } }, latency_ms: 0 })).toMatchObject({ ok: false, why: expect.stringContaining('does not follow') });
  });
});
