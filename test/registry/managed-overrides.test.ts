// The managed layer's pattern files (lib/registry/overrides.ts): what the managed folder or the policy bundle defines,
// raises or disables, no user or project file (trusted or not) may disable, soften or switch back on; tightening is
// theirs. The managed folder outranks the bundle. The compiled registry says which layer gave each rule its verdict.

import { describe, expect, it } from 'vitest';
import { compileRegistry } from '../../lib/registry/compile.js';
import { formatIssue, loadSources, type SourceFile } from '../../lib/registry/load.js';
import type { CompiledShell } from '../../lib/registry/types.js';

const shell = (id: string, action: string) => ({
  id,
  kind: 'shell',
  severity: action === 'block' ? 'critical' : action === 'ask' ? 'high' : 'medium',
  action,
  message: `${id} matched`,
  hint: 'h',
  match: { command: { program: ['tool'], subcommand: [[id.split('/')[1]!]] } },
  examples: { match: [`tool ${id.split('/')[1]}`], noMatch: ['tool other'] },
});

const SHIPPED: SourceFile = { path: '/p/bash-x.json', scope: 'shipped', text: JSON.stringify({ pack: 'bash-x', patterns: [shell('bash-x/push', 'ask'), shell('bash-x/lint', 'warn')] }) };
const file = (path: string, scope: SourceFile['scope'], body: object, trusted = false): SourceFile => ({ path, scope, text: JSON.stringify(body), ...(trusted ? { trusted } : {}) });

function load(...files: SourceFile[]) {
  const loaded = loadSources([SHIPPED, ...files]);
  const registry = compileRegistry(loaded, files.map((f) => f.path));
  const action = (id: string) => (registry.patterns.find((p) => p.id === id) as CompiledShell | undefined)?.action;
  return { registry, action, issues: loaded.issues.map(formatIssue) };
}

describe('managed pattern files', () => {
  it('a lower file may tighten what the managed layer set, not soften it back, even from a trusted project', () => {
    const managed = file('/etc/hw/patterns.json', 'managed', { actions: { 'bash-x/push': 'warn' } });
    const user = file('/home/u/.hookwarden/patterns.json', 'user', { actions: { 'bash-x/push': 'block' } });
    const project = file('/repo/.hookwarden/patterns.json', 'project', { actions: { 'bash-x/push': 'context' } }, true);
    const r = load(managed, user, project);
    expect(r.action('bash-x/push')).toBe('block');
    expect(r.issues).toEqual(['/repo/.hookwarden/patterns.json (pattern bash-x/push, field actions.bash-x/push): ignored: set by the managed policy (/etc/hw/patterns.json)']);
    expect(r.registry.layers).toEqual({ 'bash-x/push': 'user' });
  });

  it('what the managed layer disabled stays off: a lower actions entry cannot switch it back on', () => {
    const r = load(file('/etc/hw/patterns.json', 'managed', { disable: ['bash-x/lint'] }), file('/u/patterns.json', 'user', { actions: { 'bash-x/lint': 'block' } }));
    expect(r.action('bash-x/lint')).toBeUndefined();
    expect(r.registry.disabled).toEqual(['bash-x/lint']);
    expect(r.issues).toEqual(['/u/patterns.json (pattern bash-x/lint, field actions.bash-x/lint): ignored: disabled by the managed policy (/etc/hw/patterns.json); a lower file cannot switch it back on']);
  });

  it('keeps a managed pattern whose id lacks managed/, under protection, and says so', () => {
    const r = load(file('/etc/hw/patterns.json', 'managed', { patterns: [shell('team/deploy', 'block')] }), file('/u/patterns.json', 'user', { disable: ['team/deploy'] }));
    expect(r.action('team/deploy')).toBe('block');
    expect(r.issues).toEqual([
      '/etc/hw/patterns.json (pattern team/deploy, field id): must start with "managed/" (kept, as a managed pattern)',
      '/u/patterns.json (pattern team/deploy, field disable): ignored: set by the managed policy (/etc/hw/patterns.json)',
    ]);
  });

  it('ranks the managed folder above the bundle: its pattern wins a shared id, its action a shared target', () => {
    const managed = file('/etc/hw/patterns.json', 'managed', { patterns: [shell('managed/deploy', 'block')], actions: { 'bash-x/push': 'block' } });
    const bundle = file('/h/policy/active/patterns.json', 'bundle', { patterns: [shell('managed/deploy', 'warn'), shell('managed/ship', 'ask')], actions: { 'bash-x/push': 'warn' } });
    const r = load(managed, bundle);
    expect(r.action('managed/deploy')).toBe('block');
    expect(r.action('bash-x/push')).toBe('block');
    expect(r.registry.layers).toEqual({ 'managed/deploy': 'managed', 'managed/ship': 'bundle', 'bash-x/push': 'managed' });
  });
});
