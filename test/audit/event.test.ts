import { describe, expect, it } from 'vitest';
import type { UnifiedRoutingDecision } from '../../lib/engine/types.js';
import { AUDIT_SCHEMA_VERSION, buildAuditEvent, canonicalNumber, truncateString, type AuditMeta } from '../../lib/audit/event.js';

const SECRET = 'AKIAIOSFODNN7EXAMPLE';
const SECRET_RE = /AKIA[0-9A-Z]{16}/g;

function fakeRedact(s: string): { text: string; kinds: string[] } {
  const text = s.replace(SECRET_RE, '[REDACTED:aws_access_key]');
  return { text, kinds: text === s ? [] : ['aws_access_key'] };
}

function decision(over: Partial<UnifiedRoutingDecision> = {}): UnifiedRoutingDecision {
  return {
    input: {
      type: 'tool_use',
      domain: 'bash_command',
      toolName: 'Bash',
      content: 'aws s3 ls',
      sessionId: 'sess-9',
      cwd: '/repo',
      toolUseId: 'toolu_01',
    },
    local: {
      matches: [
        {
          id: 'secrets.aws-key',
          kind: 'secret',
          severity: 'critical',
          action: 'block',
          message: 'AWS key in command',
          hint: 'use a profile',
          matched: '[REDACTED:aws_access_key]',
          where: 'segment 1',
        },
        { id: 'shell.net', kind: 'shell', severity: 'low', action: 'warn', message: 'm', hint: 'h', matched: 'aws s3' },
      ],
      maxSeverity: 'critical',
      level: 'block',
      confidence: 0.6180339,
      reasoning: 'r',
      suggestions: [],
    },
    orchestration: {
      available: true,
      source: 'keter:embedded',
      level: 'warn',
      answer: { intervention: { level: 'notify', reason: 'tier BUILDER × risk critical → notify', userEScore: 0.123456 } },
      latencyMs: 0.4567,
    },
    decision: {
      action: 'block',
      shouldProceed: false,
      severity: 'critical',
      confidence: 0.7680339,
      message: 'blocked',
      hints: [],
      injections: [],
    },
    audit: {
      decisionId: 'dec-1',
      timestamp: Date.UTC(2026, 2, 14, 9, 26, 53, 589),
      localPatterns: ['secrets.aws-key', 'shell.net'],
      decisionRules: ['local-block', 'max-of-sources'],
      sources: ['local', 'keter:embedded'],
    },
    ...over,
  };
}

const RAW_INPUT = {
  session_id: 'sess-9',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: `AWS_ACCESS_KEY_ID=${SECRET} aws s3 ls`, description: 'list buckets', timeout: 1200 },
  extra: [`prefix ${SECRET}`, 'fine', { deep: { deeper: SECRET } }],
};

function meta(over: Partial<AuditMeta> = {}): AuditMeta {
  return {
    event: 'PreToolUse',
    registryHash: 'reg-abc',
    configHash: 'cfg-def',
    engineVersion: '0.1.0',
    latencyMs: 3.14159,
    rawInput: RAW_INPUT,
    redact: fakeRedact,
    ...over,
  };
}

