// Child process for test/audit/parallel.test.ts: waits until a shared start time, then appends
// `count` audit events of varied sizes (some ~20 KB, above the 16 KB a buffered writer might split at) to one home.
// Usage (after bundling): node writer.cjs <home> <childIndex> <count> <startAtMs> <dateIso>

import { spawn } from 'node:child_process';
import type { AuditEventV1 } from '../../lib/audit/event.js';
import { writeAuditEvent } from '../../lib/audit/write.js';

/** The single character child `c` uses for event `i`; the parent recomputes it to detect mixed lines. */
export function fillChar(c: number, i: number): string {
  return String.fromCharCode(0x41 + ((c * 7 + i) % 26));
}

/** Sizes: every 5th event ~20 KB, others between ~50 B and ~6 KB. */
export function chunkLengths(c: number, i: number): number[] {
  if (i % 5 === 0) return Array.from({ length: 10 }, () => 2000);
  const n = 1 + ((c + i) % 3);
  return Array.from({ length: n }, (_, k) => 50 + (((c + 1) * (i + 1) * (k + 3) * 131) % 2000));
}

export function makeEvent(c: number, i: number, ts: string): AuditEventV1 {
  const chunks = chunkLengths(c, i).map((len) => fillChar(c, i).repeat(len));
  return {
    schema: 1,
    decision_id: `c${c}-e${i}`,
    ts,
    session_id: `session-${c}`,
    event: 'PreToolUse',
    tool: 'Bash',
    input: { c, i, total: chunks.reduce((a, s) => a + s.length, 0), chunks },
    registry_hash: 'r',
    config_hash: 'c',
    engine_version: 'test',
    local: { matches: [], max_severity: 'none', level: 'allow', confidence: 0.5 },
    orchestrator: { available: false, source: 'none', unavailable_reason: 'disabled', latency_ms: 0 },
    rules: [],
    verdict: 'allow',
    confidence: 0.5,
    latency_ms: 1.5,
    redactions: [],
  };
}

function main(): void {
  const [home, cArg, countArg, startArg, dateArg] = process.argv.slice(2);
  if (!home || !cArg || !countArg || !startArg || !dateArg) {
    process.stderr.write('usage: writer <home> <child> <count> <startAtMs> <dateIso>\n');
    process.exit(2);
  }
  const c = Number(cArg);
  const count = Number(countArg);
  const now = new Date(dateArg);
  // Sleep (without spinning) until a common start so the children really write at the same time.
  const wait = Number(startArg) - Date.now();
  if (wait > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, wait);
  for (let i = 0; i < count; i++) {
    const err = writeAuditEvent(home, makeEvent(c, i, now.toISOString()), now);
    if (err) {
      process.stderr.write(err + '\n');
      process.exit(1);
    }
  }
}

/** Parent side: starts one writer child as `node <nodeArgs…> <args…>` (nodeArgs name the script: the bundled
 * writer.cjs, or `--import tsx` and this file); resolves with its exit code and stderr. */
export function runAuditWriter(nodeArgs: string[], args: string[], cwd?: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, ...args], {
      ...(cwd ? { cwd } : {}),
      env: { ...process.env, HOOKWARDEN_AUDIT_WRITER_CHILD: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

if (process.env.HOOKWARDEN_AUDIT_WRITER_CHILD === '1') main();
