// The Claude Code plugin's files as the package tests read them: what hooks/hooks.json's commands point to, and
// the real CLI's `claude plugin validate --json` (found as test/clients finds it; absent → the tests say so and skip).

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { clientBin } from '../clients/spawn.js';

interface HooksFile {
  hooks: Record<string, { matcher?: string; hooks: { type: string; command?: string }[] }[]>;
}

/** Every command string in a hooks.json (the plugin layout's `{ "hooks": { <event>: [...] } }`). */
export function hookCommands(hooksJson: string): string[] {
  const file = JSON.parse(hooksJson) as HooksFile;
  return Object.values(file.hooks).flatMap((entries) => entries.flatMap((e) => e.hooks.map((h) => h.command ?? '')));
}

/** The files the commands name under ${CLAUDE_PLUGIN_ROOT}, relative to the plugin root, each once. */
export function pluginHookFiles(hooksJson: string): string[] {
  const files = hookCommands(hooksJson).flatMap((c) => [...c.matchAll(/\$\{CLAUDE_PLUGIN_ROOT\}\/([^"'\s]+)/g)].map((m) => m[1] ?? ''));
  return [...new Set(files)].sort();
}

/** The Claude Code binary (test/clients/node_modules, or HOOKWARDEN_CLAUDE_BIN), or null. */
export const CLAUDE = clientBin('HOOKWARDEN_CLAUDE_BIN', 'claude');

export const NO_CLAUDE_NOTE =
  'claude plugin validate skipped: no Claude Code CLI (npm install --prefix test/clients, or set HOOKWARDEN_CLAUDE_BIN)\n';

export interface ValidateReport {
  success: boolean;
  target: string;
  manifest: { type: string; errors: unknown[]; warnings: unknown[] };
  provides?: { hooks: { event: string; type: string; command: string; matcher?: string }[] };
}

/** `claude plugin validate --json <target>` in a scratch HOME, offline; its report (exit 0 or 1 both report). */
export function claudeValidate(target: string): ValidateReport {
  if (!CLAUDE) throw new Error('no Claude Code CLI');
  const home = mkdtempSync(join(tmpdir(), 'hw-validate-'));
  const r = spawnSync(CLAUDE, ['plugin', 'validate', '--json', target], {
    cwd: home,
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      HOME: home,
      TMPDIR: tmpdir(),
      TERM: 'dumb',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
    },
  });
  const start = r.stdout.search(/^\{/m);
  if (start < 0) throw new Error(`claude plugin validate printed no JSON (exit ${r.status}):\n${r.stderr}`);
  return JSON.parse(r.stdout.slice(start)) as ValidateReport;
}
