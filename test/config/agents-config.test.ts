// Per-host settings (`agents.<name>`): the host's own askFallback over the global one, merged user < project
// setting by setting, and a host name hookwarden does not know makes the file a skipped one, said in one line.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../lib/config/defaults.js';
import { loadConfig } from '../../lib/config/load.js';
import { askFallbackFor } from '../../lib/config/types.js';

function configFile(json: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'hw-cfg-agents-')), 'config.json');
  writeFileSync(file, JSON.stringify(json));
  return file;
}

describe('agents.<name>.askFallback', () => {
  it('defaults to the global askFallback (deny) for every host', () => {
    for (const agent of ['claude-code', 'codex', 'gemini'] as const) expect(askFallbackFor(DEFAULT_CONFIG, agent)).toBe('deny');
    expect(askFallbackFor(DEFAULT_CONFIG, undefined)).toBe('deny');
  });

  it('a host\'s own setting wins over the global one for that host only; a later file overrides an earlier one', () => {
    const user = configFile({ askFallback: 'ask', agents: { codex: { askFallback: 'allow' }, gemini: { askFallback: 'allow' } } });
    const project = configFile({ agents: { gemini: { askFallback: 'deny' } } });
    const c = loadConfig([user, project]);
    expect(c.issues).toEqual([]);
    expect(askFallbackFor(c.config, 'codex')).toBe('allow');
    expect(askFallbackFor(c.config, 'gemini')).toBe('deny');
    expect(askFallbackFor(c.config, 'claude-code')).toBe('ask');
    expect(askFallbackFor(c.config, 'copilot')).toBe('ask');
  });

  it('an unknown host or value skips the file with a one-line issue naming it', () => {
    const bad = loadConfig([configFile({ agents: { cursorx: { askFallback: 'allow' } } })]);
    expect(bad.config.agents).toEqual({});
    expect(bad.issues).toHaveLength(1);
    expect(bad.issues[0]).toContain('agents');
    const value = loadConfig([configFile({ agents: { codex: { askFallback: 'maybe' } } })]);
    expect(value.issues[0]).toMatch(/agents\.codex\.askFallback/);
    expect(askFallbackFor(value.config, 'codex')).toBe('deny');
  });
});
