// A project's .hookwarden/config.json is a cloned repository's file: it may tighten every guarded setting and loosen
// none, unless the user's own config trusts the project. Each guarded setting is tried both ways through loadConfig
// with real files; a setting the project may loosen (the router) and the trusted case are tried too.

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../lib/config/defaults.js';
import { loadConfig } from '../../lib/config/load.js';
import { isTrustedProject, keepTighter } from '../../lib/config/project-trust.js';
import type { HookwardenConfig } from '../../lib/config/types.js';

interface Files {
  user: string;
  project: string;
  dir: string;
}

function files(user: unknown, project: unknown, dirName = 'repo'): Files {
  const root = mkdtempSync(join(tmpdir(), 'hw-trust-'));
  const dir = join(root, dirName);
  mkdirSync(join(dir, '.hookwarden'), { recursive: true });
  const f = { user: join(root, 'config.json'), project: join(dir, '.hookwarden', 'config.json'), dir };
  if (user !== undefined) writeFileSync(f.user, JSON.stringify(user));
  if (project !== undefined) writeFileSync(f.project, JSON.stringify(project));
  return f;
}

const load = (f: Files) =>
  loadConfig([f.user, f.project], { file: f.project, trusted: (c) => isTrustedProject(f.dir, c.trustedProjects, '/home/dev') });

/** Each guarded setting: a project value that loosens the default, and one that tightens it. */
const SETTINGS: Array<{ name: string; loosen: object; tighten: object | null; read: (c: HookwardenConfig) => unknown }> = [
  { name: 'keter', loosen: { keter: { mode: 'http', url: 'https://keter.example.test/judge' } }, tighten: null, read: (c) => c.keter.mode },
  { name: 'keter', loosen: { keter: { eScore: 0.95 } }, tighten: null, read: (c) => c.keter.eScore },
  { name: 'onInternalError', loosen: {}, tighten: { onInternalError: 'deny' }, read: (c) => c.onInternalError },
  { name: 'autoAllowReadOnly', loosen: { autoAllowReadOnly: true }, tighten: { autoAllowReadOnly: false }, read: (c) => c.autoAllowReadOnly },
  { name: 'nonInteractive', loosen: { nonInteractive: 'off' }, tighten: { nonInteractive: 'ask' }, read: (c) => c.nonInteractive },
  { name: 'outsideProjectWrites', loosen: { outsideProjectWrites: 'warn' }, tighten: { outsideProjectWrites: 'ask' }, read: (c) => c.outsideProjectWrites },
  { name: 'askFallback', loosen: { askFallback: 'allow' }, tighten: { askFallback: 'deny' }, read: (c) => c.askFallback },
  { name: 'agents', loosen: { agents: { codex: { askFallback: 'allow' } } }, tighten: { agents: { codex: { askFallback: 'deny' } } }, read: (c) => c.agents.codex?.askFallback },
  { name: 'trustedRoots', loosen: { trustedRoots: ['/home/dev'] }, tighten: { trustedRoots: [] }, read: (c) => c.trustedRoots },
  { name: 'trustedProjects', loosen: { trustedProjects: ['/'] }, tighten: null, read: (c) => c.trustedProjects },
  { name: 'secretlint', loosen: { secretlint: false }, tighten: { secretlint: true }, read: (c) => c.secretlint },
  { name: 'session.verifyAfterWrite', loosen: { session: { verifyAfterWrite: 'off' } }, tighten: { session: { verifyAfterWrite: 'block' } }, read: (c) => c.session.verifyAfterWrite },
  { name: 'session.phantomClaims', loosen: { session: { phantomClaims: 'remind' } }, tighten: null, read: (c) => c.session.phantomClaims },
  { name: 'session.rememberApprovals', loosen: {}, tighten: { session: { rememberApprovals: '30m' } }, read: (c) => c.session.rememberApprovals },
  { name: 'session.readOnlyCues', loosen: { session: { readOnlyCues: false } }, tighten: null, read: (c) => c.session.readOnlyCues },
  { name: 'session.readWritePrefix', loosen: { session: { readWritePrefix: 'ok' } }, tighten: null, read: (c) => c.session.readWritePrefix },
  { name: 'session.verifyIgnore', loosen: { session: { verifyIgnore: ['**/*'] } }, tighten: { session: { verifyIgnore: ['docs/**'] } }, read: (c) => c.session.verifyIgnore },
  { name: 'memory.userStore', loosen: { memory: { userStore: true } }, tighten: { memory: { userStore: false } }, read: (c) => c.memory.userStore },
  { name: 'audit.retentionDays', loosen: { audit: { retentionDays: 1 } }, tighten: { audit: { retentionDays: 0 } }, read: (c) => c.audit.retentionDays },
  { name: 'serve.port', loosen: { serve: { port: 4999 } }, tighten: null, read: (c) => c.serve.port },
];

