// Audit lines for the shipper's tests: decision events as lib/audit/event.ts writes them, appended to a home's
// daily files the way the writer does (whole lines, O_APPEND).

import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditEventV1 } from '../../lib/audit/event.js';

export function decision(i: number, over: Partial<AuditEventV1> & Record<string, unknown> = {}): AuditEventV1 {
  return {
    schema: 1,
    decision_id: `hw-test-${i}`,
    ts: '2026-11-25T10:00:00.000Z',
    session_id: 'sess-1',
    event: 'PreToolUse',
    tool: 'Bash',
    tool_use_id: `toolu_${i}`,
    agent: 'claude-code',
    input: { tool_name: 'Bash', tool_input: { command: `echo ${i}` } },
    registry_hash: 'reg-hash',
    config_hash: 'cfg-hash',
    engine_version: '0.5.0',
    local: { matches: [], max_severity: 'none', level: 'allow', confidence: 0.5 },
    orchestrator: { available: true, source: 'keter:embedded', latency_ms: 0 },
    rules: ['NO_FINDINGS'],
    verdict: 'allow',
    confidence: 0.5,
    latency_ms: 1,
    redactions: [],
    ...over,
  } as AuditEventV1;
}

export const auditFile = (home: string, day: string): string => join(home, 'audit', `audit-${day}.jsonl`);

/** Appends whole lines (or raw text, for broken ones) to `<home>/audit/audit-<day>.jsonl`. */
export function appendAudit(home: string, day: string, lines: Array<AuditEventV1 | string>): void {
  mkdirSync(join(home, 'audit'), { recursive: true, mode: 0o700 });
  appendFileSync(auditFile(home, day), lines.map((l) => (typeof l === 'string' ? l : `${JSON.stringify(l)}\n`)).join(''), { mode: 0o600 });
}
