// Every stdout hookwarden produces for the fixtures — and every render branch — type-checks against the
// hook output types exported by @anthropic-ai/claude-agent-sdk (the source of truth for field names).

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type FinalDecision } from '../../lib/engine/types.js';
import { LEVELS } from '../../lib/vocab/levels.js';
import { runHook } from '../../lib/hook/run-hook.js';
import { renderDecision } from '../../lib/protocol/claude-code/render.js';
import { SUPPORTED_EVENTS } from '../../lib/protocol/claude-code/schema.js';
import { hookEnv, loadFixtures } from '../helpers/fixtures.js';
import { FIXED_NOW, ROOT } from '../helpers/registry.js';
import { ALL_ROUTERS } from '../../lib/hook/routers.js';

const decision = (action: FinalDecision['action'], extra: Partial<FinalDecision> = {}): FinalDecision => ({
  action,
  shouldProceed: action !== 'block',
  severity: 'high',
  confidence: 0.5,
  message: `m ${action}`,
  hints: ['h'],
  injections: ['i'],
  ...extra,
});

function typecheck(source: string): string {
  const dir = join(ROOT, '.tmp-contract');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'outputs.ts'), source);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, skipLibCheck: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', types: [] }, files: ['outputs.ts'] }),
  );
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { cwd: ROOT, encoding: 'utf8' });
  rmSync(dir, { recursive: true, force: true });
  return tsc.status === 0 ? '' : `${tsc.stdout}${tsc.stderr}` || `tsc exited ${tsc.status}`;
}

describe('output contract against the SDK types', () => {
  it('type-checks every produced output as SyncHookJSONOutput with the right hookEventName', async () => {
    const outputs: Array<{ event: string; json: string }> = [];
    const rt = { env: hookEnv(mkdtempSync(join(tmpdir(), 'hw-contract-'))), now: () => FIXED_NOW, newId: () => 'id', embedded: null, engineVersion: 'test', audit: false, routers: ALL_ROUTERS };
    for (const f of loadFixtures()) {
      const r = await runHook(f.hook, f.stdin, rt);
      if (r.stdout) outputs.push({ event: f.hook, json: r.stdout });
    }
    for (const event of SUPPORTED_EVENTS) {
      for (const level of LEVELS) {
        for (const extra of [{}, { injections: [] }, { updatedInput: { command: 'tail -n 200 x' } }]) {
          const r = renderDecision(event, decision(level, extra));
          if (r.stdout) outputs.push({ event, json: r.stdout });
        }
      }
    }
    expect(outputs.length).toBeGreaterThan(30);
    const body = outputs
      .map((o, i) => `export const o${i}: SyncHookJSONOutput = ${o.json};\ncheckEvent(o${i});`)
      .join('\n');
    const header =
      `import type { SyncHookJSONOutput } from '@anthropic-ai/claude-agent-sdk';\n` +
      `function checkEvent(o: SyncHookJSONOutput): void { if (o.hookSpecificOutput) { const e: string = o.hookSpecificOutput.hookEventName; void e; } }\n`;
    expect(typecheck(header + body)).toBe('');
    // The check can fail: a misplaced or misspelt field is a type error.
    expect(typecheck(`${header}export const bad: SyncHookJSONOutput = {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"maybe"}};\n`)).toMatch(/error TS/);
    // Literal JSON (not `as const`) widens strings; check the discriminants by value too.
    for (const o of outputs) {
      const j = JSON.parse(o.json);
      if (j.hookSpecificOutput) expect(SUPPORTED_EVENTS).toContain(j.hookSpecificOutput.hookEventName);
      expect(j).not.toHaveProperty('continue');
      expect(j).not.toHaveProperty('additionalContext');
      if (j.decision !== undefined) expect(j.decision).toBe('block');
    }
  });
});
