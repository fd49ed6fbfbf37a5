// Override files change patterns by id: `disable`, and `actions` (one line instead of a new pattern). The user's
// file may do anything; an untrusted project's may tighten and add, never switch off or soften what blocks or
// asks, nor widen what counts as read-only. A trusted project may do what the user may.

import { describe, expect, it } from 'vitest';
import { compileRegistry } from '../../lib/registry/compile.js';
import { formatIssue, loadSources, type SourceFile } from '../../lib/registry/load.js';
import type { CompiledPath, CompiledShell } from '../../lib/registry/types.js';

const shell = (id: string, action: string, severity: string) => ({
  id,
  kind: 'shell',
  severity,
  action,
  message: `${id} matched`,
  hint: 'h',
  match: { command: { program: ['tool'], subcommand: [[id.split('/')[1]!]] } },
  examples: { match: [`tool ${id.split('/')[1]}`], noMatch: ['tool other'] },
});

const SHIPPED: SourceFile = {
  path: '/p/bash-x.json',
  scope: 'shipped',
  text: JSON.stringify({
    pack: 'bash-x',
    patterns: [
      shell('bash-x/wipe', 'block', 'critical'),
      shell('bash-x/push', 'ask', 'high'),
      shell('bash-x/publish', 'warn', 'medium'),
      {
        id: 'bash-x/env',
        kind: 'path',
        tier: 'protected',
        on: { read: 'ask', write: 'ask' },
        message: 'env',
        hint: 'h',
        globs: ['**/.env'],
        examples: { match: ['read:.env'], noMatch: ['src/env.ts'] },
      },
      {
        id: 'bash-x/read-only-cue',
        kind: 'mode',
        mode: 'readonly',
        cues: ['just look'],
        message: 'm',
        hint: 'h',
        examples: { match: ['just look'], noMatch: ['look'] },
      },
    ],
  }),
};

const file = (scope: 'user' | 'project', body: object, trusted = false): SourceFile => ({
  path: scope === 'user' ? '/home/dev/.hookwarden/patterns.json' : '/repo/.hookwarden/patterns.json',
  scope,
  text: JSON.stringify(body),
  ...(trusted ? { trusted } : {}),
});

function compiled(...overrides: SourceFile[]) {
  const loaded = loadSources([SHIPPED, ...overrides]);
  const registry = compileRegistry(loaded, []);
  const byId = new Map(registry.patterns.map((p) => [p.id, p]));
  return { registry, byId, issues: loaded.issues.map(formatIssue) };
}

const UNTRUSTED = "ignored: a project's files may not loosen hookwarden (trust the project with trustedProjects in your own config to allow it)";

describe('one-line action overrides', () => {
  it('change a shell pattern\'s verdict and the severity that goes with it, both ways, from the user\'s file', () => {
    const { byId, issues } = compiled(file('user', { actions: { 'bash-x/publish': 'block', 'bash-x/wipe': 'ask' } }));
    expect(issues).toEqual([]);
    expect(byId.get('bash-x/publish')).toMatchObject({ action: 'block', severity: 'critical' });
    // An ask keeps no block severity: the embedded orchestrator would raise `critical` back to block.
    expect(byId.get('bash-x/wipe')).toMatchObject({ action: 'ask', severity: 'high' });
  });

  it('set every operation of a path pattern, and refuse a verdict a path pattern cannot give', () => {
    const { byId, issues } = compiled(file('user', { actions: { 'bash-x/env': 'block' } }));
    expect((byId.get('bash-x/env') as CompiledPath).on).toEqual({ read: { action: 'block', severity: 'critical' }, write: { action: 'block', severity: 'critical' } });
    expect(issues).toEqual([]);
    const bad = compiled(file('user', { actions: { 'bash-x/env': 'context' } }));
    expect(bad.issues).toEqual(['/home/dev/.hookwarden/patterns.json (pattern bash-x/env, field actions.bash-x/env): a path pattern answers block, ask or warn']);
    expect((bad.byId.get('bash-x/env') as CompiledPath).on.read?.action).toBe('ask');
  });

  it('"off" switches a pattern off like disable; an unknown id and a pattern with no verdict are named', () => {
    const { byId, registry, issues } = compiled(file('user', { actions: { 'bash-x/push': 'off', 'bash-x/nope': 'block', 'bash-x/read-only-cue': 'block' } }));
    expect(byId.has('bash-x/push')).toBe(false);
    expect(registry.disabled).toEqual(['bash-x/push']);
    expect(issues).toEqual([
      '/home/dev/.hookwarden/patterns.json (pattern bash-x/nope, field actions.bash-x/nope): no pattern has this id',
      '/home/dev/.hookwarden/patterns.json (pattern bash-x/read-only-cue, field actions.bash-x/read-only-cue): a mode pattern has no verdict to change',
    ]);
  });

  it('apply in file order: the project tightens over the user, and cannot go below the user\'s own change', () => {
    const { byId, issues } = compiled(
      file('user', { actions: { 'bash-x/publish': 'ask' } }),
      file('project', { actions: { 'bash-x/publish': 'warn', 'bash-x/push': 'block' } }),
    );
    expect(byId.get('bash-x/publish')).toMatchObject({ action: 'ask' });
    expect(byId.get('bash-x/push')).toMatchObject({ action: 'block', severity: 'critical' });
    expect(issues).toEqual([`/repo/.hookwarden/patterns.json (pattern bash-x/publish, field actions.bash-x/publish): ${UNTRUSTED}`]);
  });
});

