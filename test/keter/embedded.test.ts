import { describe, expect, it } from 'vitest';
import type { KeterConfig } from '../../lib/config/types.js';
import { SEVERITIES, type KeterLevel, type Severity } from '../../lib/vocab/levels.js';
import { type KeterRequest } from '../../lib/vocab/orchestrator.js';
import { actionRisk, createEmbeddedKeter, embeddedAnswer, trustTier } from '../../lib/keter/embedded.js';
import { consultKeter } from '../../lib/keter/consult.js';
import { createOrchestrator } from '../../lib/keter/index.js';

const TIERS = [
  { name: 'OBSERVER', min: 0 },
  { name: 'BUILDER', min: 0.382 },
  { name: 'ARCHITECT', min: 0.618 },
  { name: 'STEWARD', min: 0.85 },
];

// Each tier has its own row so the tier is visible from the level alone.
const row = (l: KeterLevel[]): Record<Severity, KeterLevel> => ({
  none: l[0]!,
  low: l[1]!,
  medium: l[2]!,
  high: l[3]!,
  critical: l[4]!,
});
const MATRIX: KeterConfig['matrix'] = {
  OBSERVER: row(['allow', 'notify', 'ask', 'block', 'block']),
  BUILDER: row(['silent', 'allow', 'warn', 'notify', 'block']),
  ARCHITECT: row(['silent', 'silent', 'notify', 'ask', 'block']),
  STEWARD: row(['silent', 'silent', 'allow', 'warn', 'ask']),
};

function cfg(eScore: number, over: Partial<KeterConfig> = {}): KeterConfig {
  return {
    mode: 'embedded',
    timeoutMs: 100,
    eScore,
    tiers: TIERS,
    matrix: MATRIX,
    toolRisk: { Bash: 'high', Read: 'low', Write: 'medium', '*': 'low', '<prompt>': 'none' },
    ...over,
  };
}

function req(over: Partial<KeterRequest> = {}, maxSeverity: Severity = 'none'): KeterRequest {
  return {
    eventType: 'tool_use',
    domain: 'bash_command',
    content: 'ls -la',
    toolName: 'Bash',
    local: { maxSeverity, level: 'allow', patterns: [] },
    context: { sessionId: 's1', cwd: '/tmp' },
    ...over,
  };
}

describe('trust tier', () => {
  it.each([
    [0, 'OBSERVER'],
    [0.381, 'OBSERVER'],
    [0.382, 'BUILDER'], // exactly on min
    [0.5, 'BUILDER'],
    [0.6179, 'BUILDER'],
    [0.618, 'ARCHITECT'],
    [0.849, 'ARCHITECT'],
    [0.85, 'STEWARD'],
    [1, 'STEWARD'],
    [1.5, 'STEWARD'], // > 1 clamps to 1
    [42, 'STEWARD'],
    [Infinity, 'STEWARD'],
    [-0.2, 'OBSERVER'], // < 0 clamps to 0
    [-Infinity, 'OBSERVER'],
    [NaN, 'OBSERVER'], // NaN → lowest tier
  ])('eScore %s → %s', (e, tier) => {
    expect(trustTier(TIERS, e).name).toBe(tier);
    expect(embeddedAnswer(cfg(e), req()).intervention.userTrustLevel).toBe(tier);
  });

  it('does not rely on the tiers being sorted', () => {
    expect(trustTier([...TIERS].reverse(), 0.7).name).toBe('ARCHITECT');
  });

  it('falls back to the lowest tier when the score is below every min', () => {
    const tiers = [
      { name: 'LOW', min: 0.2 },
      { name: 'HIGH', min: 0.8 },
    ];
    expect(trustTier(tiers, 0.1).name).toBe('LOW');
    expect(trustTier(tiers, NaN).name).toBe('LOW');
  });

  it('reports the clamped E-score on the 0–1 scale', () => {
    expect(embeddedAnswer(cfg(3), req()).intervention.userEScore).toBe(1);
    expect(embeddedAnswer(cfg(-1), req()).intervention.userEScore).toBe(0);
    expect(embeddedAnswer(cfg(NaN), req()).intervention.userEScore).toBe(0);
    expect(embeddedAnswer(cfg(0.42), req()).intervention.userEScore).toBe(0.42);
  });
});

