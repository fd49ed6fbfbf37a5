// A global install, from the real package: `npm pack` of this (built) checkout, laid out as `npm i -g --prefix` lays
// it out (<prefix>/lib/node_modules/hookwarden, <prefix>/bin/<name> → each `bin` entry of package.json). Its own CLI,
// on PATH, installs project scope as `hookwarden-hook <hook>` (nothing of this machine in the committed file), and
// that command, run as Claude Code runs it, denies. The layout is made by hand because `npm i -g --offline` needs every
// dependency in the npm cache, which a CI runner after `npm ci` need not hold; the bundles need none of them at run
// time. Needs `npm run build`.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/registry.js';

describe('global install (npm pack)', () => {
  it('the packed CLI on PATH writes `hookwarden-hook <hook>` into a committed project file, and the bin runs the hook', () => {
    const base = mkdtempSync(join(tmpdir(), 'hw-global-'));
    const prefix = join(base, 'prefix');
    const project = join(base, 'project');
    mkdirSync(join(prefix, 'lib', 'node_modules'), { recursive: true });
    mkdirSync(join(prefix, 'bin'));
    mkdirSync(project);
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', base], { cwd: ROOT, stdio: 'ignore' });
    const tarball = readdirSync(base).find((f) => f.endsWith('.tgz'))!;
    execFileSync('tar', ['-xzf', join(base, tarball), '-C', join(prefix, 'lib', 'node_modules')]);
    const pkgDir = join(prefix, 'lib', 'node_modules', 'hookwarden');
    renameSync(join(prefix, 'lib', 'node_modules', 'package'), pkgDir);
    const bins = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).bin as Record<string, string>;
    expect(Object.keys(bins).sort()).toEqual(['hookwarden', 'hookwarden-hook']);
    for (const [name, file] of Object.entries(bins)) symlinkSync(join('..', 'lib', 'node_modules', 'hookwarden', file), join(prefix, 'bin', name));

    const env = { HOME: join(base, 'home'), PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}`, HOOKWARDEN_HOME: join(base, 'hw') };
    const install = spawnSync('hookwarden', ['install'], { cwd: project, env, encoding: 'utf8' });
    expect(install.status, install.stderr).toBe(0);
    const text = readFileSync(join(project, '.claude', 'settings.json'), 'utf8');
    for (const local of [base, ROOT, tmpdir()]) expect(text).not.toContain(local);
    const commands = Object.values(JSON.parse(text).hooks as Record<string, Array<{ hooks: Array<{ command: string }> }>>).flatMap((g) => g.flatMap((x) => x.hooks.map((h) => h.command)));
    expect(commands).toContain('hookwarden-hook pre-tool-use');

    const stdin = { session_id: 's', transcript_path: '', cwd: project, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, tool_use_id: 't' };
    const r = spawnSync('/bin/sh', ['-c', 'hookwarden-hook pre-tool-use'], { cwd: project, input: JSON.stringify(stdin), env: { ...env, CLAUDE_PROJECT_DIR: project }, encoding: 'utf8' });
    expect(r.stdout).toContain('"permissionDecision":"deny"');
    // The call left its heartbeat, which the packed doctor reads.
    const doctor = spawnSync('hookwarden', ['doctor', '--no-timing'], { cwd: project, env: { ...env, CLAUDE_PROJECT_DIR: project }, encoding: 'utf8' });
    expect(doctor.stdout).toMatch(/ok +hook PreToolUse +command → .*pre-tool-use\.cjs; last ran \d+ s ago/);
  });
});
