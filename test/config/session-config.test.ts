// The session settings in config files: merged over the defaults key by key, and a bad value skips the file.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../lib/config/defaults.js';
import { loadConfig } from '../../lib/config/load.js';

function configFile(json: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'hw-cfg-')), 'config.json');
  writeFileSync(file, JSON.stringify(json));
  return file;
}

describe('session settings', () => {
  it('a file sets some keys; the others keep their defaults', () => {
    const c = loadConfig([configFile({ session: { rememberApprovals: '30m', verifyAfterWrite: 'remind' } })]);
    expect(c.issues).toEqual([]);
    expect(c.config.session).toEqual({ ...DEFAULT_CONFIG.session, rememberApprovals: '30m', verifyAfterWrite: 'remind' });
  });

  it('project files override user files key by key', () => {
    const c = loadConfig([configFile({ session: { readOnlyPrefix: '/ro' } }), configFile({ session: { phantomClaims: 'off' } })]);
    expect(c.config.session.readOnlyPrefix).toBe('/ro');
    expect(c.config.session.phantomClaims).toBe('off');
  });

  it('verifyIgnore: documentation by default (README.md, CLAUDE.md, docs/), replaced as a whole by a file', () => {
    expect(DEFAULT_CONFIG.session.verifyIgnore).toEqual(expect.arrayContaining(['**/*.md', 'docs/**']));
    const c = loadConfig([configFile({ session: { verifyIgnore: ['fixtures/**'] } })]);
    expect(c.issues).toEqual([]);
    expect(c.config.session.verifyIgnore).toEqual(['fixtures/**']);
    expect(loadConfig([configFile({ session: { verifyIgnore: [] } })]).config.session.verifyIgnore).toEqual([]);
  });

  it.each([
    [{ verifyIgnore: ['/abs/**'] }, 'session.verifyIgnore.0: must be a project-relative glob (got "/abs/**")'],
    [{ verifyIgnore: 'docs/**' }, 'session.verifyIgnore: must be a list (got "docs/**")'],
    [{ verifyIgnore: [''] }, 'session.verifyIgnore.0: must not be empty (got "")'],
  ])('%j is refused with what it must be', (session, text) => {
    const c = loadConfig([configFile({ session })]);
    expect(c.issues).toHaveLength(1);
    expect(c.issues[0]).toContain(text);
  });

  it.each([
    [{ rememberApprovals: 'forever' }, 'session.rememberApprovals'],
    [{ verifyAfterWrite: 'nag' }, 'session.verifyAfterWrite'],
    [{ ttlHours: 0 }, 'session.ttlHours'],
    [{ readOnlyPrefix: '' }, 'session.readOnlyPrefix'],
    [{ unknownKey: true }, 'session'],
  ])('%j is refused with a one-line issue naming the field, and the file is ignored', (session, field) => {
    const c = loadConfig([configFile({ session })]);
    expect(c.config.session).toEqual(DEFAULT_CONFIG.session);
    expect(c.issues).toHaveLength(1);
    expect(c.issues[0]).toContain(field);
    expect(c.issues[0]).not.toContain('\n');
  });
});