describe('action risk', () => {
  const c = cfg(0.5);
  it('uses the tool table, then "*", then low', () => {
    expect(actionRisk(c, req({ toolName: 'Bash' }))).toBe('high');
    expect(actionRisk(c, req({ toolName: 'Write' }))).toBe('medium');
    expect(actionRisk(c, req({ toolName: 'WebFetch' }))).toBe('low');
    expect(actionRisk({ toolRisk: { '*': 'medium' } }, req({ toolName: 'WebFetch' }))).toBe('medium');
    expect(actionRisk({ toolRisk: {} }, req({ toolName: 'WebFetch' }))).toBe('low');
    expect(actionRisk({ toolRisk: {} }, req({ toolName: undefined }))).toBe('low');
  });

  it('ignores inherited keys such as "constructor"', () => {
    expect(actionRisk({ toolRisk: {} }, req({ toolName: 'constructor' }))).toBe('low');
    expect(actionRisk({ toolRisk: { '*': 'high' } }, req({ toolName: '__proto__' }))).toBe('high');
  });

  it('prompts use "<prompt>" or none, never the tool table', () => {
    const prompt = req({ eventType: 'user_prompt', domain: 'user_prompt', toolName: undefined });
    expect(actionRisk(c, prompt)).toBe('none');
    expect(actionRisk({ toolRisk: { '<prompt>': 'medium', '*': 'high' } }, prompt)).toBe('medium');
    expect(actionRisk({ toolRisk: { '*': 'high' } }, prompt)).toBe('none');
  });

  it('escalates with the local max severity but never lowers the tool risk', () => {
    expect(actionRisk(c, req({ toolName: 'Read' }, 'critical'))).toBe('critical');
    expect(actionRisk(c, req({ toolName: 'Read' }, 'medium'))).toBe('medium');
    expect(actionRisk(c, req({ toolName: 'Bash' }, 'low'))).toBe('high');
    expect(actionRisk(c, req({ toolName: 'Bash' }, 'none'))).toBe('high');
    const prompt = req({ eventType: 'user_prompt', toolName: undefined }, 'high');
    expect(actionRisk(c, prompt)).toBe('high');
  });
});

describe('embedded orchestrator', () => {
  it('answers with the documented shape', async () => {
    const orch = createEmbeddedKeter(cfg(0.5));
    expect(orch.name).toBe('keter:embedded');
    const answer = await orch.consult(req(), new AbortController().signal);
    expect(answer).toEqual({
      routing: { domain: 'bash_command' },
      intervention: {
        level: 'notify',
        reason: 'tier BUILDER × risk high → notify',
        userTrustLevel: 'BUILDER',
        userEScore: 0.5,
        actionRisk: 'high',
      },
    });
  });

  it('reads every matrix cell (tier × risk), through consultKeter', async () => {
    const scores: Record<string, number> = { OBSERVER: 0.1, BUILDER: 0.4, ARCHITECT: 0.7, STEWARD: 0.9 };
    for (const [tier, e] of Object.entries(scores)) {
      for (const sev of SEVERITIES) {
        // Read is "low": risk = max(low, local severity); for none use a prompt with no intrinsic risk.
        const r =
          sev === 'none'
            ? req({ eventType: 'user_prompt', domain: 'user_prompt', toolName: undefined })
            : req({ toolName: 'Read' }, sev);
        const res = await consultKeter(createEmbeddedKeter(cfg(e)), r, { timeoutMs: 1000, now: () => 0 });
        expect(res.available).toBe(true);
        expect(res.answer?.intervention.level, `${tier} × ${sev}`).toBe(MATRIX[tier]![sev]);
        expect(res.answer?.intervention.actionRisk).toBe(sev);
      }
    }
  });

  it('is deterministic', async () => {
    const orch = createEmbeddedKeter(cfg(0.7));
    const a = await orch.consult(req({}, 'medium'), new AbortController().signal);
    const b = await orch.consult(req({}, 'medium'), new AbortController().signal);
    expect(a).toEqual(b);
  });

  it('rejects (not throws) on a config hole; consultKeter reports it as error', async () => {
    const broken = cfg(0.5, { matrix: { OBSERVER: MATRIX.OBSERVER! } });
    const orch = createEmbeddedKeter(broken);
    let threw = false;
    let p: Promise<unknown> | undefined;
    try {
      p = orch.consult(req(), new AbortController().signal);
    } catch {
      threw = true;
    }
    expect(threw).toBe(false);
    await expect(p).rejects.toThrow(/no entry for tier BUILDER × risk high/);
    const res = await consultKeter(orch, req(), { timeoutMs: 100, now: () => 0 });
    expect(res).toMatchObject({ available: false, unavailableReason: 'error: keter.matrix has no entry for tier BUILDER × risk high' });
    const empty = await consultKeter(createEmbeddedKeter(cfg(0.5, { tiers: [] })), req(), { timeoutMs: 100, now: () => 0 });
    expect(empty.unavailableReason).toBe('error: keter.tiers is empty');
  });
});

describe('createOrchestrator', () => {
  it('picks by mode', async () => {
    expect(createOrchestrator(cfg(0.5, { mode: 'off' }))).toBeNull();
    expect(createOrchestrator(cfg(0.5))?.name).toBe('keter:embedded');
    expect(createOrchestrator(cfg(0.5, { mode: 'http', url: 'http://127.0.0.1:1/x' }))?.name).toBe('keter:http');
    const noUrl = createOrchestrator(cfg(0.5, { mode: 'http' }));
    const res = await consultKeter(noUrl, req(), { timeoutMs: 100, now: () => 0 });
    expect(res).toMatchObject({ available: false, source: 'keter:http', unavailableReason: 'error: keter.mode is http but keter.url is not set' });
  });
});
