// The managed layer's settings are a floor for the user's and the project's config (lib/config/managed.ts): a
// setting it names keeps its value unless a lower file's is strictly tighter by the setting's order; one with no
// order keeps the managed value; what it does not name is the lower files' to set. The managed folder outranks the
// policy bundle. Real files in a temp folder, through loadConfig as a hook call loads them.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../lib/config/load.js';
import { namedSettings, type ManagedConfigSource } from '../../lib/config/managed.js';

function setup(files: { managed?: unknown; bundle?: unknown; user?: unknown }) {
  const dir = mkdtempSync(join(tmpdir(), 'hw-managed-config-'));
  const path = (n: string) => join(dir, `${n}.json`);
  for (const [n, v] of Object.entries(files)) if (v !== undefined) writeFileSync(path(n), JSON.stringify(v));
  // The owner and permission checks are the hook's (test/hook/managed-floor.test.ts); here the files are plain.
  const managed: ManagedConfigSource[] = [
    { path: path('managed'), layer: 'managed', read: {} },
    { path: path('bundle'), layer: 'bundle', read: {} },
  ];
  return { c: loadConfig([path('user')], undefined, managed), path };
}

describe('the managed config floor', () => {
  it('lets a lower file tighten a setting with an order, and ignores one that loosens it, naming both files', () => {
    const tighter = setup({ managed: { outsideProjectWrites: 'warn' }, user: { outsideProjectWrites: 'ask' } });
    expect(tighter.c.config.outsideProjectWrites).toBe('ask');
    expect(tighter.c.issues).toEqual([]);
    const looser = setup({ managed: { outsideProjectWrites: 'warn' }, user: { outsideProjectWrites: 'off' } });
    expect(looser.c.config.outsideProjectWrites).toBe('warn');
    expect(looser.c.issues).toEqual([`${looser.path('user')}: outsideProjectWrites ignored: set by the managed policy (${looser.path('managed')})`]);
  });

  it('keeps the managed value of a setting with no order (keter.url), and leaves what it does not name to the user', () => {
    const managed = { keter: { mode: 'http', url: 'https://keter.corp.example.test/judge' } };
    const { c, path } = setup({ managed, user: { keter: { url: 'http://127.0.0.1:9/steal', timeoutMs: 150 } } });
    expect(c.config.keter.url).toBe('https://keter.corp.example.test/judge');
    expect(c.config.keter.mode).toBe('http');
    expect(c.config.keter.timeoutMs).toBe(150);
    expect(c.issues).toEqual([`${path('user')}: keter.url ignored: set by the managed policy (${path('managed')})`]);
  });

  it('holds every host to a managed askFallback: a lower agents.<host> cannot undo it for one host', () => {
    const { c, path } = setup({ managed: { askFallback: 'deny' }, user: { agents: { codex: { askFallback: 'allow' } } } });
    expect(c.config.agents.codex?.askFallback ?? c.config.askFallback).toBe('deny');
    expect(c.issues).toEqual([`${path('user')}: agents ignored: set by the managed policy (${path('managed')})`]);
  });

  it('ranks the managed folder above the bundle: its value wins, and each held setting names the file that set it', () => {
    const { c, path } = setup({
      bundle: { onInternalError: 'ask', nonInteractive: 'ask' },
      managed: { onInternalError: 'deny' },
      user: { onInternalError: 'ask', nonInteractive: 'off' },
    });
    expect(c.config.onInternalError).toBe('deny');
    expect(c.config.nonInteractive).toBe('ask');
    expect(c.issues).toEqual([
      `${path('user')}: onInternalError ignored: set by the managed policy (${path('managed')})`,
      `${path('user')}: nonInteractive ignored: set by the managed policy (${path('bundle')})`,
    ]);
    expect(c.files).toEqual([path('bundle'), path('managed'), path('user')]);
  });

  it('names settings by group key, so a lower file may still set the rest of a group', () => {
    expect(namedSettings({ $schema: 'x', keter: { mode: 'off', url: 'https://k.example.test' }, onInternalError: 'deny', trustedRoots: ['/srv'] })).toEqual([
      'keter.mode',
      'keter.url',
      'onInternalError',
      'trustedRoots',
    ]);
  });
});
