// Config problems as one readable line: the setting's path, what it must be (an enum's allowed values, a bound, a
// type) and what the file had. zod/mini carries no messages of its own ("Invalid input"), so these come from
// lib/config/issue-text.ts, for every setting of a kind, not field by field.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../lib/config/load.js';

function issueOf(json: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'hw-cfg-issue-')), 'config.json');
  writeFileSync(file, JSON.stringify(json));
  const { issues } = loadConfig([file]);
  expect(issues).toHaveLength(1);
  expect(issues[0]).toMatch(/; file ignored$/);
  return (issues[0] as string).slice(file.length + 2).replace(/; file ignored$/, '');
}

describe('config issues', () => {
  it.each([
    [{ session: { verifyAfterWrite: 'always' } }, 'session.verifyAfterWrite: must be one of off, remind, block (got "always")'],
    [{ session: { phantomClaims: true } }, 'session.phantomClaims: must be one of off, remind, block (got true)'],
    [{ keter: { mode: 'cloud' } }, 'keter.mode: must be one of embedded, http, off (got "cloud")'],
    [{ nonInteractive: 'never' }, 'nonInteractive: must be one of rewrite, ask, off (got "never")'],
    [{ onInternalError: 'allow' }, 'onInternalError: must be one of ask, deny (got "allow")'],
    [{ keter: { toolRisk: { Bash: 'extreme' } } }, 'keter.toolRisk.Bash: must be one of none, low, medium, high, critical (got "extreme")'],
    [{ keter: { matrix: { BUILDER: { none: 'silent', low: 'silent', medium: 'notify', high: 'maybe', critical: 'block' } } } }, 'keter.matrix.BUILDER.high: must be one of silent, allow, notify, warn, ask, block (got "maybe")'],
  ])('an enum names the setting and its allowed values: %j', (json, text) => {
    expect(issueOf(json)).toBe(text);
  });

  it.each([
    [{ session: { ttlHours: 0 } }, 'session.ttlHours: must be at least 0.01 (got 0)'],
    [{ keter: { eScore: 7 } }, 'keter.eScore: must be at most 1 (got 7)'],
    [{ session: { ttlHours: 'soon' } }, 'session.ttlHours: must be a number (got "soon")'],
    [{ maxSuggestions: 1.5 }, 'maxSuggestions: must be an integer (got 1.5)'],
    [{ secretlint: 'yes' }, 'secretlint: must be true or false (got "yes")'],
    [{ session: { readOnlyPrefix: '' } }, 'session.readOnlyPrefix: must not be empty (got "")'],
    [{ session: { unknownKey: 1 } }, 'session: unknown key "unknownKey"'],
    [{ keter: { matrix: { BUILDER: { low: 'silent' } } } }, 'keter.matrix.BUILDER.none: must be one of silent, allow, notify, warn, ask, block (missing)'],
    [{ session: { rememberApprovals: 'forever' } }, 'session.rememberApprovals: must be "off", "session" or a duration such as "30m" (got "forever")'],
  ])('other problems say what the setting must be: %j', (json, text) => {
    expect(issueOf(json)).toBe(text);
  });

  it('never repeats a credential\'s value, and keeps a long value short and on one line', () => {
    const token = issueOf({ serve: { token: 'short\nsecret' } });
    expect(token).toBe('serve.token: must be 32-128 characters of A-Z a-z 0-9 _ -');
    expect(token).not.toContain('secret');
    expect(issueOf({ keter: { headers: { authorization: 12345678 } } })).toBe('keter.headers.authorization: must be a string');
    const long = issueOf({ session: { verifyAfterWrite: `${'x'.repeat(200)}\n\u001b[31m` } });
    expect(long).toMatch(/^session\.verifyAfterWrite: must be one of off, remind, block \(got "x{50,}…\)$/);
    expect(long).not.toMatch(/[\n\u001b]/);
  });
});
