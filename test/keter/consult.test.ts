import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KeterRequest } from '../../lib/vocab/orchestrator.js';
import { consultKeter } from '../../lib/keter/consult.js';
import { MalformedAnswerError, type Orchestrator } from '../../lib/keter/types.js';
import { parseKeterAnswer } from '../../lib/keter/validate.js';
import { createEmbeddedKeter } from '../../lib/keter/embedded.js';
import { DEFAULT_CONFIG } from '../../lib/config/defaults.js';

const EXPECTED_LEVEL = { silent: 'silent', allow: 'allow', notify: 'warn', warn: 'warn', ask: 'ask', block: 'block' } as const;

const REQ: KeterRequest = {
  eventType: 'tool_use',
  domain: 'bash_command',
  content: 'rm -rf build',
  toolName: 'Bash',
  local: { maxSeverity: 'medium', level: 'warn', patterns: ['shell.rm-rf'] },
  context: { sessionId: 's', cwd: '/w' },
};

const realNow = { timeoutMs: 1000, now: () => performance.now() };

function fake(consult: Orchestrator['consult'], name = 'fake'): Orchestrator & { calls: number; signals: AbortSignal[] } {
  const o = {
    name,
    calls: 0,
    signals: [] as AbortSignal[],
    consult(req: KeterRequest, signal: AbortSignal) {
      o.calls++;
      o.signals.push(signal);
      return consult(req, signal);
    },
  };
  return o;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('consultKeter', () => {
  it('disabled when there is no orchestrator', async () => {
    expect(await consultKeter(null, REQ, realNow)).toEqual({
      available: false,
      source: 'none',
      unavailableReason: 'disabled',
      latencyMs: 0,
    });
  });

  it('maps a valid answer onto the engine lattice', async () => {
    for (const [k, level] of Object.entries(EXPECTED_LEVEL)) {
      const o = fake(async () => ({ intervention: { level: k } }));
      const res = await consultKeter(o, REQ, realNow);
      expect(res).toMatchObject({ available: true, source: 'fake', level, answer: { intervention: { level: k } } });
      expect(o.calls).toBe(1);
    }
  });

  it('times out a call that never settles, within ~timeoutMs, and aborts its signal', async () => {
    const o = fake(() => new Promise(() => {}));
    const t0 = performance.now();
    const res = await consultKeter(o, REQ, { timeoutMs: 80, now: () => performance.now() });
    const took = performance.now() - t0;
    expect(res).toMatchObject({ available: false, source: 'fake', unavailableReason: 'timeout' });
    expect(took).toBeGreaterThanOrEqual(75);
    expect(took).toBeLessThan(400);
    expect(res.latencyMs).toBeGreaterThanOrEqual(75);
    expect(o.calls).toBe(1);
    expect(o.signals[0]?.aborted).toBe(true);
  });

  it('a late rejection after the timeout is swallowed', async () => {
    const o = fake(
      (_r, signal) =>
        new Promise((_res, rej) => {
          signal.addEventListener('abort', () => setTimeout(() => rej(new Error('late')), 5));
        }),
    );
    const res = await consultKeter(o, REQ, { timeoutMs: 20, now: () => 0 });
    expect(res.unavailableReason).toBe('timeout');
    await new Promise((r) => setTimeout(r, 30)); // an unhandled rejection would fail the run
  });

  it('sync throw and rejection → error: <first line>', async () => {
    const sync = fake(() => {
      throw new Error('kaput\nstack-ish second line');
    });
    expect(await consultKeter(sync, REQ, realNow)).toMatchObject({ available: false, unavailableReason: 'error: kaput' });
    const rej = fake(() => Promise.reject(new TypeError('nope')));
    expect((await consultKeter(rej, REQ, realNow)).unavailableReason).toBe('error: nope');
    const str = fake(() => Promise.reject('plain string'));
    expect((await consultKeter(str, REQ, realNow)).unavailableReason).toBe('error: plain string');
    const empty = fake(() => Promise.reject(new Error('')));
    expect((await consultKeter(empty, REQ, realNow)).unavailableReason).toBe('error: Error');
    const long = fake(() => Promise.reject(new Error('x'.repeat(1000))));
    expect((await consultKeter(long, REQ, realNow)).unavailableReason!.length).toBeLessThanOrEqual(207);
  });

  it('junk → malformed', async () => {
    for (const junk of [
      undefined,
      null,
      'block',
      42,
      [],
      {},
      { level: 'block' },
      { intervention: {} },
      { intervention: { level: 'deny' } },
      { intervention: { level: 'BLOCK' } },
      { intervention: { level: 'block', userEScore: 'high' } },
      { intervention: { level: 'block', actionRisk: 'extreme' } },
      { intervention: { level: 'block' }, routing: { suggestedTools: 'Bash' } },
    ]) {
      const res = await consultKeter(fake(async () => junk), REQ, realNow);
      expect(res, JSON.stringify(junk)).toMatchObject({ available: false, unavailableReason: 'malformed' });
    }
  });

  it('adapter-reported undecodable answers → malformed', async () => {
    const o = fake(() => Promise.reject(new MalformedAnswerError('response is not JSON')));
    expect((await consultKeter(o, REQ, realNow)).unavailableReason).toBe('malformed');
  });

  it('tolerates and strips unknown fields', async () => {
    const o = fake(async () => ({
      extra: true,
      routing: { domain: 'bash_command', mood: 'happy' },
      intervention: { level: 'ask', reason: 'r', userEScore: 0.4, whatever: [1] },
    }));
    const res = await consultKeter(o, REQ, realNow);
    expect(res.available).toBe(true);
    expect(res.level).toBe('ask');
    expect(res.answer).toEqual({ routing: { domain: 'bash_command' }, intervention: { level: 'ask', reason: 'r', userEScore: 0.4 } });
  });

  it('measures latency with the injected clock', async () => {
    const ticks = [100, 142];
    const now = () => ticks.shift() ?? 999;
    const res = await consultKeter(fake(async () => ({ intervention: { level: 'allow' } })), REQ, { timeoutMs: 50, now });
    expect(res.latencyMs).toBe(42);
  });

  it('survives a throwing clock and a nonsense timeout', async () => {
    const res = await consultKeter(fake(async () => ({ intervention: { level: 'allow' } })), REQ, {
      timeoutMs: NaN,
      now: () => {
        throw new Error('clock');
      },
    });
    expect(res.latencyMs).toBe(0);
    // NaN timeout means 0 ms: an already-resolved answer may still win, or it times out; never throws.
    expect(['timeout', undefined]).toContain(res.unavailableReason);
  });

  it('clears its timer when the call finishes', async () => {
    vi.useFakeTimers();
    const res = await consultKeter(fake(async () => ({ intervention: { level: 'warn' } })), REQ, { timeoutMs: 5000, now: () => 0 });
    expect(res.available).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    await consultKeter(fake(() => Promise.reject(new Error('x'))), REQ, { timeoutMs: 5000, now: () => 0 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('times out deterministically under fake timers', async () => {
    vi.useFakeTimers();
    const p = consultKeter(fake(() => new Promise(() => {})), REQ, { timeoutMs: 300, now: () => Date.now() });
    await vi.advanceTimersByTimeAsync(299);
    let done = false;
    void p.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await p).toMatchObject({ unavailableReason: 'timeout', latencyMs: 300 });
  });
});

describe('an in-process orchestrator (answerNow)', () => {
  // The embedded KETER answers synchronously; the result must be the one its async consult would give.
  const clock = () => {
    let t = 1000;
    return { timeoutMs: 1000, now: () => (t += 3) };
  };
  const asyncOnly = (o: Orchestrator): Orchestrator => ({ name: o.name, consult: (r, s) => o.consult(r, s) });

  it('gives the same result as the async path, for every risk and for an answer it cannot give', async () => {
    const reqs: KeterRequest[] = [
      REQ,
      { eventType: 'user_prompt', domain: 'prompt', content: 'hello', local: { maxSeverity: 'none', level: 'allow', patterns: [] }, context: { sessionId: 's', cwd: '/w' } },
      { ...REQ, toolName: 'Read', local: { maxSeverity: 'critical', level: 'block', patterns: ['x'] } },
      { ...REQ, toolName: 'mcp__unknown__tool' },
    ];
    const configs = [DEFAULT_CONFIG.keter, { ...DEFAULT_CONFIG.keter, matrix: {} }];
    for (const cfg of configs) {
      const orch = createEmbeddedKeter(cfg);
      expect(orch.answerNow).toBeTypeOf('function');
      for (const req of reqs) {
        const now = await consultKeter(orch, req, clock());
        expect(now).toEqual(await consultKeter(asyncOnly(orch), req, clock()));
      }
    }
    expect((await consultKeter(createEmbeddedKeter(configs[1]!), REQ, clock())).unavailableReason).toMatch(/^error: keter\.matrix has no entry/);
  });
});

describe('parseKeterAnswer', () => {
  it('accepts the full documented shape', () => {
    const a = {
      routing: { domain: 'd', suggestedAgent: 'a', suggestedTools: ['x'] },
      intervention: { level: 'notify', reason: 'r', userTrustLevel: 'T', userEScore: 0.5, actionRisk: 'high' },
    };
    expect(parseKeterAnswer(a)).toEqual(a);
  });
});