describe('an untrusted project file', () => {
  it('cannot disable or soften what blocks or asks; the rest of the file still applies', () => {
    const { byId, registry, issues } = compiled(
      file('project', {
        disable: ['bash-x/wipe', 'bash-x/env', 'bash-x/publish'],
        actions: { 'bash-x/push': 'warn' },
        patterns: [shell('project/deploy', 'ask', 'high')],
      }),
    );
    expect(byId.get('bash-x/wipe')).toMatchObject({ action: 'block' });
    expect(byId.get('bash-x/env')).toBeDefined();
    expect(byId.get('bash-x/push')).toMatchObject({ action: 'ask' });
    // Advice (warn) is the project's to quiet; its own patterns too.
    expect(byId.has('bash-x/publish')).toBe(false);
    expect(byId.get('project/deploy')).toMatchObject({ action: 'ask' });
    expect(registry.disabled).toEqual(['bash-x/publish']);
    expect(issues).toEqual([
      `/repo/.hookwarden/patterns.json (pattern bash-x/wipe, field disable): ${UNTRUSTED}`,
      `/repo/.hookwarden/patterns.json (pattern bash-x/env, field disable): ${UNTRUSTED}`,
      `/repo/.hookwarden/patterns.json (pattern bash-x/push, field actions.bash-x/push): ${UNTRUSTED}`,
    ]);
  });

  it('cannot switch off a session pattern (a read-only cue) at all', () => {
    const { byId, issues } = compiled(file('project', { disable: ['bash-x/read-only-cue'] }));
    expect(byId.has('bash-x/read-only-cue')).toBe(true);
    expect(issues).toHaveLength(1);
  });

  it('may switch off and soften its own patterns', () => {
    const { byId, issues } = compiled(
      file('project', { disable: ['project/a'], actions: { 'project/b': 'warn' }, patterns: [shell('project/a', 'block', 'critical'), shell('project/b', 'block', 'critical')] }),
    );
    expect(issues).toEqual([]);
    expect(byId.has('project/a')).toBe(false);
    expect(byId.get('project/b')).toMatchObject({ action: 'warn', severity: 'medium' });
  });

  it('cannot widen what counts as read-only with patterns of its own', () => {
    const cap = { id: 'project/db-read', kind: 'capability', capability: 'MCP', access: 'read', tools: ['mcp__db__*'], message: 'm', hint: 'h', examples: { match: ['mcp__db__x'], noMatch: ['Read'] } };
    const mode = { id: 'project/rw', kind: 'mode', mode: 'normal', cues: ['go ahead'], message: 'm', hint: 'h', examples: { match: ['go ahead'], noMatch: ['go'] } };
    const action = { id: 'project/deploy', kind: 'action', does: 'build', readOnlySafe: true, match: { command: { program: ['make'], subcommand: [['deploy']] } }, message: 'm', hint: 'h', examples: { match: ['make deploy'], noMatch: ['make'] } };
    const { byId, issues } = compiled(file('project', { patterns: [cap, mode, action] }));
    expect(byId.has('project/db-read')).toBe(false);
    expect(byId.has('project/rw')).toBe(false);
    expect(byId.get('project/deploy')).toMatchObject({ kind: 'action', readOnlySafe: false });
    expect(issues).toHaveLength(3);
    expect(issues.every((i) => i.includes('trust the project with trustedProjects in your own config'))).toBe(true);
    // Trusted, the same file applies whole.
    const trusted = compiled(file('project', { patterns: [cap, mode, action] }, true));
    expect(trusted.issues).toEqual([]);
    expect(trusted.byId.get('project/db-read')).toBeDefined();
    expect(trusted.byId.get('project/deploy')).toMatchObject({ readOnlySafe: true });
  });
});

describe('a trusted project file', () => {
  it('may disable and soften shipped patterns like the user', () => {
    const { byId, issues } = compiled(file('project', { disable: ['bash-x/wipe'], actions: { 'bash-x/push': 'warn' } }, true));
    expect(issues).toEqual([]);
    expect(byId.has('bash-x/wipe')).toBe(false);
    expect((byId.get('bash-x/push') as CompiledShell).action).toBe('warn');
  });
});
