// The reported attack, end to end: the agent plants `ln -sf ~/.zshrc "$HOOKWARDEN_HOME/audit/audit-<tomorrow>.jsonl"`;
// from then on every audit line (each holding the judged command verbatim inside JSON double quotes, which a shell
// expands) would be appended to the shell's start-up file, and a harmless-looking allowed command such as
// `echo $(touch /tmp/x)` would run again at the next shell start, outside the agent's session.

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditDays, hookInput, plant, runBundle, scene, victimUntouched, type Scene } from './plant.js';

const bash = (s: Scene, command: string) => hookInput(s, 'PreToolUse', { tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_rc' });

/** What a new login shell does with the start-up file. */
function startShell(rc: string): void {
  spawnSync('bash', ['-c', `. "${rc}" >/dev/null 2>&1; true`], { encoding: 'utf8', timeout: 10_000 });
}

describe.skipIf(process.platform === 'win32' || spawnSync('bash', ['-c', 'true']).status !== 0)('the shell start-up file attack', () => {
  it('is real: an audit line sourced by a shell runs the command it records', () => {
    const s = scene('rc-control');
    const marker = join(s.root, 'ran-at-shell-start');
    expect(runBundle('pre-tool-use', bash(s, `echo $(touch ${marker})`), s).code).toBe(0);
    const [today] = auditDays();
    const line = readFileSync(join(s.home, 'audit', today!), 'utf8');
    expect(line).toContain(`echo $(touch ${marker})`);
    // Had it been appended to the start-up file:
    writeFileSync(s.victim, line, { flag: 'a' });
    startShell(s.victim);
    expect(existsSync(marker)).toBe(true);
  });

  it('the guard blocks planting the link, by the $HOOKWARDEN_HOME spelling too', () => {
    const s = scene('rc-guard');
    const tomorrow = auditDays()[1]!;
    for (const command of [
      `ln -sf ${s.victim} "$HOOKWARDEN_HOME/audit/${tomorrow}"`,
      `ln -sf ${s.victim} "\${HOOKWARDEN_HOME}/audit/${tomorrow}"`,
      `ln -sf ${s.victim} ${join(s.home, 'audit', tomorrow)}`,
    ]) {
      const r = runBundle('pre-tool-use', bash(s, command), s, { HOOKWARDEN_HOME: s.home });
      expect(r.code, command).toBe(2);
      expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, command).toBe('deny');
      expect(r.stdout, command).toContain('paths-sensitive/hookwarden-home');
    }
  });

  it('planted anyway, the link is refused: the start-up file is untouched and the next shell runs nothing', () => {
    const s = scene('rc-planted');
    const marker = join(s.root, 'ran-at-shell-start');
    for (const day of auditDays()) plant('symlink', join(s.home, 'audit', day), s.victim);
    const r = runBundle('pre-tool-use', bash(s, `echo $(touch ${marker})`), s);
    expect(r.code).toBe(0); // the verdict the command gets anyway
    expect(r.stderr).toMatch(/^hookwarden: audit not written: .*refused .*audit-\d{4}-\d\d-\d\d\.jsonl: it is a symbolic link/m);
    expect(victimUntouched(s)).toBe(true);
    startShell(s.victim);
    expect(existsSync(marker)).toBe(false);
    expect(readdirSync(join(s.home, 'audit')).sort()).toEqual(auditDays().sort());
  });
});
