// A scratch machine for the bundle tests: a HOOKWARDEN_HOME and a managed folder (HOOKWARDEN_MANAGED_DIR) whose
// config.json names a bundle server and key, and a snapshot of the active bundle's bytes.

import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activeDir } from '../../lib/policy/store.js';
import { hookEnv } from './fixtures.js';

/** The managed config must be root's (lib/policy/managed-settings.ts): these tests need to run as root. */
export const AS_ROOT = typeof process.getuid === 'function' && process.getuid() === 0;

export interface Machine {
  home: string;
  managed: string;
  env: NodeJS.ProcessEnv;
}

export function newMachine(bundle: { url: string; publicKey: string; pollSeconds?: number } | null): Machine {
  const home = mkdtempSync(join(tmpdir(), 'hw-policy-home-'));
  const managed = mkdtempSync(join(tmpdir(), 'hw-managed-'));
  if (bundle) writeFileSync(join(managed, 'config.json'), JSON.stringify({ policy: { bundle } }), { mode: 0o644 });
  return { home, managed, env: { ...hookEnv(home), HOOKWARDEN_MANAGED_DIR: managed } };
}

/** Every file of the active bundle, name → bytes; {} when none is active. */
export function activeSnapshot(home: string): Record<string, string> {
  const dir = activeDir(home);
  if (!existsSync(dir)) return {};
  return Object.fromEntries(readdirSync(dir).sort().map((n) => [n, readFileSync(join(dir, n), 'utf8')]));
}