describe('an untrusted project config', () => {
  for (const s of SETTINGS.filter((x) => Object.keys(x.loosen).length)) {
    it(`cannot loosen ${s.name}: the value is the user's, and the file is named with the setting`, () => {
      const f = files(undefined, s.loosen);
      const c = load(f);
      expect(s.read(c.config)).toEqual(s.read(DEFAULT_CONFIG));
      expect(c.issues).toEqual([expect.stringMatching(new RegExp(`^${f.project}: .*\\b${s.name.replace('.', '\\.')}\\b.* ignored: a project's files may not loosen hookwarden \\(trust the project with trustedProjects in your own config`))]);
      expect(c.files).toEqual([f.project]);
    });
  }

  for (const s of SETTINGS.filter((x) => x.tighten)) {
    it(`may tighten ${s.name}`, () => {
      const c = load(files(undefined, s.tighten));
      expect(c.issues).toEqual([]);
      expect(s.read(c.config)).toEqual(s.read({ ...DEFAULT_CONFIG, ...mergedShallow(s.tighten!) }));
    });
  }

  it('measures against the user file, not the defaults: below the user\'s ask is looser even if above the default', () => {
    const c = load(files({ session: { rememberApprovals: 'off' }, outsideProjectWrites: 'ask' }, { session: { rememberApprovals: '5m' } }));
    expect(c.config.session.rememberApprovals).toBe('off');
    expect(c.issues[0]).toContain('session.rememberApprovals');
  });

  it('keeps the rest of the file: the router is the project\'s to tune', () => {
    const c = load(files(undefined, { maxSuggestions: 3, router: { tau: 0.4 }, askFallback: 'allow' }));
    expect(c.config.maxSuggestions).toBe(3);
    expect(c.config.router.tau).toBe(0.4);
    expect(c.config.askFallback).toBe('deny');
    expect(c.issues).toHaveLength(1);
  });
});

describe('a trusted project config', () => {
  it('may loosen what the user trusts it with, but never says which projects are trusted', () => {
    const f = files(undefined, { askFallback: 'allow', keter: { eScore: 0.9 }, trustedProjects: ['/'] });
    writeFileSync(f.user, JSON.stringify({ trustedProjects: [f.dir] }));
    const c = load(f);
    expect(c.config.askFallback).toBe('allow');
    expect(c.config.keter.eScore).toBe(0.9);
    expect(c.config.trustedProjects).toEqual([f.dir]);
    expect(c.issues).toEqual([`${f.project}: trustedProjects ignored: only your own config says which projects are trusted`]);
  });

  it('is trusted by a folder above it or a ~/ entry, never by a sibling whose name extends it', () => {
    expect(isTrustedProject('/home/dev/work/app', ['/home/dev/work'], '/home/dev')).toBe(true);
    expect(isTrustedProject('/home/dev/work/app', ['~/work/app'], '/home/dev')).toBe(true);
    expect(isTrustedProject('/home/dev/work/app-evil', ['/home/dev/work/app'], '/home/dev')).toBe(false);
    expect(isTrustedProject('/home/dev/work/app', [], '/home/dev')).toBe(false);
  });
});

it('keepTighter leaves a config equal to its base alone', () => {
  expect(keepTighter(DEFAULT_CONFIG, DEFAULT_CONFIG)).toEqual({ config: DEFAULT_CONFIG, loosened: [] });
});

/** The tightening file's values over the defaults, one level deep (what merge does for these settings). */
function mergedShallow(file: object): Partial<HookwardenConfig> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(file)) {
    const base = (DEFAULT_CONFIG as unknown as Record<string, unknown>)[k];
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && base && typeof base === 'object' ? { ...base, ...v } : v;
  }
  return out as Partial<HookwardenConfig>;
}