describe('buildAuditEvent', () => {
  it('builds the v1 record with the secret masked and the masked paths listed', () => {
    const ev = buildAuditEvent(decision(), meta());
    const json = JSON.stringify(ev);
    expect(json).not.toContain(SECRET);
    expect(AUDIT_SCHEMA_VERSION).toBe(1);
    expect(ev).toEqual({
      schema: 1,
      decision_id: 'dec-1',
      ts: '2026-03-14T09:26:53.589Z',
      session_id: 'sess-9',
      event: 'PreToolUse',
      tool: 'Bash',
      tool_use_id: 'toolu_01',
      input: {
        session_id: 'sess-9',
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: {
          command: 'AWS_ACCESS_KEY_ID=[REDACTED:aws_access_key] aws s3 ls',
          description: 'list buckets',
          timeout: 1200,
        },
        extra: ['prefix [REDACTED:aws_access_key]', 'fine', { deep: { deeper: '[REDACTED:aws_access_key]' } }],
      },
      registry_hash: 'reg-abc',
      config_hash: 'cfg-def',
      engine_version: '0.1.0',
      local: {
        matches: [
          { id: 'secrets.aws-key', severity: 'critical', action: 'block', matched: '[REDACTED:aws_access_key]', where: 'segment 1' },
          { id: 'shell.net', severity: 'low', action: 'warn', matched: 'aws s3' },
        ],
        max_severity: 'critical',
        level: 'block',
        confidence: 0.618,
      },
      orchestrator: {
        available: true,
        source: 'keter:embedded',
        level: 'warn',
        answer: { intervention: { level: 'notify', reason: 'tier BUILDER × risk critical → notify', userEScore: 0.123 } },
        latency_ms: 0.457,
      },
      rules: ['local-block', 'max-of-sources'],
      verdict: 'block',
      confidence: 0.768,
      reason: 'blocked',
      latency_ms: 3.142,
      redactions: ['input.tool_input.command', 'input.extra[0]', 'input.extra[2].deep.deeper'],
    });
  });

  it('drops the whole input (never writes raw) when the redactor throws', () => {
    const ev = buildAuditEvent(
      decision(),
      meta({
        redact: () => {
          throw new Error('detector crashed');
        },
      }),
    );
    expect(ev.input).toBeNull();
    expect(ev.redactions).toEqual(['input:dropped']);
    expect(JSON.stringify(ev)).not.toContain(SECRET);
    // Already-redacted engine text survives a broken redactor (truncated only).
    expect(ev.local.matches[1]?.matched).toBe('aws s3');
  });

  it('drops the input when the redactor misbehaves (no text), or only on some strings', () => {
    const bad = buildAuditEvent(decision(), meta({ redact: () => ({}) as unknown as { text: string; kinds: string[] } }));
    expect(bad.input).toBeNull();
    expect(bad.redactions).toEqual(['input:dropped']);
    const partial = buildAuditEvent(
      decision(),
      meta({
        redact: (s) => {
          if (s.includes(SECRET)) throw new Error('no');
          return { text: s, kinds: [] };
        },
      }),
    );
    expect(partial.input).toBeNull();
    expect(JSON.stringify(partial)).not.toContain(SECRET);
  });

  it('a throwing redactor drops meta.error too', () => {
    const ev = buildAuditEvent(
      decision(),
      meta({
        error: `analyzer failed on ${SECRET}`,
        redact: () => {
          throw new Error('x');
        },
      }),
    );
    expect(ev.error).toBe('[dropped]');
    // After an internal error the reason quotes it, so it is scrubbed like the error: dropped here.
    expect(ev.reason).toBeUndefined();
    expect(ev.redactions).toEqual(['input:dropped', 'error:dropped', 'reason:dropped']);
  });

  it('keeps the reason and hint the user was told, as they were, on shown decisions only', () => {
    const message = 'hookwarden ask: Force-push rewrites history. [bash-git/force-push] — matched: git push -f (segment 1). Rules: LOCAL_ASK_STANDS.';
    const asked = buildAuditEvent(decision({ decision: { action: 'ask', shouldProceed: true, severity: 'high', confidence: 0.7, message, hints: ['Push to a new branch.', 'Or ask the user.'], injections: [] } }), meta());
    expect(asked.reason).toBe(message);
    expect(asked.hint).toBe('Push to a new branch. Or ask the user.');
    // Cut to the audit's bound like every string.
    const long = buildAuditEvent(decision({ decision: { ...decision().decision, message: 'x'.repeat(5000) } }), meta());
    expect(long.reason?.length).toBe(2000);
    // Nothing was shown for a silent call: no reason, no hint, no bytes.
    const silent = buildAuditEvent(decision({ decision: { action: 'silent', shouldProceed: true, severity: 'none', confidence: 0.5, message: 'hookwarden silent. Rules: R.', hints: ['h'], injections: [] } }), meta());
    expect(silent).not.toHaveProperty('reason');
    expect(silent).not.toHaveProperty('hint');
    // A rewrite was shown although it is an allow.
    const rewrite = buildAuditEvent(decision({ decision: { action: 'allow', shouldProceed: true, severity: 'low', confidence: 0.5, message: 'hookwarden rewrote the command', hints: [], injections: [], updatedInput: { command: 'ls' } } }), meta());
    expect(rewrite.reason).toBe('hookwarden rewrote the command');
  });

  it('scrubs the reason after an internal error (no redact stage ran), and keeps it as told otherwise', () => {
    const message = `hookwarden ask: hookwarden could not judge this call (bad ${SECRET}) [engine/internal-error]`;
    const d = decision({ decision: { ...decision().decision, action: 'ask', message } });
    expect(buildAuditEvent(d, meta({ error: `bad ${SECRET}` })).reason).toBe('hookwarden ask: hookwarden could not judge this call (bad [REDACTED:aws_access_key]) [engine/internal-error]');
  });

  it('redacts and keeps meta.error', () => {
    const ev = buildAuditEvent(decision(), meta({ error: `boom near ${SECRET}\nline2` }));
    expect(ev.error).toBe('boom near [REDACTED:aws_access_key]\nline2');
    expect(ev.redactions).toContain('error');
  });

  it('truncates every string to 2,000 chars, after redaction', () => {
    const long = 'a'.repeat(1990) + SECRET + 'b'.repeat(5000);
    const ev = buildAuditEvent(decision(), meta({ rawInput: { tool_input: { content: long, list: ['c'.repeat(2001)] } } }));
    const input = ev.input as { tool_input: { content: string; list: string[] } };
    expect(input.tool_input.content.length).toBeLessThanOrEqual(2000);
    expect(input.tool_input.content).not.toContain('AKIA');
    expect(input.tool_input.content).toMatch(/…\[\+\d+ chars\]$/);
    expect(input.tool_input.list[0]!.length).toBe(2000);
    expect(ev.redactions).toEqual(['input.tool_input.content']);
    expect(truncateString('x'.repeat(2000))).toBe('x'.repeat(2000));
  });

  it('never cuts a surrogate pair in half', () => {
    const s = '😀'.repeat(3000);
    const t = truncateString(s);
    expect(t.length).toBeLessThanOrEqual(2000);
    expect(JSON.parse(JSON.stringify(t))).toBe(t);
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(t)).toBe(false);
  });

  it('normalises odd inputs: undefined, NaN, bigint, dates, cycles, buffers, functions', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const ev = buildAuditEvent(
      decision(),
      meta({
        rawInput: {
          u: undefined,
          n: NaN,
          inf: -Infinity,
          big: 12n,
          when: new Date(Date.UTC(2026, 0, 1)),
          cyclic,
          buf: Buffer.from('secret bytes'),
          fn: () => 1,
          arr: [undefined, 1, 'x'],
          lone: 'a\uD800b',
        },
      }),
    );
    expect(ev.input).toEqual({
      n: null,
      inf: null,
      big: '12',
      when: '2026-01-01T00:00:00.000Z',
      cyclic: { name: 'loop', self: '[circular]' },
      buf: '[binary 12 bytes]',
      arr: [null, 1, 'x'],
      lone: 'a\uFFFDb',
    });
    const shared = { k: 'v' };
    const ev2 = buildAuditEvent(decision(), meta({ rawInput: { a: shared, b: shared } }));
    expect(ev2.input).toEqual({ a: { k: 'v' }, b: { k: 'v' } }); // shared ≠ circular
    expect(buildAuditEvent(decision(), meta({ rawInput: undefined })).input).toBeNull();
    expect(buildAuditEvent(decision(), meta({ rawInput: 'just text' })).input).toBe('just text');
  });

  it('omits optional fields that are absent, and survives a bad timestamp', () => {
    const d = decision({
      orchestration: { available: false, source: 'none', unavailableReason: 'disabled', latencyMs: 0 },
    });
    d.input = { ...d.input, toolName: undefined, toolUseId: undefined };
    d.audit = { ...d.audit, timestamp: NaN };
    const ev = buildAuditEvent(d, meta({ event: 'Stop' }));
    expect('tool' in ev).toBe(false);
    expect('tool_use_id' in ev).toBe(false);
    expect('error' in ev).toBe(false);
    expect(ev.orchestrator).toEqual({ available: false, source: 'none', unavailable_reason: 'disabled', latency_ms: 0 });
    expect(ev.ts).toBe('1970-01-01T00:00:00.000Z');
  });

  it('writes floats canonically (3 decimals)', () => {
    expect(canonicalNumber(0.6180339)).toBe(0.618);
    expect(canonicalNumber(0.0004)).toBe(0);
    expect(canonicalNumber(-0.0004)).toBe(0);
    expect(Object.is(canonicalNumber(-0.0004), -0)).toBe(false);
    expect(canonicalNumber(12)).toBe(12);
    expect(canonicalNumber(NaN)).toBe(0);
    expect(canonicalNumber(Infinity)).toBe(0);
    expect(JSON.stringify(canonicalNumber(1 / 3))).toBe('0.333');
  });
});
